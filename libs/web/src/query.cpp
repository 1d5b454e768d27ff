#include "artel/web/query.hpp"

#include <charconv>
#include <string>

#include "artel/core/error.hpp"

namespace artel::web {

std::int32_t PageLimit(const Request& request, std::int32_t default_limit, std::int32_t max_limit,
                       ValidationErrors& errors) {
  auto text = request.QueryParam("limit");
  if (!text) return default_limit;
  std::int32_t limit = 0;
  auto [end, error] = std::from_chars(text->data(), text->data() + text->size(), limit);
  if (error != std::errc() || end != text->data() + text->size() || limit < 1 || limit > max_limit) {
    errors.Add("limit", {"validation:range", {{"min", "1"}, {"max", std::to_string(max_limit)}}});
    return default_limit;
  }
  return limit;
}

std::int32_t PageLimit(const Request& request, std::int32_t default_limit, std::int32_t max_limit) {
  ValidationErrors errors;
  const auto limit = PageLimit(request, default_limit, max_limit, errors);
  errors.ThrowIfAny();
  return limit;
}

}  // namespace artel::web
