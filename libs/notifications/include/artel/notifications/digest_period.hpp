#pragma once

// When a user's e-mail digest is due (issue 25): the period arithmetic, pure, over a time zone read from the
// system's TZif database. The digest job (digests.hpp) asks DuePeriod with the service's clock.

#include <chrono>
#include <cstdint>
#include <map>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "artel/core/clock.hpp"
#include "artel/notifications/preferences.hpp"

namespace artel::notifications {

/// An IANA time zone: the UTC offsets in effect over time, from a TZif file (RFC 8536, version 2+ data).
/// After the file's last transition the last offset holds (Debian's "fat" files list transitions to 2037).
class TimeZone final {
 public:
  /// UTC, offset 0.
  TimeZone() = default;
  /// Reads `<root>/<name>`; nullopt for a name that is not a zone (letters, digits, `_+-/`, no `..`) or a
  /// file that is not TZif.
  static std::optional<TimeZone> Load(std::string_view name, const std::string& root = "/usr/share/zoneinfo");
  /// The offset from UTC in effect at the instant `utc`.
  std::chrono::seconds OffsetAt(TimePoint utc) const;
  /// The instant at which the wall clock shows `local` (seconds since the epoch of local civil time). In a
  /// gap (spring forward) the instant after the gap; in an overlap (fall back) the earlier one.
  TimePoint ToUtc(std::chrono::sys_seconds local) const;

 private:
  std::vector<std::int64_t> transitions_;  // UTC seconds, ascending
  std::vector<std::int32_t> offsets_;      // offset after each transition
  std::int32_t initial_ = 0;               // before the first transition
};

/// Time zones by name, each read from its file once for the life of the process (the digest job's rounds
/// share one: a round no longer reads a file per zone on the io thread); thread-safe. A name that is not a
/// zone is UTC, as the settings page stores only names it offered.
class TimeZones final {
 public:
  explicit TimeZones(std::string root = "/usr/share/zoneinfo") : root_(std::move(root)) {}
  const TimeZone& Get(std::string_view name);

 private:
  std::string root_;
  std::mutex mutex_;
  std::map<std::string, TimeZone, std::less<>> zones_;  // never erased: references stay valid
};

/// Quiet hours as minutes after local midnight; from > to spans midnight.
struct QuietMinutes {
  int from = 0;
  int to = 0;
};

/// The hour of the local morning at which daily, weekly and monthly digests go out.
inline constexpr int kDigestHour = 9;

/// The period a digest of `interval` is due for at `now`: the start (UTC) of the latest period that has
/// begun — hourly: the local hour; daily: 09:00 local today (or yesterday before 09:00); weekly: Monday
/// 09:00 local; monthly: the 1st at 09:00 local. nullopt for never/immediately and while `now` falls in the
/// quiet hours. A digest holds the notifications created before its period's start, and a period is sent
/// at most once, so a missed morning is caught up later the same period, never doubled.
std::optional<TimePoint> DuePeriod(Interval interval, TimePoint now, const TimeZone& zone,
                                   std::optional<QuietMinutes> quiet);

/// True when local minute-of-day `minute` is inside `quiet`.
bool InQuietHours(int minute, const QuietMinutes& quiet) noexcept;

}  // namespace artel::notifications
