#include "artel/web/contract.hpp"

#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <boost/json/array.hpp>
#include <boost/json/serialize.hpp>
#include <charconv>
#include <mutex>
#include <regex>
#include <set>
#include <stdexcept>
#include <unordered_map>

#include "artel/core/text.hpp"
#include "artel/core/time.hpp"
#include "artel/web/json.hpp"

namespace artel::web {
namespace {

namespace json = boost::json;

/// The longest text a `pattern` is matched against, in bytes; longer text fails the pattern. libstdc++'s
/// std::regex recurses once per character it matches, so a long enough string overflowed the stack (a
/// 20 000-character article `code` without maxLength took the process down; its input is in
/// fuzz/corpus/contract/); every pattern of the contract admits far shorter text.
constexpr std::size_t kMaxPatternText = 1024;

// ---- YAML → JSON -------------------------------------------------------------------------------------

/// A plain (unquoted) YAML scalar as YAML 1.2's core schema types it; a quoted one is always a string.
json::value Scalar(const YAML::Node& node) {
  const std::string& text = node.Scalar();
  if (node.Tag() != "?") return json::string(text);
  if (text == "null" || text == "~" || text.empty()) return nullptr;
  if (text == "true") return true;
  if (text == "false") return false;
  std::int64_t integer = 0;
  const char* end = text.data() + text.size();
  if (auto [at, error] = std::from_chars(text.data(), end, integer); error == std::errc() && at == end) {
    return integer;
  }
  double number = 0;
  if (auto [at, error] = std::from_chars(text.data(), end, number); error == std::errc() && at == end) {
    return number;
  }
  return json::string(text);
}

json::value ToJson(const YAML::Node& node) {
  switch (node.Type()) {
    case YAML::NodeType::Map: {
      json::object object;
      for (const auto& entry : node) object[entry.first.as<std::string>()] = ToJson(entry.second);
      return object;
    }
    case YAML::NodeType::Sequence: {
      json::array array;
      for (const auto& item : node) array.push_back(ToJson(item));
      return array;
    }
    case YAML::NodeType::Scalar:
      return Scalar(node);
    default:
      return nullptr;
  }
}

// ---- small helpers -----------------------------------------------------------------------------------

const json::object* ObjectAt(const json::object& object, std::string_view key) {
  const auto* value = object.if_contains(key);
  return value != nullptr && value->is_object() ? &value->get_object() : nullptr;
}

const json::array* ArrayAt(const json::object& object, std::string_view key) {
  const auto* value = object.if_contains(key);
  return value != nullptr && value->is_array() ? &value->get_array() : nullptr;
}

std::string StringAt(const json::object& object, std::string_view key) {
  const auto* value = object.if_contains(key);
  return value != nullptr && value->is_string() ? std::string(value->get_string()) : std::string();
}

std::optional<std::int64_t> IntAt(const json::object& object, std::string_view key) {
  const auto* value = object.if_contains(key);
  if (value == nullptr || !value->is_int64()) return std::nullopt;
  return value->get_int64();
}

bool FalseAt(const json::object& object, std::string_view key) {
  const auto* value = object.if_contains(key);
  return value != nullptr && value->is_bool() && !value->get_bool();
}

/// A positive count from an x-rate-limit member; 0 when it is absent.
unsigned RateCount(const boost::json::object& limit, std::string_view key, const std::string& id) {
  const auto* value = limit.if_contains(key);
  if (value == nullptr) return 0;
  if (!value->is_int64() || value->get_int64() <= 0 || value->get_int64() > 1'000'000) {
    throw std::logic_error("contract: " + id + ": x-rate-limit." + std::string(key) +
                           " is a positive whole number");
  }
  return static_cast<unsigned>(value->get_int64());
}

/// "3600", 3600, "60s", "10m", "1h", "1d".
std::chrono::seconds RateWindow(const boost::json::value* value, const std::string& id) {
  const auto refuse = [&id]() -> std::chrono::seconds {
    throw std::logic_error("contract: " + id +
                           ": x-rate-limit.window is seconds or a number with s, m, h or d");
  };
  if (value == nullptr) return refuse();
  if (value->is_int64()) return value->get_int64() > 0 ? std::chrono::seconds(value->get_int64()) : refuse();
  if (!value->is_string()) return refuse();
  const std::string_view text = value->get_string();
  std::int64_t number = 0;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), number);
  if (error != std::errc() || number <= 0) return refuse();
  const std::string_view unit(end, text.data() + text.size());
  if (unit.empty() || unit == "s") return std::chrono::seconds(number);
  if (unit == "m") return std::chrono::minutes(number);
  if (unit == "h") return std::chrono::hours(number);
  if (unit == "d") return std::chrono::hours(24 * number);
  return refuse();
}

