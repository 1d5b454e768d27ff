#pragma once

#include <boost/asio/awaitable.hpp>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "artel/web/http.hpp"

namespace artel::web {

using Handler = std::function<boost::asio::awaitable<Response>(Request&)>;

/// Who may call a route. App::Handle checks it after authentication and before the handler runs; handlers
/// keep their object-level checks (ownership stays in the service).
enum class Access : std::uint8_t {
  kGuest,         // anybody, signed in or not
  kUser,          // a signed-in user (401 Unauthenticated otherwise)
  kVerifiedUser,  // a signed-in user whose e-mail address is verified (403 errors:email_not_verified)
  kAdmin,         // role >= 1 in a session of its own, not impersonating (403 Forbidden)
};

/// "guest", "user", "verified_user", "admin": for route listings and docs.
std::string_view AccessName(Access access) noexcept;

/// `x-rate-limit` of a contract operation: at most `per_user` calls in `window` by one signed-in user, and
/// for a guest operation called without a session at most `per_address` from one client address (a shared
/// NAT's many people: a ceiling well above one person's use). Counted in the store every instance shares
/// (App's RateLimitHit); 429 with Retry-After past it. `rate_limits.<name>` in the settings replaces
/// `per_user` (0: no limit), and the address's ceiling in proportion.
struct RateLimitRule {
  /// The operation id: the counters' key and the setting's name.
  std::string name;
  unsigned per_user = 0;
  unsigned per_address = 0;
  std::chrono::seconds window{0};
};

struct RouteOptions {
  /// Largest body this route accepts; the server enforces it before reading the body (413).
  std::size_t body_limit = 64 * 1024;
  /// Skip the XSRF check (only for endpoints that authenticate otherwise, e.g. webhooks).
  bool skip_xsrf = false;
  /// Fetched by the browser itself (`<img src>`, download links), which cannot add the
  /// `X-Requested-With` marker; honoured for GET and HEAD only.
  bool browser_resource = false;
  /// The handler looks the session up itself, in the same round trip as its own queries (GET /api/user/info):
  /// the middleware does not call the authenticator. The handler sets `request.principal` when the token is
  /// valid; a token it leaves without a principal is treated as the middleware treats an invalid one (the
  /// session cookie is deleted, the XSRF cookie is a guest's). Only for guest-level routes.
  bool session_in_handler = false;
  /// Called by a program that is not the SPA and carries no session (a payment gateway's webhook, a mail
  /// client's RFC 8058 one-click unsubscribe; `x-foreign-client` in the contract): neither `X-Requested-With`
  /// nor the XSRF token is required. Only for guest-level routes whose handler authenticates the request
  /// itself (a signature, a signed token).
  bool foreign_client = false;
  Access access = Access::kGuest;
  /// Checked after the access level, before the handler (x-rate-limit in the contract).
  std::optional<RateLimitRule> rate_limit;
};

struct RouteInfo {
  Method method;
  /// The pattern as registered, e.g. "/api/user/sessions/{id:int}".
  std::string pattern;
  RouteOptions options;
};

/// Maps (method, path) to a handler. Patterns are literal segments plus `{name}` (one segment) and
/// `{name:int}` (digits only) parameters. Literal segments win over parameters.
class Router final {
 public:
  Router();
  ~Router();
  Router(const Router&) = delete;
  Router& operator=(const Router&) = delete;

  /// Throws std::logic_error on a duplicate (method, pattern).
  void Add(Method method, std::string_view pattern, Handler handler, RouteOptions options = {});

  struct Match {
    const Handler* handler = nullptr;
    const RouteOptions* options = nullptr;
    std::vector<std::pair<std::string, std::string>> params;
    /// True when the path exists under another method (405 rather than 404).
    bool path_exists = false;
  };
  Match Find(Method method, std::string_view path) const;

  std::vector<RouteInfo> Routes() const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace artel::web
