#pragma once

// A small in-process cache of values that may be a few seconds stale: the per-category counts of the
// public lists (orders, freelancers), keyed by the filter combination. Thread-safe; when it holds `limit`
// entries it is emptied rather than evicting one by one (a burst of distinct filters is rare and cheap).

#include <chrono>
#include <cstddef>
#include <map>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <utility>

namespace artel::kernel {

template <class Value>
class TtlCache final {
 public:
  using Clock = std::chrono::steady_clock;

  TtlCache(Clock::duration ttl, std::size_t limit) : ttl_(ttl), limit_(limit) {}
  TtlCache(const TtlCache&) = delete;
  TtlCache& operator=(const TtlCache&) = delete;

  /// The value stored under `key` less than the ttl ago.
  std::optional<Value> Get(std::string_view key, Clock::time_point now = Clock::now()) const {
    std::lock_guard lock(mutex_);
    auto it = entries_.find(key);
    if (it == entries_.end() || now - it->second.first >= ttl_) return std::nullopt;
    return it->second.second;
  }

  void Put(std::string key, Value value, Clock::time_point now = Clock::now()) {
    std::lock_guard lock(mutex_);
    if (entries_.size() >= limit_) entries_.clear();
    entries_.insert_or_assign(std::move(key), std::pair<Clock::time_point, Value>(now, std::move(value)));
  }

 private:
  Clock::duration ttl_;
  std::size_t limit_;
  mutable std::mutex mutex_;
  std::map<std::string, std::pair<Clock::time_point, Value>, std::less<>> entries_;
};

}  // namespace artel::kernel