RateLimitRule ParseRateLimit(const boost::json::value& value, const std::string& id, Access access) {
  if (!value.is_object()) throw std::logic_error("contract: " + id + ": x-rate-limit is an object");
  const auto& limit = value.get_object();
  for (const auto& member : limit) {
    if (member.key() != "per_user" && member.key() != "per_address" && member.key() != "window") {
      throw std::logic_error("contract: " + id + ": x-rate-limit has no member " + std::string(member.key()));
    }
  }
  RateLimitRule rule;
  rule.name = id;
  rule.per_user = RateCount(limit, "per_user", id);
  rule.per_address = RateCount(limit, "per_address", id);
  rule.window = RateWindow(limit.if_contains("window"), id);
  if (rule.per_user == 0) throw std::logic_error("contract: " + id + ": x-rate-limit needs per_user");
  if ((access == Access::kGuest) != (rule.per_address != 0)) {
    throw std::logic_error(
        "contract: " + id +
        ": x-rate-limit.per_address is required on guest operations and refused on others");
  }
  return rule;
}

Access ParseAccess(std::string_view text, std::string_view operation) {
  if (text == "guest") return Access::kGuest;
  if (text == "user") return Access::kUser;
  if (text == "verified_user") return Access::kVerifiedUser;
  if (text == "admin") return Access::kAdmin;
  throw std::logic_error("contract: operation " + std::string(operation) +
                         " needs x-access: guest | user | verified_user | admin");
}

std::optional<Method> ParseOperationMethod(std::string_view key) {
  static const std::pair<std::string_view, Method> kMethods[] = {
      {"get", Method::kGet},     {"put", Method::kPut},       {"post", Method::kPost},
      {"patch", Method::kPatch}, {"delete", Method::kDelete}, {"head", Method::kHead}};
  for (const auto& [name, method] : kMethods) {
    if (key == name) return method;
  }
  return std::nullopt;
}

std::string Text(const json::value& value) {
  if (value.is_string()) return std::string(value.get_string());
  return json::serialize(value);
}

}  // namespace

struct Contract::Impl {
  struct Part {
    std::string name;
    json::object root;
  };
  /// An operation as a part defines it, built into an Operation on first Find (its $refs may point into
  /// parts added after it).
  struct Source {
    const json::object* operation;
    const json::object* path_item;
    Method method;
    std::string path;
  };
  enum class Position { kProperty, kItem, kParameter };

  // Stable addresses: operations and schemas are handed out by reference.
  std::deque<Part> parts;
  std::unordered_map<std::string, Source> sources;

  mutable std::mutex mutex;  // guards `operations` and the `late_` caches
  mutable std::unordered_map<std::string, Operation> operations;
  // Filled only while an operation is built (Find, at start-up, when its route is bound) and read without a
  // lock afterwards, when requests are checked: Prepare merges every allOf the operation's schemas reach and
  // compiles every pattern, once.
  mutable bool preparing = false;
  mutable std::map<const json::object*, std::unique_ptr<json::object>> merged;  // allOf → one object
  mutable std::map<std::string, std::regex, std::less<>> patterns;
  // What no operation reaches (Resolve called on another schema), built on demand under the mutex.
  mutable std::map<const json::object*, std::unique_ptr<json::object>> late_merged;
  mutable std::map<std::string, std::regex, std::less<>> late_patterns;

  /// "#/components/<section>/<name>" in any part.
  const json::object& Ref(std::string_view ref) const {
    constexpr std::string_view kPrefix = "#/components/";
    if (!ref.starts_with(kPrefix)) throw std::logic_error("contract: unsupported $ref " + std::string(ref));
    const auto rest = ref.substr(kPrefix.size());
    const auto slash = rest.find('/');
    if (slash == std::string_view::npos)
      throw std::logic_error("contract: malformed $ref " + std::string(ref));
    const auto section = rest.substr(0, slash);
    const auto name = rest.substr(slash + 1);
    for (const auto& part : parts) {
      const auto* components = ObjectAt(part.root, "components");
      if (components == nullptr) continue;
      const auto* entries = ObjectAt(*components, section);
      if (entries == nullptr) continue;
      if (const auto* found = ObjectAt(*entries, name)) return *found;
    }
    throw std::logic_error("contract: $ref " + std::string(ref) + " is defined in no part");
  }

