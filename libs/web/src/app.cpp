#include "artel/web/app.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <boost/describe/class.hpp>
#include <boost/json/array.hpp>
#include <boost/json/object.hpp>
#include <boost/json/value.hpp>
#include <charconv>
#include <chrono>
#include <cstdint>
#include <cstring>
#include <exception>
#include <utility>
#include <vector>

#include "artel/core/crypto.hpp"
#include "artel/core/log.hpp"
#include "artel/core/text.hpp"
#include "artel/db/errors.hpp"
#include "artel/i18n/catalog.hpp"
#include "artel/web/api.hpp"

namespace artel::web {
namespace {

using boost::asio::awaitable;

/// Sessions last 180 days without use; the browser keeps the cookie as long.
constexpr std::int64_t kSessionCookieMaxAge = 180LL * 24 * 60 * 60;
/// A client-supplied request id is echoed only when it is short and cannot smuggle anything into logs.
constexpr std::size_t kMaxRequestIdLength = 64;
/// XSRF tokens we issue are ~70 characters; anything far longer is not ours and not worth an HMAC.
constexpr std::size_t kMaxXsrfTokenLength = 256;
/// Accept-Language lists longer than this are cut: nobody prefers 32 languages, and parsing is per request.
constexpr std::size_t kMaxLanguageRanges = 32;
constexpr std::size_t kMaxLoggedPathLength = 256;

constexpr std::array kAllowCandidates = {Method::kGet,   Method::kHead,   Method::kPost,   Method::kPut,
                                         Method::kPatch, Method::kDelete, Method::kOptions};

bool IsApiPath(std::string_view path) noexcept {
  return path.starts_with("/api/");
}

bool IsProbePath(std::string_view path) noexcept {
  return path == "/healthz" || path == "/readyz";
}

/// Paths that never look the session up: the probes must answer without the database, and `/api/ping`
/// (which answers the same to everybody) must not wait for a pool connection behind requests that need one.
bool IsSessionless(std::string_view path) noexcept {
  return IsProbePath(path) || path == "/api/ping";
}

/// A request id: 12 bytes as 16 base64url characters, like RandomToken(12), from a per-thread splitmix64
/// sequence seeded once from RAND_bytes. Ids only correlate log lines (a client may send its own), so they
/// need to be unique, not unpredictable; RAND_bytes per request cost more than the rest of a ping's
/// middleware. Each id takes 96 bits of two successive outputs of the sequence (a bijection of its counter,
/// so its outputs do not repeat within 2^64 steps); threads start at random points of it. A collision is as
/// unlikely as between two random 96-bit ids.
std::string NewRequestId() {
  struct Sequence {
    Sequence() {
      std::string seed = RandomBytes(sizeof state);
      std::memcpy(&state, seed.data(), sizeof state);
    }
    std::uint64_t Next() noexcept {
      std::uint64_t z = (state += 0x9E3779B97F4A7C15ULL);
      z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
      z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
      return z ^ (z >> 31);
    }
    std::uint64_t state = 0;
  };
  thread_local Sequence sequence;
  static constexpr char kAlphabet[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
  const std::uint64_t high = sequence.Next();
  const std::uint64_t low = sequence.Next();
  std::string id(16, '\0');
  for (int i = 0; i < 10; ++i) id[i] = kAlphabet[(high >> (6 * i)) & 63];     // 60 bits
  for (int i = 0; i < 6; ++i) id[10 + i] = kAlphabet[(low >> (6 * i)) & 63];  // 36 bits
  return id;
}

/// hex(SHA-256(session token)), the part of an XSRF MAC that binds it to the session. Guests (the empty
/// token) are most of the answers that check or mint one: theirs is computed once.
std::string SessionBinding(std::string_view session_token) {
  if (session_token.empty()) {
    static const std::string kGuest = ToHex(Sha256(""));
    return kGuest;
  }
  return ToHex(Sha256(session_token));
}

bool IsSafeRequestId(std::string_view id) noexcept {
  return !id.empty() && id.size() <= kMaxRequestIdLength && std::all_of(id.begin(), id.end(), [](char c) {
    return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-' ||
           c == '_' || c == '.';
  });
}

/// The token of `Authorization: Bearer <token>`; empty for other schemes.
std::string_view BearerToken(std::string_view authorization) noexcept {
  constexpr std::string_view kScheme = "Bearer ";
  if (!StartsWithAsciiCaseless(authorization, kScheme)) return {};
  return Trim(authorization.substr(kScheme.size()), kSpacesAndTabs);
}

/// Control characters in a decoded path would let a client forge log lines.
std::string PathForLog(std::string_view path) {
  std::string out(path.substr(0, kMaxLoggedPathLength));
  for (char& c : out) {
    auto byte = static_cast<unsigned char>(c);
    if (byte < 0x20 || byte == 0x7F) c = '?';
  }
  if (path.size() > kMaxLoggedPathLength) out += "...";
  return out;
}

bool HasCookie(const Response& response, std::string_view name) {
  return std::any_of(response.cookies.begin(), response.cookies.end(),
                     [&](const Cookie& cookie) { return cookie.name == name; });
}

void ReplaceCookie(Response& response, Cookie cookie) {
  std::erase_if(response.cookies, [&](const Cookie& existing) { return existing.name == cookie.name; });
  response.cookies.push_back(std::move(cookie));
}

/// The route's access level, for the principal the session named (nullopt: a guest).
void CheckAccess(Access access, const std::optional<Principal>& principal) {
  if (access == Access::kGuest) return;
  if (!principal) throw Unauthenticated();
  switch (access) {
    case Access::kGuest:
    case Access::kUser:
      return;
    case Access::kVerifiedUser:
      if (!principal->email_verified) throw Forbidden({"errors:email_not_verified", {}});
      return;
    case Access::kAdmin:
      // An impersonating session carries the impersonated user's role; it never acts as an admin.
      if (!principal->IsAdmin() || principal->impersonator_id) throw Forbidden();
      return;
  }
}

/// The counter a call of a rate-limited route goes to, and its limit (0: none): a signed-in caller's own, or
/// a guest's address's.
std::pair<std::string, unsigned> RateLimitOf(const RateLimitRule& rule, unsigned per_user,
                                             const Request& request) {
  if (request.principal) return {fmt::format("op:{}:u{}", rule.name, request.principal->user_id), per_user};
  if (rule.per_address == 0 || request.remote_ip.empty()) return {std::string(), 0};
  // A setting that changes the per-user limit moves the address's ceiling with it.
  const auto per_address =
      per_user == rule.per_user
          ? rule.per_address
          : static_cast<unsigned>(std::uint64_t{rule.per_address} * per_user / std::max(1u, rule.per_user));
  return {fmt::format("op:{}:a{}", rule.name, request.remote_ip), per_address};
}

/// What the middleware learned about a request that only matters when the response is finished.
struct RequestState {
  /// The session cookie named an unknown, expired or revoked session.
  bool delete_session_cookie = false;
  /// Authenticated by `Authorization: Bearer` with no session cookie: not a browser, not CSRF-able.
  bool bearer_without_cookie = false;
  /// The XSRF check failed: hand out a new token even if the old cookie verifies.
  bool fresh_xsrf = false;
};

/// The request's token named no valid session: from here on the request is a guest's, and a session cookie
/// that carried the token is deleted with the response.
void ForgetSession(Request& request, RequestState& state) {
  state.delete_session_cookie = request.token_from_cookie && !request.session_ended_recently;
  request.session_token.clear();
  request.token_from_cookie = false;
}

}  // namespace

/// libs/web/api.yaml, compiled in (artel_contract_part).
std::string_view PlatformContract();

struct App::Impl {
  Impl(AppOptions o, const i18n::Catalog& c) : options(std::move(o)), catalog(c) {}

