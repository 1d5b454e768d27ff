#pragma once

// The identity service's private part, shared by the files it is split into along its aggregates:
// identity.cpp (accounts: registration, the profile, the welcome choice, create-admin and the demo accounts),
// sessions.cpp (sign-in, the session lookup, the user's sessions), credentials.cpp (e-mail confirmation,
// e-mail change, password reset and change) and moderation.cpp (impersonation, blocking, roles). Here: the
// limits, the SQL, the small helpers and Identity::Impl. Included by those files only.

#include <algorithm>
#include <boost/json/object.hpp>
#include <boost/json/value.hpp>
#include <mutex>
#include <unordered_map>

#include "artel/core/crypto.hpp"
#include "artel/core/log.hpp"
#include "artel/core/text.hpp"
#include "artel/core/time.hpp"
#include "artel/db/pool.hpp"
#include "artel/identity/identity.hpp"
#include "artel/identity/user_info.hpp"
#include "artel/mail/mail.hpp"
#include "artel/platform/audit.hpp"
#include "artel/platform/rate_limiter.hpp"

namespace artel::identity {

using boost::asio::awaitable;
using namespace std::chrono_literals;

/// RandomToken(32) is 43 base64url characters; anything else cannot be ours and skips the database.
constexpr std::size_t kTokenLength = 43;
constexpr auto kTouchInterval = 1min;
/// How long after its revocation a session's token still reads as "ended moments ago" (NoSession): requests
/// sent before the logout or the impersonation that ended it may still be on their way.
constexpr auto kEndedGrace = 5min;
constexpr auto kVerifyEmailLifetime = 48h;
constexpr auto kChangeEmailLifetime = 24h;
constexpr auto kResetPasswordLifetime = 1h;
constexpr std::size_t kMaxUserAgentBytes = 512;

/// create-admin: a new administrator, or an existing account promoted (its password set anew).
constexpr db::Statement kUpsertAdmin{"identity.upsert_admin", R"sql(
INSERT INTO identity.users (email, password_hash, name, role, email_verified_at, lang, created_at, updated_at)
VALUES ($1, $2, $3, 1, $4, $5, $4, $4)
ON CONFLICT (email) DO UPDATE SET
  role = GREATEST(identity.users.role, 1),
  password_hash = EXCLUDED.password_hash,
  email_verified_at = COALESCE(identity.users.email_verified_at, EXCLUDED.email_verified_at),
  updated_at = EXCLUDED.updated_at
RETURNING id
)sql"};
constexpr db::Statement kInsertDemoAccount{"identity.insert_demo_account", R"sql(
INSERT INTO identity.users (email, password_hash, name, role, email_verified_at, lang, created_at, updated_at,
  intent)
VALUES ($1, $2, $3, $4, $5, $6, $5, $5, $7)
ON CONFLICT (email) DO NOTHING
)sql"};
constexpr db::Statement kSelectUser{"identity.select_user", R"sql(
SELECT id, email::text AS email, pending_email::text AS pending_email,
  email_verified_at IS NOT NULL AS email_verified, name, lastname, avatar, role, lang, created_at, intent,
  job_country_id, welcome_postponed_at
FROM identity.users
WHERE id = $1
)sql"};
/// The session behind a token, with what a principal needs of its user, and the sliding touch in the same
/// statement: when the session was last seen at or before $4 (now minus the touch interval), last_seen_at
/// becomes now and the expiry now + the session lifetime. One round trip for every signed-in request,
/// including the one a minute that moves the session on (it used to be a second statement). A session revoked
/// after $5 (now minus kEndedGrace) comes back too, not live, so that the caller can tell "ended moments ago"
/// (keep the cookie) from "unknown".
constexpr db::Statement kAuthenticate{"identity.authenticate_and_touch", R"sql(
WITH found AS (
  SELECT s.id AS session_id, s.user_id, u.role, s.impersonator_id, s.last_seen_at,
    u.email_verified_at IS NOT NULL AS email_verified,
    s.revoked_at IS NULL AND s.expires_at > $2 AND u.blocked_at IS NULL AS live,
    s.revoked_at IS NOT NULL AS revoked
  FROM identity.sessions s
  JOIN identity.users u ON u.id = s.user_id
  WHERE s.token_hash = $1 AND (s.revoked_at IS NULL OR s.revoked_at > $5)
), touched AS (
  UPDATE identity.sessions t SET last_seen_at = $2, expires_at = $3
  FROM found
  WHERE t.id = found.session_id AND found.live AND found.last_seen_at <= $4 AND t.revoked_at IS NULL
)
SELECT session_id, user_id, role, impersonator_id, email_verified, live, revoked FROM found
)sql"};
/// The ids of $1 that name no live session: kAuthenticate's rule for "live" (not revoked, not expired at $2,
/// its user not blocked); an id without a row (never issued) has ended too. An anti-join over the primary
/// keys: one index probe per id.
constexpr db::Statement kEndedSessions{"identity.ended_sessions", R"sql(
SELECT asked.id
  FROM unnest($1::bigint[]) AS asked(id)
 WHERE NOT EXISTS (
   SELECT 1 FROM identity.sessions s
     JOIN identity.users u ON u.id = s.user_id
    WHERE s.id = asked.id AND s.revoked_at IS NULL AND s.expires_at > $2 AND u.blocked_at IS NULL)
)sql"};
constexpr db::Statement kInsertSession{"identity.insert_session", R"sql(
INSERT INTO identity.sessions (user_id, token_hash, impersonator_id, created_at, last_seen_at, expires_at,
                               user_agent, ip)
VALUES ($1, $2, $3, $4, $4, $5, $6, $7)
RETURNING id
)sql"};
constexpr db::Statement kRevokeSession{"identity.revoke_session", R"sql(
UPDATE identity.sessions SET revoked_at = $2 WHERE id = $1 AND revoked_at IS NULL
)sql"};
constexpr db::Statement kFindLogin{"identity.find_login", R"sql(
SELECT id, password_hash, blocked_at IS NOT NULL AS blocked FROM identity.users WHERE email = $1
)sql"};
constexpr db::Statement kUpdateHash{"identity.update_hash", R"sql(
UPDATE identity.users SET password_hash = $2 WHERE id = $1 AND password_hash = $3
)sql"};
constexpr db::Statement kInsertUser{"identity.insert_user", R"sql(
INSERT INTO identity.users (email, password_hash, name, lastname, lang, created_at, updated_at, terms_accepted_at)
VALUES ($1, $2, $3, $4, $5, $6, $6, $6) ON CONFLICT (email) DO NOTHING RETURNING id
)sql"};
constexpr db::Statement kFindByEmail{"identity.find_by_email", R"sql(
SELECT id, email::text AS email, name, lang FROM identity.users WHERE email = $1
)sql"};
constexpr db::Statement kExpireTokens{"identity.expire_tokens", R"sql(
UPDATE identity.tokens SET used_at = $3 WHERE user_id = $1 AND purpose = $2 AND used_at IS NULL
)sql"};
constexpr db::Statement kInsertToken{"identity.insert_token", R"sql(
INSERT INTO identity.tokens (user_id, purpose, token_hash, email, created_at, expires_at)
VALUES ($1, $2, $3, $4, $5, $6)
)sql"};
constexpr db::Statement kFindToken{"identity.find_token", R"sql(
SELECT id, user_id, purpose, email::text AS email,
  (SELECT u.blocked_at IS NOT NULL FROM identity.users u WHERE u.id = identity.tokens.user_id) AS blocked
FROM identity.tokens
WHERE token_hash = $1 AND used_at IS NULL AND expires_at > $2
FOR UPDATE
)sql"};
/// A token whatever its state: a used or expired verification link may still say "already verified".
constexpr db::Statement kFindAnyToken{"identity.find_any_token", R"sql(
SELECT t.user_id, t.purpose, t.email::text AS email, u.email_verified_at IS NOT NULL AND u.email = t.email
  AS address_verified
FROM identity.tokens t
JOIN identity.users u ON u.id = t.user_id
WHERE t.token_hash = $1
)sql"};
constexpr db::Statement kUseToken{"identity.use_token", R"sql(
UPDATE identity.tokens SET used_at = $2 WHERE id = $1
)sql"};
constexpr db::Statement kVerifyAddress{"identity.verify_address", R"sql(
UPDATE identity.users SET email_verified_at = COALESCE(email_verified_at, $3), updated_at = $3
WHERE id = $1 AND email = $2 RETURNING id
)sql"};
constexpr db::Statement kConfirmEmailChange{"identity.confirm_email_change", R"sql(
UPDATE identity.users SET email = $2, pending_email = NULL, email_verified_at = $3, updated_at = $3
WHERE id = $1 RETURNING id
)sql"};
constexpr db::Statement kUserForMail{"identity.user_for_mail", R"sql(
SELECT email::text AS email, name, lang, email_verified_at IS NOT NULL AS email_verified, password_hash
FROM identity.users
WHERE id = $1
FOR UPDATE
)sql"};
constexpr db::Statement kEmailTaken{"identity.email_taken", R"sql(
SELECT EXISTS (SELECT 1 FROM identity.users WHERE email = $1) AS taken
)sql"};
constexpr db::Statement kSetPendingEmail{"identity.set_pending_email", R"sql(
UPDATE identity.users SET pending_email = $2, updated_at = $3 WHERE id = $1
)sql"};
constexpr db::Statement kSetPasswordFromReset{"identity.set_password_from_reset", R"sql(
UPDATE identity.users
SET password_hash = $2, updated_at = $3,
  email_verified_at = CASE WHEN email = $4 THEN COALESCE(email_verified_at, $3) ELSE email_verified_at END
WHERE id = $1
)sql"};
constexpr db::Statement kSetPassword{"identity.set_password", R"sql(
UPDATE identity.users SET password_hash = $2, updated_at = $3 WHERE id = $1
)sql"};
constexpr db::Statement kRevokeAllSessions{"identity.revoke_all_sessions", R"sql(
UPDATE identity.sessions SET revoked_at = $2 WHERE user_id = $1 AND revoked_at IS NULL
)sql"};
constexpr db::Statement kRevokeOtherSessions{"identity.revoke_other_sessions", R"sql(
UPDATE identity.sessions SET revoked_at = $3 WHERE user_id = $1 AND id <> $2 AND revoked_at IS NULL
)sql"};
// Impersonation sessions of an account belong to the admin: its owner neither sees nor ends them (the
// current one excepted, so an impersonating admin sees where they are).
constexpr db::Statement kRevokeOwnOtherSessions{"identity.revoke_own_other_sessions", R"sql(
UPDATE identity.sessions SET revoked_at = $3 WHERE user_id = $1 AND id <> $2 AND revoked_at IS NULL
AND impersonator_id IS NULL AND expires_at > $3
)sql"};
constexpr db::Statement kRevokeOwnSession{"identity.revoke_own_session", R"sql(
UPDATE identity.sessions SET revoked_at = $4 WHERE id = $2 AND user_id = $1 AND revoked_at IS NULL
AND expires_at > $4 AND (impersonator_id IS NULL OR id = $3)
)sql"};
constexpr db::Statement kListSessions{"identity.list_sessions", R"sql(
SELECT id, created_at, last_seen_at, user_agent, ip FROM identity.sessions
WHERE user_id = $1 AND revoked_at IS NULL AND expires_at > $3 AND (impersonator_id IS NULL OR id = $2)
ORDER BY last_seen_at DESC, id DESC
)sql"};
constexpr db::Statement kUpdateProfile{"identity.update_profile", R"sql(
UPDATE identity.users SET name = COALESCE($2, name), lastname = COALESCE($3, lastname), updated_at = $4
WHERE id = $1
)sql"};
constexpr db::Statement kSetLanguage{"identity.set_language", R"sql(
UPDATE identity.users SET lang = $2, updated_at = $3 WHERE id = $1
)sql"};
constexpr db::Statement kSetAvatar{"identity.set_avatar", R"sql(
UPDATE identity.users SET avatar = $2, updated_at = $3 WHERE id = $1
)sql"};
constexpr db::Statement kSetWelcome{"identity.set_welcome", R"sql(
UPDATE identity.users SET intent = $2, job_country_id = $3, updated_at = $4 WHERE id = $1
)sql"};
constexpr db::Statement kPostponeWelcome{"identity.postpone_welcome", R"sql(
UPDATE identity.users SET welcome_postponed_at = $2 WHERE id = $1 AND intent IS NULL
)sql"};
constexpr db::Statement kUserRole{"identity.user_role", R"sql(
SELECT role FROM identity.users WHERE id = $1
)sql"};
constexpr db::Statement kLockForAdmin{"identity.lock_for_admin", R"sql(
SELECT role, blocked_at, blocked_reason, blocked_by FROM identity.users WHERE id = $1 FOR UPDATE
)sql"};
constexpr db::Statement kBlock{"identity.block", R"sql(
UPDATE identity.users SET blocked_at = $2, blocked_reason = $3, blocked_by = $4, updated_at = $2 WHERE id = $1
)sql"};
constexpr db::Statement kUnblock{"identity.unblock", R"sql(
UPDATE identity.users SET blocked_at = NULL, blocked_reason = NULL, blocked_by = NULL, updated_at = $2
WHERE id = $1
)sql"};
constexpr db::Statement kSetRole{"identity.set_role", R"sql(
UPDATE identity.users SET role = $2, updated_at = $3 WHERE id = $1
)sql"};

/// "Later" on the welcome dialog puts it off this long.
constexpr auto kWelcomePostponed = std::chrono::hours(24 * 7);

/// A kSelectUser row as of `now` (the service's clock, so tests can move it): the welcome dialog is due until
/// a choice is made, and again kWelcomePostponed after "Later".
inline User ReadUser(const db::Row& row, TimePoint now) {
  User user;
  user.id = row.Get<std::int64_t>("id");
  user.email = row.Get<std::string>("email");
  user.pending_email = row.Get<std::optional<std::string>>("pending_email");
  user.email_verified = row.Get<bool>("email_verified");
  user.name = row.Get<std::string>("name");
  user.lastname = row.Get<std::string>("lastname");
  user.avatar = row.Get<std::optional<std::string>>("avatar");
  user.role = row.Get<std::int32_t>("role");
  user.lang = row.Get<std::string>("lang");
  user.created_at = row.Get<TimePoint>("created_at");
  user.intent = row.Get<std::optional<std::string>>("intent");
  user.job_country_id = row.Get<std::optional<std::int32_t>>("job_country_id");
  const auto postponed = row.Get<std::optional<TimePoint>>("welcome_postponed_at");
  user.welcome_due = !user.intent && (!postponed || *postponed <= now - kWelcomePostponed);
  return user;
}

/// Client-supplied text for a text column: valid UTF-8 (other bytes become '?'), at most `limit` bytes.
inline std::string CleanText(std::string_view text, std::size_t limit) {
  std::string out(text.substr(0, limit));
  if (!IsValidUtf8(out)) {
    for (char& c : out) {
      if (static_cast<unsigned char>(c) >= 0x80) c = '?';
    }
  }
  return out;
}

inline std::string CleanUserAgent(std::string_view user_agent) {
  auto text = user_agent.substr(0, kMaxUserAgentBytes);
  if (user_agent.size() > kMaxUserAgentBytes) {
    // Never cut inside a UTF-8 sequence.
    while (!text.empty() && (static_cast<unsigned char>(text.back()) & 0xC0) == 0x80) text.remove_suffix(1);
    if (!text.empty() && static_cast<unsigned char>(text.back()) >= 0xC0) text.remove_suffix(1);
  }
  return CleanText(text, kMaxUserAgentBytes);
}

inline Error PasswordErrors(std::string_view field, const std::vector<Message>& problems) {
  Error error(ErrorCode::kValidationFailed);
  for (const auto& problem : problems) error.AddField(std::string(field), problem);
  return error;
}

/// Identity's mail `name` (its texts are `auth:mail.<name>.*`). Built outside the coroutines: g++ 12 fails on
/// string literals in aggregates inside a co_await expression.
inline mail::OutgoingMail Mail(std::string to, std::string lang, std::string_view name_of_mail,
                               std::string name, std::string link) {
  return mail::OutgoingMail{std::move(to),
                            std::move(lang),
                            "auth:mail." + std::string(name_of_mail),
                            {{"name", std::move(name)}, {"link", std::move(link)}}};
}

inline boost::json::value AuditDetails(std::int64_t session_id, std::string_view ip) {
  return boost::json::object{{"session_id", session_id}, {"ip", CleanText(ip, 64)}};
}

/// "ira@example.com" → "i***@example.com": enough for the owner to recognise, little for anyone else.
inline std::string MaskEmail(std::string_view email) {
  auto at = email.rfind('@');
  if (at == std::string_view::npos || at == 0) return "***";
  std::size_t first = 1;
  // Keep the whole first character of a non-ASCII local part.
  while (first < at && (static_cast<unsigned char>(email[first]) & 0xC0) == 0x80) ++first;
  return std::string(email.substr(0, first)) + "***" + std::string(email.substr(at));
}

inline Error WrongPassword(std::string field) {
  return ValidationFailed(std::move(field), {"auth:password.wrong"});
}

inline Error InvalidToken() {
  return ValidationFailed("token", {"auth:token.invalid"});
}

struct Identity::Impl {
  Impl(db::Pool& pool, IdentityOptions options, const Clock& clock)
      : pool(pool),
        options(std::move(options)),
        clock(clock),
        hasher(this->options.security.argon2),
        limiter(pool, clock) {
    while (!this->options.public_url.empty() && this->options.public_url.back() == '/') {
      this->options.public_url.pop_back();
    }
  }