  const json::object& Follow(const json::object& schema) const {
    const json::object* at = &schema;
    for (int depth = 0; depth < 32; ++depth) {
      const auto* ref = at->if_contains("$ref");
      if (ref == nullptr || !ref->is_string()) return *at;
      at = &Ref(ref->get_string());
    }
    throw std::logic_error("contract: $ref chain too long");
  }

  bool IsNullSchema(const json::object& schema) const {
    const auto& followed = Follow(schema);
    const auto* type = followed.if_contains("type");
    return type != nullptr && type->is_string() && type->get_string() == "null";
  }

  const json::object& Resolve(const json::object& schema) const {
    const json::object& followed = Follow(schema);
    if (const auto* one_of = ArrayAt(followed, "oneOf")) {
      const json::object* only = nullptr;
      std::size_t others = 0;
      for (const auto& alternative : *one_of) {
        if (!alternative.is_object() || IsNullSchema(alternative.get_object())) continue;
        only = &alternative.get_object();
        ++others;
      }
      if (others == 1) return Resolve(*only);
      return followed;
    }
    const auto* all_of = ArrayAt(followed, "allOf");
    if (all_of == nullptr) return followed;
    if (auto it = merged.find(&followed); it != merged.end()) return *it->second;
    if (!preparing) {
      std::lock_guard lock(mutex);
      if (auto it = late_merged.find(&followed); it != late_merged.end()) return *it->second;
    }
    auto result = std::make_unique<json::object>();
    json::object properties;
    json::array required;
    auto take = [&](const json::object& part) {
      for (const auto& [key, value] : part) {
        if (key == "properties" && value.is_object()) {
          for (const auto& [name, property] : value.get_object()) properties[name] = property;
        } else if (key == "required" && value.is_array()) {
          for (const auto& name : value.get_array()) {
            if (std::ranges::find(required, name) == required.end()) required.push_back(name);
          }
        } else if (key != "allOf" && key != "$ref") {
          (*result)[key] = value;
        }
      }
    };
    for (const auto& part : *all_of) {
      if (part.is_object()) take(Resolve(part.get_object()));
    }
    take(followed);
    (*result)["type"] = "object";
    (*result)["properties"] = std::move(properties);
    (*result)["required"] = std::move(required);
    if (preparing) return *merged.emplace(&followed, std::move(result)).first->second;
    std::lock_guard lock(mutex);
    return *late_merged.emplace(&followed, std::move(result)).first->second;
  }

  /// Merges every allOf and compiles every pattern a schema reaches (its properties, items and oneOf
  /// alternatives, through $refs), so that checking a request only looks them up.
  void Prepare(const json::object& schema, std::set<const json::object*>& seen) const {
    if (!seen.insert(&schema).second) return;
    const auto& resolved = Resolve(schema);
    if (!seen.insert(&resolved).second && &resolved != &schema) return;
    if (const auto pattern = StringAt(resolved, "pattern"); !pattern.empty() && !patterns.contains(pattern)) {
      patterns.emplace(pattern, std::regex(pattern, std::regex::ECMAScript));
    }
    if (const auto* properties = ObjectAt(resolved, "properties")) {
      for (const auto& [name, property] : *properties) {
        if (property.is_object()) Prepare(property.get_object(), seen);
      }
    }
    if (const auto* items = ObjectAt(resolved, "items")) Prepare(*items, seen);
    for (const auto* key : {"oneOf", "anyOf"}) {
      if (const auto* alternatives = ArrayAt(Follow(schema), key)) {
        for (const auto& alternative : *alternatives) {
          if (alternative.is_object()) Prepare(alternative.get_object(), seen);
        }
      }
    }
  }

