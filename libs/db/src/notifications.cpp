#include "artel/db/notifications.hpp"

#include <fmt/format.h>
#include <libpq-fe.h>

#include <algorithm>
#include <atomic>
#include <boost/asio/as_tuple.hpp>
#include <boost/asio/experimental/awaitable_operators.hpp>
#include <boost/asio/post.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/use_awaitable.hpp>
#include <mutex>

#include "artel/core/log.hpp"
#include "connection.hpp"

namespace artel::db {

namespace asio = boost::asio;

struct Listener::Impl {
  Impl(asio::any_io_executor executor_in, ListenerOptions options_in, OnNotification on_notification_in,
       OnReconnected on_reconnected_in)
      : executor(std::move(executor_in)),
        options(std::move(options_in)),
        on_notification(std::move(on_notification_in)),
        on_reconnected(std::move(on_reconnected_in)),
        stop_signal(executor, asio::steady_timer::time_point::max()) {}

  /// One connection's life: connect, LISTEN, deliver until it fails (throws) or Stop() (returns).
  asio::awaitable<void> Session(bool reconnect);
  asio::awaitable<void> Receive(Connection& connection, std::exception_ptr& failure);
  /// Sleeps unless stopped meanwhile; false when stopped.
  asio::awaitable<bool> Pause(std::chrono::milliseconds duration);

  asio::any_io_executor executor;
  const ListenerOptions options;
  OnNotification on_notification;
  OnReconnected on_reconnected;
  asio::steady_timer stop_signal;  // cancelled by Stop(); only touched on `executor`
  std::atomic<bool> stopped{false};
  std::atomic<bool> listening{false};
  bool ever_listened = false;  // only touched by Run's coroutine
};

asio::awaitable<bool> Listener::Impl::Pause(std::chrono::milliseconds duration) {
  asio::steady_timer timer(executor, duration);
  using namespace asio::experimental::awaitable_operators;
  co_await (timer.async_wait(asio::as_tuple(asio::use_awaitable)) ||
            stop_signal.async_wait(asio::as_tuple(asio::use_awaitable)));
  co_return !stopped.load();
}

asio::awaitable<void> Listener::Impl::Receive(Connection& connection, std::exception_ptr& failure) {
  // Returns instead of throwing: operator|| waits for the first branch to *succeed*, so a throwing branch
  // would leave it waiting for Stop().
  for (;;) {
    std::vector<std::pair<std::string, std::string>> received;
    try {
      received = co_await connection.ReceiveNotifications();
    } catch (...) {
      failure = std::current_exception();
      co_return;
    }
    for (const auto& [channel, payload] : received) {
      try {
        on_notification(channel, payload);
      } catch (const std::exception& e) {
        log::Error("db listener: the notification handler failed: {}", e.what());
      }
    }
  }
}

asio::awaitable<void> Listener::Impl::Session(bool reconnect) {
  auto connection = co_await Connection::Connect(executor, options.connection);
  std::string listen;
  for (const auto& channel : options.channels) {
    // Identifiers are quoted: a channel name is data, never SQL.
    std::string quoted = "\"";
    for (const char c : channel) quoted += c == '"' ? std::string("\"\"") : std::string(1, c);
    listen += fmt::format("LISTEN {}\";", quoted);
  }
  co_await connection->SimpleQuery(listen);
  listening = true;
  ever_listened = true;
  if (reconnect) {
    log::Info("db listener: connected again; notifications sent meanwhile were missed");
    if (on_reconnected) {
      try {
        on_reconnected();
      } catch (const std::exception& e) {
        log::Error("db listener: the reconnect handler failed: {}", e.what());
      }
    }
  }
  using namespace asio::experimental::awaitable_operators;
  std::exception_ptr failure;
  auto outcome =
      co_await (Receive(*connection, failure) || stop_signal.async_wait(asio::as_tuple(asio::use_awaitable)));
  (void)outcome;
  if (failure) std::rethrow_exception(failure);
  listening = false;
  ever_listened = true;
}

Listener::Listener(asio::any_io_executor executor, ListenerOptions options, OnNotification on_notification,
                   OnReconnected on_reconnected)
    : impl_(std::make_shared<Impl>(std::move(executor), std::move(options), std::move(on_notification),
                                   std::move(on_reconnected))) {}

Listener::~Listener() = default;

asio::awaitable<void> Listener::Run() {
  auto impl = impl_;
  auto backoff = impl->options.min_backoff;
  while (!impl->stopped.load()) {
    const bool listened_before = impl->ever_listened;
    try {
      co_await impl->Session(listened_before);
    } catch (const std::exception& e) {
      if (impl->stopped.load()) break;
      // A session that got as far as LISTEN starts the back-off afresh.
      if (impl->listening.exchange(false)) backoff = impl->options.min_backoff;
      log::Warning("db listener: {}; reconnecting in {} ms", e.what(), backoff.count());
    }
    impl->listening = false;
    if (impl->stopped.load()) break;
    if (!co_await impl->Pause(backoff)) break;
    backoff = std::min(backoff * 2, impl->options.max_backoff);
  }
  impl->listening = false;
}

void Listener::Stop() {
  if (impl_->stopped.exchange(true)) return;
  // An expiry in the past also ends waits that start after this (Stop() before Run()).
  asio::post(impl_->executor,
             [impl = impl_] { impl->stop_signal.expires_at(asio::steady_timer::time_point::min()); });
}

bool Listener::Listening() const noexcept {
  return impl_->listening.load();
}

}  // namespace artel::db
