#include "artel/web/json.hpp"

#include <algorithm>
#include <boost/json/value.hpp>

#include "artel/core/text.hpp"

namespace artel::web {
namespace {

constexpr std::size_t kMaxEmailLength = 254;  // RFC 5321 forward-path limit minus the angle brackets

Message Key(std::string key) {
  return Message{std::move(key), {}};
}

Message CountMessage(std::string key, std::size_t count) {
  return Message{std::move(key), {{"count", std::to_string(count)}}};
}

}  // namespace

std::optional<std::string> JsonReader::String(std::string_view field, StringRule rule) {
  const boost::json::value* value = object_.if_contains(field);
  if (value == nullptr || value->is_null()) {
    if (rule.required) AddError(std::string(field), Key("validation:required"));
    return std::nullopt;
  }
  if (!value->is_string()) {
    AddError(std::string(field), Key("validation:type.string"));
    return std::nullopt;
  }
  std::string_view text(value->as_string());
  // Parsed bodies are checked already; objects built in code may not be.
  if (!IsValidUtf8(text)) {
    AddError(std::string(field), Key("validation:type.string"));
    return std::nullopt;
  }
  if (rule.trim) text = Trim(text);
  if (text.empty()) {
    if (rule.required) {
      AddError(std::string(field), Key("validation:required"));
      return std::nullopt;
    }
    // An optional field sent blank means "clear it": no length rule applies.
    return std::string();
  }
  std::size_t length = Utf8Length(text);
  if (length < rule.min_length) {
    AddError(std::string(field), CountMessage("validation:length.min", rule.min_length));
    return std::nullopt;
  }
  if (length > rule.max_length) {
    AddError(std::string(field), CountMessage("validation:length.max", rule.max_length));
    return std::nullopt;
  }
  return std::string(text);
}

std::optional<std::int64_t> JsonReader::Int(std::string_view field, bool required) {
  const boost::json::value* value = object_.if_contains(field);
  if (value == nullptr || value->is_null()) {
    if (required) AddError(std::string(field), Key("validation:required"));
    return std::nullopt;
  }
  // Floats (even 2.0), numeric strings and integers past int64 are all type errors.
  if (!value->is_int64()) {
    AddError(std::string(field), Key("validation:type.integer"));
    return std::nullopt;
  }
  return value->as_int64();
}

std::optional<bool> JsonReader::Bool(std::string_view field, bool required) {
  const boost::json::value* value = object_.if_contains(field);
  if (value == nullptr || value->is_null()) {
    if (required) AddError(std::string(field), Key("validation:required"));
    return std::nullopt;
  }
  if (!value->is_bool()) {
    AddError(std::string(field), Key("validation:type.boolean"));
    return std::nullopt;
  }
  return value->as_bool();
}

std::optional<std::string> JsonReader::Email(std::string_view field) {
  auto text = String(field, StringRule{.min_length = 1, .max_length = kMaxEmailLength});
  if (!text) return std::nullopt;
  // The one rule of core: what passes here can be mailed.
  if (!IsMailAddress(*text)) {
    AddError(std::string(field), Key("validation:email"));
    return std::nullopt;
  }
  return AsciiLower(*text);
}

std::vector<std::int64_t> JsonReader::IntArray(std::string_view field) {
  std::vector<std::int64_t> values;
  const boost::json::value* value = object_.if_contains(field);
  if (value == nullptr || value->is_null()) return values;
  if (!value->is_array()) {
    AddError(std::string(field), Key("validation:type.array"));
    return values;
  }
  for (const auto& element : value->get_array()) {
    if (!element.is_int64()) {
      AddError(std::string(field), Key("validation:type.integer"));
      return {};
    }
    if (std::find(values.begin(), values.end(), element.get_int64()) == values.end()) {
      values.push_back(element.get_int64());
    }
  }
  return values;
}

const boost::json::object* JsonReader::Object(std::string_view field) {
  const boost::json::value* value = object_.if_contains(field);
  if (value == nullptr || value->is_null()) return nullptr;
  if (!value->is_object()) {
    AddError(std::string(field), Key("validation:type.object"));
    return nullptr;
  }
  return &value->get_object();
}

bool JsonReader::Has(std::string_view field) const {
  const boost::json::value* value = object_.if_contains(field);
  return value != nullptr && !value->is_null();
}

std::string_view Utf8Prefix(std::string_view text, std::size_t max_code_points) noexcept {
  std::size_t seen = 0;
  for (std::size_t i = 0; i < text.size(); ++i) {
    if ((static_cast<unsigned char>(text[i]) & 0xC0) != 0x80) {
      if (seen == max_code_points) return text.substr(0, i);
      ++seen;
    }
  }
  return text;
}

}  // namespace artel::web