  bool Nullable(const json::object& schema) const {
    const auto& followed = Follow(schema);
    if (const auto* type = followed.if_contains("type")) {
      if (type->is_string() && type->get_string() == "null") return true;
      if (type->is_array()) {
        for (const auto& name : type->get_array()) {
          if (name.is_string() && name.get_string() == "null") return true;
        }
      }
    }
    for (const auto* key : {"oneOf", "anyOf"}) {
      if (const auto* alternatives = ArrayAt(followed, key)) {
        for (const auto& alternative : *alternatives) {
          if (alternative.is_object() && IsNullSchema(alternative.get_object())) return true;
        }
      }
    }
    return false;
  }

  /// The non-null type names of a resolved schema; empty when it names none (anything goes).
  static std::vector<std::string> Types(const json::object& schema) {
    std::vector<std::string> types;
    if (const auto* type = schema.if_contains("type")) {
      if (type->is_string()) {
        types.emplace_back(type->get_string());
      } else if (type->is_array()) {
        for (const auto& name : type->get_array()) {
          if (name.is_string() && name.get_string() != "null") types.emplace_back(name.get_string());
        }
      }
    } else if (schema.contains("properties")) {
      types.emplace_back("object");
    }
    return types;
  }

  const std::regex& Pattern(std::string_view pattern) const {
    if (auto it = patterns.find(pattern); it != patterns.end()) return it->second;
    std::lock_guard lock(mutex);
    auto it = late_patterns.find(pattern);
    if (it == late_patterns.end()) {
      it = late_patterns
               .emplace(std::string(pattern), std::regex(std::string(pattern), std::regex::ECMAScript))
               .first;
    }
    return it->second;
  }

  /// The key x-messages gives for one rule of a schema (the generic key without `validation:`: `required`,
  /// `range`, `length.max`, `type.integer` or just `type`, …), the property's own before its $ref's; empty
  /// when it names none.
  std::string RuleMessage(const json::object& raw, const json::object& resolved, std::string_view key) const {
    constexpr std::string_view kGeneric = "validation:";
    if (!key.starts_with(kGeneric)) return {};
    const auto rule = key.substr(kGeneric.size());
    const auto dot = rule.find('.');
    for (const auto* schema : {&raw, &Follow(raw), &resolved}) {
      const auto* messages = ObjectAt(*schema, "x-messages");
      if (messages == nullptr) continue;
      if (auto found = StringAt(*messages, rule); !found.empty()) return found;
      if (dot != std::string_view::npos) {
        if (auto found = StringAt(*messages, rule.substr(0, dot)); !found.empty()) return found;
      }
    }
    return {};
  }

  /// Checks one present, non-null value. `message`: the key every error but "required" uses instead of the
  /// generic one (the x-message in force). False when it added an error.
  bool Check(const json::object& raw, json::value& value, const std::string& field, bool required,
             std::string message, Position position, ValidationErrors& errors) const {
    const json::object& schema = Resolve(raw);
    if (auto own = StringAt(raw, "x-message"); !own.empty()) {
      message = std::move(own);
    } else if (auto resolved = StringAt(schema, "x-message"); !resolved.empty()) {
      message = std::move(resolved);
    }
    auto fail = [&](std::string key, std::vector<std::pair<std::string, std::string>> params = {}) {
      if (auto rule = RuleMessage(raw, schema, key); !rule.empty()) {
        errors.Add(field, Message{std::move(rule), std::move(params)});
      } else {
        errors.Add(field, Message{message.empty() ? std::move(key) : message, std::move(params)});
      }
      return false;
    };
    const auto types = Types(schema);
    auto allows = [&](std::string_view type) {
      return types.empty() || std::ranges::find(types, type) != types.end();
    };
    if (value.is_null()) {
      if (Nullable(raw)) return true;
      return fail("validation:type." + (types.empty() ? std::string("string") : types.front()));
    }
    if (const auto* values = ArrayAt(schema, "enum")) {
      if (std::ranges::find(*values, value) == values->end() && !value.is_string()) {
        // Strings are compared after trimming, below.
        std::string names;
        for (const auto& name : *values) names += (names.empty() ? "" : ", ") + Text(name);
        return fail("validation:one_of", {{"values", names}});
      }
    }
    if (value.is_string() && allows("string"))
      return CheckString(raw, schema, value, required, position, fail);
    if (value.is_int64() && (allows("integer") || allows("number"))) {
      const std::int64_t number = value.get_int64();
      const auto minimum = IntAt(schema, "minimum");
      const auto maximum = IntAt(schema, "maximum");
      if ((minimum && number < *minimum) || (maximum && number > *maximum)) {
        return fail("validation:range", {{"min", minimum ? std::to_string(*minimum) : std::string("−∞")},
                                         {"max", maximum ? std::to_string(*maximum) : std::string("∞")}});
      }
      return true;
    }
    if (value.is_double() && allows("number")) return true;
    if (value.is_bool() && allows("boolean")) return true;
    if (value.is_array() && allows("array")) {
      auto& items = value.get_array();
      if (const auto most = IntAt(schema, "maxItems");
          most && items.size() > static_cast<std::size_t>(*most)) {
        return fail("validation:items.max", {{"count", std::to_string(*most)}});
      }
      const auto* item_schema = ObjectAt(schema, "items");
      if (item_schema == nullptr) return true;
      for (std::size_t i = 0; i < items.size(); ++i) {
        auto& item = items[i];
        // An item's errors use the item schema's own x-message, not the array's.
        // (A query parameter's items: the parameter's message, as its single value would.)
        // An object item's fields are named with its index ("experience.0.start"), as a form shows them;
        // a scalar item's error is the array's.
        const std::string at = item.is_object() ? field + "." + std::to_string(i) : field;
        if (!Check(*item_schema, item, at, true, position == Position::kParameter ? message : std::string(),
                   Position::kItem, errors)) {
          return false;
        }
      }
      return true;
    }
    if (value.is_object() && allows("object")) {
      Properties(schema, value.get_object(), field, errors);
      return true;
    }
    return fail("validation:type." + (types.empty() ? std::string("string") : types.front()));
  }

