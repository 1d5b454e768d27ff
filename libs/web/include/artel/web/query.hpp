#pragma once

// Query parameters every list route reads the same way.

#include <cstdint>

#include "artel/web/http.hpp"

namespace artel::web {

/// A list route's `?limit=`: `default_limit` when absent; otherwise an integer from 1 to `max_limit`, and
/// ValidationFailed("limit", validation:range {min 1, max}) for anything else.
std::int32_t PageLimit(const Request& request, std::int32_t default_limit, std::int32_t max_limit);

}  // namespace artel::web
