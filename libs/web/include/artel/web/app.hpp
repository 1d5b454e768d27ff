#pragma once

#include <boost/asio/awaitable.hpp>
#include <chrono>
#include <cstdint>
#include <expected>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "artel/core/error.hpp"
#include "artel/web/contract.hpp"
#include "artel/web/http.hpp"
#include "artel/web/router.hpp"

namespace artel::i18n {
class Catalog;
}  // namespace artel::i18n

namespace artel::web {

struct AppOptions {
  /// HMAC key for XSRF tokens.
  std::string secret;
  bool cookie_secure = false;
  /// Configured language codes; the first match of Accept-Language wins, else `default_language`.
  std::map<std::string, std::string> languages;
  std::string default_language = "en";
  std::size_t default_body_limit = 64 * 1024;
};

/// Resolves a raw session token to a principal, or says why there is none. The session cookie of a token
/// without a principal is deleted with the answer, unless its session ended only moments ago
/// (NoSession::kEndedRecently): the browser may hold the cookie of the session that replaced it by then.
using Authenticator =
    std::function<boost::asio::awaitable<std::expected<Principal, NoSession>>(std::string_view token)>;

/// Of these session ids (Principal::session_id), the ones that have ended: revoked, expired, or their user
/// blocked, by the same rule as the Authenticator's. Held outside a request: the realtime module asks it
/// about the sessions that authorised its sockets' subscriptions.
using SessionCheck =
    std::function<boost::asio::awaitable<std::vector<std::int64_t>>(std::vector<std::int64_t> session_ids)>;

/// Counts one call against a limit in the store every instance shares: the time to wait when `key` is now
/// over `limit` in its `window` (platform::RateLimiter::Hit, set by the host).
using RateLimitHit = std::function<boost::asio::awaitable<std::optional<std::chrono::seconds>>(
    std::string key, unsigned limit, std::chrono::seconds window)>;

/// A readiness probe for GET /readyz: true when the dependency answers.
using ReadinessCheck = std::function<boost::asio::awaitable<bool>()>;

/// The HTTP application: middleware, router and the one place where errors become responses.
/// Handle() never throws; it is safe to call from several io threads at once.
///
/// Middleware order: request id → language → session token → principal → `X-Requested-With` on /api/
/// → XSRF on unsafe methods → route → the route's access level (RouteOptions::access) → its rate limit
/// (RouteOptions::rate_limit) → handler. Every
/// response gets `X-Request-Id`, and an `XSRF-TOKEN` cookie when the request's one is missing or not valid
/// for its session.
class App final {
 public:
  App(AppOptions options, const i18n::Catalog& catalog);
  ~App();
  App(const App&) = delete;
  App& operator=(const App&) = delete;

  Router& GetRouter() noexcept;
  const Router& GetRouter() const noexcept;
  const AppOptions& Options() const noexcept;
  const i18n::Catalog& Catalog() const noexcept;

  /// The API contract (contract.hpp): the platform's part, and each converted domain's part, which its routes
  /// add before they bind their operations (web::Api).
  Contract& GetContract() noexcept;
  const Contract& GetContract() const noexcept;

  void SetAuthenticator(Authenticator authenticator);
  /// Set by the module that owns sessions (identity), beside its Authenticator.
  void SetSessionCheck(SessionCheck check);
  /// The SessionCheck's answer for `session_ids`; none has ended when no check is set (no module owns
  /// sessions). Throws what the check throws (a database error): the caller decides what an unknown answer
  /// means.
  boost::asio::awaitable<std::vector<std::int64_t>> EndedSessions(
      std::vector<std::int64_t> session_ids) const;
  void AddReadinessCheck(std::string name, ReadinessCheck check);
  /// Enforces the routes' RateLimitRule (x-rate-limit) through `hit`; `per_user` replaces a rule's per-user
  /// limit by its name (the settings' rate_limits.<operationId>; 0: none), and its per-address ceiling in
  /// proportion. Without it (tests of the web layer alone) no limit applies.
  void SetRateLimiter(RateLimitHit hit, std::map<std::string, unsigned, std::less<>> per_user = {});

  /// Body limit for the route a request line names (default limit when no route matches).
  std::size_t BodyLimit(Method method, std::string_view path) const;
  /// Body limit of a route found with GetRouter().Find.
  std::size_t BodyLimit(const Router::Match& route) const noexcept;

  boost::asio::awaitable<Response> Handle(Request& request) const;
  /// The same with the route already found for (request.method, request.path): the server looks it up once,
  /// for the body limit, and hands it on.
  boost::asio::awaitable<Response> Handle(Request& request, Router::Match route) const;

  /// The error shape `{"code","message","errors"?}`, localized into `lang`.
  Response ErrorResponse(const Error& error, std::string_view lang) const;
  /// Picks a configured language from an Accept-Language value.
  std::string NegotiateLanguage(std::string_view accept_language) const;

  /// A signed double-submit token bound to the session token (empty for guests): nonce.HMAC(secret,
  /// nonce|sha256(token)).
  std::string MakeXsrfToken(std::string_view session_token) const;
  bool VerifyXsrfToken(std::string_view xsrf_token, std::string_view session_token) const;

  /// Sets the session cookie (`artel_session`, HttpOnly, SameSite=Lax, Secure per options) and a fresh
  /// XSRF-TOKEN bound to it. Used on login and registration.
  void StartSession(Response& response, std::string_view session_token) const;
  /// Deletes the session cookie and issues a guest XSRF token. Used on logout.
  void EndSession(Response& response) const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

inline constexpr std::string_view kSessionCookie = "artel_session";
inline constexpr std::string_view kXsrfCookie = "XSRF-TOKEN";
inline constexpr std::string_view kXsrfHeader = "X-XSRF-TOKEN";

}  // namespace artel::web
