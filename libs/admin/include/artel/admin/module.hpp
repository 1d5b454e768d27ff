#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "artel/platform/module.hpp"

namespace artel::admin {

/// The admin panel: GET /api/admin/dashboard, users (list, page, block, unblock, role) and the audit log.
/// Installed last: it reads the other modules' tables in SQL only.
platform::Module Module();

/// A keyset position: a time (microseconds since the epoch) and an id, as `<micros>.<id>`.
struct Cursor {
  std::int64_t micros = 0;
  std::int64_t id = 0;
};
std::string EncodeCursor(const Cursor& cursor);
/// nullopt for anything EncodeCursor cannot have made.
std::optional<Cursor> DecodeCursor(std::string_view text);

}  // namespace artel::admin
