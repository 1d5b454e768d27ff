// HTTP for the identity service: CONTRACT.md's /api/user/* and /api/admin/users/{id}/impersonate.

#include "routes.hpp"

#include <boost/describe/class.hpp>
#include <boost/json/array.hpp>
#include <boost/json/object.hpp>
#include <boost/json/value.hpp>
#include <boost/json/value_from.hpp>
#include <memory>
#include <string>
#include <vector>

#include "artel/core/time.hpp"
#include "artel/identity/identity.hpp"
#include "artel/identity/user_info.hpp"
#include "artel/storage/storage.hpp"
#include "artel/storage/upload.hpp"
#include "artel/web/api.hpp"
#include "artel/web/app.hpp"
#include "artel/web/json.hpp"
#include "artel/web/router.hpp"

namespace artel::identity {

/// libs/identity/api.yaml, compiled in (artel_contract_part).
std::string_view ContractPart();

namespace {

using boost::asio::awaitable;
using web::Method;
using web::Request;
using web::Response;

constexpr web::StringRule kNameRule{.min_length = 1, .max_length = 100};
constexpr web::StringRule kLastnameRule{.min_length = 0, .max_length = 100, .required = false};
/// Password length is CheckPassword's business (its own message keys); this only bounds the work.
constexpr web::StringRule kPasswordRule{.min_length = 1, .max_length = 4096, .trim = false};
constexpr web::StringRule kLangRule{.min_length = 1, .max_length = 16, .required = false};

boost::json::value AvatarUrl(const User& user) {
  if (!user.avatar) return nullptr;
  return boost::json::string(storage::FileUrl(*user.avatar));
}

template <class T>
boost::json::value Optional(const std::optional<T>& value) {
  if (!value) return nullptr;
  return boost::json::value_from(*value);
}

boost::json::object UserInfo(const User& user, const Actor& principal) {
  return {{"id", user.id},
          {"name", user.name},
          {"lastname", user.lastname},
          {"avatar", AvatarUrl(user)},
          {"role", user.role},
          {"lang", user.lang},
          {"email", user.email},
          {"email_verified", user.email_verified},
          {"impersonated", principal.impersonator_id.has_value()},
          {"unread_msg", boost::json::array()},
          {"intent", Optional(user.intent)},
          {"job_country_id", Optional(user.job_country_id)},
          {"welcome_due", user.welcome_due}};
}

// The user's info with every extension's keys (the messenger's unread chats) written over it.
boost::json::object UserInfo(const User& user, const Actor& principal, boost::json::object keys) {
  auto info = UserInfo(user, principal);
  for (auto& [key, value] : keys) info[key] = std::move(value);
  return info;
}

// The user's info with every extension's keys, read in one round trip.
awaitable<boost::json::object> FullInfo(Identity& identity, const UserInfoExtensions& extensions,
                                        std::int64_t user_id, const Actor& principal) {
  boost::json::object keys;
  const User user = co_await identity.GetUser(user_id, extensions, keys);
  co_return UserInfo(user, principal, std::move(keys));
}

/// The profile as its owner sees it (the schema Profile).
struct ProfileView {
  std::int64_t id = 0;
  std::string name;
  std::optional<std::string> lastname;
  std::string email;
  std::optional<std::string> pending_email;
  bool email_verified = false;
  std::optional<std::string> avatar;
  std::string lang;
  TimePoint created_at;
};
BOOST_DESCRIBE_STRUCT(ProfileView, (),
                      (id, name, lastname, email, pending_email, email_verified, avatar, lang, created_at))

ProfileView ProfileOf(const User& user) {
  std::optional<std::string> avatar;
  if (user.avatar) avatar = storage::FileUrl(*user.avatar);
  return {.id = user.id,
          .name = user.name,
          .lastname = user.lastname,
          .email = user.email,
          .pending_email = user.pending_email,
          .email_verified = user.email_verified,
          .avatar = std::move(avatar),
          .lang = user.lang,
          .created_at = user.created_at};
}

/// The schema UserInfo: the signed-in user as the SPA keeps it. `unread_msg` is the messenger's (an extension
/// of the user info, its schema UnreadEntry), taken from the extensions' keys as they wrote it.
struct UserInfoView {
  std::int64_t id = 0;
  std::string name;
  std::string lastname;
  std::optional<std::string> avatar;
  std::int32_t role = 0;
  std::string lang;
  std::string email;
  bool email_verified = false;
  bool impersonated = false;
  boost::json::value unread_msg;
  std::optional<std::string> intent;
  std::optional<std::int32_t> job_country_id;
  bool welcome_due = false;
};
BOOST_DESCRIBE_STRUCT(UserInfoView, (),
                      (id, name, lastname, avatar, role, lang, email, email_verified, impersonated,
                       unread_msg, intent, job_country_id, welcome_due))

UserInfoView UserInfoOf(const User& user, const Actor& principal, boost::json::object& keys) {
  std::optional<std::string> avatar;
  if (user.avatar) avatar = storage::FileUrl(*user.avatar);
  boost::json::value unread = boost::json::array();
  if (auto* written = keys.if_contains("unread_msg")) unread = std::move(*written);
  return {.id = user.id,
          .name = user.name,
          .lastname = user.lastname,
          .avatar = std::move(avatar),
          .role = user.role,
          .lang = user.lang,
          .email = user.email,
          .email_verified = user.email_verified,
          .impersonated = principal.impersonator_id.has_value(),
          .unread_msg = std::move(unread),
          .intent = user.intent,
          .job_country_id = user.job_country_id,
          .welcome_due = user.welcome_due};
}

/// POST /api/user/welcome: the choice's rules (a country with "performer", one the catalog has) are
/// Identity::CompleteWelcome's.
struct WelcomeInput {
  std::string intent;
  std::optional<std::int32_t> job_country_id;
};
BOOST_DESCRIBE_STRUCT(WelcomeInput, (), (intent, job_country_id))

struct LanguageInput {
  std::string lang;
};
BOOST_DESCRIBE_STRUCT(LanguageInput, (), (lang))

/// PATCH /api/user/profile: a property left out is unchanged.
struct ProfileInput {
  web::Patch<std::string> name;
  web::Patch<std::string> lastname;
};
BOOST_DESCRIBE_STRUCT(ProfileInput, (), (name, lastname))

/// A body the operation allows but whose content nobody reads (`EmptyObject`).
struct NoInput {};
BOOST_DESCRIBE_STRUCT(NoInput, (), ())

/// The schema Session: one of the signed-in user's live sessions.
struct SessionView {
  std::int64_t id = 0;
  TimePoint created_at;
  TimePoint last_seen_at;
  std::string user_agent;
  std::string ip;
  bool current = false;
};
BOOST_DESCRIBE_STRUCT(SessionView, (), (id, created_at, last_seen_at, user_agent, ip, current))

struct SessionsView {
  std::vector<SessionView> sessions;
};
BOOST_DESCRIBE_STRUCT(SessionsView, (), (sessions))

struct RevokedView {
  std::int64_t revoked = 0;
};
BOOST_DESCRIBE_STRUCT(RevokedView, (), (revoked))

ClientInfo Client(const Request& request) {
  return {request.remote_ip, std::string(request.Header("User-Agent").value_or(""))};
}

SignIn SignInOf(const Request& request, std::int64_t user_id) {
  return {user_id, Client(request), std::string(request.Header("Cookie").value_or(""))};
}

/// POST /api/user/password/change. Passwords are never trimmed (x-trim: false); a new one's rules beyond its
/// length are CheckPassword's, run by Identity.
struct ChangePasswordInput {
  std::string current_password;
  std::string password;
};
BOOST_DESCRIBE_STRUCT(ChangePasswordInput, (), (current_password, password))

struct ChangeEmailInput {
  std::string email;
  std::string password;
};
BOOST_DESCRIBE_STRUCT(ChangeEmailInput, (), (email, password))

struct EmailInput {
  std::string email;
};
BOOST_DESCRIBE_STRUCT(EmailInput, (), (email))

struct ResetPasswordInput {
  std::string token;
  std::string password;
};
BOOST_DESCRIBE_STRUCT(ResetPasswordInput, (), (token, password))

struct TokenInput {
  std::string token;
};
BOOST_DESCRIBE_STRUCT(TokenInput, (), (token))

/// A guest names the address; a signed-in caller's is the account's.
struct ResendInput {
  std::optional<std::string> email;
};
BOOST_DESCRIBE_STRUCT(ResendInput, (), (email))

struct VerifiedView {
  bool email_verified = true;
  std::string email;
  bool already_verified = false;
};
BOOST_DESCRIBE_STRUCT(VerifiedView, (), (email_verified, email, already_verified))

/// The operations of libs/identity/api.yaml, each a named handler.
class Edge final {
 public:
  Edge(web::App& app, Identity& identity, const UserInfoExtensions& extensions)
      : app_(app), identity_(identity), extensions_(extensions) {}

