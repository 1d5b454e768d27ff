#include "artel/web/http.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <boost/json/parse.hpp>
#include <boost/json/serialize.hpp>
#include <boost/json/value.hpp>
#include <charconv>

#include "artel/core/error.hpp"
#include "artel/core/text.hpp"
#include "artel/web/json.hpp"

namespace artel::web {
namespace {

int HexValue(char c) noexcept {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

/// Form-style decoding: `%XX` escapes and '+' as a space; a malformed escape stays as it is.
std::string DecodeQueryComponent(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (std::size_t i = 0; i < text.size(); ++i) {
    char c = text[i];
    if (c == '+') {
      out += ' ';
    } else if (c == '%' && i + 2 < text.size() && HexValue(text[i + 1]) >= 0 && HexValue(text[i + 2]) >= 0) {
      out += static_cast<char>(HexValue(text[i + 1]) * 16 + HexValue(text[i + 2]));
      i += 2;
    } else {
      out += c;
    }
  }
  return out;
}

/// Calls `visit(name, raw_value)` for each `name=value` pair of a query string or form body, in order: the
/// name decoded, the value as sent (DecodeQueryComponent it when wanted; a pair without `=` has an empty
/// one); empty pairs are skipped. `visit` returns false to stop.
template <class Visit>
void ForEachPair(std::string_view text, Visit visit) {
  while (!text.empty()) {
    const auto end = text.find('&');
    const std::string_view pair = text.substr(0, end);
    text = end == std::string_view::npos ? std::string_view() : text.substr(end + 1);
    if (pair.empty()) continue;
    const auto eq = pair.find('=');
    std::string value =
        eq == std::string_view::npos ? std::string() : DecodeQueryComponent(pair.substr(eq + 1));
    if (!visit(DecodeQueryComponent(pair.substr(0, eq)), std::move(value))) return;
  }
}

}  // namespace

std::string_view MethodName(Method method) noexcept {
  switch (method) {
    case Method::kGet:
      return "GET";
    case Method::kHead:
      return "HEAD";
    case Method::kPost:
      return "POST";
    case Method::kPut:
      return "PUT";
    case Method::kPatch:
      return "PATCH";
    case Method::kDelete:
      return "DELETE";
    case Method::kOptions:
      return "OPTIONS";
    case Method::kOther:
      return "OTHER";
  }
  return "OTHER";
}

Method ParseMethod(std::string_view name) noexcept {
  // Method names are case-sensitive (RFC 9110 §9.1).
  if (name == "GET") return Method::kGet;
  if (name == "HEAD") return Method::kHead;
  if (name == "POST") return Method::kPost;
  if (name == "PUT") return Method::kPut;
  if (name == "PATCH") return Method::kPatch;
  if (name == "DELETE") return Method::kDelete;
  if (name == "OPTIONS") return Method::kOptions;
  return Method::kOther;
}

bool IsUnsafe(Method method) noexcept {
  return method == Method::kPost || method == Method::kPut || method == Method::kPatch ||
         method == Method::kDelete;
}

void Headers::Add(std::string name, std::string value) {
  fields_.emplace_back(std::move(name), std::move(value));
}

void Headers::Set(std::string name, std::string value) {
  std::erase_if(fields_, [&](const auto& field) { return EqualsAsciiCaseless(field.first, name); });
  fields_.emplace_back(std::move(name), std::move(value));
}

std::optional<std::string_view> Headers::Get(std::string_view name) const {
  for (const auto& [field, value] : fields_) {
    if (EqualsAsciiCaseless(field, name)) return std::string_view(value);
  }
  return std::nullopt;
}

std::optional<std::string> Request::Cookie(std::string_view name) const {
  // Browsers send one Cookie header; HTTP/2 proxies may split it into several.
  for (const auto& [field, value] : headers.All()) {
    if (!EqualsAsciiCaseless(field, "Cookie")) continue;
    std::string_view rest = value;
    while (!rest.empty()) {
      auto end = rest.find(';');
      std::string_view pair = Trim(rest.substr(0, end), kSpacesAndTabs);
      rest = end == std::string_view::npos ? std::string_view() : rest.substr(end + 1);
      auto eq = pair.find('=');
      if (eq == std::string_view::npos || Trim(pair.substr(0, eq), kSpacesAndTabs) != name) continue;
      std::string_view cookie_value = Trim(pair.substr(eq + 1), kSpacesAndTabs);
      if (cookie_value.size() >= 2 && cookie_value.front() == '"' && cookie_value.back() == '"') {
        cookie_value = cookie_value.substr(1, cookie_value.size() - 2);
      }
      return std::string(cookie_value);
    }
  }
  return std::nullopt;
}

std::optional<std::string> Request::QueryParam(std::string_view name) const {
  std::optional<std::string> found;
  ForEachPair(query, [&](const std::string& key, std::string_view value) {
    if (key != name) return true;
    found = DecodeQueryComponent(value);
    return false;
  });
  return found;
}

std::vector<std::string> Request::QueryParams(std::string_view name) const {
  std::vector<std::string> values;
  ForEachPair(query, [&](const std::string& key, std::string_view value) {
    if (key == name) values.push_back(DecodeQueryComponent(value));
    return true;
  });
  return values;
}

std::string_view Request::Param(std::string_view name) const {
  auto it = path_params.find(std::string(name));
  return it == path_params.end() ? std::string_view() : std::string_view(it->second);
}

std::int64_t Request::IntParam(std::string_view name) const {
  std::string_view text = Param(name);
  if (text.empty() || !std::all_of(text.begin(), text.end(), [](char c) { return c >= '0' && c <= '9'; })) {
    throw NotFound();
  }
  std::int64_t value = 0;
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (ec != std::errc() || end != text.data() + text.size()) throw NotFound();
  return value;
}

const Principal& Request::RequireUser() const {
  if (!principal) throw Unauthenticated();
  return *principal;
}

const Principal& Request::RequireAdmin() const {
  const Principal& user = RequireUser();
  if (!user.IsAdmin()) throw Forbidden();
  return user;
}

boost::json::object Request::JsonBody() const {
  if (body.find_first_not_of(" \t\r\n") == std::string::npos) {
    return boost::json::object();
  }
  if (!IsValidUtf8(body)) throw BadRequest({"errors:invalid_utf8", {}});
  boost::system::error_code ec;
  boost::json::value value = boost::json::parse(body, ec);
  if (ec || !value.is_object()) throw BadRequest({"errors:malformed_json", {}});
  return std::move(value.as_object());
}

bool Request::HasFormBody() const {
  const auto type = Header("Content-Type");
  return type && StartsWithAsciiCaseless(Trim(*type, kSpacesAndTabs), "application/x-www-form-urlencoded");
}

boost::json::object Request::FormBody() const {
  boost::json::object fields;
  ForEachPair(body, [&](const std::string& key, std::string_view raw) {
    std::string value = DecodeQueryComponent(raw);
    if (!IsValidUtf8(key) || !IsValidUtf8(value)) throw BadRequest({"errors:invalid_utf8", {}});
    if (!fields.contains(key)) fields[key] = std::move(value);
    return true;
  });
  return fields;
}

std::string Cookie::Serialize() const {
  std::string out = fmt::format("{}={}", name, value);
  if (!path.empty()) out += fmt::format("; Path={}", path);
  if (max_age_seconds) {
    out += fmt::format("; Max-Age={}", std::max<std::int64_t>(*max_age_seconds, 0));
    // Old clients ignore Max-Age; an Expires in the past makes deletion reliable for them too.
    if (*max_age_seconds <= 0) out += "; Expires=Thu, 01 Jan 1970 00:00:00 GMT";
  }
  if (http_only) out += "; HttpOnly";
  if (secure) out += "; Secure";
  if (!same_site.empty()) out += fmt::format("; SameSite={}", same_site);
  return out;
}

Response Response::Json(const boost::json::value& value, int status) {
  Response response;
  response.status = status;
  response.headers.Set("Content-Type", "application/json; charset=utf-8");
  response.body = boost::json::serialize(value);
  return response;
}

Response Response::NoContent() {
  Response response;
  response.status = 204;
  return response;
}

Response Response::Ok() {
  return Json(boost::json::object());
}

}  // namespace artel::web
