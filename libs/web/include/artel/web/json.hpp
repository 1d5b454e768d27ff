#pragma once

// Reading request fields with per-field errors. Every getter records a ValidationFailed message for its
// field instead of throwing, so one response lists every problem; call Finish() to throw them.

#include <boost/json/object.hpp>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "artel/core/error.hpp"
#include "artel/core/text.hpp"

namespace artel::web {

struct StringRule {
  std::size_t min_length = 0;  // in Unicode code points; 0 with required=true still rejects ""
  std::size_t max_length = 255;
  bool required = true;
  bool trim = true;
};

class JsonReader final {
 public:
  explicit JsonReader(const boost::json::object& object) : object_(object) {}

  /// Missing/null with required → `validation:required`; wrong type → `validation:type.string`;
  /// length outside the rule → `validation:length.min` / `validation:length.max` with {{count}}.
  std::optional<std::string> String(std::string_view field, StringRule rule = {});
  std::optional<std::int64_t> Int(std::string_view field, bool required = true);
  std::optional<bool> Bool(std::string_view field, bool required = true);
  /// An e-mail address (validation:email), lower-cased.
  std::optional<std::string> Email(std::string_view field);
  /// An array of integers; missing or null reads as empty. Not an array → `validation:type.array`; an
  /// element that is not an integer → `validation:type.integer`. Duplicates are dropped, order kept.
  std::vector<std::int64_t> IntArray(std::string_view field);
  /// A nested object; nullptr when missing or null. Another type → `validation:type.object` (and nullptr).
  const boost::json::object* Object(std::string_view field);
  /// True when the field is present and not null.
  bool Has(std::string_view field) const;

  const boost::json::object& Body() const noexcept { return object_; }

  void AddError(std::string field, Message message) { errors_.Add(std::move(field), std::move(message)); }
  bool HasError(std::string_view field) const { return errors_.Has(field); }
  /// The errors collected so far, for a check that adds its own (catalog::ReferenceCheck).
  ValidationErrors& Errors() noexcept { return errors_; }
  void Finish() const { errors_.ThrowIfAny(); }

 private:
  const boost::json::object& object_;
  ValidationErrors errors_;
};

/// The first `max_code_points` code points of valid UTF-8 (the whole text when shorter).
std::string_view Utf8Prefix(std::string_view text, std::size_t max_code_points) noexcept;

using ::artel::IsValidUtf8;
using ::artel::Utf8Length;

}  // namespace artel::web