  awaitable<boost::json::object> AllowedLanguages(const web::Call&) {
    boost::json::object languages;
    for (const auto& [code, name] : identity_.Options().languages) languages[code] = name;
    co_return languages;
  }

  awaitable<web::Done> SetLanguage(const web::Call& call, LanguageInput input) {
    co_await identity_.SetLanguage(call.User().user_id, input.lang);
    co_return web::Done{};
  }

  awaitable<ProfileView> GetProfile(const web::Call& call) {
    const User user = co_await identity_.GetUser(call.User().user_id);
    co_return ProfileOf(user);
  }

  awaitable<ProfileView> UpdateProfile(const web::Call& call, ProfileInput input) {
    std::optional<std::string> name;
    if (input.name) name = std::move(input.name.value);
    std::optional<std::string> lastname;
    if (input.lastname) lastname = std::move(input.lastname.value);
    const User user =
        co_await identity_.UpdateProfile(call.User().user_id, std::move(name), std::move(lastname));
    co_return ProfileOf(user);
  }

  awaitable<SessionsView> ListSessions(const web::Call& call) {
    SessionsView view;
    for (auto& session : co_await identity_.ListSessions(call.User())) {
      view.sessions.push_back({.id = session.id,
                               .created_at = session.created_at,
                               .last_seen_at = session.last_seen_at,
                               .user_agent = std::move(session.user_agent),
                               .ip = std::move(session.ip),
                               .current = session.current});
    }
    co_return view;
  }

