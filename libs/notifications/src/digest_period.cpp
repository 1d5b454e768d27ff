#include "artel/notifications/digest_period.hpp"

#include <algorithm>
#include <fstream>
#include <iterator>

namespace artel::notifications {
namespace {

using namespace std::chrono;

bool ZoneName(std::string_view name) {
  if (name.empty() || name.size() > 64 || name.front() == '/' || name.find("..") != std::string_view::npos)
    return false;
  return std::ranges::all_of(name, [](char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' ||
           c == '+' || c == '-' || c == '/';
  });
}

std::int64_t BigEndian(const std::string& data, std::size_t at, int bytes) {
  std::uint64_t value = 0;
  for (int i = 0; i < bytes; ++i) value = (value << 8) | static_cast<unsigned char>(data[at + i]);
  if (bytes == 4) return static_cast<std::int32_t>(static_cast<std::uint32_t>(value));
  return static_cast<std::int64_t>(value);
}

}  // namespace

std::optional<TimeZone> TimeZone::Load(std::string_view name, const std::string& root) {
  if (!ZoneName(name)) return std::nullopt;
  std::ifstream file(root + "/" + std::string(name), std::ios::binary);
  if (!file) return std::nullopt;
  const std::string data{std::istreambuf_iterator<char>(file), std::istreambuf_iterator<char>()};
  // Header: "TZif", version, 15 reserved bytes, six 32-bit counts.
  auto counts = [&](std::size_t at, std::int64_t out[6]) {
    if (data.size() < at + 44 || data.compare(at, 4, "TZif") != 0) return false;
    for (int i = 0; i < 6; ++i) out[i] = BigEndian(data, at + 20 + 4 * i, 4);
    return true;
  };
  std::int64_t c[6];
  if (!counts(0, c) || data[4] < '2') return std::nullopt;
  // isutcnt, isstdcnt, leapcnt, timecnt, typecnt, charcnt; skip the version 1 block (32-bit times).
  const std::size_t v1 = 44 + c[3] * 5 + c[4] * 6 + c[5] + c[2] * 8 + c[1] + c[0];
  if (!counts(v1, c)) return std::nullopt;
  const std::int64_t timecnt = c[3], typecnt = c[4];
  std::size_t at = v1 + 44;
  if (typecnt <= 0 || data.size() < at + timecnt * 9 + typecnt * 6) return std::nullopt;
  TimeZone zone;
  std::vector<std::int32_t> type_offsets(typecnt);
  const std::size_t types_at = at + timecnt * 9;
  for (std::int64_t t = 0; t < typecnt; ++t) {
    type_offsets[t] = static_cast<std::int32_t>(BigEndian(data, types_at + 6 * t, 4));
  }
  // RFC 8536: local time before the first transition is type 0.
  zone.initial_ = type_offsets[0];
  for (std::int64_t i = 0; i < timecnt; ++i) {
    const auto type = static_cast<unsigned char>(data[at + timecnt * 8 + i]);
    if (type >= typecnt) return std::nullopt;
    zone.transitions_.push_back(BigEndian(data, at + 8 * i, 8));
    zone.offsets_.push_back(type_offsets[type]);
  }
  return zone;
}

const TimeZone& TimeZones::Get(std::string_view name) {
  const std::lock_guard lock(mutex_);
  if (const auto found = zones_.find(name); found != zones_.end()) return found->second;
  return zones_.emplace(std::string(name), TimeZone::Load(name, root_).value_or(TimeZone())).first->second;
}

seconds TimeZone::OffsetAt(TimePoint utc) const {
  const auto t = duration_cast<seconds>(utc.time_since_epoch()).count();
  auto it = std::ranges::upper_bound(transitions_, t);
  if (it == transitions_.begin()) return seconds(initial_);
  return seconds(offsets_[std::distance(transitions_.begin(), it) - 1]);
}

TimePoint TimeZone::ToUtc(sys_seconds local) const {
  // The candidates are the local time read with the offset before and after the nearest transition.
  const TimePoint guess = TimePoint(local.time_since_epoch());
  const seconds before = OffsetAt(guess - hours(26)), after = OffsetAt(guess + hours(26));
  const TimePoint early = guess - before, late = guess - after;
  const TimePoint first = std::min(early, late), second = std::max(early, late);
  if (first + OffsetAt(first) == guess) return first;
  if (second + OffsetAt(second) == guess) return second;
  // A gap: the wall clock skips `local`; the transition itself is the instant after it.
  const auto t = duration_cast<seconds>(first.time_since_epoch()).count();
  auto it = std::ranges::upper_bound(transitions_, t);
  return it == transitions_.end() ? second : TimePoint(seconds(*it));
}

bool InQuietHours(int minute, const QuietMinutes& quiet) noexcept {
  if (quiet.from == quiet.to) return false;
  if (quiet.from < quiet.to) return minute >= quiet.from && minute < quiet.to;
  return minute >= quiet.from || minute < quiet.to;
}

std::optional<TimePoint> DuePeriod(Interval interval, TimePoint now, const TimeZone& zone,
                                   std::optional<QuietMinutes> quiet) {
  if (interval == Interval::kNever || interval == Interval::kImmediately) return std::nullopt;
  const sys_seconds local{duration_cast<seconds>(now.time_since_epoch()) + zone.OffsetAt(now)};
  const sys_days today = floor<days>(local);
  const auto minute = static_cast<int>(duration_cast<minutes>(local - today).count());
  if (quiet && InQuietHours(minute, *quiet)) return std::nullopt;
  // Hourly from the instant itself: an hour repeated when the clocks go back is two periods.
  if (interval == Interval::kHourly) return now - (local - floor<hours>(local));
  const hours morning{kDigestHour};
  sys_days day = today;
  if (interval == Interval::kDaily) {
    if (local < day + morning) day -= days(1);
  } else if (interval == Interval::kWeekly) {
    // Monday: weekday 1; back to this week's Monday, or last week's before its morning.
    day -= days((weekday(day) - Monday).count());
    if (local < day + morning) day -= weeks(1);
  } else {
    const year_month_day ymd{today};
    day = sys_days(ymd.year() / ymd.month() / 1);
    if (local < day + morning) day = sys_days((ymd.year() / ymd.month() - months(1)) / 1);
  }
  return zone.ToUtc(day + morning);
}

}  // namespace artel::notifications
