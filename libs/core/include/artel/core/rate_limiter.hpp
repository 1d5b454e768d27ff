#pragma once

#include <chrono>
#include <cstddef>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "artel/core/clock.hpp"

namespace artel {

/// Fixed-window counters per key, in memory (per instance; the scale-out path is a shared store).
/// Thread-safe. Old windows are swept as new keys arrive, so memory stays bounded by active keys.
class RateLimiter final {
 public:
  explicit RateLimiter(const Clock& clock = DefaultClock());
  ~RateLimiter();

  /// Counts one hit for `key`; returns the time to wait when the key is over `limit` in `window`.
  std::optional<std::chrono::seconds> Hit(std::string_view key, unsigned limit, std::chrono::seconds window);
  /// Like Hit, but throws RateLimited (429 with Retry-After).
  void HitOrThrow(std::string_view key, unsigned limit, std::chrono::seconds window);
  /// Forgets a key (e.g. after a successful login).
  void Reset(std::string_view key);

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace artel