  template <class Fail>
  bool CheckString(const json::object& raw, const json::object& schema, json::value& value, bool required,
                   Position position, Fail& fail) const {
    std::string_view text = value.get_string();
    if (!IsValidUtf8(text)) return fail("validation:type.string");
    if (!FalseAt(raw, "x-trim") && !FalseAt(schema, "x-trim")) {
      const auto trimmed = Trim(text);
      if (trimmed.size() != text.size()) {
        value = json::string(trimmed);
        text = value.get_string();
      }
    }
    if (text.empty() && position != Position::kItem) {
      // A blank property: missing when required; "clear it" when optional, with no further rule.
      if (required) return fail("validation:required");
      return true;
    }
    const std::size_t length = Utf8Length(text);
    if (const auto least = IntAt(schema, "minLength"); least && length < static_cast<std::size_t>(*least)) {
      return fail("validation:length.min", {{"count", std::to_string(*least)}});
    }
    if (const auto most = IntAt(schema, "maxLength"); most && length > static_cast<std::size_t>(*most)) {
      return fail("validation:length.max", {{"count", std::to_string(*most)}});
    }
    if (const auto* values = ArrayAt(schema, "enum")) {
      if (std::ranges::find(*values, value) == values->end()) {
        std::string names;
        for (const auto& name : *values) names += (names.empty() ? "" : ", ") + Text(name);
        return fail("validation:one_of", {{"values", names}});
      }
    }
    if (const auto pattern = StringAt(schema, "pattern"); !pattern.empty()) {
      if (text.size() > kMaxPatternText || !std::regex_search(text.begin(), text.end(), Pattern(pattern))) {
        return fail("validation:format");
      }
    }
    const auto format = StringAt(schema, "format");
    if (format == "uuid" && !IsUuid(text)) return fail("validation:format");
    if (format == "date-time" && !ParseIsoTime(text)) return fail("validation:format");
    if (format == "email" && !IsMailAddress(text)) {
      return fail("validation:email");
    }
    return true;
  }

  /// The properties of an object schema: a missing or null required one is an error (unless the property
  /// admits null); a missing optional one with a default gets it.
  void Properties(const json::object& schema, json::object& object, const std::string& prefix,
                  ValidationErrors& errors) const {
    const auto* properties = ObjectAt(schema, "properties");
    if (properties == nullptr) return;
    const auto* required = ArrayAt(schema, "required");
    for (const auto& [name, property_value] : *properties) {
      if (!property_value.is_object()) continue;
      const auto& property = property_value.get_object();
      const std::string field = prefix.empty() ? std::string(name) : prefix + "." + std::string(name);
      const bool is_required =
          required != nullptr &&
          std::ranges::find(*required, json::value(json::string(name))) != required->end();
      auto* value = object.if_contains(name);
      if (value == nullptr || value->is_null()) {
        if (is_required && !(value != nullptr && Nullable(property))) {
          auto rule = RuleMessage(property, Resolve(property), "validation:required");
          errors.Add(field, Message{rule.empty() ? std::string("validation:required") : std::move(rule), {}});
        } else if (value == nullptr) {
          const auto& resolved = Resolve(property);
          const auto* fallback = property.if_contains("default");
          if (fallback == nullptr) fallback = resolved.if_contains("default");
          if (fallback != nullptr) object[name] = *fallback;
        }
        continue;
      }
      Check(property, *value, field, is_required, {}, Position::kProperty, errors);
    }
  }

