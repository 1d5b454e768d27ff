#pragma once

// Query parameters every list route reads the same way.

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

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

/// The filters of a list (GET /api/orders, GET /api/freelancers): every problem is collected under its
/// parameter's name with the route's `invalid` message and thrown as one ValidationFailed by Finish().
/// Texts are trimmed of spaces and tabs; an empty value reads as absent.
class QueryReader {
 public:
  QueryReader(const Request& request, std::string invalid)
      : request_(request), invalid_(std::move(invalid)) {}

  std::optional<std::string> Text(std::string_view name);
  std::optional<std::int64_t> Int(std::string_view name, std::int64_t min, std::int64_t max);
  /// An integer from 1 to INT32_MAX.
  std::optional<std::int32_t> Id(std::string_view name);
  /// Every value of a repeated parameter as Id (at most `max_count` of them, distinct, in order).
  std::vector<std::int32_t> Ids(std::string_view name, std::size_t max_count);
  /// A flag: `true` or `1`; absent, `false` or `0` read as false; anything else is invalid.
  bool Flag(std::string_view name);

  template <class Parse>
  auto Enum(std::string_view name, Parse parse) -> decltype(parse(std::string_view())) {
    auto text = Text(name);
    if (!text) return std::nullopt;
    auto value = parse(*text);
    if (!value) AddInvalid(name);
    return value;
  }

  void AddError(std::string_view name, Message message) {
    errors_.Add(std::string(name), std::move(message));
  }
  void AddInvalid(std::string_view name) { AddError(name, Message{invalid_, {}}); }
  /// `?limit=`, read as every list reads it (PageLimit), its error collected with the others.
  std::int32_t Limit(std::int32_t default_limit, std::int32_t max_limit) {
    return PageLimit(request_, default_limit, max_limit, errors_);
  }
  bool HasErrors() const noexcept { return !errors_.Empty(); }
  void Finish() const { errors_.ThrowIfAny(); }

 private:
  std::optional<std::string> Trimmed(std::string_view name, std::optional<std::string> value);
  std::optional<std::int64_t> ParseInt(std::string_view name, const std::string& text, std::int64_t min,
                                       std::int64_t max);

  const Request& request_;
  std::string invalid_;
  ValidationErrors errors_;
};

}  // namespace artel::web