  db::Pool& pool;
  IdentityOptions options;
  const Clock& clock;
  PasswordHasher hasher;
  /// Shared by every instance (PostgreSQL): a client behind a balancer gets each limit once, not per
  /// instance.
  platform::RateLimiter limiter;
  std::vector<SignInListener> listeners;

  /// Token hash → the session's user, for the sessions this process has authenticated (SignedInInfo). Never
  /// trusted alone: it only lets the user's queries ride with the session lookup that confirms them. Emptied
  /// when full rather than kept in LRU order: a miss costs one extra round trip, nothing else.
  static constexpr std::size_t kSessionUsersMax = 65536;
  std::mutex session_users_mutex;
  std::unordered_map<std::string, std::int64_t> session_users;

  std::optional<std::int64_t> SessionUser(const std::string& token_hash) {
    std::lock_guard lock(session_users_mutex);
    auto found = session_users.find(token_hash);
    if (found == session_users.end()) return std::nullopt;
    return found->second;
  }
  void RememberSessionUser(const std::string& token_hash, std::optional<std::int64_t> user_id) {
    std::lock_guard lock(session_users_mutex);
    if (!user_id) {
      session_users.erase(token_hash);
      return;
    }
    if (session_users.size() >= kSessionUsersMax) session_users.clear();
    session_users.insert_or_assign(token_hash, *user_id);
  }