  /// Ending the current session ends its cookie too.
  awaitable<Response> RevokeSession(const web::Call& call) {
    const Actor& principal = call.User();
    const std::int64_t session_id = call.Id();
    co_await identity_.RevokeUserSession(principal, session_id);
    auto response = Response::Ok();
    if (session_id == principal.session_id) app_.EndSession(response);
    co_return response;
  }

  awaitable<RevokedView> RevokeOtherSessions(const web::Call& call, NoInput) {
    const std::int64_t revoked = co_await identity_.RevokeOtherSessions(call.User());
    co_return RevokedView{revoked};
  }

  awaitable<UserInfoView> CompleteWelcome(const web::Call& call, WelcomeInput input) {
    const Actor& principal = call.User();
    co_await identity_.CompleteWelcome(principal.user_id, input.intent, input.job_country_id);
    co_return co_await Info(principal);
  }

  awaitable<UserInfoView> PostponeWelcome(const web::Call& call) {
    const Actor& principal = call.User();
    co_await identity_.PostponeWelcome(principal.user_id);
    co_return co_await Info(principal);
  }

  awaitable<web::Done> ChangePassword(const web::Call& call, ChangePasswordInput input) {
    co_await identity_.ChangePassword(call.User(), std::move(input.current_password),
                                      std::move(input.password));
    co_return web::Done{};
  }

  /// 202: the confirmation mail goes to the new address (or nothing happens when it is taken).
  awaitable<web::Done> ChangeEmail(const web::Call& call, ChangeEmailInput input) {
    co_await identity_.RequestEmailChange(call.User(), std::move(input.email), std::move(input.password));
    co_return web::Done{};
  }

  /// 202 whether or not the address has an account.
  awaitable<web::Done> ForgotPassword(const web::Call& call, EmailInput input) {
    const ClientInfo client = Client(call.Raw());
    co_await identity_.ForgotPassword(std::move(input.email), client);
    co_return web::Done{};
  }

  awaitable<web::Done> ResetPassword(const web::Call&, ResetPasswordInput input) {
    co_await identity_.ResetPassword(input.token, std::move(input.password));
    co_return web::Done{};
  }

  awaitable<VerifiedView> VerifyEmail(const web::Call&, TokenInput input) {
    const VerifiedEmail verified = co_await identity_.VerifyEmail(input.token);
    co_return VerifiedView{
        .email_verified = true, .email = verified.user.email, .already_verified = verified.already_verified};
  }

  /// 202. Signed in: the account's own address (409 when verified); a guest names it.
  awaitable<web::Done> ResendVerification(const web::Call& call, ResendInput input) {
    if (const auto& viewer = call.Viewer()) {
      co_await identity_.ResendVerification(viewer->user_id);
      co_return web::Done{};
    }
    const ClientInfo client = Client(call.Raw());
    co_await identity_.ResendVerificationTo(std::move(input.email), client);
    co_return web::Done{};
  }

