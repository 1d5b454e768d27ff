// HTTP for the identity service: CONTRACT.md's /api/user/* and /api/admin/users/{id}/impersonate.

#include "routes.hpp"

#include <boost/describe/class.hpp>
#include <boost/json/array.hpp>
#include <boost/json/object.hpp>
#include <boost/json/value.hpp>
#include <memory>
#include <string>
#include <variant>
#include <vector>

#include "artel/core/time.hpp"
#include "artel/identity/identity.hpp"
#include "artel/identity/user_info.hpp"
#include "artel/storage/storage.hpp"
#include "artel/storage/upload.hpp"
#include "artel/web/api.hpp"
#include "artel/web/app.hpp"
#include "artel/web/router.hpp"

namespace artel::identity {

/// libs/identity/api.yaml, compiled in (artel_contract_part).
std::string_view ContractPart();

namespace {

using boost::asio::awaitable;
using web::Method;
using web::Request;
using web::Response;

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

/// The schema GuestInfo: what a caller without a live session gets from GET /api/user/info.
struct GuestInfoView {
  std::vector<boost::json::object> unread_msg;
  bool impersonated = false;
};
BOOST_DESCRIBE_STRUCT(GuestInfoView, (), (unread_msg, impersonated))

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

/// The session cookie for a new session: persistent as web::App makes it, or, with `remember: false`, a
/// browser-session cookie. The server-side lifetime is the same either way.
void StartCookieSession(const web::App& app, Response& response, const NewSession& session, bool remember) {
  app.StartSession(response, session.token);
  if (remember) return;
  for (auto& cookie : response.cookies) {
    if (cookie.name == web::kSessionCookie) cookie.max_age_seconds = std::nullopt;
  }
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

/// POST /api/user/register. The account's rules (the terms, the new password's classes, a configured
/// language) are Identity::Register's.
struct RegisterBody {
  std::string name;
  std::optional<std::string> lastname;
  std::string email;
  std::string password;
  std::optional<std::string> lang;
  bool accept_terms = false;
};
BOOST_DESCRIBE_STRUCT(RegisterBody, (), (name, lastname, email, password, lang, accept_terms))

struct RegisteredView {
  std::string status;
};
BOOST_DESCRIBE_STRUCT(RegisteredView, (), (status))

struct LoginBody {
  std::string email;
  std::string password;
  bool remember = true;
  std::optional<std::string> client;
};
BOOST_DESCRIBE_STRUCT(LoginBody, (), (email, password, remember, client))

/// The schema ApiLoginResponse (`client: "api"`).
struct ApiLoginView {
  std::string api_token;
  UserInfoView user;
};
BOOST_DESCRIBE_STRUCT(ApiLoginView, (), (api_token, user))

/// The schema ImpersonationSwitch.
struct SwitchView {
  std::string api_token;
  std::int64_t user_id = 0;
};
BOOST_DESCRIBE_STRUCT(SwitchView, (), (api_token, user_id))

struct AvatarView {
  std::string avatar;
};
BOOST_DESCRIBE_STRUCT(AvatarView, (), (avatar))

/// `{"avatar": null}` (the schema's type is "null" alone).
struct NoAvatarView {
  boost::json::value avatar;
};
BOOST_DESCRIBE_STRUCT(NoAvatarView, (), (avatar))

/// An avatar is shown at most a few hundred pixels wide: stored at 512 at most, without a thumbnail.
constexpr storage::ImageOptions kAvatarImage{.max_side = 512, .thumbnail = false};

/// The operations of libs/identity/api.yaml, each a named handler.
class Edge final {
 public:
  Edge(web::App& app, Identity& identity, const UserInfoExtensions& extensions, storage::FileStore& files,
       boost::asio::thread_pool& blocking)
      : app_(app), identity_(identity), extensions_(extensions), files_(files), blocking_(blocking) {}

  /// The session is looked up here (x-session-in-handler), in the same round trip as the user and every
  /// extension's keys; a token without a live session is answered as a guest's.
  awaitable<std::variant<UserInfoView, GuestInfoView>> UserInfo(const web::Call& call) {
    std::expected<Identity::SignedIn, NoSession> signed_in = std::unexpected(NoSession::kUnknown);
    boost::json::object keys;
    if (!call.SessionToken().empty()) {
      signed_in = co_await identity_.SignedInInfo(call.SessionToken(), extensions_, keys);
    }
    if (!signed_in) {
      call.NotSignedIn(signed_in.error() == NoSession::kEndedRecently);
      co_return GuestInfoView{};
    }
    call.SignedIn(signed_in->actor);
    co_return UserInfoOf(signed_in->user, signed_in->actor, keys);
  }

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

  /// 202 `verification_sent` whether or not the address was free (no enumeration).
  awaitable<RegisteredView> Register(const web::Call& call, RegisterBody body) {
    std::string lang = body.lang && !body.lang->empty() ? std::move(*body.lang) : call.Lang();
    RegisterInput input{std::move(body.name),  body.lastname.value_or(""),
                        std::move(body.email), std::move(body.password),
                        std::move(lang),       body.accept_terms};
    const ClientInfo client = Client(call.Raw());
    const std::optional<std::int64_t> user_id = co_await identity_.Register(std::move(input), client);
    if (user_id) {
      const SignIn sign_in = SignInOf(call.Raw(), *user_id);
      co_await identity_.NotifySignIn(sign_in);
    }
    co_return RegisteredView{"verification_sent"};
  }

  /// The user info with the session's cookies, or with `client: "api"` a bearer token and no cookie.
  awaitable<Response> Login(const web::Call& call, LoginBody body) {
    const ClientInfo client = Client(call.Raw());
    const LoginResult result =
        co_await identity_.Login(std::move(body.email), std::move(body.password), client);
    const SignIn sign_in = SignInOf(call.Raw(), result.session.user_id);
    co_await identity_.NotifySignIn(sign_in);
    const Actor principal{.user_id = result.user.id, .role = result.user.role};
    UserInfoView info = co_await Info(principal);
    if (body.client && !body.client->empty()) {
      const ApiLoginView view{.api_token = result.session.token, .user = std::move(info)};
      co_return Response::Json(kernel::ToJson(view));
    }
    auto response = Response::Json(kernel::ToJson(info));
    StartCookieSession(app_, response, result.session, body.remember);
    co_return response;
  }

  /// Also a guest's (nothing to revoke): the cookie is deleted and a guest XSRF cookie issued either way.
  awaitable<Response> Logout(const web::Call& call) {
    if (const auto& viewer = call.Viewer()) co_await identity_.RevokeSession(viewer->session_id);
    auto response = Response::Ok();
    app_.EndSession(response);
    co_return response;
  }

  awaitable<Response> LogoutGet(const web::Call& call) { co_return co_await Logout(call); }

  /// The admin's cookie session is replaced by the new cookie, so it ends here; a bearer-token client keeps
  /// its own token. Who may impersonate whom is Identity::StartImpersonation's.
  awaitable<Response> Impersonate(const web::Call& call, NoInput) {
    const Actor& principal = call.User();
    const std::int64_t target_id = call.Id();
    const ClientInfo client = Client(call.Raw());
    const bool from_cookie = call.Raw().token_from_cookie;
    const NewSession session =
        co_await identity_.StartImpersonation(principal, target_id, client, from_cookie);
    co_return Switched(session);
  }

  awaitable<Response> StopImpersonating(const web::Call& call, NoInput) {
    const Actor& principal = call.User();
    const ClientInfo client = Client(call.Raw());
    const NewSession session = co_await identity_.StopImpersonation(principal, client);
    co_return Switched(session);
  }

  /// The type comes from the bytes (FileStore sniffs them); the declared Content-Type is not trusted.
  /// Decoded, bounded and re-encoded: only pixels libgd could read are ever stored and served.
  awaitable<AvatarView> UploadAvatar(const web::Call& call) {
    const std::int64_t user_id = call.User().user_id;
    const auto stored = co_await storage::PutImageOn(blocking_, files_, call.Raw().body, kAvatarImage);
    co_await identity_.SetAvatar(user_id, stored.name);
    co_return AvatarView{storage::FileUrl(stored.name)};
  }

  awaitable<NoAvatarView> DeleteAvatar(const web::Call& call) {
    co_await identity_.SetAvatar(call.User().user_id, std::nullopt);
    co_return NoAvatarView{nullptr};
  }

 private:
  /// The new session's token in the answer and its cookie.
  Response Switched(const NewSession& session) const {
    const SwitchView view{.api_token = session.token, .user_id = session.user_id};
    auto response = Response::Json(kernel::ToJson(view));
    app_.StartSession(response, session.token);
    return response;
  }

  /// The user's info with every extension's keys, read in one round trip.
  awaitable<UserInfoView> Info(const Actor& principal) {
    boost::json::object keys;
    const User user = co_await identity_.GetUser(principal.user_id, extensions_, keys);
    co_return UserInfoOf(user, principal, keys);
  }

  web::App& app_;
  Identity& identity_;
  const UserInfoExtensions& extensions_;
  storage::FileStore& files_;
  boost::asio::thread_pool& blocking_;
};

}  // namespace

void Register(web::App& app, Identity& identity, storage::FileStore& files,
              boost::asio::thread_pool& blocking, const UserInfoExtensions& extensions) {
  app.SetAuthenticator([&identity](std::string_view token) { return identity.Lookup(token); });
  if (!app.GetContract().HasPart("identity")) app.GetContract().AddPart("identity", ContractPart());
  web::Api<Edge> api(app, std::make_shared<Edge>(app, identity, extensions, files, blocking),
                     web::ApiOptions{.upload_limit = identity.Options().max_avatar_bytes});
  api.Add("userInfo", &Edge::UserInfo);
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
  api.Add("register", &Edge::Register);
  api.Add("login", &Edge::Login);
  api.Add("logout", &Edge::Logout);
  api.Add("logoutGet", &Edge::LogoutGet);
  api.Add("impersonate", &Edge::Impersonate);
  api.Add("stopImpersonating", &Edge::StopImpersonating);
  api.Add("uploadAvatar", &Edge::UploadAvatar);
  api.Add("deleteAvatar", &Edge::DeleteAvatar);
}

}  // namespace artel::identity
