#pragma once

// Included by artel/db/pool.hpp.

#include <algorithm>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/this_coro.hpp>
#include <boost/asio/use_awaitable.hpp>
#include <random>
#include <type_traits>

namespace artel::db {

namespace detail {

/// Back-off before retry `attempt` (1-based): exponential from 10 ms, capped at 1 s, jittered to 50-150%
/// so transactions that collided once do not collide again in lockstep.
inline std::chrono::milliseconds RetryDelay(int attempt) {
  thread_local std::minstd_rand engine{std::random_device{}()};
  const auto base = std::min<std::int64_t>(10LL << std::min(attempt - 1, 7), 1000);
  std::uniform_int_distribution<std::int64_t> jitter(base / 2, base + base / 2);
  return std::chrono::milliseconds(jitter(engine));
}

}  // namespace detail

template <class T>
boost::asio::awaitable<T> WithRetry(Pool& pool, Isolation isolation,
                                    std::function<boost::asio::awaitable<T>(Transaction&)> body,
                                    int attempts) {
  for (int attempt = 1;; ++attempt) {
    try {
      auto tx = co_await pool.Begin(isolation);
      if constexpr (std::is_void_v<T>) {
        co_await body(tx);
        co_await tx.Commit();
        co_return;
      } else {
        T value = co_await body(tx);
        co_await tx.Commit();
        co_return value;
      }
    } catch (const SerializationFailure&) {
      if (attempt >= attempts) throw;
    } catch (const DeadlockDetected&) {
      if (attempt >= attempts) throw;
    }
    boost::asio::steady_timer timer(co_await boost::asio::this_coro::executor, detail::RetryDelay(attempt));
    co_await timer.async_wait(boost::asio::use_awaitable);
  }
}

}  // namespace artel::db
