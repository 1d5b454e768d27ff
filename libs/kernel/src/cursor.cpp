#include "artel/kernel/cursor.hpp"

#include <charconv>
#include <chrono>

#include "artel/core/crypto.hpp"

namespace artel::kernel {
namespace {

/// Longer texts are not cursors (a tag, flags and two 64-bit numbers fit well below).
constexpr std::size_t kMaxCursorLength = 100;

bool ParseInt(std::string_view text, std::int64_t& value) {
  auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  return !text.empty() && error == std::errc() && end == text.data() + text.size();
}

}  // namespace

std::string EncodeCursor(std::string_view tag, std::int64_t key, std::int64_t id, std::string_view flags) {
  std::string text(tag);
  text.append(flags).append(":").append(std::to_string(key)).append(":").append(std::to_string(id));
  return Base64UrlEncode(text);
}

std::optional<Cursor> DecodeCursor(std::string_view tag, std::string_view text) {
  std::string decoded;
  if (text.size() > kMaxCursorLength || !Base64UrlDecode(text, decoded)) return std::nullopt;
  std::string_view rest = decoded;
  if (tag.empty() || !rest.starts_with(tag)) return std::nullopt;
  rest.remove_prefix(tag.size());
  Cursor cursor;
  while (!rest.empty() && rest.front() >= 'a' && rest.front() <= 'z') {
    cursor.flags += rest.front();
    rest.remove_prefix(1);
  }
  if (rest.empty() || rest.front() != ':') return std::nullopt;
  rest.remove_prefix(1);
  auto colon = rest.find(':');
  if (colon == std::string_view::npos) return std::nullopt;
  if (!ParseInt(rest.substr(0, colon), cursor.key) || !ParseInt(rest.substr(colon + 1), cursor.id) ||
      cursor.id < 0) {
    return std::nullopt;
  }
  return cursor;
}

std::int64_t CursorKey(TimePoint time) {
  return std::chrono::duration_cast<std::chrono::microseconds>(time.time_since_epoch()).count();
}

TimePoint CursorTime(std::int64_t key) {
  return TimePoint(std::chrono::duration_cast<TimePoint::duration>(std::chrono::microseconds(key)));
}

}  // namespace artel::kernel
