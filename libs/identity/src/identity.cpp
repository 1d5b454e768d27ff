#include "artel/identity/identity.hpp"

#include <algorithm>
#include <boost/json/value.hpp>
#include <mutex>
#include <unordered_map>

#include "artel/core/crypto.hpp"
#include "artel/core/log.hpp"
#include "artel/core/text.hpp"
#include "artel/core/time.hpp"
#include "artel/db/pool.hpp"
#include "artel/identity/user_info.hpp"
#include "artel/mail/mail.hpp"
#include "artel/platform/audit.hpp"
#include "artel/platform/rate_limiter.hpp"

namespace artel::identity {
namespace {

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
User ReadUser(const db::Row& row, TimePoint now) {
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
std::string CleanText(std::string_view text, std::size_t limit) {
  std::string out(text.substr(0, limit));
  if (!IsValidUtf8(out)) {
    for (char& c : out) {
      if (static_cast<unsigned char>(c) >= 0x80) c = '?';
    }
  }
  return out;
}

std::string CleanUserAgent(std::string_view user_agent) {
  auto text = user_agent.substr(0, kMaxUserAgentBytes);
  if (user_agent.size() > kMaxUserAgentBytes) {
    // Never cut inside a UTF-8 sequence.
    while (!text.empty() && (static_cast<unsigned char>(text.back()) & 0xC0) == 0x80) text.remove_suffix(1);
    if (!text.empty() && static_cast<unsigned char>(text.back()) >= 0xC0) text.remove_suffix(1);
  }
  return CleanText(text, kMaxUserAgentBytes);
}

Error PasswordErrors(std::string_view field, const std::vector<Message>& problems) {
  Error error(ErrorCode::kValidationFailed);
  for (const auto& problem : problems) error.AddField(std::string(field), problem);
  return error;
}

/// Built outside the coroutines: g++ 12 fails on string literals in aggregates inside a co_await expression.
mail::OutgoingMail Mail(std::string to, std::string lang, std::string template_name, std::string name,
                        std::string link) {
  return mail::OutgoingMail{std::move(to),
                            std::move(lang),
                            std::move(template_name),
                            {{"name", std::move(name)}, {"link", std::move(link)}}};
}

boost::json::value AuditDetails(std::int64_t session_id, std::string_view ip) {
  return boost::json::object{{"session_id", session_id}, {"ip", CleanText(ip, 64)}};
}

/// "ira@example.com" → "i***@example.com": enough for the owner to recognise, little for anyone else.
std::string MaskEmail(std::string_view email) {
  auto at = email.rfind('@');
  if (at == std::string_view::npos || at == 0) return "***";
  std::size_t first = 1;
  // Keep the whole first character of a non-ASCII local part.
  while (first < at && (static_cast<unsigned char>(email[first]) & 0xC0) == 0x80) ++first;
  return std::string(email.substr(0, first)) + "***" + std::string(email.substr(at));
}

Error WrongPassword(std::string field) {
  return ValidationFailed(std::move(field), {"auth:password.wrong"});
}

Error InvalidToken() {
  return ValidationFailed("token", {"auth:token.invalid"});
}

}  // namespace

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

Identity::Identity(db::Pool& pool, IdentityOptions options, const Clock& clock)
    : impl_(std::make_unique<Impl>(pool, std::move(options), clock)) {}

Identity::~Identity() = default;

const IdentityOptions& Identity::Options() const noexcept {
  return impl_->options;
}
PasswordHasher& Identity::Hasher() noexcept {
  return impl_->hasher;
}

std::optional<std::string> Identity::NormalizeLanguage(std::string_view code) const {
  auto lower = AsciiLower(code);
  if (impl_->options.languages.contains(lower)) return lower;
  return std::nullopt;
}

namespace {

std::expected<Actor, NoSession> ReadActor(const db::Result& result) {
  auto row = result.First();
  if (!row) return std::unexpected(NoSession::kUnknown);
  if (!row->Get<bool>("live")) {
    // A revoked session comes back only within the grace; an expired one, or a blocked user's, is unknown.
    return std::unexpected(row->Get<bool>("revoked") ? NoSession::kEndedRecently : NoSession::kUnknown);
  }
  Actor principal;
  principal.session_id = row->Get<std::int64_t>("session_id");
  principal.user_id = row->Get<std::int64_t>("user_id");
  principal.role = row->Get<std::int32_t>("role");
  principal.impersonator_id = row->Get<std::optional<std::int64_t>>("impersonator_id");
  principal.email_verified = row->Get<bool>("email_verified");
  return principal;
}

}  // namespace

awaitable<std::expected<Actor, NoSession>> Identity::Lookup(std::string_view token) {
  if (token.size() != kTokenLength) co_return std::unexpected(NoSession::kUnknown);
  auto now = impl_->clock.Now();
  auto result = co_await impl_->pool.Query(kAuthenticate, db::Bytes{HashToken(token)}, now,
                                           now + impl_->Security().session_lifetime, now - kTouchInterval,
                                           now - kEndedGrace);
  co_return ReadActor(result);
}

awaitable<std::optional<Actor>> Identity::Authenticate(std::string_view token) {
  auto found = co_await Lookup(token);
  if (!found) co_return std::nullopt;
  co_return *found;
}

awaitable<std::vector<std::int64_t>> Identity::EndedSessions(std::vector<std::int64_t> session_ids) {
  std::vector<std::int64_t> ended;
  if (session_ids.empty()) co_return ended;
  const auto now = impl_->clock.Now();
  const auto result = co_await impl_->pool.Query(kEndedSessions, session_ids, now);
  ended.reserve(result.Size());
  for (auto row : result) ended.push_back(row.Get<std::int64_t>(0));
  co_return ended;
}

awaitable<std::expected<Identity::SignedIn, NoSession>> Identity::SignedInInfo(
    std::string_view token, const UserInfoExtensions& extensions, boost::json::object& keys) {
  if (token.size() != kTokenLength) co_return std::unexpected(NoSession::kUnknown);
  const std::string hash = HashToken(token);
  const auto now = impl_->clock.Now();
  const auto known = impl_->SessionUser(hash);
  std::expected<Actor, NoSession> actor = std::unexpected(NoSession::kUnknown);
  if (known) {
    std::vector<db::PipelineQuery> own;
    own.push_back(
        {kAuthenticate, db::MakeParams(db::Bytes{hash}, now, now + impl_->Security().session_lifetime,
                                       now - kTouchInterval, now - kEndedGrace)});
    own.push_back({kSelectUser, db::MakeParams(*known)});
    auto batch = extensions.Collect(std::move(own), *known);
    std::vector<db::Result> results = co_await impl_->pool.Pipeline(std::move(batch.queries));
    actor = ReadActor(results[0]);
    if (actor && actor->user_id == *known) {
      auto row = results[1].First();
      if (!row) throw NotFound();
      User user = ReadUser(*row, now);
      extensions.Apply(batch, results, *known, keys);
      co_return SignedIn{*actor, std::move(user)};
    }
  } else {
    auto looked_up = co_await Lookup(token);
    actor = looked_up;
  }
  // First sight of this token here, or the session ended (or, impossibly, names another user now): the
  // lookup's answer is what is remembered, and the user's queries follow it (a second round trip).
  impl_->RememberSessionUser(hash, actor ? std::optional(actor->user_id) : std::nullopt);
  if (!actor) co_return std::unexpected(actor.error());
  User user = co_await GetUser(actor->user_id, extensions, keys);
  co_return SignedIn{*actor, std::move(user)};
}

awaitable<std::optional<std::int64_t>> Identity::Register(RegisterInput input, const ClientInfo& client) {
  co_await impl_->LimitPerIp("register", client.ip);
  // The user agreement and the consent to the processing of personal data, given at registration and recorded
  // with the account (terms_accepted_at): no account without them, whoever calls.
  if (!input.accepted_terms) throw ValidationFailed("accept_terms", {"auth:terms_required"});
  auto problems = CheckPassword(input.password);
  if (!problems.empty()) throw PasswordErrors("password", problems);
  std::string lang = impl_->options.default_language;
  if (!input.lang.empty()) {
    auto normalized = NormalizeLanguage(input.lang);
    if (!normalized) throw ValidationFailed("lang", {"auth:lang.unknown"});
    lang = *normalized;
  }
  input.email = AsciiLower(input.email);
  // Hashed for known addresses too: the answer takes as long either way.
  auto hash = co_await impl_->hasher.Hash(std::move(input.password));

  auto tx = co_await impl_->pool.Begin();
  auto now = impl_->clock.Now();
  auto inserted = co_await tx.Query(kInsertUser, input.email, hash, input.name, input.lastname, lang, now);
  std::optional<std::int64_t> user_id;
  if (auto row = inserted.First()) {
    user_id = row->Get<std::int64_t>("id");
    auto token = co_await impl_->IssueToken(tx, *user_id, "verify_email", input.email, kVerifyEmailLifetime);
    auto message =
        Mail(input.email, lang, "verify_email", input.name, impl_->Link(lang, "verification-email", token));
    co_await mail::Enqueue(tx, message);
  } else {
    auto owner_result = co_await tx.Query(kFindByEmail, input.email);
    auto owner = owner_result.One();
    auto owner_lang = impl_->MailLanguage(owner.Get<std::string>("lang"));
    auto message =
        Mail(owner.Get<std::string>("email"), owner_lang, "account_exists", owner.Get<std::string>("name"),
             fmt::format("{}/{}/login", impl_->options.public_url, owner_lang));
    co_await mail::Enqueue(tx, message);
  }
  co_await tx.Commit();
  co_return user_id;
}

awaitable<LoginResult> Identity::Login(std::string email, std::string password, const ClientInfo& client) {
  email = AsciiLower(email);
  co_await impl_->LimitSignInPerIp(client.ip);
  co_await impl_->LimitPerAccount("login", email);
  auto invalid = [] { return ValidationFailed("email", {"auth:invalid_credentials"}); };
  // No account can have a longer password; refusing before hashing caps the work a request can cause.
  if (password.size() > 4 * kPasswordMaxLength) {
    co_await impl_->CountFailedSignIn(client.ip);
    throw invalid();
  }

  auto found = co_await impl_->pool.Query(kFindLogin, email);
  auto row = found.First();
  if (!row) {
    co_await impl_->hasher.VerifyDummy(std::move(password));
    co_await impl_->CountFailedSignIn(client.ip);
    throw invalid();
  }
  auto user_id = row->Get<std::int64_t>("id");
  auto encoded = row->Get<std::string>("password_hash");
  bool password_ok = co_await impl_->hasher.Verify(encoded, password);
  if (!password_ok) {
    co_await impl_->CountFailedSignIn(client.ip);
    throw invalid();
  }
  if (impl_->hasher.NeedsRehash(encoded)) {
    auto rehashed = co_await impl_->hasher.Hash(std::move(password));
    co_await impl_->pool.Query(kUpdateHash, user_id, rehashed, encoded);
  }
  const auto account_key = Impl::AccountKey("login", email);
  co_await impl_->limiter.Reset(account_key);
  // Only after the password: a wrong one must not tell whether the account is blocked.
  if (row->Get<bool>("blocked")) throw Forbidden({"auth:account_blocked"});
  LoginResult result;
  result.session = co_await impl_->InsertSession(impl_->pool, user_id, std::nullopt, client);
  result.user = co_await impl_->LoadUser(user_id);
  co_return result;
}

awaitable<void> Identity::RevokeSession(std::int64_t session_id) {
  co_await impl_->pool.Query(kRevokeSession, session_id, impl_->clock.Now());
}

awaitable<User> Identity::GetUser(std::int64_t user_id) {
  co_return co_await impl_->LoadUser(user_id);
}

awaitable<User> Identity::GetUser(std::int64_t user_id, const UserInfoExtensions& extensions,
                                  boost::json::object& keys) {
  std::vector<db::PipelineQuery> own;
  own.push_back({kSelectUser, db::MakeParams(user_id)});
  auto batch = extensions.Collect(std::move(own), user_id);
  std::vector<db::Result> results = co_await impl_->pool.Pipeline(std::move(batch.queries));
  auto row = results[0].First();
  if (!row) throw NotFound();
  User user = ReadUser(*row, impl_->clock.Now());
  extensions.Apply(batch, results, user_id, keys);
  co_return user;
}

awaitable<User> Identity::UpdateProfile(std::int64_t user_id, std::optional<std::string> name,
                                        std::optional<std::string> lastname) {
  // Optional, but when given it must not be blank (the contract lets a blank optional string through).
  if (name && name->empty()) throw ValidationFailed("name", {"validation:required"});
  co_await impl_->pool.Query(kUpdateProfile, user_id, name, lastname, impl_->clock.Now());
  co_return co_await impl_->LoadUser(user_id);
}

awaitable<User> Identity::CompleteWelcome(std::int64_t user_id, std::string_view intent,
                                          std::optional<std::int32_t> job_country_id) {
  if (intent != "customer" && intent != "performer") {
    throw ValidationFailed("intent", {"marketplace:welcome.intent_unknown"});
  }
  if (intent == "performer" && !job_country_id) {
    throw ValidationFailed("job_country_id", {"marketplace:welcome.country_required"});
  }
  try {
    co_await impl_->pool.Query(kSetWelcome, user_id, intent, job_country_id, impl_->clock.Now());
  } catch (const db::ForeignKeyViolation&) {
    // The country is checked by the database's reference to catalog.countries.
    throw ValidationFailed("job_country_id", {"marketplace:catalog.country_unknown"});
  }
  co_return co_await impl_->LoadUser(user_id);
}

awaitable<User> Identity::PostponeWelcome(std::int64_t user_id) {
  co_await impl_->pool.Query(kPostponeWelcome, user_id, impl_->clock.Now());
  co_return co_await impl_->LoadUser(user_id);
}

awaitable<void> Identity::SetLanguage(std::int64_t user_id, std::string_view lang) {
  auto normalized = NormalizeLanguage(lang);
  if (!normalized) throw ValidationFailed("lang", {"auth:lang.unknown"});
  co_await impl_->pool.Query(kSetLanguage, user_id, *normalized, impl_->clock.Now());
}

awaitable<User> Identity::SetAvatar(std::int64_t user_id, std::optional<std::string> file_name) {
  co_await impl_->pool.Query(kSetAvatar, user_id, file_name, impl_->clock.Now());
  co_return co_await impl_->LoadUser(user_id);
}

awaitable<VerifiedEmail> Identity::VerifyEmail(std::string_view token) {
  if (token.size() != kTokenLength) throw InvalidToken();
  auto tx = co_await impl_->pool.Begin();
  auto now = impl_->clock.Now();
  auto found = co_await tx.Query(kFindToken, db::Bytes{HashToken(token)}, now);
  auto row = found.First();
  if (!row) {
    // Used before or expired: fine when the account has that address verified (a link clicked twice).
    auto any = co_await tx.Query(kFindAnyToken, db::Bytes{HashToken(token)});
    auto earlier = any.First();
    if (!earlier || earlier->Get<std::string>("purpose") == "reset_password" ||
        !earlier->Get<bool>("address_verified")) {
      throw InvalidToken();
    }
    VerifiedEmail again;
    again.user = co_await impl_->LoadUser(earlier->Get<std::int64_t>("user_id"));
    again.already_verified = true;
    co_return again;
  }
  auto token_id = row->Get<std::int64_t>("id");
  auto user_id = row->Get<std::int64_t>("user_id");
  auto purpose = row->Get<std::string>("purpose");
  auto email = row->Get<std::string>("email");
  if (purpose == "verify_email") {
    // Only while the account still has the address the link was sent to.
    if ((co_await tx.Query(kVerifyAddress, user_id, email, now)).Empty()) throw InvalidToken();
  } else if (purpose == "change_email") {
    auto before_result = co_await tx.Query(kUserForMail, user_id);
    auto before = before_result.One();
    const std::string old_email = before.Get<std::string>("email");
    bool taken = false;
    try {
      co_await tx.Query(kConfirmEmailChange, user_id, email, now);
    } catch (const db::UniqueViolation&) {
      taken = true;  // someone registered the address after the change was requested
    }
    if (taken) throw ValidationFailed("token", {"auth:email.taken"});
    if (AsciiLower(old_email) != AsciiLower(email)) {
      // The old address learns of the change (a stolen session cannot move the account silently); the
      // button leads to the password reset. Placeholders: name, link, and the new address, masked.
      auto lang = impl_->MailLanguage(before.Get<std::string>("lang"));
      auto notice = Mail(old_email, lang, "email_changed", before.Get<std::string>("name"),
                         fmt::format("{}/{}/reset-password", impl_->options.public_url, lang));
      notice.params.emplace_back("new_email", MaskEmail(email));
      co_await mail::Enqueue(tx, notice);
    }
  } else {
    throw InvalidToken();  // a reset token is not for this endpoint
  }
  co_await tx.Query(kUseToken, token_id, now);
  co_await tx.Commit();
  VerifiedEmail result;
  result.user = co_await impl_->LoadUser(user_id);
  co_return result;
}

awaitable<void> Identity::ResendVerification(std::int64_t user_id) {
  co_await impl_->LimitPerAccount("resend", fmt::to_string(user_id));
  auto tx = co_await impl_->pool.Begin();
  auto row_result = co_await tx.Query(kUserForMail, user_id);
  auto row = row_result.One();
  if (row.Get<bool>("email_verified")) throw Conflict({"auth:email.already_verified"});
  auto email = row.Get<std::string>("email");
  auto lang = impl_->MailLanguage(row.Get<std::string>("lang"));
  auto token = co_await impl_->IssueToken(tx, user_id, "verify_email", email, kVerifyEmailLifetime);
  auto message = Mail(email, lang, "verify_email", row.Get<std::string>("name"),
                      impl_->Link(lang, "verification-email", token));
  co_await mail::Enqueue(tx, message);
  co_await tx.Commit();
}

awaitable<void> Identity::ResendVerificationTo(std::optional<std::string> given, const ClientInfo& client) {
  // A guest must name the address (the edge's schema leaves it optional: a signed-in caller needs none).
  if (!given || given->empty()) throw ValidationFailed("email", {"validation:required"});
  const std::string email = AsciiLower(*given);
  co_await impl_->LimitPerIp("resend", client.ip);
  co_await impl_->LimitPerAccount("resend", email);
  auto found_result = co_await impl_->pool.Query(kFindByEmail, email);
  auto found = found_result.First();
  if (!found) co_return;
  const std::int64_t user_id = found->Get<std::int64_t>("id");
  auto tx = co_await impl_->pool.Begin();
  auto row_result = co_await tx.Query(kUserForMail, user_id);
  auto row = row_result.One();
  if (row.Get<bool>("email_verified")) co_return;  // rolled back: nothing to send
  auto address = row.Get<std::string>("email");
  auto lang = impl_->MailLanguage(row.Get<std::string>("lang"));
  auto token = co_await impl_->IssueToken(tx, user_id, "verify_email", address, kVerifyEmailLifetime);
  auto message = Mail(address, lang, "verify_email", row.Get<std::string>("name"),
                      impl_->Link(lang, "verification-email", token));
  co_await mail::Enqueue(tx, message);
  co_await tx.Commit();
}

awaitable<void> Identity::RequestEmailChange(const Actor& principal, std::string new_email,
                                             std::string password) {
  if (principal.impersonator_id) throw Forbidden({"auth:impersonation_forbidden"});
  co_await impl_->LimitPerAccount("change_email", fmt::to_string(principal.user_id));
  new_email = AsciiLower(new_email);
  auto current_result = co_await impl_->pool.Query(kUserForMail, principal.user_id);
  auto current = current_result.One();
  bool password_ok =
      co_await impl_->hasher.Verify(current.Get<std::string>("password_hash"), std::move(password));
  if (!password_ok) throw WrongPassword("password");
  if (AsciiLower(current.Get<std::string>("email")) == new_email)
    throw ValidationFailed("email", {"auth:email.same"});

  auto tx = co_await impl_->pool.Begin();
  if ((co_await tx.Query(kEmailTaken, new_email)).One().Get<bool>("taken"))
    co_return;  // rolled back: nothing changes
  auto row_result = co_await tx.Query(kUserForMail, principal.user_id);
  auto row = row_result.One();
  auto now = impl_->clock.Now();
  auto lang = impl_->MailLanguage(row.Get<std::string>("lang"));
  co_await tx.Query(kSetPendingEmail, principal.user_id, new_email, now);
  auto token =
      co_await impl_->IssueToken(tx, principal.user_id, "change_email", new_email, kChangeEmailLifetime);
  auto message = Mail(new_email, lang, "change_email", row.Get<std::string>("name"),
                      impl_->Link(lang, "verification-email", token));
  co_await mail::Enqueue(tx, message);
  co_await tx.Commit();
}

awaitable<void> Identity::ForgotPassword(std::string email, const ClientInfo& client) {
  email = AsciiLower(email);
  co_await impl_->LimitPerIp("forgot", client.ip);
  co_await impl_->LimitPerAccount("forgot", email);
  auto tx = co_await impl_->pool.Begin();
  auto found = co_await tx.Query(kFindByEmail, email);
  auto row = found.First();
  if (!row) co_return;
  auto user_id = row->Get<std::int64_t>("id");
  auto address = row->Get<std::string>("email");
  auto lang = impl_->MailLanguage(row->Get<std::string>("lang"));
  auto token = co_await impl_->IssueToken(tx, user_id, "reset_password", address, kResetPasswordLifetime);
  auto message = Mail(address, lang, "reset_password", row->Get<std::string>("name"),
                      impl_->Link(lang, "reset-password", token));
  co_await mail::Enqueue(tx, message);
  co_await tx.Commit();
}

awaitable<void> Identity::ResetPassword(std::string_view token, std::string password) {
  auto problems = CheckPassword(password);
  if (!problems.empty()) throw PasswordErrors("password", problems);
  if (token.size() != kTokenLength) throw InvalidToken();
  auto token_hash = HashToken(token);
  {
    // A cheap look first (its row lock ends with the statement), so a wrong token costs no hash.
    auto found = co_await impl_->pool.Query(kFindToken, db::Bytes{token_hash}, impl_->clock.Now());
    if (found.Empty() || found.One().Get<std::string>("purpose") != "reset_password") throw InvalidToken();
    if (found.One().Get<bool>("blocked")) throw Forbidden({"auth:account_blocked"});
  }
  auto hash = co_await impl_->hasher.Hash(std::move(password));

  auto tx = co_await impl_->pool.Begin();
  auto now = impl_->clock.Now();
  auto found = co_await tx.Query(kFindToken, db::Bytes{token_hash}, now);
  auto row = found.First();
  if (!row || row->Get<std::string>("purpose") != "reset_password") throw InvalidToken();
  if (row->Get<bool>("blocked")) throw Forbidden({"auth:account_blocked"});
  auto user_id = row->Get<std::int64_t>("user_id");
  co_await tx.Query(kUseToken, row->Get<std::int64_t>("id"), now);
  co_await tx.Query(kSetPasswordFromReset, user_id, hash, now, row->Get<std::string>("email"));
  co_await tx.Query(kRevokeAllSessions, user_id, now);
  co_await tx.Commit();
}

awaitable<void> Identity::ChangePassword(const Actor& principal, std::string current_password,
                                         std::string password) {
  if (principal.impersonator_id) throw Forbidden({"auth:impersonation_forbidden"});
  auto problems = CheckPassword(password);
  if (!problems.empty()) throw PasswordErrors("password", problems);
  if (password == current_password) throw ValidationFailed("password", {"auth:password.same"});
  auto current_result = co_await impl_->pool.Query(kUserForMail, principal.user_id);
  auto current = current_result.One();
  bool password_ok =
      co_await impl_->hasher.Verify(current.Get<std::string>("password_hash"), std::move(current_password));
  if (!password_ok) throw WrongPassword("current_password");
  auto hash = co_await impl_->hasher.Hash(std::move(password));
  auto tx = co_await impl_->pool.Begin();
  auto now = impl_->clock.Now();
  co_await tx.Query(kSetPassword, principal.user_id, hash, now);
  co_await tx.Query(kRevokeOtherSessions, principal.user_id, principal.session_id, now);
  co_await tx.Commit();
}

awaitable<std::vector<SessionInfo>> Identity::ListSessions(const Actor& principal) {
  auto result =
      co_await impl_->pool.Query(kListSessions, principal.user_id, principal.session_id, impl_->clock.Now());
  std::vector<SessionInfo> sessions;
  sessions.reserve(result.Size());
  for (auto row : result) {
    SessionInfo session;
    session.id = row.Get<std::int64_t>("id");
    session.created_at = row.Get<TimePoint>("created_at");
    session.last_seen_at = row.Get<TimePoint>("last_seen_at");
    session.user_agent = row.Get<std::string>("user_agent");
    session.ip = row.Get<std::string>("ip");
    session.current = session.id == principal.session_id;
    sessions.push_back(std::move(session));
  }
  co_return sessions;
}

awaitable<void> Identity::RevokeUserSession(const Actor& principal, std::int64_t session_id) {
  auto result = co_await impl_->pool.Query(kRevokeOwnSession, principal.user_id, session_id,
                                           principal.session_id, impl_->clock.Now());
  if (result.AffectedRows() == 0) throw NotFound();
}

awaitable<std::int64_t> Identity::RevokeOtherSessions(const Actor& principal) {
  auto result = co_await impl_->pool.Query(kRevokeOwnOtherSessions, principal.user_id, principal.session_id,
                                           impl_->clock.Now());
  co_return static_cast<std::int64_t>(result.AffectedRows());
}

awaitable<NewSession> Identity::StartImpersonation(const Actor& principal, std::int64_t target_id,
                                                   const ClientInfo& client, bool revoke_current) {
  if (principal.impersonator_id || !principal.IsAdmin()) throw Forbidden({"auth:impersonation_not_allowed"});
  auto target = co_await impl_->pool.Query(kUserRole, target_id);
  auto row = target.First();
  if (!row) throw NotFound();
  if (row->Get<std::int32_t>("role") >= 1) throw Forbidden({"auth:impersonation_admin_target"});

  auto tx = co_await impl_->pool.Begin();
  auto session = co_await impl_->InsertSession(tx, target_id, principal.user_id, client);
  auto now = impl_->clock.Now();
  auto details = AuditDetails(session.session_id, client.ip);
  platform::AuditEntry entry{"impersonation.start", "user", target_id, nullptr, std::move(details)};
  co_await platform::RecordAudit(tx, principal, std::move(entry));
  if (revoke_current) co_await tx.Query(kRevokeSession, principal.session_id, now);
  co_await tx.Commit();
  log::Info("user {} started impersonating user {}", principal.user_id, target_id);
  co_return session;
}

awaitable<NewSession> Identity::StopImpersonation(const Actor& principal, const ClientInfo& client) {
  if (!principal.impersonator_id) throw Conflict({"auth:not_impersonating"});
  auto admin_id = *principal.impersonator_id;
  auto tx = co_await impl_->pool.Begin();
  auto now = impl_->clock.Now();
  co_await tx.Query(kRevokeSession, principal.session_id, now);
  auto session = co_await impl_->InsertSession(tx, admin_id, std::nullopt, client);
  auto details = AuditDetails(principal.session_id, client.ip);
  // The admin ends it: the record names the admin, not the account they acted as.
  const Actor admin{.user_id = admin_id, .role = 1, .session_id = session.session_id};
  platform::AuditEntry entry{"impersonation.stop", "user", principal.user_id, nullptr, std::move(details)};
  co_await platform::RecordAudit(tx, admin, std::move(entry));
  co_await tx.Commit();
  log::Info("user {} stopped impersonating user {}", admin_id, principal.user_id);
  co_return session;
}

namespace {

void RequireAdminOver(const Actor& actor, std::int64_t target_id) {
  if (actor.Impersonating() || !actor.IsAdmin()) throw Forbidden();
  if (actor.user_id == target_id) throw Forbidden({"admin:self"});
}

boost::json::value BlockJson(const db::Row& row) {
  auto at = row.Get<std::optional<TimePoint>>("blocked_at");
  if (!at) return nullptr;
  boost::json::value by = nullptr;
  if (auto id = row.Get<std::optional<std::int64_t>>("blocked_by")) by = *id;
  return boost::json::object{{"at", IsoTime(*at)},
                             {"reason", row.Get<std::optional<std::string>>("blocked_reason").value_or("")},
                             {"by", std::move(by)}};
}

}  // namespace

awaitable<void> Identity::Block(const Actor& actor, std::int64_t target_id, std::string reason) {
  RequireAdminOver(actor, target_id);
  auto tx = co_await impl_->pool.Begin();
  auto found = co_await tx.Query(kLockForAdmin, target_id);
  auto row = found.First();
  if (!row) throw NotFound();
  if (row->Get<std::int32_t>("role") >= 1) throw Forbidden({"admin:target_admin"});
  if (row->Get<std::optional<TimePoint>>("blocked_at")) throw Conflict({"admin:illegal_transition"});
  auto now = impl_->clock.Now();
  co_await tx.Query(kBlock, target_id, now, reason, actor.user_id);
  auto revoked = co_await tx.Query(kRevokeAllSessions, target_id, now);
  platform::AuditEntry entry{
      .action = "users.block",
      .object_type = "user",
      .object_id = target_id,
      .before = boost::json::object{{"blocked", nullptr}},
      .after = boost::json::object{
          {"blocked", boost::json::object{{"at", IsoTime(now)}, {"reason", reason}, {"by", actor.user_id}}},
          {"sessions_revoked", static_cast<std::int64_t>(revoked.AffectedRows())}}};
  co_await platform::RecordAudit(tx, actor, std::move(entry));
  co_await tx.Commit();
  log::Info("user {} blocked user {}", actor.user_id, target_id);
}

awaitable<void> Identity::Unblock(const Actor& actor, std::int64_t target_id) {
  RequireAdminOver(actor, target_id);
  auto tx = co_await impl_->pool.Begin();
  auto found = co_await tx.Query(kLockForAdmin, target_id);
  auto row = found.First();
  if (!row) throw NotFound();
  if (!row->Get<std::optional<TimePoint>>("blocked_at")) throw Conflict({"admin:illegal_transition"});
  auto before = BlockJson(*row);
  auto now = impl_->clock.Now();
  co_await tx.Query(kUnblock, target_id, now);
  platform::AuditEntry entry{.action = "users.unblock",
                             .object_type = "user",
                             .object_id = target_id,
                             .before = boost::json::object{{"blocked", std::move(before)}},
                             .after = boost::json::object{{"blocked", nullptr}}};
  co_await platform::RecordAudit(tx, actor, std::move(entry));
  co_await tx.Commit();
  log::Info("user {} unblocked user {}", actor.user_id, target_id);
}

awaitable<void> Identity::SetRole(const Actor& actor, std::int64_t target_id, std::int32_t role) {
  RequireAdminOver(actor, target_id);
  if (role < 0 || role > 1) throw ValidationFailed("role", {"validation:invalid"});
  auto tx = co_await impl_->pool.Begin();
  auto found = co_await tx.Query(kLockForAdmin, target_id);
  auto row = found.First();
  if (!row) throw NotFound();
  const auto old_role = row->Get<std::int32_t>("role");
  if (old_role != role) {
    co_await tx.Query(kSetRole, target_id, role, impl_->clock.Now());
    platform::AuditEntry entry{.action = "users.role",
                               .object_type = "user",
                               .object_id = target_id,
                               .before = boost::json::object{{"role", old_role}},
                               .after = boost::json::object{{"role", role}}};
    co_await platform::RecordAudit(tx, actor, std::move(entry));
  }
  co_await tx.Commit();
}

void Identity::AddSignInListener(SignInListener listener) {
  impl_->listeners.push_back(std::move(listener));
}

awaitable<void> Identity::NotifySignIn(const SignIn& sign_in) const {
  const std::int64_t user_id = sign_in.user_id;
  for (const auto& listener : impl_->listeners) {
    std::string failure;
    try {
      co_await listener(sign_in);
    } catch (const std::exception& error) {
      failure = error.what();
    }
    // The sign-in itself succeeded; a side effect failing must not turn it into an error for the user.
    if (!failure.empty()) log::Warning("sign-in listener failed for user {}: {}", user_id, failure);
  }
}

awaitable<std::int64_t> CreateAdmin(db::Pool& pool, const IdentityOptions& options, std::string email,
                                    std::string password, std::string name) {
  auto problems = CheckPassword(password);
  if (!problems.empty()) throw PasswordErrors("password", problems);
  email = AsciiLower(email);
  if (email.find('@') == std::string::npos) throw ValidationFailed("email", {"validation:email"});
  if (name.empty()) throw ValidationFailed("name", {"validation:required"});
  // A one-off command-line action, not a server request: hashing on this thread is fine.
  auto hash = HashPasswordNow(password, options.security.argon2);
  auto now = DefaultClock().Now();
  auto result = co_await pool.Query(kUpsertAdmin, email, hash, name, now, options.default_language);
  co_return result.One().Get<std::int64_t>("id");
}

awaitable<std::vector<DemoAccount>> SeedDemoAccounts(db::Pool& pool, const IdentityOptions& options) {
  std::vector<DemoAccount> accounts{
      {"admin@artel.local", "Admin#Artel2026", "Admin", 1, std::nullopt},
      {"customer@artel.local", "Customer#Artel2026", "Customer", 0, "customer"},
      {"performer@artel.local", "Performer#Artel2026", "Performer", 0, "performer"},
  };
  auto now = DefaultClock().Now();
  for (const auto& account : accounts) {
    auto exists = co_await pool.Query(kEmailTaken, account.email);
    if (exists.One().Get<bool>("taken")) continue;
    // Start-up seeding of three accounts; hashing on this thread delays start by a fraction of a second.
    auto hash = HashPasswordNow(account.password, options.security.argon2);
    co_await pool.Query(kInsertDemoAccount, account.email, hash, account.name,
                        static_cast<std::int32_t>(account.role), now, options.default_language,
                        account.intent);
  }
  co_return accounts;
}

}  // namespace artel::identity