 private:
  /// The user's info with every extension's keys, read in one round trip.
  awaitable<UserInfoView> Info(const Actor& principal) {
    boost::json::object keys;
    const User user = co_await identity_.GetUser(principal.user_id, extensions_, keys);
    co_return UserInfoOf(user, principal, keys);
  }

  web::App& app_;
  Identity& identity_;
  const UserInfoExtensions& extensions_;
};

/// A password field: present, a string, and every rule it breaks listed under its name.
std::optional<std::string> ReadNewPassword(web::JsonReader& reader, std::string_view field) {
  auto password = reader.String(field, kPasswordRule);
  if (password) {
    for (auto& problem : CheckPassword(*password)) reader.AddError(std::string(field), std::move(problem));
  }
  return password;
}

/// The session cookie for a new session: persistent as web::App makes it, or, with `remember: false`, a
/// browser-session cookie. The server-side lifetime is the same either way.
void StartCookieSession(const web::App& app, Response& response, const NewSession& session, bool remember) {
  app.StartSession(response, session.token);
  if (remember) return;
  for (auto& cookie : response.cookies) {
    if (cookie.name == web::kSessionCookie) cookie.max_age_seconds = std::nullopt;
  }
}

/// An avatar is shown at most a few hundred pixels wide: stored at 512 at most, without a thumbnail.
constexpr storage::ImageOptions kAvatarImage{.max_side = 512, .thumbnail = false};

}  // namespace

void Register(web::App& app, Identity& identity, storage::FileStore& files,
              boost::asio::thread_pool& blocking, const UserInfoExtensions& extensions) {
  app.SetAuthenticator([&identity](std::string_view token) { return identity.Lookup(token); });
  if (!app.GetContract().HasPart("identity")) app.GetContract().AddPart("identity", ContractPart());
  web::Api<Edge> api(app, std::make_shared<Edge>(app, identity, extensions));
  api.Add("allowedLanguages", &Edge::AllowedLanguages);
  api.Add("setLanguage", &Edge::SetLanguage);
  api.Add("getProfile", &Edge::GetProfile);
  api.Add("updateProfile", &Edge::UpdateProfile);
  api.Add("listSessions", &Edge::ListSessions);
  api.Add("revokeSession", &Edge::RevokeSession);
  api.Add("revokeOtherSessions", &Edge::RevokeOtherSessions);
  api.Add("completeWelcome", &Edge::CompleteWelcome);
  api.Add("postponeWelcome", &Edge::PostponeWelcome);
  api.Add("changePassword", &Edge::ChangePassword);
  api.Add("changeEmail", &Edge::ChangeEmail);
  api.Add("forgotPassword", &Edge::ForgotPassword);
  api.Add("resetPassword", &Edge::ResetPassword);
  api.Add("verifyEmail", &Edge::VerifyEmail);
  api.Add("resendVerification", &Edge::ResendVerification);
  auto& router = app.GetRouter();

  router.Add(Method::kPost, "/api/user/register", [&identity](Request& request) -> awaitable<Response> {
    auto body = request.JsonBody();
    web::JsonReader reader(body);
    auto name = reader.String("name", kNameRule);
    auto lastname = reader.String("lastname", kLastnameRule);
    auto email = reader.Email("email");
    auto password = ReadNewPassword(reader, "password");
    auto lang = reader.String("lang", kLangRule);
    if (lang && !identity.NormalizeLanguage(*lang)) reader.AddError("lang", {"auth:lang.unknown"});
    const auto accept_terms = reader.Bool("accept_terms", false);
    if (!reader.Has("accept_terms") || accept_terms == false) {
      reader.AddError("accept_terms", {"auth:terms_required"});
    }
    reader.Finish();
    RegisterInput input{*name,     lastname.value_or(""),       *email,
                        *password, lang.value_or(request.lang), accept_terms.value_or(false)};
    auto user_id = co_await identity.Register(std::move(input), Client(request));
    if (user_id) {
      const SignIn sign_in = SignInOf(request, *user_id);
      co_await identity.NotifySignIn(sign_in);
    }
    co_return Response::Json(boost::json::object{{"status", "verification_sent"}}, 202);
  });

  router.Add(
      Method::kPost, "/api/user/login",
      [&app, &identity, &extensions](Request& request) -> awaitable<Response> {
        auto body = request.JsonBody();
        web::JsonReader reader(body);
        auto email = reader.Email("email");
        auto password = reader.String("password", kPasswordRule);
        auto remember = reader.Bool("remember", false);
        auto client = reader.String("client", {.min_length = 0, .max_length = 16, .required = false});
        if (client && *client != "api") reader.AddError("client", {"validation:one_of", {{"values", "api"}}});
        reader.Finish();
        auto result = co_await identity.Login(*email, *password, Client(request));
        const SignIn sign_in = SignInOf(request, result.session.user_id);
        co_await identity.NotifySignIn(sign_in);
        const Actor principal{.user_id = result.user.id, .role = result.user.role};
        auto info = co_await FullInfo(identity, extensions, result.user.id, principal);
        if (client) {
          co_return Response::Json(boost::json::object{{"api_token", result.session.token}, {"user", info}});
        }
        auto response = Response::Json(info);
        StartCookieSession(app, response, result.session, remember.value_or(true));
        co_return response;
      });

  auto logout = [&app, &identity](Request& request) -> awaitable<Response> {
    if (request.principal) co_await identity.RevokeSession(request.principal->session_id);
    auto response = Response::Ok();
    app.EndSession(response);
    co_return response;
  };
  router.Add(Method::kGet, "/api/user/logout", logout);
  router.Add(Method::kPost, "/api/user/logout", logout);

  router.Add(Method::kGet, "/api/user/info",
             [&identity, &extensions](Request& request) -> awaitable<Response> {
               // The session lookup rides in the same round trip as the user's queries (session_in_handler).
               std::expected<Identity::SignedIn, NoSession> signed_in = std::unexpected(NoSession::kUnknown);
               boost::json::object keys;
               if (!request.session_token.empty()) {
                 signed_in = co_await identity.SignedInInfo(request.session_token, extensions, keys);
               }
               if (!signed_in) {
                 request.session_ended_recently = signed_in.error() == NoSession::kEndedRecently;
                 co_return Response::Json(
                     boost::json::object{{"unread_msg", boost::json::array()}, {"impersonated", false}});
               }
               request.principal = signed_in->actor;
               co_return Response::Json(UserInfo(signed_in->user, signed_in->actor, std::move(keys)));
             },
             {.session_in_handler = true});

  router.Add(
      Method::kPut, "/api/user/avatar",
      [&identity, &files, &blocking](Request& request) -> awaitable<Response> {
        const auto& principal = request.RequireUser();
        // The type comes from the bytes (FileStore sniffs them); the declared Content-Type is not trusted.
        // Decoded, bounded and re-encoded: only pixels libgd could read are ever stored and served.
        auto stored = co_await storage::PutImageOn(blocking, files, request.body, kAvatarImage);
        co_await identity.SetAvatar(principal.user_id, stored.name);
        co_return Response::Json(boost::json::object{{"avatar", storage::FileUrl(stored.name)}});
      },
      web::RouteOptions{.body_limit = identity.Options().max_avatar_bytes, .access = web::Access::kUser});

  router.Add(
      Method::kDelete, "/api/user/avatar",
      [&identity](Request& request) -> awaitable<Response> {
        const auto& principal = request.RequireUser();
        co_await identity.SetAvatar(principal.user_id, std::nullopt);
        co_return Response::Json(boost::json::object{{"avatar", nullptr}});
      },
      web::RouteOptions{.access = web::Access::kUser});

  router.Add(
      Method::kPost, "/api/admin/users/{id:int}/impersonate",
      [&app, &identity](Request& request) -> awaitable<Response> {
        const auto& principal = request.RequireAdmin();
        auto target_id = request.IntParam("id");
        // The admin's cookie session is replaced by the new cookie, so it ends here; a bearer-token
        // client keeps its own token.
        auto session = co_await identity.StartImpersonation(principal, target_id, Client(request),
                                                            request.token_from_cookie);
        auto response =
            Response::Json(boost::json::object{{"api_token", session.token}, {"user_id", session.user_id}});
        app.StartSession(response, session.token);
        co_return response;
      },
      web::RouteOptions{.access = web::Access::kAdmin});

  router.Add(
      Method::kPost, "/api/user/logout-impersonate",
      [&app, &identity](Request& request) -> awaitable<Response> {
        const auto& principal = request.RequireUser();
        auto session = co_await identity.StopImpersonation(principal, Client(request));
        auto response =
            Response::Json(boost::json::object{{"api_token", session.token}, {"user_id", session.user_id}});
        app.StartSession(response, session.token);
        co_return response;
      },
      web::RouteOptions{.access = web::Access::kUser});
}

}  // namespace artel::identity
