#pragma once

#include <atomic>
#include <chrono>

namespace artel {

using TimePoint = std::chrono::system_clock::time_point;

/// Wall-clock time, injectable so tests can move it (24-hour rules, token expiry).
class Clock {
 public:
  virtual ~Clock() = default;
  virtual TimePoint Now() const = 0;
};

class SystemClock final : public Clock {
 public:
  TimePoint Now() const override { return std::chrono::system_clock::now(); }
};

/// A clock that only moves when told to.
class ManualClock final : public Clock {
 public:
  explicit ManualClock(TimePoint start = std::chrono::system_clock::now()) : now_(start) {}
  TimePoint Now() const override { return now_.load(); }
  void Advance(std::chrono::system_clock::duration by) { now_ = now_.load() + by; }
  void Set(TimePoint at) { now_ = at; }

 private:
  std::atomic<TimePoint> now_;
};

/// The process-wide default used where none is injected.
Clock& DefaultClock();

}  // namespace artel
