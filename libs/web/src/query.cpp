#include "artel/web/query.hpp"

#include <algorithm>
#include <charconv>
#include <limits>
#include <string>

#include "artel/core/error.hpp"
#include "artel/core/text.hpp"

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

std::optional<std::string> QueryReader::Trimmed(std::string_view name, std::optional<std::string> value) {
  if (!value) return std::nullopt;
  if (!IsValidUtf8(*value)) {
    AddInvalid(name);
    return std::nullopt;
  }
  const auto trimmed = Trim(*value, kSpacesAndTabs);
  if (trimmed.empty()) return std::nullopt;
  return std::string(trimmed);
}

std::optional<std::string> QueryReader::Text(std::string_view name) {
  return Trimmed(name, request_.QueryParam(name));
}

std::optional<std::int64_t> QueryReader::ParseInt(std::string_view name, const std::string& text,
                                                  std::int64_t min, std::int64_t max) {
  std::int64_t value = 0;
  auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (error != std::errc() || end != text.data() + text.size() || value < min || value > max) {
    AddInvalid(name);
    return std::nullopt;
  }
  return value;
}

std::optional<std::int64_t> QueryReader::Int(std::string_view name, std::int64_t min, std::int64_t max) {
  auto text = Text(name);
  if (!text) return std::nullopt;
  return ParseInt(name, *text, min, max);
}

std::optional<std::int32_t> QueryReader::Id(std::string_view name) {
  auto value = Int(name, 1, std::numeric_limits<std::int32_t>::max());
  if (!value) return std::nullopt;
  return static_cast<std::int32_t>(*value);
}

std::vector<std::int32_t> QueryReader::Ids(std::string_view name, std::size_t max_count) {
  std::vector<std::int32_t> ids;
  for (auto& raw : request_.QueryParams(name)) {
    auto text = Trimmed(name, std::move(raw));
    if (!text) continue;
    auto value = ParseInt(name, *text, 1, std::numeric_limits<std::int32_t>::max());
    if (!value) return {};
    const auto id = static_cast<std::int32_t>(*value);
    if (std::find(ids.begin(), ids.end(), id) == ids.end()) ids.push_back(id);
  }
  if (ids.size() > max_count) {
    AddInvalid(name);
    return {};
  }
  return ids;
}

bool QueryReader::Flag(std::string_view name) {
  auto text = Text(name);
  if (!text) return false;
  if (*text == "true" || *text == "1") return true;
  if (*text != "false" && *text != "0") AddInvalid(name);
  return false;
}

}  // namespace artel::web
