// The App end to end through Handle(), with the real i18n/ catalogue (tests run from the repository root).

#include "artel/web/app.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <boost/asio/co_spawn.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/json/parse.hpp>
#include <boost/json/value.hpp>
#include <cctype>
#include <chrono>
#include <expected>
#include <map>
#include <set>
#include <stdexcept>

#include "artel/db/errors.hpp"
#include "artel/i18n/catalog.hpp"
#include "artel/web/json.hpp"

namespace artel::web {
namespace {

using boost::asio::awaitable;

const i18n::Catalog& TestCatalog() {
  static const i18n::Catalog catalog = i18n::Catalog::Load("i18n", {"en", "ru"});
  return catalog;
}

AppOptions TestOptions() {
  AppOptions options;
  options.secret = "test-secret";
  options.languages = {{"en", "English"}, {"ru", "Русский"}};
  options.default_language = "en";
  return options;
}

std::optional<Cookie> FindCookie(const Response& response, std::string_view name) {
  for (const Cookie& cookie : response.cookies) {
    if (cookie.name == name) return cookie;
  }
  return std::nullopt;
}

boost::json::object Body(const Response& response) {
  return boost::json::parse(response.body).as_object();
}

class AppTest : public ::testing::Test {
 protected:
  AppTest() : app_(TestOptions(), TestCatalog()) {
    Router& router = app_.GetRouter();
    router.Add(Method::kPost, "/api/echo", [](Request& request) -> awaitable<Response> {
      boost::json::object body{{"user_id", request.principal ? request.principal->user_id : 0},
                               {"lang", request.lang}};
      co_return Response::Json(body);
    });
    router.Add(Method::kGet, "/api/whoami", [](Request& request) -> awaitable<Response> {
      const Principal& user = request.RequireUser();
      co_return Response::Json(boost::json::object{{"user_id", user.user_id}});
    });
    router.Add(Method::kGet, "/api/items/{id:int}", [](Request& request) -> awaitable<Response> {
      co_return Response::Json(
          boost::json::object{{"id", request.IntParam("id")}, {"q", request.QueryParam("q").value_or("")}});
    });
    router.Add(
        Method::kPost, "/api/webhook", [](Request&) -> awaitable<Response> { co_return Response::Ok(); },
        RouteOptions{.body_limit = 1024 * 1024, .skip_xsrf = true});
    router.Add(Method::kPost, "/api/validate", [](Request& request) -> awaitable<Response> {
      auto body = request.JsonBody();
      JsonReader reader(body);
      reader.String("name", StringRule{.min_length = 2, .max_length = 5});
      reader.Email("email");
      reader.Finish();
      co_return Response::Ok();
    });
    router.Add(Method::kPost, "/api/login", [this](Request&) -> awaitable<Response> {
      Response response = Response::Ok();
      app_.StartSession(response, "fresh-token");
      co_return response;
    });
    router.Add(Method::kGet, "/api/throw/{kind}", [](Request& request) -> awaitable<Response> {
      std::string_view kind = request.Param("kind");
      if (kind == "runtime") throw std::runtime_error("boom");
      if (kind == "connection") throw db::ConnectionError("server closed the connection", "08006");
      if (kind == "pool") throw db::PoolTimeout("no connection within 5000 ms", "");
      if (kind == "canceled") throw db::QueryCanceled("canceling statement", "57014");
      if (kind == "unique") throw db::UniqueViolation("duplicate key", "23505", "users_email_key");
      if (kind == "limited") throw RateLimited(std::chrono::seconds(42));
      if (kind == "forbidden") throw Forbidden();
      if (kind == "int") throw 7;
      co_return Response::Ok();
    });
    for (const auto& [path, access] :
         {std::pair{"/api/access/guest", Access::kGuest}, std::pair{"/api/access/user", Access::kUser},
          std::pair{"/api/access/verified", Access::kVerifiedUser},
          std::pair{"/api/access/admin", Access::kAdmin}}) {
      router.Add(
          Method::kGet, path,
          [this](Request&) -> awaitable<Response> {
            ++handler_calls_;
            co_return Response::Ok();
          },
          RouteOptions{.access = access});
    }
    app_.SetAuthenticator([this](std::string_view token) -> awaitable<std::expected<Principal, NoSession>> {
      ++authenticator_calls_;
      if (token == "tok-a") co_return Principal{.user_id = 1, .role = 0, .session_id = 11};
      if (token == "tok-b") co_return Principal{.user_id = 2, .role = 1, .session_id = 22};
      if (token == "tok-verified")
        co_return Principal{.user_id = 3, .role = 0, .session_id = 33, .email_verified = true};
      // An admin's session acting as another account (its role as if it were an admin, to isolate the rule).
      if (token == "tok-impersonating")
        co_return Principal{
            .user_id = 4, .role = 1, .session_id = 44, .impersonator_id = 2, .email_verified = true};
      if (token == "tok-ended") co_return std::unexpected(NoSession::kEndedRecently);
      co_return std::unexpected(NoSession::kUnknown);
    });
  }

  Response Send(Request& request) {
    boost::asio::io_context io;
    std::optional<Response> result;
    std::exception_ptr failure;
    boost::asio::co_spawn(io, app_.Handle(request), [&](std::exception_ptr error, Response response) {
      failure = error;
      result = std::move(response);
    });
    io.run();
    if (failure) std::rethrow_exception(failure);
    return std::move(*result);
  }

  /// Sends a request whose session token names no live session to a signed-in route: it is answered as a
  /// guest's (401, no principal) with a guest's XSRF cookie.
  Response SendAsLostSession(Request& request) {
    Response response = Send(request);
    EXPECT_EQ(response.status, 401);
    EXPECT_FALSE(request.principal);
    auto xsrf = FindCookie(response, kXsrfCookie);
    EXPECT_TRUE(xsrf && app_.VerifyXsrfToken(xsrf->value, ""));
    return response;
  }

