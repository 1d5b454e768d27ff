#pragma once

#include <boost/asio/awaitable.hpp>
#include <cstdint>
#include <expected>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "artel/core/actor.hpp"
#include "artel/core/clock.hpp"
#include "artel/core/config.hpp"
#include "artel/identity/password.hpp"

namespace boost::json {
class object;
}  // namespace boost::json

namespace artel::db {
class Pool;
}  // namespace artel::db

namespace artel::identity {

class UserInfoExtensions;

struct IdentityOptions {
  SecurityConfig security;
  /// Base of every mailed link ({public_url}/{lang}/verification-email?token=...); never the Host header.
  std::string public_url;
  /// Language code → display name (GET /api/user/allowed-languages; accepted by set-lang and register).
  std::map<std::string, std::string> languages{{"en", "English"}, {"ru", "Русский"}};
  std::string default_language = "en";
  /// Body limit of PUT /api/user/avatar (storage.max_avatar_bytes).
  std::size_t max_avatar_bytes = 5 * 1024 * 1024;
};

/// An account as its owner sees it.
struct User {
  std::int64_t id = 0;
  std::string email;
  std::optional<std::string> pending_email;
  bool email_verified = false;
  std::string name;
  std::string lastname;
  /// A storage::FileStore name, not a URL.
  std::optional<std::string> avatar;
  std::int32_t role = 0;
  std::string lang;
  TimePoint created_at;
  /// The welcome choice (SPEC §1): "customer" (find a specialist) or "performer" (find a job); unset until
  /// made.
  std::optional<std::string> intent;
  /// A catalog country where the user looks for work.
  std::optional<std::int32_t> job_country_id;
  /// Whether the welcome dialog should ask: no choice yet, and no "Later" within the last week.
  bool welcome_due = false;
};

/// Where a request came from; recorded on sessions and used as the per-IP rate-limit key.
struct ClientInfo {
  std::string ip;
  std::string user_agent;
};

/// A freshly issued session. `token` is the only copy of the secret: only its SHA-256 is stored.
struct NewSession {
  std::string token;
  std::int64_t session_id = 0;
  std::int64_t user_id = 0;
};

struct SessionInfo {
  std::int64_t id = 0;
  TimePoint created_at;
  TimePoint last_seen_at;
  std::string user_agent;
  std::string ip;
  bool current = false;
};

struct VerifiedEmail {
  User user;
  /// The link had been used before (or expired), and its address is the account's verified address.
  bool already_verified = false;
};

struct RegisterInput {
  std::string name;
  std::string lastname;
  std::string email;  // already validated and lower-cased
  std::string password;
  /// Empty: the default language.
  std::string lang;
  /// The user agreement and the consent to the processing of personal data (the registration form's
  /// checkbox).
  bool accepted_terms = false;
};

struct LoginResult {
  NewSession session;
  User user;
};

/// A successful login or registration, as sign-in listeners see it.
struct SignIn {
  std::int64_t user_id = 0;
  ClientInfo client;
  /// The request's Cookie header as sent (marketing reads its visitor cookie from it).
  std::string cookie_header;
};

/// Called after a successful login or registration (e.g. marketing attaches the visitor's UTM rows).
using SignInListener = std::function<boost::asio::awaitable<void>(const SignIn&)>;

/// SHA-256 of a session or one-time token: the only form in which tokens reach the database.
std::string HashToken(std::string_view token);

/// Accounts, sessions, e-mail verification, password reset and impersonation. Knows nothing of HTTP:
/// libs/identity/src/routes.cpp maps the endpoints onto it. Expected failures throw artel::Error
/// (ValidationFailed with per-field i18n keys, Forbidden, NotFound, RateLimited, ServiceUnavailable).
/// Thread-safe; create one per process.
class Identity final {
 public:
  Identity(db::Pool& pool, IdentityOptions options, const Clock& clock = DefaultClock());
  ~Identity();
  Identity(const Identity&) = delete;
  Identity& operator=(const Identity&) = delete;

  const IdentityOptions& Options() const noexcept;
  /// The configured language for `code` in any case ("RU" → "ru"); nullopt when not configured.
  std::optional<std::string> NormalizeLanguage(std::string_view code) const;

  /// The web::App authenticator: a live (not revoked, not expired, its user not blocked) session's actor, or
  /// why there is none (a session revoked in the last minutes is NoSession::kEndedRecently). Touches
  /// last_seen_at and slides expires_at at most once a minute per session.
  boost::asio::awaitable<std::expected<Actor, NoSession>> Lookup(std::string_view token);
  /// Lookup's actor, if any.
  boost::asio::awaitable<std::optional<Actor>> Authenticate(std::string_view token);
  /// The web::App session check: of `session_ids`, the ones Lookup would not accept any more (revoked,
  /// expired, their user blocked, or no such session), in one statement however many. Touches nothing: a
  /// socket kept open is not a use of the session.
  boost::asio::awaitable<std::vector<std::int64_t>> EndedSessions(std::vector<std::int64_t> session_ids);