  const SecurityConfig& Security() const { return options.security; }

  awaitable<void> LimitPerIp(std::string_view action, std::string_view ip) {
    const auto key = fmt::format("{}:ip:{}", action, ip);
    co_await limiter.HitOrThrow(key, Security().auth_attempts_per_ip, Security().auth_window);
  }
  awaitable<void> LimitPerAccount(std::string_view action, std::string_view account) {
    const auto key = AccountKey(action, account);
    co_await limiter.HitOrThrow(key, Security().auth_attempts_per_account, Security().auth_window);
  }
  /// Sign-in per IP: failures are limited (auth_attempts_per_ip, counted by CountFailedSignIn), every attempt
  /// only by the larger ceiling sign_ins_per_ip.
  static std::string FailedSignInKey(std::string_view ip) { return fmt::format("login:fail:ip:{}", ip); }
  awaitable<void> LimitSignInPerIp(std::string_view ip) {
    const auto failures = FailedSignInKey(ip);
    co_await limiter.CheckOrThrow(failures, Security().auth_attempts_per_ip);
    const auto all = fmt::format("login:ip:{}", ip);
    co_await limiter.HitOrThrow(all, Security().sign_ins_per_ip, Security().auth_window);
  }
  awaitable<void> CountFailedSignIn(std::string_view ip) {
    const auto failures = FailedSignInKey(ip);
    co_await limiter.Hit(failures, Security().auth_attempts_per_ip, Security().auth_window);
  }
  static std::string AccountKey(std::string_view action, std::string_view account) {
    return fmt::format("{}:account:{}", action, AsciiLower(account));
  }