  Operation Build(const std::string& id, const Source& source) const {
    Operation operation;
    operation.id = id;
    operation.method = source.method;
    operation.path = source.path;
    operation.pattern = source.path;
    operation.access = ParseAccess(StringAt(*source.operation, "x-access"), id);
    if (const auto* limit = source.operation->if_contains("x-body-limit")) {
      if (limit->is_int64() && limit->get_int64() > 0) {
        operation.body_limit = static_cast<std::size_t>(limit->get_int64());
      } else if (limit->is_string() && limit->get_string() == "upload") {
        operation.upload_limit = true;
      } else {
        throw std::logic_error("contract: " + id +
                               ": x-body-limit is a positive number of bytes or `upload`");
      }
    }
    if (const auto* browser = source.operation->if_contains("x-browser-resource")) {
      operation.browser_resource = browser->is_bool() && browser->get_bool();
      if (operation.browser_resource && operation.method != Method::kGet) {
        throw std::logic_error("contract: " + id + ": x-browser-resource is for GET operations only");
      }
    }
    if (const auto* own = source.operation->if_contains("x-session-in-handler")) {
      operation.session_in_handler = own->is_bool() && own->get_bool();
      if (operation.session_in_handler && operation.access != Access::kGuest) {
        throw std::logic_error("contract: " + id + ": x-session-in-handler is for guest operations only");
      }
    }
    if (const auto* foreign = source.operation->if_contains("x-foreign-client")) {
      operation.foreign_client = foreign->is_bool() && foreign->get_bool();
      if (operation.foreign_client && operation.access != Access::kGuest) {
        throw std::logic_error("contract: " + id + ": x-foreign-client is for guest operations only");
      }
    }
    if (const auto* limit = source.operation->if_contains("x-rate-limit")) {
      operation.rate_limit = ParseRateLimit(*limit, id, operation.access);
      const auto* responses = ObjectAt(*source.operation, "responses");
      if (responses == nullptr || !responses->contains("429")) {
        throw std::logic_error("contract: " + id + ": x-rate-limit needs a documented \"429\" response");
      }
    }
    const std::string query_message = StringAt(*source.operation, "x-query-message");
    for (const auto* owner : {source.path_item, source.operation}) {
      const auto* parameters = ArrayAt(*owner, "parameters");
      if (parameters == nullptr) continue;
      for (const auto& entry : *parameters) {
        if (!entry.is_object()) continue;
        const auto& parameter = Follow(entry.get_object());
        const auto in = StringAt(parameter, "in");
        const auto name = StringAt(parameter, "name");
        const auto* schema = ObjectAt(parameter, "schema");
        if (in == "path" && schema != nullptr) {
          const auto types = Types(Resolve(*schema));
          if (!types.empty() && types.front() == "integer") {
            const std::string placeholder = "{" + name + "}";
            if (auto at = operation.pattern.find(placeholder); at != std::string::npos) {
              operation.pattern.replace(at, placeholder.size(), "{" + name + ":int}");
            }
          }
        } else if (in == "query" && schema != nullptr) {
          QueryParameter query;
          query.name = name;
          query.schema = schema;
          const auto* required = parameter.if_contains("required");
          query.required = required != nullptr && required->is_bool() && required->get_bool();
          query.message = StringAt(parameter, "x-message");
          if (query.message.empty()) query.message = query_message;
          query.trim = !FalseAt(parameter, "x-trim");
          operation.query.push_back(std::move(query));
        }
      }
    }
    if (const auto* body = ObjectAt(*source.operation, "requestBody")) {
      const auto& resolved = Follow(*body);
      if (const auto* content = ObjectAt(resolved, "content")) {
        if (const auto* media = ObjectAt(*content, "application/json")) {
          operation.body = ObjectAt(*media, "schema");
          operation.form_body = ObjectAt(*content, "application/x-www-form-urlencoded") != nullptr;
        } else if (!content->empty()) {
          operation.raw_body = true;
        }
      }
    }
    if (const auto* responses = ObjectAt(*source.operation, "responses")) {
      for (const auto& [code, response] : *responses) {
        if (code.empty() || code.front() != '2' || !response.is_object()) continue;
        operation.status = std::stoi(std::string(code));
        const auto& resolved = Follow(response.get_object());
        if (const auto* content = ObjectAt(resolved, "content")) {
          if (const auto* media = ObjectAt(*content, "application/json")) {
            operation.response = ObjectAt(*media, "schema");
          }
        }
        break;
      }
    }
    // Everything a request of this operation is checked against, resolved now rather than per request.
    std::set<const json::object*> seen;
    preparing = true;
    try {
      if (operation.body != nullptr) Prepare(*operation.body, seen);
      if (operation.response != nullptr) Prepare(*operation.response, seen);
      for (const auto& parameter : operation.query) Prepare(*parameter.schema, seen);
    } catch (...) {
      preparing = false;
      throw;
    }
    preparing = false;
    return operation;
  }
};