  /// Creates an unverified account and mails a verification link; for an address already registered it
  /// mails the owner an "account exists" note instead and changes nothing. Same outcome either way for the
  /// caller apart from the return value (the route answers identically). Rate-limited per IP.
  /// Returns the new account's id, or nullopt when the address was taken.
  boost::asio::awaitable<std::optional<std::int64_t>> Register(RegisterInput input, const ClientInfo& client);

  /// Checks the password (a dummy hash for unknown addresses: same work, same answer) and opens a new
  /// session. Wrong credentials: ValidationFailed("email", auth:invalid_credentials). Rate-limited per IP
  /// and per address; a successful login clears the address's counter. Rehashes outdated hashes.
  boost::asio::awaitable<LoginResult> Login(std::string email, std::string password,
                                            const ClientInfo& client);
  boost::asio::awaitable<void> RevokeSession(std::int64_t session_id);

  /// GET /api/user/info for a token: the actor, the user and every extension's keys (into `keys`), or nullopt
  /// why the token names no live session (as Lookup). One round trip once this process has seen the
  /// token: a session's user never changes, so the user's queries go out in the same pipeline as the session
  /// lookup and are used only when the lookup confirms that user. The first time, two.
  struct SignedIn {
    Actor actor;
    User user;
  };
  boost::asio::awaitable<std::expected<SignedIn, NoSession>> SignedInInfo(
      std::string_view token, const UserInfoExtensions& extensions, boost::json::object& keys);

  boost::asio::awaitable<User> GetUser(std::int64_t user_id);
  /// The user and every extension's keys for them (into `keys`), in one round trip.
  boost::asio::awaitable<User> GetUser(std::int64_t user_id, const UserInfoExtensions& extensions,
                                       boost::json::object& keys);
  /// ValidationFailed("name", validation:required) for a name given blank; nullopt leaves a field as it is.
  boost::asio::awaitable<User> UpdateProfile(std::int64_t user_id, std::optional<std::string> name,
                                             std::optional<std::string> lastname);
  /// Records the welcome choice. ValidationFailed for an intent other than customer/performer, a missing
  /// country with "performer", or a country not in the catalog.
  boost::asio::awaitable<User> CompleteWelcome(std::int64_t user_id, std::string_view intent,
                                               std::optional<std::int32_t> job_country_id);
  /// "Later" in the welcome dialog: remembered with its time, so the dialog asks again a week later (a user
  /// who has chosen is left as is).
  boost::asio::awaitable<User> PostponeWelcome(std::int64_t user_id);
  /// ValidationFailed("lang", auth:lang.unknown) for a language not configured.
  boost::asio::awaitable<void> SetLanguage(std::int64_t user_id, std::string_view lang);
  boost::asio::awaitable<User> SetAvatar(std::int64_t user_id, std::optional<std::string> file_name);

  /// Uses a verify_email or change_email token. A link used again (or expired) whose address is the
  /// account's verified address answers `already_verified` instead of an error. A confirmed change of
  /// address mails the old address a notice (template email_changed). ValidationFailed("token",
  /// auth:token.invalid) when the token is unknown, or used or expired for an address the account no
  /// longer has verified.
  boost::asio::awaitable<VerifiedEmail> VerifyEmail(std::string_view token);
  /// Mails a new verification link. Conflict when already verified; rate-limited per account.
  boost::asio::awaitable<void> ResendVerification(std::int64_t user_id);
  /// The same for a guest who gives the address (the "check your e-mail" screen after registering): sends
  /// only when the address has an unverified account, and answers the same either way (no enumeration).
  /// Rate-limited per IP and per address. ValidationFailed("email", validation:required) without an address.
  boost::asio::awaitable<void> ResendVerificationTo(std::optional<std::string> email,
                                                    const ClientInfo& client);
  /// Mails a confirmation link to `new_email`. Forbidden while impersonating; wrong password →
  /// ValidationFailed("password", auth:password.wrong). An address owned by someone else changes nothing
  /// and sends nothing (no enumeration).
  boost::asio::awaitable<void> RequestEmailChange(const Actor& actor, std::string new_email,
                                                  std::string password);
  /// Mails a reset link when the address has an account; rate-limited per IP and per address.
  boost::asio::awaitable<void> ForgotPassword(std::string email, const ClientInfo& client);
  /// Sets the password from a reset token and revokes every session of the account.
  boost::asio::awaitable<void> ResetPassword(std::string_view token, std::string password);
  /// Forbidden while impersonating; wrong current → ValidationFailed("current_password",
  /// auth:password.wrong); a new password equal to the current one → ValidationFailed("password",
  /// auth:password.same). Revokes every other session of the account.
  boost::asio::awaitable<void> ChangePassword(const Actor& actor, std::string current_password,
                                              std::string password);

