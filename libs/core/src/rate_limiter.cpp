#include "artel/core/rate_limiter.hpp"

#include <algorithm>
#include <mutex>
#include <unordered_map>

#include "artel/core/error.hpp"

namespace artel {
namespace {

/// Below this many keys a sweep is not worth its scan.
constexpr std::size_t kMinSweepThreshold = 1024;

struct Window {
  TimePoint start;
  std::chrono::seconds length;
  unsigned count = 0;

  bool Expired(TimePoint now) const { return now >= start + length; }
};

struct StringHash {
  using is_transparent = void;
  std::size_t operator()(std::string_view text) const noexcept { return std::hash<std::string_view>()(text); }
};

}  // namespace

struct RateLimiter::Impl {
  explicit Impl(const Clock& c) : clock(c) {}

  /// Drops expired windows once the map has doubled since the last sweep: amortized O(1) per new key,
  /// and the map never holds more than about twice the keys active within their windows.
  void SweepIfDue(TimePoint now) {
    if (windows.size() < sweep_threshold) return;
    std::erase_if(windows, [&](const auto& entry) { return entry.second.Expired(now); });
    sweep_threshold = std::max(kMinSweepThreshold, windows.size() * 2);
  }

  const Clock& clock;
  std::mutex mutex;
  std::unordered_map<std::string, Window, StringHash, std::equal_to<>> windows;
  std::size_t sweep_threshold = kMinSweepThreshold;
};

RateLimiter::RateLimiter(const Clock& clock) : impl_(std::make_unique<Impl>(clock)) {}

RateLimiter::~RateLimiter() = default;

std::optional<std::chrono::seconds> RateLimiter::Hit(std::string_view key, unsigned limit,
                                                     std::chrono::seconds window) {
  TimePoint now = impl_->clock.Now();
  std::lock_guard lock(impl_->mutex);
  auto it = impl_->windows.find(key);
  if (it == impl_->windows.end()) {
    impl_->SweepIfDue(now);
    it = impl_->windows.emplace(std::string(key), Window{now, window, 0}).first;
  } else if (it->second.Expired(now)) {
    it->second = Window{now, window, 0};
  }
  Window& current = it->second;
  // Saturate so a hammered key cannot wrap around to "allowed".
  if (current.count <= limit) ++current.count;
  if (current.count <= limit) return std::nullopt;
  auto remaining = std::chrono::ceil<std::chrono::seconds>(current.start + current.length - now);
  return std::max(remaining, std::chrono::seconds(1));
}

void RateLimiter::HitOrThrow(std::string_view key, unsigned limit, std::chrono::seconds window) {
  if (auto wait = Hit(key, limit, window)) throw RateLimited(*wait);
}

void RateLimiter::Reset(std::string_view key) {
  std::lock_guard lock(impl_->mutex);
  auto it = impl_->windows.find(key);
  if (it != impl_->windows.end()) impl_->windows.erase(it);
}

}  // namespace artel