  /// An /api/ request as the SPA sends it: with X-Requested-With.
  static Request Api(Method method, std::string path) {
    Request request;
    request.method = method;
    auto question = path.find('?');
    if (question != std::string::npos) request.query = path.substr(question + 1);
    request.target = path;
    request.path = path.substr(0, question);
    request.headers.Add("X-Requested-With", "XMLHttpRequest");
    return request;
  }

  /// Adds the double-submit pair: the same token in the cookie and the header.
  static void WithXsrf(Request& request, const std::string& token, std::string session = {}) {
    std::string cookie = "XSRF-TOKEN=" + token;
    if (!session.empty()) cookie += "; artel_session=" + session;
    request.headers.Add("Cookie", cookie);
    request.headers.Add("X-XSRF-TOKEN", token);
  }

  /// GET `path` as the SPA would, signed in by `token` (none: a guest).
  Response AccessAs(const std::string& path, const std::string& token, const std::string& lang = "en") {
    Request request = Api(Method::kGet, path);
    if (!token.empty()) request.headers.Add("Authorization", "Bearer " + token);
    request.headers.Add("Accept-Language", lang);
    return Send(request);
  }

  App app_;
  std::atomic<int> authenticator_calls_{0};
  std::atomic<int> handler_calls_{0};
};

TEST_F(AppTest, BuiltInRoutes) {
  Request health;
  health.path = "/healthz";
  Response response = Send(health);
  EXPECT_EQ(response.status, 200);
  EXPECT_EQ(Body(response), (boost::json::object{{"status", "ok"}}));

  Request ping = Api(Method::kGet, "/api/ping");
  response = Send(ping);
  EXPECT_EQ(response.status, 200);
  EXPECT_EQ(Body(response), (boost::json::object{{"pong", true}}));
  EXPECT_EQ(response.headers.Get("Content-Type"), "application/json; charset=utf-8");

  Request head = Api(Method::kHead, "/api/ping");
  EXPECT_EQ(Send(head).status, 200);
}

TEST_F(AppTest, ApiRequiresXRequestedWith) {
  Request request;
  request.path = "/api/ping";
  Response response = Send(request);
  EXPECT_EQ(response.status, 400);
  auto body = Body(response);
  EXPECT_EQ(body.at("code"), "BadRequest");
  EXPECT_EQ(body.at("message"), "The X-Requested-With: XMLHttpRequest header is required.");
  EXPECT_FALSE(body.contains("errors"));

  Request wrong;
  wrong.path = "/api/ping";
  wrong.headers.Add("X-Requested-With", "fetch");
  EXPECT_EQ(Send(wrong).status, 400);

  Request probe;
  probe.path = "/readyz";
  EXPECT_EQ(Send(probe).status, 200);
}

TEST_F(AppTest, BrowserResourcesNeedNoMarkerForSafeMethodsOnly) {
  app_.GetRouter().Add(
      Method::kGet, "/api/files/{name}",
      [](Request&) -> boost::asio::awaitable<Response> { co_return Response::Json(boost::json::object{}); },
      RouteOptions{.browser_resource = true});
  app_.GetRouter().Add(
      Method::kPost, "/api/files/{name}",
      [](Request&) -> boost::asio::awaitable<Response> { co_return Response::Json(boost::json::object{}); },
      RouteOptions{.skip_xsrf = true, .browser_resource = true});
  Request image;
  image.path = "/api/files/a.png";
  EXPECT_EQ(Send(image).status, 200) << "an <img src> cannot send X-Requested-With";

  Request post;
  post.method = Method::kPost;
  post.path = "/api/files/a.png";
  EXPECT_EQ(Send(post).status, 400) << "unsafe methods still need the marker";
}

TEST_F(AppTest, WebhooksNeedNeitherTheMarkerNorTheXsrfToken) {
  app_.GetRouter().Add(
      Method::kPost, "/api/gateway/hook",
      [](Request&) -> boost::asio::awaitable<Response> { co_return Response::Json(boost::json::object{}); },
      RouteOptions{.foreign_client = true});
  Request hook;
  hook.method = Method::kPost;
  hook.path = "/api/gateway/hook";
  EXPECT_EQ(Send(hook).status, 200) << "a gateway sends neither X-Requested-With nor an XSRF token";

  // Other unsafe routes still ask for both.
  Request post;
  post.method = Method::kPost;
  post.path = "/api/validate";
  EXPECT_EQ(Send(post).status, 400);
  post.headers.Add("X-Requested-With", "XMLHttpRequest");
  EXPECT_EQ(Send(post).status, 419);
}

TEST_F(AppTest, EchoesASafeRequestIdAndGeneratesOneOtherwise) {
  Request request = Api(Method::kGet, "/api/ping");
  request.headers.Add("X-Request-Id", "lb-1234.abc_DEF");
  Response response = Send(request);
  EXPECT_EQ(response.headers.Get("X-Request-Id"), "lb-1234.abc_DEF");
  EXPECT_EQ(request.request_id, "lb-1234.abc_DEF");

  for (std::string unsafe :
       {std::string("has space"), std::string("new\nline"), std::string(65, 'a'), std::string()}) {
    Request other = Api(Method::kGet, "/api/nothing");
    other.headers.Add("X-Request-Id", unsafe);
    Response generated = Send(other);
    ASSERT_TRUE(generated.headers.Get("X-Request-Id"));
    EXPECT_NE(*generated.headers.Get("X-Request-Id"), unsafe);
    EXPECT_EQ(generated.headers.Get("X-Request-Id")->size(), 16u);  // RandomToken(12)
  }

  Request a = Api(Method::kGet, "/api/ping");
  Request b = Api(Method::kGet, "/api/ping");
  EXPECT_NE(*Send(a).headers.Get("X-Request-Id"), *Send(b).headers.Get("X-Request-Id"));
}

TEST_F(AppTest, NegotiatesLanguage) {
  EXPECT_EQ(app_.NegotiateLanguage(""), "en");
  EXPECT_EQ(app_.NegotiateLanguage("ru-RU,ru;q=0.9,en-US;q=0.8,en;q=0.7"), "ru");
  EXPECT_EQ(app_.NegotiateLanguage("EN-gb"), "en");
  EXPECT_EQ(app_.NegotiateLanguage("de-DE, fr;q=0.9, ru;q=0.5"), "ru");
  EXPECT_EQ(app_.NegotiateLanguage("en;q=0.3, ru;q=0.8"), "ru");
  EXPECT_EQ(app_.NegotiateLanguage("ru;q=0, en"), "en");
  EXPECT_EQ(app_.NegotiateLanguage("ru;q=0"), "en");
  EXPECT_EQ(app_.NegotiateLanguage("de, *"), "en");
  EXPECT_EQ(app_.NegotiateLanguage("ru;q=abc, en;q=0.1"), "en");
  EXPECT_EQ(app_.NegotiateLanguage(";;,,ru"), "ru");
  EXPECT_EQ(app_.NegotiateLanguage("en;q=0.5, ru;level=1;q=0.9"), "ru");
  EXPECT_EQ(app_.NegotiateLanguage("ru;level=1, en;q=0.9"), "ru");
}

TEST_F(AppTest, LocalizesErrorsFromAcceptLanguage) {
  Request ru = Api(Method::kGet, "/api/nothing");
  ru.headers.Add("Accept-Language", "ru-RU,ru;q=0.9,en;q=0.8");
  Response response = Send(ru);
  EXPECT_EQ(response.status, 404);
  EXPECT_EQ(Body(response).at("code"), "NotFound");
  EXPECT_EQ(Body(response).at("message"), "Не найдено.");
  EXPECT_EQ(response.headers.Get("Content-Language"), "ru");

  Request en = Api(Method::kGet, "/api/nothing");
  en.headers.Add("Accept-Language", "en-US");
  response = Send(en);
  EXPECT_EQ(Body(response).at("message"), "Not found.");
  EXPECT_EQ(response.headers.Get("Content-Language"), "en");

  Request other = Api(Method::kGet, "/api/nothing");
  other.headers.Add("Accept-Language", "de");
  EXPECT_EQ(Body(Send(other)).at("message"), "Not found.");
}

TEST_F(AppTest, MethodNotAllowedListsAllowedMethods) {
  Request request = Api(Method::kGet, "/api/echo");
  Response response = Send(request);
  EXPECT_EQ(response.status, 405);
  EXPECT_EQ(Body(response).at("code"), "MethodNotAllowed");
  EXPECT_EQ(response.headers.Get("Allow"), "POST");

  Request items = Api(Method::kDelete, "/api/items/5");
  WithXsrf(items, app_.MakeXsrfToken(""));
  response = Send(items);
  EXPECT_EQ(response.status, 405);
  EXPECT_EQ(response.headers.Get("Allow"), "GET, HEAD");
}

TEST_F(AppTest, PathAndQueryParametersReachTheHandler) {
  Request request = Api(Method::kGet, "/api/items/123?q=a+b%21");
  Response response = Send(request);
  EXPECT_EQ(response.status, 200);
  EXPECT_EQ(Body(response), (boost::json::object{{"id", 123}, {"q", "a b!"}}));
  Request not_int = Api(Method::kGet, "/api/items/abc");
  EXPECT_EQ(Send(not_int).status, 404);
}

TEST_F(AppTest, XsrfIsRequiredOnUnsafeApiRequests) {
  Request missing = Api(Method::kPost, "/api/echo");
  Response response = Send(missing);
  EXPECT_EQ(response.status, 419);
  EXPECT_EQ(Body(response).at("code"), "XsrfTokenMismatch");
  auto fresh = FindCookie(response, kXsrfCookie);
  ASSERT_TRUE(fresh);
  EXPECT_FALSE(fresh->http_only);
  EXPECT_EQ(fresh->same_site, "Lax");
  EXPECT_EQ(fresh->path, "/");
  EXPECT_TRUE(app_.VerifyXsrfToken(fresh->value, ""));

  // The token the 419 handed out works on the retry.
  Request retry = Api(Method::kPost, "/api/echo");
  WithXsrf(retry, fresh->value);
  EXPECT_EQ(Send(retry).status, 200);

  Request header_only = Api(Method::kPost, "/api/echo");
  header_only.headers.Add("X-XSRF-TOKEN", app_.MakeXsrfToken(""));
  EXPECT_EQ(Send(header_only).status, 419);

  Request cookie_only = Api(Method::kPost, "/api/echo");
  cookie_only.headers.Add("Cookie", "XSRF-TOKEN=" + app_.MakeXsrfToken(""));
  EXPECT_EQ(Send(cookie_only).status, 419);

  Request mismatch = Api(Method::kPost, "/api/echo");
  mismatch.headers.Add("Cookie", "XSRF-TOKEN=" + app_.MakeXsrfToken(""));
  mismatch.headers.Add("X-XSRF-TOKEN", app_.MakeXsrfToken(""));
  EXPECT_EQ(Send(mismatch).status, 419);

  Request forged = Api(Method::kPost, "/api/echo");
  WithXsrf(forged, "nonce.forged-signature");
  EXPECT_EQ(Send(forged).status, 419);

  App other_secret(AppOptions{.secret = "other", .languages = {{"en", "English"}}}, TestCatalog());
  Request foreign = Api(Method::kPost, "/api/echo");
  WithXsrf(foreign, other_secret.MakeXsrfToken(""));
  EXPECT_EQ(Send(foreign).status, 419);

  Request get = Api(Method::kGet, "/api/ping");
  EXPECT_EQ(Send(get).status, 200);
}

TEST_F(AppTest, XsrfFailureReplacesEvenAValidCookie) {
  std::string valid = app_.MakeXsrfToken("");
  Request request = Api(Method::kPost, "/api/echo");
  request.headers.Add("Cookie", "XSRF-TOKEN=" + valid);
  Response response = Send(request);
  EXPECT_EQ(response.status, 419);
  auto fresh = FindCookie(response, kXsrfCookie);
  ASSERT_TRUE(fresh);
  EXPECT_NE(fresh->value, valid);
}

TEST_F(AppTest, XsrfTokensAreBoundToTheSession) {
  std::string for_a = app_.MakeXsrfToken("tok-a");
  EXPECT_TRUE(app_.VerifyXsrfToken(for_a, "tok-a"));
  EXPECT_FALSE(app_.VerifyXsrfToken(for_a, "tok-b"));
  EXPECT_FALSE(app_.VerifyXsrfToken(for_a, ""));

  Request own = Api(Method::kPost, "/api/echo");
  WithXsrf(own, for_a, "tok-a");
  Response response = Send(own);
  EXPECT_EQ(response.status, 200);
  EXPECT_EQ(Body(response).at("user_id"), 1);
  EXPECT_FALSE(FindCookie(response, kXsrfCookie));  // the one it has is valid

  Request stolen = Api(Method::kPost, "/api/echo");
  WithXsrf(stolen, for_a, "tok-b");
  response = Send(stolen);
  EXPECT_EQ(response.status, 419);
  auto fresh = FindCookie(response, kXsrfCookie);
  ASSERT_TRUE(fresh);
  EXPECT_TRUE(app_.VerifyXsrfToken(fresh->value, "tok-b"));

  Request guest_token = Api(Method::kPost, "/api/echo");
  WithXsrf(guest_token, app_.MakeXsrfToken(""), "tok-a");
  EXPECT_EQ(Send(guest_token).status, 419);
}

TEST_F(AppTest, RoutesMaySkipXsrf) {
  Request request = Api(Method::kPost, "/api/webhook");
  EXPECT_EQ(Send(request).status, 200);
  EXPECT_EQ(app_.BodyLimit(Method::kPost, "/api/webhook"), 1024u * 1024u);
  EXPECT_EQ(app_.BodyLimit(Method::kPost, "/api/echo"), 64u * 1024u);
  EXPECT_EQ(app_.BodyLimit(Method::kPost, "/api/unknown"), app_.Options().default_body_limit);
}

TEST_F(AppTest, BearerClientsWithoutSessionCookieSkipXsrf) {
  Request bearer = Api(Method::kPost, "/api/echo");
  bearer.headers.Add("Authorization", "Bearer tok-a");
  Response response = Send(bearer);
  EXPECT_EQ(response.status, 200);
  EXPECT_EQ(Body(response).at("user_id"), 1);
  EXPECT_FALSE(FindCookie(response, kXsrfCookie));
  EXPECT_FALSE(bearer.token_from_cookie);

  // A browser that also carries the session cookie is CSRF-able again.
  Request with_cookie = Api(Method::kPost, "/api/echo");
  with_cookie.headers.Add("Authorization", "Bearer tok-a");
  with_cookie.headers.Add("Cookie", "artel_session=tok-a");
  EXPECT_EQ(Send(with_cookie).status, 419);

  Request other_scheme = Api(Method::kPost, "/api/echo");
  other_scheme.headers.Add("Authorization", "Basic dXNlcjpwYXNz");
  EXPECT_EQ(Send(other_scheme).status, 419);
}

TEST_F(AppTest, IssuesXsrfCookieWhenMissingOrNotValidForTheSession) {
  Request guest = Api(Method::kGet, "/api/ping");
  Response response = Send(guest);
  auto cookie = FindCookie(response, kXsrfCookie);
  ASSERT_TRUE(cookie);
  EXPECT_TRUE(app_.VerifyXsrfToken(cookie->value, ""));
  EXPECT_FALSE(cookie->secure);
  EXPECT_EQ(response.headers.Get("Cache-Control"), "no-store");

  Request valid = Api(Method::kGet, "/api/ping");
  valid.headers.Add("Cookie", "XSRF-TOKEN=" + cookie->value);
  EXPECT_FALSE(FindCookie(Send(valid), kXsrfCookie));

  Request signed_in = Api(Method::kGet, "/api/ping");
  signed_in.headers.Add("Cookie", "artel_session=tok-a; XSRF-TOKEN=" + cookie->value);
  auto rebound = FindCookie(Send(signed_in), kXsrfCookie);
  ASSERT_TRUE(rebound);
  EXPECT_TRUE(app_.VerifyXsrfToken(rebound->value, "tok-a"));

  Request probe;
  probe.path = "/healthz";
  EXPECT_FALSE(Send(probe).headers.Get("Cache-Control"));
}

TEST_F(AppTest, AuthenticatorSetsThePrincipal) {
  Request cookie = Api(Method::kGet, "/api/whoami");
  cookie.headers.Add("Cookie", "artel_session=tok-b");
  Response response = Send(cookie);
  EXPECT_EQ(response.status, 200);
  EXPECT_EQ(Body(response).at("user_id"), 2);
  ASSERT_TRUE(cookie.principal);
  EXPECT_EQ(cookie.principal->session_id, 22);
  EXPECT_TRUE(cookie.principal->IsAdmin());
  EXPECT_TRUE(cookie.token_from_cookie);
  EXPECT_EQ(cookie.session_token, "tok-b");
  EXPECT_FALSE(FindCookie(response, kSessionCookie));

  Request bearer = Api(Method::kGet, "/api/whoami");
  bearer.headers.Add("Authorization", "bearer  tok-a ");
  response = Send(bearer);
  EXPECT_EQ(response.status, 200);
  EXPECT_EQ(Body(response).at("user_id"), 1);
  EXPECT_FALSE(bearer.token_from_cookie);

  // The cookie wins over the header.
  Request both = Api(Method::kGet, "/api/whoami");
  both.headers.Add("Authorization", "Bearer tok-a");
  both.headers.Add("Cookie", "artel_session=tok-b");
  EXPECT_EQ(Body(Send(both)).at("user_id"), 2);
}

TEST_F(AppTest, InvalidSessionCookieIsAGuestAndGetsDeleted) {
  Request request = Api(Method::kGet, "/api/whoami");
  request.headers.Add("Cookie", "artel_session=expired");
  Response response = SendAsLostSession(request);
  EXPECT_TRUE(request.session_token.empty());
  auto deleted = FindCookie(response, kSessionCookie);
  ASSERT_TRUE(deleted);
  EXPECT_EQ(deleted->max_age_seconds, 0);
  EXPECT_TRUE(deleted->value.empty());

  Request bearer = Api(Method::kGet, "/api/whoami");
  bearer.headers.Add("Authorization", "Bearer expired");
  response = Send(bearer);
  EXPECT_EQ(response.status, 401);
  EXPECT_FALSE(FindCookie(response, kSessionCookie));
}

// A request sent with the token of a session that was ended moments ago (a logout, an impersonation that gave
// the browser a new session) answers as a guest's but leaves the cookie alone: by the time the answer
// arrives, the browser's cookie may be the new session's.
TEST_F(AppTest, RecentlyEndedSessionIsAGuestWhoseCookieIsKept) {
  Request request = Api(Method::kGet, "/api/whoami");
  request.headers.Add("Cookie", "artel_session=tok-ended");
  Response response = SendAsLostSession(request);
  EXPECT_TRUE(request.session_ended_recently);
  EXPECT_FALSE(FindCookie(response, kSessionCookie));

  // The same request object again, with an unknown token: the flag does not stay behind.
  Request unknown = Api(Method::kGet, "/api/whoami");
  unknown.headers.Add("Cookie", "artel_session=never-issued");
  response = Send(unknown);
  EXPECT_FALSE(unknown.session_ended_recently);
  ASSERT_TRUE(FindCookie(response, kSessionCookie));
}

TEST_F(AppTest, HandlerSessionCookieWinsOverDeletion) {
  Request request = Api(Method::kPost, "/api/login");
  WithXsrf(request, app_.MakeXsrfToken(""), "expired");
  Response response = Send(request);
  EXPECT_EQ(response.status, 200);
  int session_cookies = 0;
  for (const Cookie& cookie : response.cookies) session_cookies += cookie.name == kSessionCookie ? 1 : 0;
  EXPECT_EQ(session_cookies, 1);
  EXPECT_EQ(FindCookie(response, kSessionCookie)->value, "fresh-token");
  EXPECT_TRUE(app_.VerifyXsrfToken(FindCookie(response, kXsrfCookie)->value, "fresh-token"));
}

TEST(SessionCheckTest, EndedSessionsAsksTheCheckAndNothingEndedWithoutOne) {
  App app(TestOptions(), TestCatalog());
  const auto ended = [&app](std::vector<std::int64_t> ids) {
    boost::asio::io_context io;
    std::vector<std::int64_t> result;
    std::exception_ptr failure;
    boost::asio::co_spawn(io, app.EndedSessions(std::move(ids)),
                          [&](std::exception_ptr error, std::vector<std::int64_t> answer) {
                            failure = error;
                            result = std::move(answer);
                          });
    io.run();
    if (failure) std::rethrow_exception(failure);
    return result;
  };
  // No module owns sessions: none is known to have ended.
  EXPECT_EQ(ended({1, 2}), std::vector<std::int64_t>{});

  std::vector<std::vector<std::int64_t>> asked;
  app.SetSessionCheck([&asked](std::vector<std::int64_t> ids) -> awaitable<std::vector<std::int64_t>> {
    asked.push_back(ids);
    if (ids.size() == 1 && ids.front() == 13)
      throw db::ConnectionError("server closed the connection", "08006");
    std::vector<std::int64_t> gone;
    for (const auto id : ids) {
      if (id % 2 == 0) gone.push_back(id);
    }
    co_return gone;
  });
  EXPECT_EQ(ended({1, 2, 3, 4}), (std::vector<std::int64_t>{2, 4}));
  // Nothing to ask about: the check is not called.
  EXPECT_EQ(ended({}), std::vector<std::int64_t>{});
  // A failure reaches the caller (it decides what an unknown answer means).
  EXPECT_THROW(ended({13}), db::ConnectionError);
  EXPECT_EQ(asked, (std::vector<std::vector<std::int64_t>>{{1, 2, 3, 4}, {13}}));
}

TEST_F(AppTest, ProbesDoNotTouchTheAuthenticator) {
  Request request;
  request.path = "/healthz";
  request.headers.Add("Cookie", "artel_session=tok-a");
  EXPECT_EQ(Send(request).status, 200);
  EXPECT_EQ(authenticator_calls_.load(), 0);
  Request api = Api(Method::kGet, "/api/access/guest");
  api.headers.Add("Cookie", "artel_session=tok-a");
  Send(api);
  EXPECT_EQ(authenticator_calls_.load(), 1);
}

// Ping answers the same to everybody: a signed-in browser's ping must not wait for a pool connection.
TEST_F(AppTest, PingDoesNotTouchTheAuthenticator) {
  for (const char* header : {"Cookie", "Authorization"}) {
    Request ping = Api(Method::kGet, "/api/ping");
    ping.headers.Add(header, std::string_view(header) == "Cookie" ? "artel_session=tok-a" : "Bearer tok-a");
    Response response = Send(ping);
    EXPECT_EQ(response.status, 200);
    EXPECT_EQ(response.body, R"({"pong":true})");
    ASSERT_TRUE(response.headers.Get("X-Request-Id"));
  }
  EXPECT_EQ(authenticator_calls_.load(), 0);
}

// A route that looks the session up in its own round trip (RouteOptions::session_in_handler): the
// middleware's authenticator is not called; a token the handler confirms is a session, one it leaves without
// a principal is treated as an invalid one (the cookie deleted, a guest's XSRF token).
TEST_F(AppTest, SessionInHandlerSkipsTheAuthenticatorAndKeepsItsRules) {
  app_.GetRouter().Add(
      Method::kGet, "/api/self-authenticating",
      [](Request& request) -> awaitable<Response> {
        if (request.session_token == "tok-self")
          request.principal = Principal{.user_id = 9, .session_id = 99};
        co_return Response::Json(boost::json::object{{"token", request.session_token}});
      },
      RouteOptions{.session_in_handler = true});

  Request valid = Api(Method::kGet, "/api/self-authenticating");
  valid.headers.Add("Cookie", "artel_session=tok-self");
  Response response = Send(valid);
  EXPECT_EQ(response.status, 200);
  EXPECT_EQ(Body(response).at("token"), "tok-self");
  EXPECT_FALSE(FindCookie(response, kSessionCookie));
  ASSERT_TRUE(FindCookie(response, kXsrfCookie));
  EXPECT_TRUE(app_.VerifyXsrfToken(FindCookie(response, kXsrfCookie)->value, "tok-self"));

  Request invalid = Api(Method::kGet, "/api/self-authenticating");
  invalid.headers.Add("Cookie", "artel_session=tok-a");  // valid for the authenticator, not for this handler
  response = Send(invalid);
  EXPECT_EQ(response.status, 200);
  auto deleted = FindCookie(response, kSessionCookie);
  ASSERT_TRUE(deleted);
  EXPECT_EQ(deleted->max_age_seconds, 0);
  EXPECT_TRUE(app_.VerifyXsrfToken(FindCookie(response, kXsrfCookie)->value, ""));
  EXPECT_EQ(authenticator_calls_.load(), 0);

  EXPECT_THROW(app_.GetRouter().Add(
                   Method::kGet, "/api/self-authenticating-user",
                   [](Request&) -> awaitable<Response> { co_return Response::Ok(); },
                   RouteOptions{.session_in_handler = true, .access = Access::kUser}),
               std::logic_error);
}

// The server finds the route once (for the body limit) and hands it to Handle.
TEST_F(AppTest, HandleTakesTheRouteFoundForTheBodyLimit) {
  Request request = Api(Method::kGet, "/api/items/7?q=x");
  Router::Match route = app_.GetRouter().Find(request.method, request.path);
  EXPECT_EQ(app_.BodyLimit(route), app_.Options().default_body_limit);
  boost::asio::io_context io;
  std::optional<Response> result;
  boost::asio::co_spawn(io, app_.Handle(request, std::move(route)),
                        [&](std::exception_ptr, Response response) { result = std::move(response); });
  io.run();
  ASSERT_TRUE(result);
  EXPECT_EQ(result->status, 200);
  EXPECT_EQ(Body(*result), (boost::json::object{{"id", 7}, {"q", "x"}}));
  Router::Match webhook = app_.GetRouter().Find(Method::kPost, "/api/webhook");
  EXPECT_EQ(app_.BodyLimit(webhook), 1024u * 1024u);
}

TEST_F(AppTest, GeneratedRequestIdsAreDistinctBase64Url) {
  std::set<std::string> ids;
  for (int i = 0; i < 1000; ++i) {
    Request request = Api(Method::kGet, "/api/ping");
    Response response = Send(request);
    auto id = response.headers.Get("X-Request-Id");
    ASSERT_TRUE(id);
    ASSERT_EQ(id->size(), 16u);
    EXPECT_TRUE(std::all_of(id->begin(), id->end(), [](char c) {
      return std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '_';
    })) << *id;
    ids.emplace(*id);
  }
  EXPECT_EQ(ids.size(), 1000u);
}

TEST_F(AppTest, UnauthenticatedAlwaysHasItsCode) {
  Request request = Api(Method::kGet, "/api/whoami");
  request.headers.Add("Accept-Language", "ru");
  Response response = Send(request);
  EXPECT_EQ(response.status, 401);
  EXPECT_EQ(Body(response).at("code"), "Unauthenticated");
  EXPECT_EQ(Body(response).at("message"), "Войдите, чтобы продолжить.");
}

TEST_F(AppTest, MapsExceptionsToStatuses) {
  struct Case {
    std::string kind;
    int status;
    std::string code;
  };
  for (const Case& c : {Case{"runtime", 500, "Internal"}, Case{"int", 500, "Internal"},
                        Case{"connection", 503, "ServiceUnavailable"},
                        Case{"pool", 503, "ServiceUnavailable"}, Case{"canceled", 503, "ServiceUnavailable"},
                        Case{"unique", 409, "Conflict"}, Case{"forbidden", 403, "Forbidden"}}) {
    Request request = Api(Method::kGet, "/api/throw/" + c.kind);
    Response response = Send(request);
    EXPECT_EQ(response.status, c.status) << c.kind;
    auto body = Body(response);
    EXPECT_EQ(body.at("code").as_string(), c.code) << c.kind;
    EXPECT_EQ(body.at("message").as_string(), TestCatalog().Translate("en", "errors:codes." + c.code))
        << c.kind;
    EXPECT_EQ(response.headers.Get("X-Request-Id"), request.request_id);
    // Internal details never reach the client.
    EXPECT_EQ(response.body.find("boom"), std::string::npos);
    EXPECT_EQ(response.body.find("users_email_key"), std::string::npos);
  }
}

TEST_F(AppTest, RateLimitedCarriesRetryAfter) {
  Request request = Api(Method::kGet, "/api/throw/limited");
  Response response = Send(request);
  EXPECT_EQ(response.status, 429);
  EXPECT_EQ(response.headers.Get("Retry-After"), "42");
  EXPECT_EQ(Body(response).at("code"), "RateLimited");
  EXPECT_EQ(Body(response).at("message"), "Too many attempts. Try again in 42 seconds.");

  Request ru = Api(Method::kGet, "/api/throw/limited");
  ru.headers.Add("Accept-Language", "ru");
  EXPECT_EQ(Body(Send(ru)).at("message"), "Слишком много попыток. Повторите через 42 с.");
}

TEST_F(AppTest, ARouteRateLimitCountsPerUserAndPerGuestAddressAfterTheAccessCheck) {
  app_.GetRouter().Add(
      Method::kGet, "/api/limited", [](Request&) -> awaitable<Response> { co_return Response::Ok(); },
      RouteOptions{
          .access = Access::kGuest,
          .rate_limit = RateLimitRule{
              .name = "listLimited", .per_user = 2, .per_address = 3, .window = std::chrono::minutes(1)}});
  // The shared store, as platform::RateLimiter keeps it: a count per key in the window.
  std::map<std::string, unsigned> counts;
  std::vector<std::pair<std::string, unsigned>> hits;
  const auto install = [&](std::map<std::string, unsigned, std::less<>> per_user) {
    counts.clear();
    app_.SetRateLimiter(
        [&](std::string key, unsigned limit,
            std::chrono::seconds window) -> awaitable<std::optional<std::chrono::seconds>> {
          EXPECT_EQ(window, std::chrono::minutes(1));
          hits.emplace_back(key, limit);
          if (++counts[key] > limit) co_return std::chrono::seconds(17);
          co_return std::nullopt;
        },
        std::move(per_user));
  };
  const auto call = [&](const std::string& token, const std::string& address) {
    Request request = Api(Method::kGet, "/api/limited");
    if (!token.empty()) request.headers.Add("Authorization", "Bearer " + token);
    request.remote_ip = address;
    return Send(request);
  };

  install({});
  EXPECT_EQ(call("tok-a", "10.0.0.1").status, 200);
  EXPECT_EQ(call("tok-a", "10.0.0.2").status, 200);
  const Response over = call("tok-a", "10.0.0.3");
  EXPECT_EQ(over.status, 429) << "one user's count follows them across addresses";
  EXPECT_EQ(over.headers.Get("Retry-After"), "17");
  EXPECT_EQ(Body(over).at("code"), "RateLimited");
  EXPECT_EQ(hits.back(), (std::pair<std::string, unsigned>{"op:listLimited:u1", 2}));
  EXPECT_EQ(call("tok-b", "10.0.0.1").status, 200) << "another user behind the same address has their own";
  for (int i = 0; i < 3; ++i) EXPECT_EQ(call("", "10.0.0.1").status, 200) << i;
  EXPECT_EQ(call("", "10.0.0.1").status, 429) << "guests of one address share its ceiling";
  EXPECT_EQ(hits.back(), (std::pair<std::string, unsigned>{"op:listLimited:a10.0.0.1", 3}));
  EXPECT_EQ(call("", "10.0.0.9").status, 200);

  // An unauthenticated call of a signed-in route is refused before it counts.
  app_.GetRouter().Add(
      Method::kGet, "/api/limited-user", [](Request&) -> awaitable<Response> { co_return Response::Ok(); },
      RouteOptions{.access = Access::kUser,
                   .rate_limit = RateLimitRule{
                       .name = "userLimited", .per_user = 1, .window = std::chrono::minutes(1)}});
  const auto before = hits.size();
  Request anonymous = Api(Method::kGet, "/api/limited-user");
  EXPECT_EQ(Send(anonymous).status, 401);
  EXPECT_EQ(hits.size(), before);

  // The settings replace the per-user limit, and the address's ceiling in proportion; 0 lifts it.
  install({{"listLimited", 4}});
  for (int i = 0; i < 4; ++i) EXPECT_EQ(call("tok-a", "10.0.0.1").status, 200) << i;
  EXPECT_EQ(call("tok-a", "10.0.0.1").status, 429);
  for (int i = 0; i < 6; ++i) EXPECT_EQ(call("", "10.0.0.5").status, 200) << i;
  EXPECT_EQ(call("", "10.0.0.5").status, 429);
  install({{"listLimited", 0}});
  const auto unlimited_from = hits.size();
  for (int i = 0; i < 10; ++i) EXPECT_EQ(call("tok-a", "10.0.0.1").status, 200) << i;
  EXPECT_EQ(hits.size(), unlimited_from) << "no limit: nothing counted";
}

TEST_F(AppTest, ValidationFailedListsTranslatedFieldErrors) {
  Request request = Api(Method::kPost, "/api/validate");
  WithXsrf(request, app_.MakeXsrfToken(""));
  request.headers.Add("Accept-Language", "ru");
  request.body = R"({"name":"Анастасия","email":"nope"})";
  Response response = Send(request);
  EXPECT_EQ(response.status, 422);
  auto body = Body(response);
  EXPECT_EQ(body.at("code"), "ValidationFailed");
  EXPECT_EQ(body.at("message"), "Исправьте отмеченные поля.");
  const auto& errors = body.at("errors").as_object();
  EXPECT_EQ(errors.size(), 2u);
  EXPECT_EQ(errors.at("name").as_array().at(0).as_string(),
            TestCatalog().Translate("ru", "validation:length.max", {{"count", "5"}}));
  EXPECT_NE(errors.at("name").as_array().at(0).as_string().find('5'), boost::json::string::npos);
  EXPECT_EQ(errors.at("email").as_array().at(0).as_string(),
            TestCatalog().Translate("ru", "validation:email"));

  Request valid = Api(Method::kPost, "/api/validate");
  WithXsrf(valid, app_.MakeXsrfToken(""));
  valid.body = R"({"name":"Аня","email":"anna@example.com"})";
  EXPECT_EQ(Send(valid).status, 200);
}

TEST_F(AppTest, MalformedBodiesAreBadRequests) {
  Request malformed = Api(Method::kPost, "/api/validate");
  WithXsrf(malformed, app_.MakeXsrfToken(""));
  malformed.body = "{\"name\":";
  Response response = Send(malformed);
  EXPECT_EQ(response.status, 400);
  EXPECT_EQ(Body(response).at("message"), "The request body is not valid JSON.");

  Request bad_utf8 = Api(Method::kPost, "/api/validate");
  WithXsrf(bad_utf8, app_.MakeXsrfToken(""));
  bad_utf8.headers.Add("Accept-Language", "ru");
  bad_utf8.body = "{\"name\":\"\xFF\xFE\"}";
  response = Send(bad_utf8);
  EXPECT_EQ(response.status, 400);
  EXPECT_EQ(Body(response).at("message"), "Запрос содержит текст в неверной кодировке.");
}

TEST_F(AppTest, ReadinessRunsEveryCheck) {
  auto ready = [this] {
    Request request;
    request.path = "/readyz";
    return Send(request);
  };
  Response response = ready();
  EXPECT_EQ(response.status, 200);
  EXPECT_EQ(Body(response), (boost::json::object{{"status", "ready"}}));

  int first_runs = 0;
  bool database_up = true;
  app_.AddReadinessCheck("first", [&first_runs]() -> awaitable<bool> {
    ++first_runs;
    co_return true;
  });
  app_.AddReadinessCheck("database", [&database_up]() -> awaitable<bool> { co_return database_up; });
  EXPECT_EQ(ready().status, 200);

  database_up = false;
  response = ready();
  EXPECT_EQ(response.status, 503);
  EXPECT_EQ(Body(response).at("code"), "ServiceUnavailable");

  database_up = true;
  app_.AddReadinessCheck("throws", []() -> awaitable<bool> {
    throw std::runtime_error("cannot connect");
    co_return true;
  });
  EXPECT_EQ(ready().status, 503);
  EXPECT_EQ(first_runs, 3);
}

TEST_F(AppTest, StartAndEndSessionCookies) {
  App secure(AppOptions{.secret = "s", .cookie_secure = true, .languages = {{"en", "English"}}},
             TestCatalog());
  Response response;
  secure.StartSession(response, "tok-new");
  auto session = FindCookie(response, kSessionCookie);
  ASSERT_TRUE(session);
  EXPECT_EQ(session->value, "tok-new");
  EXPECT_TRUE(session->http_only);
  EXPECT_TRUE(session->secure);
  EXPECT_EQ(session->same_site, "Lax");
  EXPECT_EQ(session->path, "/");
  EXPECT_EQ(session->max_age_seconds, 180LL * 24 * 3600);
  auto xsrf = FindCookie(response, kXsrfCookie);
  ASSERT_TRUE(xsrf);
  EXPECT_FALSE(xsrf->http_only);
  EXPECT_TRUE(xsrf->secure);
  EXPECT_TRUE(secure.VerifyXsrfToken(xsrf->value, "tok-new"));

  secure.EndSession(response);
  EXPECT_EQ(response.cookies.size(), 2u);
  session = FindCookie(response, kSessionCookie);
  EXPECT_EQ(session->max_age_seconds, 0);
  EXPECT_TRUE(session->value.empty());
  EXPECT_TRUE(secure.VerifyXsrfToken(FindCookie(response, kXsrfCookie)->value, ""));
}

TEST_F(AppTest, XsrfTokenFormat) {
  std::string token = app_.MakeXsrfToken("tok-a");
  auto dot = token.find('.');
  ASSERT_NE(dot, std::string::npos);
  EXPECT_EQ(token.find_first_not_of("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_."),
            std::string::npos);
  EXPECT_NE(token, app_.MakeXsrfToken("tok-a"));
  EXPECT_FALSE(app_.VerifyXsrfToken("", ""));
  EXPECT_FALSE(app_.VerifyXsrfToken(".", ""));
  EXPECT_FALSE(app_.VerifyXsrfToken(token.substr(0, dot), "tok-a"));
  std::string tampered = token;
  tampered[0] = tampered[0] == 'A' ? 'B' : 'A';
  EXPECT_FALSE(app_.VerifyXsrfToken(tampered, "tok-a"));
}

TEST_F(AppTest, GuestRoutesServeEverybody) {
  for (const std::string token : {"", "tok-a", "tok-verified", "tok-b", "tok-impersonating", "tok-unknown"}) {
    EXPECT_EQ(AccessAs("/api/access/guest", token).status, 200) << token;
  }
  EXPECT_EQ(handler_calls_, 6);
}

TEST_F(AppTest, UserRoutesNeedASignedInUser) {
  Response response = AccessAs("/api/access/user", "");
  EXPECT_EQ(response.status, 401);
  EXPECT_EQ(Body(response).at("code"), "Unauthenticated");
  response = AccessAs("/api/access/user", "tok-unknown");
  EXPECT_EQ(response.status, 401);
  EXPECT_EQ(handler_calls_, 0) << "the handler never ran for a guest";
  for (const std::string token : {"tok-a", "tok-verified", "tok-b", "tok-impersonating"}) {
    EXPECT_EQ(AccessAs("/api/access/user", token).status, 200) << token;
  }
  EXPECT_EQ(handler_calls_, 4);
}

TEST_F(AppTest, VerifiedUserRoutesNeedAVerifiedAddress) {
  EXPECT_EQ(AccessAs("/api/access/verified", "").status, 401);
  Response response = AccessAs("/api/access/verified", "tok-a");
  EXPECT_EQ(response.status, 403);
  EXPECT_EQ(Body(response).at("code"), "Forbidden");
  EXPECT_EQ(Body(response).at("message"), "Confirm your e-mail address first: follow the link we sent you.");
  response = AccessAs("/api/access/verified", "tok-a", "ru");
  EXPECT_EQ(response.status, 403);
  EXPECT_EQ(Body(response).at("message"),
            "Сначала подтвердите адрес электронной почты: перейдите по ссылке из нашего письма.");
  EXPECT_EQ(AccessAs("/api/access/verified", "tok-b").status, 403) << "an unverified admin is unverified";
  EXPECT_EQ(handler_calls_, 0);
  EXPECT_EQ(AccessAs("/api/access/verified", "tok-verified").status, 200);
  EXPECT_EQ(handler_calls_, 1);
}

TEST_F(AppTest, AdminRoutesNeedAnAdminInTheirOwnSession) {
  EXPECT_EQ(AccessAs("/api/access/admin", "").status, 401);
  for (const std::string token : {"tok-a", "tok-verified", "tok-impersonating"}) {
    Response response = AccessAs("/api/access/admin", token);
    EXPECT_EQ(response.status, 403) << token;
    EXPECT_EQ(Body(response).at("code"), "Forbidden");
    EXPECT_EQ(Body(response).at("message"), "You do not have permission to do this.");
  }
  EXPECT_EQ(handler_calls_, 0);
  EXPECT_EQ(AccessAs("/api/access/admin", "tok-b").status, 200);
  EXPECT_EQ(handler_calls_, 1);
}

TEST_F(AppTest, AccessIsCheckedAfterTheRouteIsFound) {
  // Unknown paths and other methods keep their 404 and 405, even for a guest.
  EXPECT_EQ(AccessAs("/api/access/nothing", "").status, 404);
  Request post = Api(Method::kPost, "/api/access/admin");
  WithXsrf(post, app_.MakeXsrfToken(""));
  EXPECT_EQ(Send(post).status, 405);
}

}  // namespace
}  // namespace artel::web