  AppOptions options;
  const i18n::Catalog& catalog;
  Router router;
  Contract contract;
  Authenticator authenticator;
  SessionCheck session_check;
  RateLimitHit rate_limit_hit;
  std::map<std::string, unsigned, std::less<>> rate_limits;
  std::vector<std::pair<std::string, ReadinessCheck>> readiness_checks;
};

namespace {

/// The one place where exceptions become HTTP responses.
Response ErrorFromException(const App& app, std::exception_ptr exception, const Request& request) {
  try {
    std::rethrow_exception(std::move(exception));
  } catch (const Error& error) {
    if (HttpStatus(error.Code()) >= 500) {
      log::Warning("request {} failed: {} ({})", request.request_id, CodeName(error.Code()), error.what());
    }
    return app.ErrorResponse(error, request.lang);
  } catch (const db::ConnectionError& error) {
    log::Warning("request {}: database unavailable: {}", request.request_id, error.what());
    return app.ErrorResponse(ServiceUnavailable(), request.lang);
  } catch (const db::PoolTimeout& error) {
    log::Warning("request {}: no database connection in time: {}", request.request_id, error.what());
    return app.ErrorResponse(ServiceUnavailable(), request.lang);
  } catch (const db::QueryCanceled& error) {
    log::Warning("request {}: query canceled: {}", request.request_id, error.what());
    return app.ErrorResponse(ServiceUnavailable(), request.lang);
  } catch (const db::UniqueViolation& error) {
    log::Warning("request {}: unique violation not handled by the domain (constraint '{}')",
                 request.request_id, error.Constraint());
    return app.ErrorResponse(Conflict(), request.lang);
  } catch (const std::exception& error) {
    log::Error("request {} failed: {}", request.request_id, error.what());
    return app.ErrorResponse(Error(ErrorCode::kInternal), request.lang);
  } catch (...) {
    log::Error("request {} failed with a non-standard exception", request.request_id);
    return app.ErrorResponse(Error(ErrorCode::kInternal), request.lang);
  }
}

/// Used only when building the regular error response failed too (out of memory, broken catalogue).
Response LastResortResponse() {
  Response response;
  response.status = 500;
  response.headers.Set("Content-Type", "application/json; charset=utf-8");
  response.body = R"({"code":"Internal","message":"Internal"})";
  return response;
}

}  // namespace

namespace {

struct ProbeStatusView {
  std::string status;
};
BOOST_DESCRIBE_STRUCT(ProbeStatusView, (), (status))

struct PongView {
  bool pong = true;
};
BOOST_DESCRIBE_STRUCT(PongView, (), (pong))

using ReadinessChecks = std::vector<std::pair<std::string, ReadinessCheck>>;

/// The platform's own operations (libs/web/api.yaml): the probes and /api/ping.
class Probes final {
 public:
  /// The checks modules add later (AddReadinessCheck), read at each request.
  explicit Probes(const ReadinessChecks& checks) : checks_(checks) {}

