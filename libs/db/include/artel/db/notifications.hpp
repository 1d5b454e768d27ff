#pragma once

// LISTEN/NOTIFY on a dedicated connection: PostgreSQL's pub/sub, for fan-out between instances (the
// realtime module's socket events). Not from the pool: a pooled connection is handed to other queries,
// and a LISTEN lives only as long as its session.

#include <boost/asio/any_io_executor.hpp>
#include <boost/asio/awaitable.hpp>
#include <chrono>
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "artel/db/pool.hpp"

namespace artel::db {

struct ListenerOptions {
  /// conninfo and connect_timeout are used; statement_timeout applies to LISTEN itself.
  PoolOptions connection;
  /// The NOTIFY channels to LISTEN on (plain identifiers).
  std::vector<std::string> channels;
  /// Back-off between reconnect attempts: doubles from `min_backoff` up to `max_backoff`, so a database
  /// that is down is asked a few times a second at first and then every few seconds, not in a busy loop.
  std::chrono::milliseconds min_backoff{100};
  std::chrono::milliseconds max_backoff{5000};
};

/// Receives notifications on one dedicated libpq connection and reconnects (re-LISTENing) whenever it is
/// lost: a server restart, pg_terminate_backend, a network failure. Everything runs on the executor given,
/// and the callbacks are called there, one at a time.
class Listener final {
 public:
  /// (channel, payload) of one notification.
  using OnNotification = std::function<void(std::string_view channel, std::string_view payload)>;
  /// Called after the connection was lost and LISTEN is in place again: notifications sent in between
  /// are lost, so whoever relies on them may have missed some.
  using OnReconnected = std::function<void()>;

  Listener(boost::asio::any_io_executor executor, ListenerOptions options, OnNotification on_notification,
           OnReconnected on_reconnected = {});
  ~Listener();
  Listener(const Listener&) = delete;
  Listener& operator=(const Listener&) = delete;

  /// Listens until Stop(). Connection failures are logged and retried, never thrown.
  boost::asio::awaitable<void> Run();
  /// Thread-safe: Run() returns soon after.
  void Stop();
  /// True while LISTEN is in place (for readiness and tests).
  bool Listening() const noexcept;

 private:
  struct Impl;
  std::shared_ptr<Impl> impl_;
};

}  // namespace artel::db