Contract::Contract() : impl_(std::make_unique<Impl>()) {}
Contract::~Contract() = default;

bool Contract::HasPart(std::string_view name) const {
  return std::ranges::any_of(impl_->parts, [&](const auto& part) { return part.name == name; });
}

void Contract::AddPart(std::string_view name, std::string_view yaml) {
  YAML::Node node;
  try {
    node = YAML::Load(std::string(yaml));
  } catch (const YAML::Exception& e) {
    throw std::invalid_argument("contract part " + std::string(name) + ": " + e.what());
  }
  json::value root = ToJson(node);
  if (!root.is_object()) throw std::invalid_argument("contract part " + std::string(name) + " is not a map");
  auto& part = impl_->parts.emplace_back(Impl::Part{std::string(name), std::move(root.get_object())});
  const auto* paths = ObjectAt(part.root, "paths");
  if (paths == nullptr) return;
  for (const auto& [path, item_value] : *paths) {
    if (!item_value.is_object()) continue;
    const auto& item = item_value.get_object();
    for (const auto& [key, operation_value] : item) {
      const auto method = ParseOperationMethod(key);
      if (!method || !operation_value.is_object()) continue;
      const auto& operation = operation_value.get_object();
      std::string id = StringAt(operation, "operationId");
      if (id.empty()) continue;
      if (impl_->sources.contains(id)) {
        throw std::invalid_argument("contract part " + std::string(name) + ": operationId " + id +
                                    " is defined twice");
      }
      impl_->sources.emplace(std::move(id), Impl::Source{&operation, &item, *method, std::string(path)});
    }
  }
}

const Operation& Contract::Find(std::string_view operation_id) const {
  const std::string id(operation_id);
  {
    std::lock_guard lock(impl_->mutex);
    if (auto it = impl_->operations.find(id); it != impl_->operations.end()) return it->second;
  }
  const auto source = impl_->sources.find(id);
  if (source == impl_->sources.end()) {
    throw std::logic_error("contract: no part defines operation " + id);
  }
  Operation operation = impl_->Build(id, source->second);
  std::lock_guard lock(impl_->mutex);
  return impl_->operations.emplace(id, std::move(operation)).first->second;
}

const json::object& Contract::Resolve(const json::object& schema) const {
  return impl_->Resolve(schema);
}

bool Contract::Nullable(const json::object& schema) const {
  return impl_->Nullable(schema);
}

std::vector<std::string> Contract::Types(const json::object& schema) const {
  return Impl::Types(impl_->Resolve(schema));
}

void Contract::CheckBody(const Operation& operation, json::value& body, ValidationErrors& errors) const {
  if (operation.body == nullptr) return;
  const auto& schema = impl_->Resolve(*operation.body);
  if (!body.is_object()) {
    errors.Add("body", Message{"validation:type.object", {}});
    return;
  }
  impl_->Properties(schema, body.get_object(), "", errors);
}

