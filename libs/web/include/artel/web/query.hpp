#pragma once

// Query parameters every list route reads the same way.

#include <cstdint>

#include "artel/core/error.hpp"
#include "artel/web/http.hpp"

namespace artel::web {

/// A list route's `?limit=`: `default_limit` when absent; otherwise an integer from 1 to `max_limit`, and
/// ValidationFailed("limit", validation:range {min 1, max}) for anything else.
/// Every list reads its page size through this one function (orders, reviews, chats, messages, ...), so
/// `?limit=%201` gets one answer everywhere: no trimming, no sign, digits only.
std::int32_t PageLimit(const Request& request, std::int32_t default_limit, std::int32_t max_limit);

/// The same for a route that collects all its query errors into one answer: a bad value adds the field
/// error to `errors` and returns `default_limit`.
std::int32_t PageLimit(const Request& request, std::int32_t default_limit, std::int32_t max_limit,
                       ValidationErrors& errors);

}  // namespace artel::web
