#pragma once

// HTTP as domain routes see it: plain values, no Beast. libs/server converts to and from the wire.

#include <boost/json/fwd.hpp>
#include <boost/json/object.hpp>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

#include "artel/core/actor.hpp"

namespace artel::web {

enum class Method : std::uint8_t { kGet, kHead, kPost, kPut, kPatch, kDelete, kOptions, kOther };

std::string_view MethodName(Method method) noexcept;
Method ParseMethod(std::string_view name) noexcept;
/// POST, PUT, PATCH, DELETE: the methods the XSRF check guards.
bool IsUnsafe(Method method) noexcept;

/// Header fields with case-insensitive names, in arrival order.
class Headers final {
 public:
  void Add(std::string name, std::string value);
  /// Replaces every field of that name.
  void Set(std::string name, std::string value);
  std::optional<std::string_view> Get(std::string_view name) const;
  const std::vector<std::pair<std::string, std::string>>& All() const noexcept { return fields_; }

 private:
  std::vector<std::pair<std::string, std::string>> fields_;
};

/// Who made the request, resolved from the session token by the authenticator (libs/identity): the
/// domain services' Actor.
using Principal = Actor;

struct Request {
  Method method = Method::kGet;
  std::string target;  // as received: path plus query
  std::string path;    // percent-decoded path
  std::string query;   // raw query string without '?'
  Headers headers;
  std::string body;
  std::string remote_ip;

  // Filled by the middleware and router before the handler runs.
  std::string request_id;
  std::string lang;  // a configured language code, from Accept-Language
  std::unordered_map<std::string, std::string> path_params;
  /// The raw session token (cookie or Authorization: Bearer); empty when none.
  std::string session_token;
  bool token_from_cookie = false;
  std::optional<Principal> principal;
  /// The token's session ended moments ago (NoSession::kEndedRecently): a guest, whose cookie is not deleted.
  /// Set by the middleware's authenticator, or by a RouteOptions::session_in_handler handler.
  bool session_ended_recently = false;

  std::optional<std::string_view> Header(std::string_view name) const { return headers.Get(name); }
  std::optional<std::string> Cookie(std::string_view name) const;
  /// Percent-decoded query parameter (first occurrence).
  std::optional<std::string> QueryParam(std::string_view name) const;
  /// Every occurrence of a repeated query parameter (`skill=1&skill=2`), percent-decoded, in order.
  std::vector<std::string> QueryParams(std::string_view name) const;
  /// A path parameter by name; routes declare them as `{name}` or `{name:int}`.
  std::string_view Param(std::string_view name) const;
  /// `{name:int}` parameters; throws NotFound when out of range.
  std::int64_t IntParam(std::string_view name) const;

  /// Throws Unauthenticated when nobody is signed in.
  const Principal& RequireUser() const;
  /// Throws Unauthenticated for guests and Forbidden for role < 1.
  const Principal& RequireAdmin() const;

  /// The body as a JSON object; an empty body reads as `{}`. Throws BadRequest: errors:invalid_utf8 for
  /// invalid UTF-8, errors:malformed_json for malformed JSON or a top level that is not an object.
  boost::json::object JsonBody() const;
  /// Whether the body is a form (Content-Type application/x-www-form-urlencoded).
  bool HasFormBody() const;
  /// A form body as an object of its fields' decoded texts (the first occurrence of a repeated one). Throws
  /// BadRequest: errors:invalid_utf8 for a field that is not UTF-8 once decoded.
  boost::json::object FormBody() const;
};

struct Cookie {
  std::string name;
  std::string value;
  std::string path = "/";
  /// nullopt: a session cookie; zero or negative: delete.
  std::optional<std::int64_t> max_age_seconds;
  bool http_only = true;
  bool secure = false;
  std::string same_site = "Lax";

  std::string Serialize() const;
};

struct Response {
  int status = 200;
  Headers headers;
  std::string body;
  std::vector<Cookie> cookies;

  static Response Json(const boost::json::value& value, int status = 200);
  static Response NoContent();
  /// `{}` with 200: for actions whose answer carries nothing.
  static Response Ok();
};

}  // namespace artel::web