json::object Contract::ReadQuery(const Operation& operation, const Request& request,
                                 ValidationErrors& errors) const {
  json::object values;
  for (const auto& parameter : operation.query) {
    const auto& schema = impl_->Resolve(*parameter.schema);
    auto fail = [&](std::string key) {
      // A value that is not even of its type: the parameter's message, with its range when it has one
      // ("Must be from 1 to 50." for ?limit=x, as for ?limit=0).
      std::vector<std::pair<std::string, std::string>> params;
      const auto minimum = IntAt(schema, "minimum");
      const auto maximum = IntAt(schema, "maximum");
      if (minimum && maximum) params = {{"min", std::to_string(*minimum)}, {"max", std::to_string(*maximum)}};
      errors.Add(parameter.name,
                 Message{parameter.message.empty() ? std::move(key) : parameter.message, std::move(params)});
    };
    // One value as the (item) schema types it; nullopt after adding its error.
    auto parse = [&](std::string_view text, const json::object& typed) -> std::optional<json::value> {
      const auto types = Impl::Types(typed);
      const std::string type = types.empty() ? std::string("string") : types.front();
      if (type == "integer") {
        std::int64_t number = 0;
        const char* end = text.data() + text.size();
        if (auto [at, error] = std::from_chars(text.data(), end, number); error != std::errc() || at != end) {
          const auto own = StringAt(typed, "x-message");
          fail(own.empty() ? std::string("validation:type.integer") : own);
          return std::nullopt;
        }
        return json::value(number);
      }
      if (type == "boolean") {
        if (text == "true" || text == "1") return json::value(true);
        if (text == "false" || text == "0") return json::value(false);
        fail("validation:type.boolean");
        return std::nullopt;
      }
      return json::value(json::string(text));
    };
    auto trim = [&](std::string_view text) { return parameter.trim ? Trim(text, kSpacesAndTabs) : text; };
    if (const auto types = Impl::Types(schema); types.size() == 1 && types.front() == "array") {
      // A repeated parameter (style: form, explode: true): ?employment=full&employment=part. Blank values
      // are left out; with uniqueItems a repeated value counts once.
      const auto* items_schema = ObjectAt(schema, "items");
      const json::object no_items;
      const auto& items = items_schema != nullptr ? impl_->Resolve(*items_schema) : no_items;
      const auto* unique = schema.if_contains("uniqueItems");
      const bool deduplicate = unique != nullptr && unique->is_bool() && unique->get_bool();
      json::array array;
      bool bad = false;
      for (const auto& raw : request.QueryParams(parameter.name)) {
        if (!IsValidUtf8(raw)) {
          fail("validation:type.string");
          bad = true;
          break;
        }
        const auto text = trim(raw);
        if (text.empty()) continue;
        auto item = parse(text, items);
        if (!item) {
          bad = true;
          break;
        }
        if (deduplicate && std::ranges::find(array, *item) != array.end()) continue;
        array.push_back(std::move(*item));
      }
      if (bad) continue;
      if (array.empty()) {
        if (const auto* fallback = schema.if_contains("default")) {
          values[parameter.name] = *fallback;
        } else if (parameter.required) {
          errors.Add(parameter.name, Message{"validation:required", {}});
        }
        continue;
      }
      json::value value = std::move(array);
      if (impl_->Check(*parameter.schema, value, parameter.name, parameter.required, parameter.message,
                       Impl::Position::kParameter, errors)) {
        values[parameter.name] = std::move(value);
      }
      continue;
    }
    const auto raw = request.QueryParam(parameter.name);
    std::string_view text;
    if (raw) {
      if (!IsValidUtf8(*raw)) {
        fail("validation:type.string");
        continue;
      }
      text = trim(*raw);
    }
    if (!raw ||
        (parameter.trim && text.empty())) {  // absent, or blank: absent (x-trim: false takes "" as sent)
      if (const auto* fallback = schema.if_contains("default")) {
        values[parameter.name] = *fallback;
      } else if (parameter.required) {
        errors.Add(parameter.name, Message{"validation:required", {}});
      }
      continue;
    }
    auto parsed = parse(text, schema);
    if (!parsed) continue;
    json::value value = std::move(*parsed);
    if (impl_->Check(*parameter.schema, value, parameter.name, parameter.required, parameter.message,
                     Impl::Position::kParameter, errors)) {
      values[parameter.name] = std::move(value);
    }
  }
  return values;
}

}  // namespace artel::web