  awaitable<ProbeStatusView> Alive(const Call&) { co_return ProbeStatusView{"ok"}; }

  /// 503 unless every readiness check a module added answers (the database, for one).
  awaitable<ProbeStatusView> Ready(const Call& call) {
    bool ready = true;
    for (const auto& [name, check] : checks_) {
      bool ok = false;
      try {
        ok = co_await check();
      } catch (const std::exception& error) {
        log::Warning("request {}: readiness check '{}' threw: {}", call.Raw().request_id, name, error.what());
      }
      if (!ok) {
        log::Warning("request {}: readiness check '{}' failed", call.Raw().request_id, name);
        ready = false;
      }
    }
    if (!ready) throw ServiceUnavailable();
    co_return ProbeStatusView{"ready"};
  }

  awaitable<PongView> Ping(const Call&) { co_return PongView{}; }

 private:
  const ReadinessChecks& checks_;
};

}  // namespace

App::App(AppOptions options, const i18n::Catalog& catalog)
    : impl_(std::make_unique<Impl>(std::move(options), catalog)) {
  if (impl_->options.secret.empty()) {
    // An empty HMAC key would make XSRF tokens forgeable; a per-process key only costs a 419 on restart.
    log::Warning("web: no secret configured; XSRF tokens will not survive a restart");
    impl_->options.secret = RandomBytes(32);
  }
  impl_->contract.AddPart("platform", PlatformContract());
  Api<Probes> api(*this, std::make_shared<Probes>(impl_->readiness_checks));
  api.Add("healthz", &Probes::Alive);
  api.Add("readyz", &Probes::Ready);
  api.Add("ping", &Probes::Ping);
}

App::~App() = default;

Contract& App::GetContract() noexcept {
  return impl_->contract;
}

const Contract& App::GetContract() const noexcept {
  return impl_->contract;
}

Router& App::GetRouter() noexcept {
  return impl_->router;
}

const Router& App::GetRouter() const noexcept {
  return impl_->router;
}

const AppOptions& App::Options() const noexcept {
  return impl_->options;
}

const i18n::Catalog& App::Catalog() const noexcept {
  return impl_->catalog;
}

void App::SetAuthenticator(Authenticator authenticator) {
  impl_->authenticator = std::move(authenticator);
}

void App::SetSessionCheck(SessionCheck check) {
  impl_->session_check = std::move(check);
}

void App::SetRateLimiter(RateLimitHit hit, std::map<std::string, unsigned, std::less<>> per_user) {
  impl_->rate_limit_hit = std::move(hit);
  impl_->rate_limits = std::move(per_user);
}

awaitable<std::vector<std::int64_t>> App::EndedSessions(std::vector<std::int64_t> session_ids) const {
  if (!impl_->session_check || session_ids.empty()) co_return std::vector<std::int64_t>{};
  // The call is made outside the co_await (g++ 12: no temporaries with destructors across it).
  auto pending = impl_->session_check(std::move(session_ids));
  co_return co_await std::move(pending);
}

void App::AddReadinessCheck(std::string name, ReadinessCheck check) {
  impl_->readiness_checks.emplace_back(std::move(name), std::move(check));
}

std::size_t App::BodyLimit(Method method, std::string_view path) const {
  return BodyLimit(impl_->router.Find(method, path));
}

std::size_t App::BodyLimit(const Router::Match& route) const noexcept {
  return route.options != nullptr ? route.options->body_limit : impl_->options.default_body_limit;
}

awaitable<Response> App::Handle(Request& request) const {
  Router::Match route = impl_->router.Find(request.method, request.path);
  co_return co_await Handle(request, std::move(route));
}

awaitable<Response> App::Handle(Request& request, Router::Match match) const {
  const auto started = std::chrono::steady_clock::now();
  const Impl& impl = *impl_;
  RequestState state;
  Response response;
  try {
    try {
      auto incoming_id = request.Header("X-Request-Id");
      request.request_id =
          incoming_id && IsSafeRequestId(*incoming_id) ? std::string(*incoming_id) : NewRequestId();
      request.lang = NegotiateLanguage(request.Header("Accept-Language").value_or(""));

      request.session_token.clear();
      request.token_from_cookie = false;
      request.principal.reset();
      request.session_ended_recently = false;
      auto session_cookie = request.Cookie(kSessionCookie);
      if (session_cookie && !session_cookie->empty()) {
        request.session_token = std::move(*session_cookie);
        request.token_from_cookie = true;
      } else if (auto authorization = request.Header("Authorization")) {
        request.session_token = std::string(BearerToken(*authorization));
        state.bearer_without_cookie = !request.session_token.empty();
      }
      // Probes and ping must answer without the database, so they never look the session up; a route whose
      // handler looks it up in its own round trip (RouteOptions::session_in_handler) neither.
      const bool session_in_handler = match.options != nullptr && match.options->session_in_handler;
      if (impl.authenticator && !request.session_token.empty() && !IsSessionless(request.path) &&
          !session_in_handler) {
        auto checked = co_await impl.authenticator(request.session_token);
        if (checked) {
          request.principal = std::move(*checked);
        } else {
          request.session_ended_recently = checked.error() == NoSession::kEndedRecently;
          ForgetSession(request, state);
        }
      }

      const bool api = IsApiPath(request.path);
      const bool foreign = match.options != nullptr && match.options->foreign_client;
      const bool browser_resource = (match.options != nullptr && match.options->browser_resource &&
                                     (request.method == Method::kGet || request.method == Method::kHead)) ||
                                    foreign;
      if (api && !browser_resource) {
        auto requested_with = request.Header("X-Requested-With");
        if (!requested_with || Trim(*requested_with, kSpacesAndTabs) != "XMLHttpRequest") {
          throw BadRequest({"errors:missing_requested_with", {}});
        }
      }

      const bool skip_xsrf = match.options != nullptr && (match.options->skip_xsrf || foreign);
      if (api && IsUnsafe(request.method) && !skip_xsrf && !state.bearer_without_cookie) {
        auto header = request.Header(kXsrfHeader);
        auto cookie = request.Cookie(kXsrfCookie);
        if (!header || !cookie || !ConstantTimeEquals(*header, *cookie) ||
            !VerifyXsrfToken(*header, request.session_token)) {
          state.fresh_xsrf = true;
          throw Error(ErrorCode::kXsrfTokenMismatch);
        }
      }

      if (match.handler == nullptr) {
        if (!match.path_exists) throw NotFound();
        response = ErrorResponse(Error(ErrorCode::kMethodNotAllowed), request.lang);
        std::string allow;
        for (Method candidate : kAllowCandidates) {
          if (impl.router.Find(candidate, request.path).handler == nullptr) continue;
          if (!allow.empty()) allow += ", ";
          allow += MethodName(candidate);
        }
        response.headers.Set("Allow", std::move(allow));
      } else {
        CheckAccess(match.options->access, request.principal);
        if (match.options->rate_limit && impl.rate_limit_hit) {
          const auto& rule = *match.options->rate_limit;
          const auto configured = impl.rate_limits.find(rule.name);
          const unsigned per_user = configured == impl.rate_limits.end() ? rule.per_user : configured->second;
          auto [key, limit] = RateLimitOf(rule, per_user, request);
          if (limit > 0) {
            // A named awaitable: no temporary with a destructor lives across the co_await (g++ 12).
            auto counted = impl.rate_limit_hit(std::move(key), limit, rule.window);
            const auto wait = co_await std::move(counted);
            if (wait) throw RateLimited(*wait);
          }
        }
        request.path_params.clear();
        for (auto& [name, value] : match.params)
          request.path_params.emplace(std::move(name), std::move(value));
        response = co_await (*match.handler)(request);
        if (session_in_handler && !request.session_token.empty() && !request.principal) {
          ForgetSession(request, state);
        }
      }
    } catch (...) {
      response = ErrorFromException(*this, std::current_exception(), request);
    }

    if (!request.request_id.empty()) response.headers.Set("X-Request-Id", request.request_id);
    if (!request.lang.empty()) response.headers.Set("Content-Language", request.lang);
    if (IsApiPath(request.path) && !response.headers.Get("Cache-Control")) {
      response.headers.Set("Cache-Control", "no-store");
    }
    if (state.delete_session_cookie && !HasCookie(response, kSessionCookie)) {
      response.cookies.push_back(Cookie{
          .name = std::string(kSessionCookie), .max_age_seconds = 0, .secure = impl.options.cookie_secure});
    }
    // A handler that starts or ends a session sets its own XSRF cookie; pure API clients need none.
    if (!HasCookie(response, kXsrfCookie) && !state.bearer_without_cookie) {
      auto cookie = request.Cookie(kXsrfCookie);
      if (state.fresh_xsrf || !cookie || !VerifyXsrfToken(*cookie, request.session_token)) {
        response.cookies.push_back(Cookie{.name = std::string(kXsrfCookie),
                                          .value = MakeXsrfToken(request.session_token),
                                          .max_age_seconds = kSessionCookieMaxAge,
                                          .http_only = false,
                                          .secure = impl.options.cookie_secure});
      }
    }
  } catch (const std::exception& error) {
    log::Error("request {}: building the response failed: {}", request.request_id, error.what());
    response = LastResortResponse();
  }

  const double elapsed_ms =
      std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - started).count();
  log::Info("{} {} {} {} {:.1f}ms", request.request_id, MethodName(request.method), PathForLog(request.path),
            response.status, elapsed_ms);
  co_return response;
}

Response App::ErrorResponse(const Error& error, std::string_view lang) const {
  const Impl& impl = *impl_;
  std::string_view language = lang.empty() ? std::string_view(impl.options.default_language) : lang;
  Message message = error.GetMessage();
  if (error.RetryAfter()) {
    const bool has_seconds = std::any_of(message.params.begin(), message.params.end(),
                                         [](const auto& param) { return param.first == "seconds"; });
    if (!has_seconds) message.params.emplace_back("seconds", std::to_string(error.RetryAfter()->count()));
  }
  boost::json::object body;
  body["code"] = CodeName(error.Code());
  body["message"] = impl.catalog.Translate(language, message);
  if (!error.Fields().empty()) {
    boost::json::object errors;
    for (const auto& [field, messages] : error.Fields()) {
      boost::json::array texts;
      for (const Message& field_message : messages)
        texts.emplace_back(impl.catalog.Translate(language, field_message));
      errors[field] = std::move(texts);
    }
    body["errors"] = std::move(errors);
  }
  Response response = Response::Json(body, HttpStatus(error.Code()));
  if (error.RetryAfter()) response.headers.Set("Retry-After", std::to_string(error.RetryAfter()->count()));
  return response;
}

std::string App::NegotiateLanguage(std::string_view accept_language) const {
  const AppOptions& options = impl_->options;
  struct Range {
    std::string primary;
    double quality;
  };
  std::vector<Range> ranges;
  std::string_view rest = accept_language;
  while (!rest.empty() && ranges.size() < kMaxLanguageRanges) {
    auto comma = rest.find(',');
    std::string_view item = rest.substr(0, comma);
    rest = comma == std::string_view::npos ? std::string_view() : rest.substr(comma + 1);
    auto semicolon = item.find(';');
    std::string_view tag = Trim(item.substr(0, semicolon), kSpacesAndTabs);
    double quality = 1.0;
    std::string_view parameters =
        semicolon == std::string_view::npos ? std::string_view() : item.substr(semicolon);
    while (!parameters.empty()) {
      parameters.remove_prefix(1);
      auto next = parameters.find(';');
      std::string_view parameter = Trim(parameters.substr(0, next), kSpacesAndTabs);
      parameters = next == std::string_view::npos ? std::string_view() : parameters.substr(next);
      if (!parameter.starts_with("q=") && !parameter.starts_with("Q=")) continue;
      std::string_view number = parameter.substr(2);
      auto [end, ec] = std::from_chars(number.data(), number.data() + number.size(), quality);
      // A malformed weight discards the range rather than guessing one.
      if (ec != std::errc() || end != number.data() + number.size() || quality < 0 || quality > 1)
        quality = 0;
    }
    if (tag.empty() || tag == "*" || quality <= 0) continue;
    std::string primary = AsciiLower(tag.substr(0, tag.find('-')));
    ranges.push_back({std::move(primary), quality});
  }
  std::stable_sort(ranges.begin(), ranges.end(),
                   [](const Range& a, const Range& b) { return a.quality > b.quality; });
  for (const Range& range : ranges) {
    if (options.languages.contains(range.primary)) return range.primary;
  }
  return options.default_language;
}

std::string App::MakeXsrfToken(std::string_view session_token) const {
  std::string nonce = RandomToken(16);
  std::string mac =
      Base64UrlEncode(HmacSha256(impl_->options.secret, nonce + "|" + SessionBinding(session_token)));
  return nonce + "." + mac;
}

bool App::VerifyXsrfToken(std::string_view xsrf_token, std::string_view session_token) const {
  if (xsrf_token.size() > kMaxXsrfTokenLength) return false;
  auto dot = xsrf_token.find('.');
  if (dot == std::string_view::npos || dot == 0) return false;
  std::string nonce(xsrf_token.substr(0, dot));
  std::string expected =
      Base64UrlEncode(HmacSha256(impl_->options.secret, nonce + "|" + SessionBinding(session_token)));
  return ConstantTimeEquals(xsrf_token.substr(dot + 1), expected);
}

void App::StartSession(Response& response, std::string_view session_token) const {
  ReplaceCookie(response, Cookie{.name = std::string(kSessionCookie),
                                 .value = std::string(session_token),
                                 .max_age_seconds = kSessionCookieMaxAge,
                                 .secure = impl_->options.cookie_secure});
  ReplaceCookie(response, Cookie{.name = std::string(kXsrfCookie),
                                 .value = MakeXsrfToken(session_token),
                                 .max_age_seconds = kSessionCookieMaxAge,
                                 .http_only = false,
                                 .secure = impl_->options.cookie_secure});
}

void App::EndSession(Response& response) const {
  ReplaceCookie(response, Cookie{.name = std::string(kSessionCookie),
                                 .max_age_seconds = 0,
                                 .secure = impl_->options.cookie_secure});
  ReplaceCookie(response, Cookie{.name = std::string(kXsrfCookie),
                                 .value = MakeXsrfToken(""),
                                 .max_age_seconds = kSessionCookieMaxAge,
                                 .http_only = false,
                                 .secure = impl_->options.cookie_secure});
}

}  // namespace artel::web
