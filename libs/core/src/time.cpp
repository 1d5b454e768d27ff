#include "artel/core/time.hpp"

#include <time.h>

#include <charconv>
#include <chrono>

namespace artel {
namespace {

/// Reads exactly `digits` decimal digits at `at`, advancing it.
bool ReadNumber(std::string_view text, std::size_t& at, std::size_t digits, int& value) {
  if (at + digits > text.size()) return false;
  for (std::size_t i = at; i < at + digits; ++i) {
    if (text[i] < '0' || text[i] > '9') return false;
  }
  std::from_chars(text.data() + at, text.data() + at + digits, value);
  at += digits;
  return true;
}

bool Expect(std::string_view text, std::size_t& at, char c) {
  if (at >= text.size() || text[at] != c) return false;
  ++at;
  return true;
}

}  // namespace

std::string IsoTime(TimePoint time) {
  auto seconds = std::chrono::system_clock::to_time_t(time);
  tm parts{};
  gmtime_r(&seconds, &parts);
  char text[32];
  auto length = strftime(text, sizeof text, "%Y-%m-%dT%H:%M:%SZ", &parts);
  return std::string(text, length);
}

std::optional<TimePoint> ParseIsoTime(std::string_view text) {
  std::size_t at = 0;
  int year = 0, month = 0, day = 0, hour = 0, minute = 0, second = 0;
  if (!ReadNumber(text, at, 4, year) || !Expect(text, at, '-') || !ReadNumber(text, at, 2, month) ||
      !Expect(text, at, '-') || !ReadNumber(text, at, 2, day)) {
    return std::nullopt;
  }
  if (at >= text.size() || (text[at] != 'T' && text[at] != 't' && text[at] != ' ')) return std::nullopt;
  ++at;
  if (!ReadNumber(text, at, 2, hour) || !Expect(text, at, ':') || !ReadNumber(text, at, 2, minute)) {
    return std::nullopt;
  }
  if (at < text.size() && text[at] == ':') {
    ++at;
    if (!ReadNumber(text, at, 2, second)) return std::nullopt;
    if (at < text.size() && text[at] == '.') {
      ++at;
      std::size_t start = at;
      while (at < text.size() && text[at] >= '0' && text[at] <= '9') ++at;
      if (at == start || at - start > 9) return std::nullopt;
    }
  }
  int offset_minutes = 0;
  if (at < text.size() && (text[at] == 'Z' || text[at] == 'z')) {
    ++at;
  } else if (at < text.size() && (text[at] == '+' || text[at] == '-')) {
    int sign = text[at] == '+' ? 1 : -1;
    ++at;
    int offset_hours = 0, offset_mins = 0;
    if (!ReadNumber(text, at, 2, offset_hours) || !Expect(text, at, ':') ||
        !ReadNumber(text, at, 2, offset_mins) || offset_hours > 23 || offset_mins > 59) {
      return std::nullopt;
    }
    offset_minutes = sign * (offset_hours * 60 + offset_mins);
  } else {
    return std::nullopt;
  }
  if (at != text.size()) return std::nullopt;
  if (hour > 23 || minute > 59 || second > 59) return std::nullopt;
  const std::chrono::year_month_day date{std::chrono::year{year},
                                         std::chrono::month{static_cast<unsigned>(month)},
                                         std::chrono::day{static_cast<unsigned>(day)}};
  if (!date.ok() || year < 1970) return std::nullopt;
  auto time = std::chrono::sys_days{date} + std::chrono::hours{hour} + std::chrono::minutes{minute} +
              std::chrono::seconds{second} - std::chrono::minutes{offset_minutes};
  return std::chrono::time_point_cast<std::chrono::system_clock::duration>(time);
}

}  // namespace artel
