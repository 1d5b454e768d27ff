#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "artel/core/clock.hpp"

namespace artel::kernel {

/// A keyset cursor: the sort key and id of a page's last row, and flags of the page's mode.
struct Cursor {
  std::int64_t key = 0;
  std::int64_t id = 0;
  /// Lowercase letters, empty for an ordinary page (orders mark pages of the typo fallback "f").
  std::string flags;
};

/// "<tag><flags>:<key>:<id>" base64url-encoded, so clients treat it as opaque. The tag names the sort the
/// cursor belongs to ("d" by date, "b" by budget): a cursor of one sort is refused by another. Tags and flags
/// are lowercase letters.
std::string EncodeCursor(std::string_view tag, std::int64_t key, std::int64_t id,
                         std::string_view flags = {});
/// nullopt for anything EncodeCursor did not make with this tag (a negative id, trailing text, ...).
std::optional<Cursor> DecodeCursor(std::string_view tag, std::string_view text);

/// A created_at as the key of a date cursor, and back (microseconds, the precision PostgreSQL keeps).
std::int64_t CursorKey(TimePoint time);
TimePoint CursorTime(std::int64_t key);

}  // namespace artel::kernel
