#pragma once

// The API contract at run time: the parts of docs/api/openapi.yaml (the platform's libs/web/api.yaml and each
// converted domain's libs/<domain>/api.yaml, compiled into their libraries) parsed once, so the HTTP edge is
// derived from the document the SPA's client is generated from instead of being written a second time:
//
// - an operation's method, path, access level, body limit and success status come from its operationId
//   (Contract::Find), and web::Api (api.hpp) registers the route from them;
// - request bodies and query parameters are checked against their schemas (Contract::CheckBody,
//   Contract::ReadQuery) with one field error per property in the existing 422 shape and messages;
// - the C++ types bound to an operation are checked against its schemas when the route is added
//   (api.hpp), so a type that drifts from the document stops start-up (and the contract test) instead of
//   answering something else.
//
// The schemas are the subset of JSON Schema (OpenAPI 3.1) the contract uses: type (a name or a list with
// "null"), properties, required, items, enum, const, minimum, maximum, minLength, maxLength, maxItems,
// pattern (ECMAScript), format (date-time, uuid, email), default, uniqueItems (query arrays), $ref to
// #/components/..., allOf (merged), oneOf of one schema and {type: "null"}, and an answer's oneOf of objects
// (a std::variant answer, api.hpp). Extensions the edge reads:
//   x-access        guest | user | verified_user | admin (every operation of a part bound through web::Api)
//   x-body-limit    bytes, or `upload` for the configured upload limit (ApiOptions::upload_limit)
//   x-message       on a property, an item schema or a parameter: the i18n key of its errors (else the
//                   generic validation:* keys); parameters {count}, {min}, {max}, {values} are filled in
//   x-messages     on a property: the i18n key of one rule's error, by the generic key's name without
//                   `validation:` ({required: reviews:rate_please, range: …}; `type` for every type.*),
//                   before x-message
//   x-query-message on an operation: the key of every query parameter's error without an x-message
//   x-trim          false: a string is taken as sent (default: spaces around it are dropped)
//   x-session-in-handler true on a guest operation whose handler looks the session up itself, in its own
//                   round trip (GET /api/user/info): RouteOptions::session_in_handler,
//                   web::Call::SessionToken
//   x-foreign-client true on a guest operation called by programs other than the SPA (a payment gateway's
//                   webhook, a mail client's RFC 8058 one-click unsubscribe): RouteOptions::foreign_client

#include <boost/json/object.hpp>
#include <boost/json/value.hpp>
#include <cstddef>
#include <deque>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "artel/core/error.hpp"
#include "artel/web/http.hpp"
#include "artel/web/router.hpp"

namespace artel::web {

/// A query parameter of an operation, resolved.
struct QueryParameter {
  std::string name;
  const boost::json::object* schema = nullptr;
  bool required = false;
  /// x-message of the parameter, else the operation's x-query-message, else empty (generic messages).
  std::string message;
  bool trim = true;
};

/// One operation as the edge needs it.
struct Operation {
  std::string id;
  Method method = Method::kGet;
  /// As the contract writes it ("/api/articles/{id}") and as the router matches it
  /// ("/api/articles/{id:int}").
  std::string path;
  std::string pattern;
  Access access = Access::kGuest;
  /// Bytes; nullopt: the server's default. `upload` in the contract is resolved by web::Api.
  std::optional<std::size_t> body_limit;
  bool upload_limit = false;
  /// `x-foreign-client: true`: called by a program that is not the SPA and carries no session (a payment
  /// gateway's webhook, a mail client's RFC 8058 one-click unsubscribe); the handler authenticates the
  /// request itself (a signature, a signed token). Guest operations only.
  bool foreign_client = false;
  /// `x-browser-resource: true`: a GET the browser itself fetches (a link, an <img>: a private file), so no
  /// `X-Requested-With` is asked for; the session and x-access still apply. GET operations only.
  bool browser_resource = false;
  /// `x-rate-limit: {per_user: 30, per_address: 300, window: 1h}` (window: seconds, or a number with s, m, h
  /// or d); per_address only, and required, on guest operations.
  std::optional<RateLimitRule> rate_limit;
  /// `x-session-in-handler: true`: the middleware does not look the session up; the handler does, in the same
  /// round trip as its own queries, and reports what it found (web::Call::SignedIn/NotSignedIn). Guest only.
  bool session_in_handler = false;
  /// The request body's JSON schema, or nullptr (no body, or a body that is not JSON: `raw_body`).
  const boost::json::object* body = nullptr;
  /// The body may also come as application/x-www-form-urlencoded (pusher-js's auth request): its fields,
  /// as texts, are checked against the same schema.
  bool form_body = false;
  bool raw_body = false;
  std::vector<QueryParameter> query;
  /// The first 2xx status the contract lists, and its JSON schema (nullptr: no content).
  int status = 200;
  const boost::json::object* response = nullptr;
};

/// The parsed parts. Not thread-safe while parts are added (module installation); read-only afterwards.
class Contract final {
 public:
  Contract();
  ~Contract();
  Contract(const Contract&) = delete;
  Contract& operator=(const Contract&) = delete;

  /// Adds a part (YAML text; `name` for messages). A $ref may point into any part, added before or after.
  /// std::invalid_argument for YAML that does not parse or an operationId defined twice.
  void AddPart(std::string_view name, std::string_view yaml);
  bool HasPart(std::string_view name) const;

  /// The operation; std::logic_error naming it when no part defines it or it lacks x-access.
  const Operation& Find(std::string_view operation_id) const;

  /// The schema itself with its $ref followed, allOf merged and a oneOf with null unwrapped (see Nullable).
  const boost::json::object& Resolve(const boost::json::object& schema) const;
  /// Whether a (resolved or not) schema admits null: type lists "null", or a oneOf has {type: "null"}.
  bool Nullable(const boost::json::object& schema) const;
  /// The JSON types a schema admits besides null ("string", "integer", "object", …); empty: any.
  std::vector<std::string> Types(const boost::json::object& schema) const;

  /// Checks a request body against the operation's schema and normalizes it in place (strings trimmed unless
  /// x-trim: false, defaults filled in), collecting one error per top-level property.
  void CheckBody(const Operation& operation, boost::json::value& body, ValidationErrors& errors) const;
  /// The operation's query parameters read from `request` into an object of typed values (integers parsed,
  /// strings trimmed, an empty value absent, defaults filled in), each checked against its schema. A
  /// parameter whose schema is an array is repeated (`style: form, explode: true`:
  /// ?employment=full&employment=part): every non-blank value typed by `items`, once each with
  /// `uniqueItems: true`, the array checked (maxItems, the items; their errors under the parameter's
  /// message); none at all is absent.
  boost::json::object ReadQuery(const Operation& operation, const Request& request,
                                ValidationErrors& errors) const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace artel::web