  std::string Link(std::string_view lang, std::string_view page, std::string_view token) const {
    return fmt::format("{}/{}/{}?token={}", options.public_url, lang, page, token);
  }

  std::string MailLanguage(std::string_view lang) const {
    return options.languages.contains(std::string(lang)) ? std::string(lang) : options.default_language;
  }

  template <class Executor>
  awaitable<NewSession> InsertSession(Executor& executor, std::int64_t user_id,
                                      std::optional<std::int64_t> impersonator_id, const ClientInfo& client) {
    NewSession session{RandomToken(32), 0, user_id};
    auto hash = HashToken(session.token);
    auto now = clock.Now();
    auto result = co_await executor.Query(kInsertSession, user_id, db::Bytes{hash}, impersonator_id, now,
                                          now + Security().session_lifetime,
                                          CleanUserAgent(client.user_agent), CleanText(client.ip, 64));
    session.session_id = result.One().template Get<std::int64_t>("id");
    co_return session;
  }

  /// A new one-time token; earlier unused tokens of the same purpose stop working.
  awaitable<std::string> IssueToken(db::Transaction& tx, std::int64_t user_id, std::string_view purpose,
                                    std::string_view email, std::chrono::seconds lifetime) {
    auto token = RandomToken(32);
    auto now = clock.Now();
    co_await tx.Query(kExpireTokens, user_id, purpose, now);
    co_await tx.Query(kInsertToken, user_id, purpose, db::Bytes{HashToken(token)}, email, now,
                      now + lifetime);
    co_return token;
  }

  awaitable<User> LoadUser(std::int64_t user_id) {
    auto result = co_await pool.Query(kSelectUser, user_id);
    auto row = result.First();
    if (!row) throw NotFound();
    co_return ReadUser(*row, clock.Now());
  }
};

}  // namespace artel::identity
