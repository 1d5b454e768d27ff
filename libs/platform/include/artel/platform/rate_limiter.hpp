#pragma once

#include <boost/asio/awaitable.hpp>
#include <chrono>
#include <cstdint>
#include <optional>
#include <string_view>

#include "artel/core/clock.hpp"
#include "artel/platform/jobs.hpp"

namespace artel::db {
class Pool;
}  // namespace artel::db

namespace artel::platform {

/// Fixed-window counters per key, in PostgreSQL (`platform.rate_limits`), so every instance of a scaled-out
/// deployment counts into the same window: N instances behind a balancer do not give a client N times the
/// limit. Each Hit is one atomic upsert (a new window starts when the old one has ended; the count saturates
/// just above the limit). Expired rows are deleted by SweepJob(), which the platform host runs. Time comes
/// from `clock` (ManualClock in tests).
class RateLimiter final {
 public:
  explicit RateLimiter(db::Pool& pool, const Clock& clock = DefaultClock());

  /// Counts one hit for `key`; the time to wait when the key is now over `limit` in its `window`.
  boost::asio::awaitable<std::optional<std::chrono::seconds>> Hit(std::string_view key, unsigned limit,
                                                                  std::chrono::seconds window);
  /// Like Hit, but throws RateLimited (429 with Retry-After).
  boost::asio::awaitable<void> HitOrThrow(std::string_view key, unsigned limit, std::chrono::seconds window);
  /// Counts nothing: the time to wait when `key` has already used `limit` hits of its current window (a
  /// limit on failures is checked before the attempt and hit only when it fails).
  boost::asio::awaitable<std::optional<std::chrono::seconds>> Check(std::string_view key, unsigned limit);
  boost::asio::awaitable<void> CheckOrThrow(std::string_view key, unsigned limit);
  /// Forgets a key (e.g. an account's failures after a successful sign-in).
  boost::asio::awaitable<void> Reset(std::string_view key);
  /// Deletes the windows that ended before `now`; returns how many.
  boost::asio::awaitable<std::int64_t> Sweep(TimePoint now);

  /// The periodic job that calls Sweep ("platform.rate_limits_sweep").
  static Job SweepJob(db::Pool& pool, std::chrono::seconds interval = std::chrono::seconds(300));

 private:
  db::Pool& pool_;
  const Clock& clock_;
};

}  // namespace artel::platform