  boost::asio::awaitable<std::vector<SessionInfo>> ListSessions(const Actor& actor);
  /// NotFound unless `session_id` is a live session of the principal's account (impersonation sessions
  /// belong to the admin and are neither listed nor ended here, except the current one).
  boost::asio::awaitable<void> RevokeUserSession(const Actor& actor, std::int64_t session_id);
  /// Returns the number revoked.
  boost::asio::awaitable<std::int64_t> RevokeOtherSessions(const Actor& actor);

  /// Opens a session of `target_id` on behalf of the admin `principal` (impersonator_id = admin) and writes
  /// an audit row. Forbidden for non-admins, for admin targets and while already impersonating; NotFound for
  /// an unknown target. With `revoke_current` the admin's current session ends (its cookie is replaced).
  boost::asio::awaitable<NewSession> StartImpersonation(const Actor& actor, std::int64_t target_id,
                                                        const ClientInfo& client, bool revoke_current);
  /// Ends the impersonation session and opens a new session of the impersonating admin (audit row "stop").
  /// Conflict when `principal` is not impersonating.
  boost::asio::awaitable<NewSession> StopImpersonation(const Actor& actor, const ClientInfo& client);

  /// Administration (libs/admin's routes; the router checks Access::kAdmin, these check it again). Each runs
  /// in one transaction with its platform::RecordAudit row. Forbidden("admin:self") on oneself; NotFound for
  /// an unknown account.
  /// Blocks: marks the account (who, when, why) and revokes every live session; the account can no longer
  /// sign in (Forbidden auth:account_blocked) nor reset its password, and Authenticate refuses its sessions.
  /// Forbidden("admin:target_admin") for an administrator; Conflict("admin:illegal_transition") when blocked.
  boost::asio::awaitable<void> Block(const Actor& actor, std::int64_t target_id, std::string reason);
  /// Conflict("admin:illegal_transition") when not blocked.
  boost::asio::awaitable<void> Unblock(const Actor& actor, std::int64_t target_id);
  /// Role 0 or 1 (ValidationFailed("role") otherwise); no audit row when unchanged.
  boost::asio::awaitable<void> SetRole(const Actor& actor, std::int64_t target_id, std::int32_t role);

  void AddSignInListener(SignInListener listener);
  /// Runs the listeners; a failing listener is logged and does not fail the sign-in.
  boost::asio::awaitable<void> NotifySignIn(const SignIn& sign_in) const;

  PasswordHasher& Hasher() noexcept;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

/// Creates an administrator with a verified address, or promotes (and sets the password of) an existing
/// account. Throws ValidationFailed when the password breaks the rules. Returns the account id.
boost::asio::awaitable<std::int64_t> CreateAdmin(db::Pool& pool, const IdentityOptions& options,
                                                 std::string email, std::string password, std::string name);

struct DemoAccount {
  std::string email;
  std::string password;
  std::string name;
  int role = 0;
  /// The welcome choice the account comes with (none for the admin, who is never asked).
  std::optional<std::string> intent;
};

/// Identity settings from the platform's configuration (security, public URL, languages, avatar limit).
IdentityOptions OptionsFrom(const Config& config);

/// admin@artel.local (role 1), customer@artel.local and performer@artel.local with verified addresses.
/// Idempotent: accounts that exist are left as they are. Returns the three accounts and their passwords.
boost::asio::awaitable<std::vector<DemoAccount>> SeedDemoAccounts(db::Pool& pool,
                                                                  const IdentityOptions& options);

/// The demo marketplace's people: customers and performers (password `Demo#Artel2026`, verified, with
/// their welcome intent) in Russian and English. Idempotent. Returns how many exist afterwards.
boost::asio::awaitable<std::size_t> SeedDemoPeople(db::Pool& pool, const IdentityOptions& options);

/// Ids of the demo people with `intent` ("customer" or "performer"), in a stable order: what other
/// modules' demo seeders act as.
boost::asio::awaitable<std::vector<std::int64_t>> DemoPeople(db::Pool& pool, std::string_view intent);

/// The id of the account with this address, if any.
boost::asio::awaitable<std::optional<std::int64_t>> FindUserId(db::Pool& pool, std::string_view email);

}  // namespace artel::identity
