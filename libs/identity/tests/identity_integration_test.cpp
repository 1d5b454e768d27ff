// The identity services against a real PostgreSQL (a fresh migrated database per test).

#include <gtest/gtest.h>

#include <algorithm>
#include <boost/asio/experimental/awaitable_operators.hpp>

#include "artel/core/crypto.hpp"
#include "artel/db/round_trips.hpp"
#include "artel/db/testing/database.hpp"
#include "artel/identity/identity.hpp"
#include "artel/identity/user_info.hpp"
#include "artel/marketing/marketing.hpp"
#include "artel/testing/testing.hpp"

namespace artel::identity {
namespace {

using db::testing::TestDatabase;
using testing::ErrorOf;
using testing::FieldKey;
using namespace std::chrono_literals;

constexpr std::string_view kPassword = "Tr0ub4dor&3x";
constexpr std::string_view kNewPassword = "N3w-Passphrase!";

IdentityOptions TestOptions() {
  IdentityOptions options;
  options.public_url = "http://artel.test/";
  options.security.argon2 =
      Argon2Config{.memory_kib = 1024, .iterations = 1, .parallelism = 1, .max_concurrent = 2};
  options.security.auth_attempts_per_ip = 100;
  options.security.auth_attempts_per_account = 3;
  options.security.session_lifetime = 1h;
  return options;
}

struct SentMail {
  std::string recipient;
  std::string lang;
  std::string link;
  std::string token;
};

/// A user info extension that writes `twice`: the user id doubled by PostgreSQL, so each test sees its
/// results reach the right key.
db::Contributor<std::int64_t> TwiceTheUserId() {
  return {[](std::int64_t user_id) {
            return std::vector<db::PipelineQuery>{
                {{"", "SELECT $1::bigint * 2 AS twice"}, db::MakeParams(user_id)}};
          },
          [](std::int64_t, std::span<const db::Result> results, boost::json::object& keys) {
            keys["twice"] = results[0].One().Get<std::int64_t>("twice");
          }};
}

class IdentityTest : public ::testing::Test {
 protected:
  IdentityTest() : identity_(db_.GetPool(), TestOptions(), clock_) {}

  std::vector<SentMail> Mails(std::string_view template_name, std::string_view recipient) {
    auto result =
        db_.Run(db_.GetPool().Query("SELECT recipient, lang, params->>'link' FROM mail.outbox WHERE template "
                                    "= 'auth:mail.' || $1::text AND recipient = $2 "
                                    "ORDER BY id",
                                    template_name, recipient));
    std::vector<SentMail> mails;
    for (auto row : result) {
      SentMail mail{row.Get<std::string>(0), row.Get<std::string>(1), row.Get<std::string>(2), {}};
      auto at = mail.link.find("token=");
      if (at != std::string::npos) mail.token = mail.link.substr(at + 6);
      mails.push_back(std::move(mail));
    }
    return mails;
  }

  SentMail LastMail(std::string_view template_name, std::string_view recipient) {
    auto mails = Mails(template_name, recipient);
    if (mails.empty()) {
      ADD_FAILURE() << "no " << template_name << " mail to " << recipient;
      return {};
    }
    return mails.back();
  }

  std::int64_t Count(std::string_view sql, std::int64_t id) {
    return db_.Run(db_.GetPool().Query(sql, id)).One().Get<std::int64_t>(0);
  }

  std::int64_t RegisterUser(const std::string& email, std::string_view lang = "en") {
    auto id = db_.Run(identity_.Register(
        {"Ira", "Petrova", email, std::string(kPassword), std::string(lang), true}, client_));
    EXPECT_TRUE(id);
    return id.value_or(0);
  }

  LoginResult Login(const std::string& email, std::string_view password = kPassword) {
    return db_.Run(identity_.Login(email, std::string(password), client_));
  }

  Actor Principal(const NewSession& session) {
    auto principal = db_.Run(identity_.Authenticate(session.token));
    EXPECT_TRUE(principal);
    return principal.value_or(Actor{});
  }

  TestDatabase db_;
  ManualClock clock_;
  Identity identity_;
  ClientInfo client_{"192.0.2.10", "gtest/1.0"};
};

TEST_F(IdentityTest, RegisterVerifyLoginAndAuthenticate) {
  auto id = RegisterUser("Ira@Example.com");
  auto user = db_.Run(identity_.GetUser(id));
  EXPECT_EQ(user.email, "ira@example.com");
  EXPECT_FALSE(user.email_verified);
  EXPECT_EQ(user.role, 0);

  auto mail = LastMail("verify_email", "ira@example.com");
  EXPECT_TRUE(mail.link.starts_with("http://artel.test/en/verification-email?token=")) << mail.link;
  EXPECT_EQ(mail.token.size(), 43u);

  // A session of an unverified address says so (web::Access::kVerifiedUser routes refuse it).
  auto unverified_login = Login("ira@example.com");
  EXPECT_FALSE(Principal(unverified_login.session).email_verified);

  auto verified = db_.Run(identity_.VerifyEmail(mail.token));
  EXPECT_TRUE(verified.user.email_verified);
  EXPECT_FALSE(verified.already_verified);
  EXPECT_TRUE(Principal(unverified_login.session).email_verified) << "read at every request, not at login";
  // The same link again: "already verified", not an error.
  auto reused = db_.Run(identity_.VerifyEmail(mail.token));
  EXPECT_TRUE(reused.already_verified);
  EXPECT_EQ(reused.user.id, id);

  auto login = Login("IRA@example.com");
  EXPECT_EQ(login.user.id, id);
  EXPECT_EQ(login.session.user_id, id);
  auto principal = Principal(login.session);
  EXPECT_EQ(principal.user_id, id);
  EXPECT_EQ(principal.session_id, login.session.session_id);
  EXPECT_FALSE(principal.impersonator_id);
  EXPECT_TRUE(principal.email_verified);
  EXPECT_FALSE(db_.Run(identity_.Authenticate(RandomToken(32))));
  EXPECT_FALSE(db_.Run(identity_.Authenticate("short")));
  // Only the hash is stored.
  auto stored = db_.Run(db_.GetPool().Query("SELECT count(*) FROM identity.sessions WHERE token_hash = $1",
                                            db::Bytes{Sha256(login.session.token)}));
  EXPECT_EQ(stored.One().Get<std::int64_t>(0), 1);
}

TEST_F(IdentityTest, RegisteringAKnownAddressMailsTheOwnerAndChangesNothing) {
  auto id = RegisterUser("owner@example.com", "ru");
  auto again = db_.Run(
      identity_.Register({"Mallory", "", "OWNER@example.com", "An0ther-Secret!", "en", true}, client_));
  EXPECT_FALSE(again);
  auto notice = LastMail("account_exists", "owner@example.com");
  EXPECT_EQ(notice.lang, "ru") << "in the owner's language";
  EXPECT_EQ(notice.link, "http://artel.test/ru/login");
  EXPECT_EQ(Mails("verify_email", "owner@example.com").size(), 1u);
  EXPECT_EQ(db_.Run(identity_.GetUser(id)).name, "Ira");
  Login("owner@example.com");
  EXPECT_EQ(FieldKey(ErrorOf(db_, identity_.Login("owner@example.com", "An0ther-Secret!", client_)), "email"),
            "auth:invalid_credentials");
}

TEST_F(IdentityTest, RegisterRejectsWeakPasswordsAndUnknownLanguages) {
  auto weak = ErrorOf(db_, identity_.Register({"A", "", "a@example.com", "Password1!", "", true}, client_));
  EXPECT_EQ(FieldKey(weak, "password"), "auth:password.common");
  auto lang = ErrorOf(
      db_, identity_.Register({"A", "", "a@example.com", std::string(kPassword), "de", true}, client_));
  EXPECT_EQ(FieldKey(lang, "lang"), "auth:lang.unknown");
  EXPECT_EQ(db_.Run(db_.GetPool().Query("SELECT count(*) FROM identity.users")).One().Get<std::int64_t>(0),
            0);
}

TEST_F(IdentityTest, ConcurrentRegistrationsOfOneAddressCreateOneAccount) {
  using namespace boost::asio::experimental::awaitable_operators;
  auto [first, second] = db_.Run(
      identity_.Register({"One", "", "race@example.com", std::string(kPassword), "", true}, client_) &&
      identity_.Register({"Two", "", "race@example.com", std::string(kPassword), "", true}, client_));
  EXPECT_NE(first.has_value(), second.has_value());
  auto count =
      db_.Run(db_.GetPool().Query("SELECT count(*) FROM identity.users WHERE email = 'race@example.com'"));
  EXPECT_EQ(count.One().Get<std::int64_t>(0), 1);
  EXPECT_EQ(Mails("verify_email", "race@example.com").size(), 1u);
  EXPECT_EQ(Mails("account_exists", "race@example.com").size(), 1u);
}

TEST_F(IdentityTest, WrongPasswordAndUnknownAddressFailTheSameWay) {
  RegisterUser("known@example.com");
  auto wrong = ErrorOf(db_, identity_.Login("known@example.com", "Wr0ng-password", client_));
  auto unknown = ErrorOf(db_, identity_.Login("nobody@example.com", "Wr0ng-password", client_));
  EXPECT_EQ(wrong.Code(), ErrorCode::kValidationFailed);
  EXPECT_EQ(unknown.Code(), ErrorCode::kValidationFailed);
  EXPECT_EQ(FieldKey(wrong, "email"), "auth:invalid_credentials");
  EXPECT_EQ(FieldKey(unknown, "email"), "auth:invalid_credentials");
  EXPECT_EQ(wrong.Fields().size(), unknown.Fields().size());
}

TEST_F(IdentityTest, LoginIsRateLimitedPerAccountAndSuccessClearsTheCount) {
  RegisterUser("limited@example.com");
  ErrorOf(db_, identity_.Login("limited@example.com", "Wr0ng-password", client_));
  ErrorOf(db_, identity_.Login("limited@example.com", "Wr0ng-password", client_));
  Login("limited@example.com");  // third attempt, succeeds and clears the account's counter
  for (int i = 0; i < 3; ++i) {
    EXPECT_EQ(ErrorOf(db_, identity_.Login("limited@example.com", "Wr0ng-password", client_)).Code(),
              ErrorCode::kValidationFailed);
  }
  auto limited = ErrorOf(db_, identity_.Login("limited@example.com", std::string(kPassword), client_));
  EXPECT_EQ(limited.Code(), ErrorCode::kRateLimited);
  ASSERT_TRUE(limited.RetryAfter());
  EXPECT_GT(limited.RetryAfter()->count(), 0);
}

TEST_F(IdentityTest, LoginRehashesWhenParametersChanged) {
  RegisterUser("rehash@example.com");
  auto options = TestOptions();
  options.security.argon2.memory_kib = 2048;
  Identity stronger(db_.GetPool(), options, clock_);
  db_.Run(stronger.Login("rehash@example.com", std::string(kPassword), client_));
  auto hash = db_.Run(db_.GetPool().Query(
                          "SELECT password_hash FROM identity.users WHERE email = 'rehash@example.com'"))
                  .One()
                  .Get<std::string>(0);
  EXPECT_TRUE(hash.starts_with("$argon2id$v=19$m=2048,t=1,p=1$")) << hash;
  Login("rehash@example.com");  // the old configuration still verifies (and rehashes back)
}

TEST_F(IdentityTest, SessionsSlideAndExpire) {
  RegisterUser("slide@example.com");
  auto session = Login("slide@example.com").session;
  clock_.Advance(50min);
  EXPECT_TRUE(db_.Run(identity_.Authenticate(session.token)));  // touched: expiry moves to now + 1h
  clock_.Advance(50min);
  EXPECT_TRUE(db_.Run(identity_.Authenticate(session.token)));
  clock_.Advance(61min);
  EXPECT_FALSE(db_.Run(identity_.Authenticate(session.token)));
}

// Every signed-in request pays the authenticator: one round trip, also on the request a minute that moves
// last_seen_at and the sliding expiry (it used to be a second statement), and for an unknown token.
TEST_F(IdentityTest, AuthenticationIsOneRoundTripTouchIncluded) {
  RegisterUser("trips@example.com");
  auto session = Login("trips@example.com").session;
  db::Pool& pool = db_.GetPool();
  const auto trips = [] { return db::RoundTrips(); };
  const auto touched_at = [&](TimePoint seen) {
    return db_
        .Run(pool.Query(
            "SELECT abs(extract(epoch FROM last_seen_at - $2)) < 0.001 AND "
            "abs(extract(epoch FROM expires_at - $3)) < 0.001 FROM identity.sessions WHERE id = $1",
            session.session_id, seen, seen + 1h))
        .One()
        .Get<bool>(0);
  };
  const TimePoint signed_in = clock_.Now();
  Principal(session);  // the statement is prepared on this connection now, not counted below

  auto before = trips();
  clock_.Advance(30s);
  EXPECT_EQ(Principal(session).session_id, session.session_id);
  EXPECT_EQ(trips() - before, 1u) << "a session seen within the minute";
  EXPECT_TRUE(touched_at(signed_in)) << "not touched within the minute";

  clock_.Advance(2min);
  before = trips();
  auto principal = Principal(session);
  EXPECT_EQ(trips() - before, 1u) << "the touch must ride on the lookup";
  EXPECT_EQ(principal.user_id, session.user_id);
  EXPECT_TRUE(touched_at(clock_.Now())) << "last_seen_at and the expiry slide";

  before = trips();
  EXPECT_FALSE(db_.Run(identity_.Authenticate(RandomToken(32))));
  EXPECT_EQ(trips() - before, 1u);
}

// GET /api/user/info reads the user and every module's keys (the messenger's unread chats) in one round trip,
// however many modules add to it; each gets its own results.
TEST_F(IdentityTest, UserWithExtensionsIsOneRoundTrip) {
  const auto id = RegisterUser("info@example.com");
  UserInfoExtensions extensions;
  extensions.Add(TwiceTheUserId());
  extensions.Add(
      {[](std::int64_t) {
         return std::vector<db::PipelineQuery>{{{"", "SELECT 'a' AS x"}, {}}, {{"", "SELECT 'b' AS x"}, {}}};
       },
       [](std::int64_t, std::span<const db::Result> results, boost::json::object& keys) {
         keys["pair"] = std::string(results[0].One().Get<std::string_view>("x")) +
                        std::string(results[1].One().Get<std::string_view>("x"));
       }});
  boost::json::object keys;
  db_.Run(identity_.GetUser(id, extensions, keys));  // prepares the user statement on this connection
  keys.clear();
  const auto before = db::RoundTrips();
  const User user = db_.Run(identity_.GetUser(id, extensions, keys));
  EXPECT_EQ(db::RoundTrips() - before, 1u);
  EXPECT_EQ(user.email, "info@example.com");
  EXPECT_EQ(keys["twice"], 2 * id);
  EXPECT_EQ(keys["pair"], "ab");
}

// GET /api/user/info's own lookup (SignedInInfo): once this process has seen the token, the session lookup,
// the user and every extension's queries are one round trip; a session that ends is refused at once, and the
// user's results that rode along are not used.
TEST_F(IdentityTest, SignedInInfoIsOneRoundTripOnceTheTokenIsKnown) {
  const auto id = RegisterUser("one-trip@example.com");
  auto session = Login("one-trip@example.com").session;
  UserInfoExtensions extensions;
  extensions.Add(TwiceTheUserId());
  boost::json::object keys;
  auto first = db_.Run(identity_.SignedInInfo(session.token, extensions, keys));  // learns the token's user
  ASSERT_TRUE(first);
  EXPECT_EQ(first->actor.session_id, session.session_id);
  EXPECT_EQ(keys["twice"], 2 * id);

  keys.clear();
  auto before = db::RoundTrips();
  auto info = db_.Run(identity_.SignedInInfo(session.token, extensions, keys));
  EXPECT_EQ(db::RoundTrips() - before, 1u);
  ASSERT_TRUE(info);
  EXPECT_EQ(info->actor.user_id, id);
  EXPECT_EQ(info->user.email, "one-trip@example.com");
  EXPECT_EQ(keys["twice"], 2 * id);

  before = db::RoundTrips();
  EXPECT_FALSE(db_.Run(identity_.SignedInInfo(RandomToken(32), extensions, keys)));
  EXPECT_EQ(db::RoundTrips() - before, 1u) << "an unknown token costs the lookup only";

  db_.Run(identity_.RevokeSession(session.session_id));
  keys.clear();
  auto ended = db_.Run(identity_.SignedInInfo(session.token, extensions, keys));
  ASSERT_FALSE(ended);
  EXPECT_EQ(ended.error(), NoSession::kEndedRecently);
  EXPECT_TRUE(keys.empty()) << "the results that rode along with an ended session are not used";
}

// A token whose session was revoked moments ago reads as "ended recently" (its cookie is kept: the browser
// may already hold the session that replaced it); after the grace, and for expired or unknown tokens,
// "unknown".
TEST_F(IdentityTest, RevokedSessionReadsAsEndedRecentlyForAFewMinutes) {
  RegisterUser("ended@example.com");
  auto session = Login("ended@example.com").session;
  ASSERT_TRUE(db_.Run(identity_.Lookup(session.token)));
  db_.Run(identity_.RevokeSession(session.session_id));
  auto ended = db_.Run(identity_.Lookup(session.token));
  ASSERT_FALSE(ended);
  EXPECT_EQ(ended.error(), NoSession::kEndedRecently);
  EXPECT_FALSE(db_.Run(identity_.Authenticate(session.token)));
  clock_.Advance(6min);
  ended = db_.Run(identity_.Lookup(session.token));
  ASSERT_FALSE(ended);
  EXPECT_EQ(ended.error(), NoSession::kUnknown);

  auto other = Login("ended@example.com").session;
  clock_.Advance(24h * 400);
  auto expired = db_.Run(identity_.Lookup(other.token));
  ASSERT_FALSE(expired);
  EXPECT_EQ(expired.error(), NoSession::kUnknown);
  EXPECT_EQ(db_.Run(identity_.Lookup(RandomToken(32))).error(), NoSession::kUnknown);
}

// The realtime module's question (web::App::EndedSessions): which of these sessions Lookup would refuse now.
// One statement however many ids, and exactly the authenticator's rule.
TEST_F(IdentityTest, EndedSessionsFollowTheAuthenticatorsRule) {
  const auto user_id = RegisterUser("live@example.com");
  RegisterUser("blocked@example.com");
  const auto live = Login("live@example.com").session;
  const auto revoked = Login("live@example.com").session;
  const auto blocked = Login("blocked@example.com").session;
  const std::int64_t never_issued = blocked.session_id + 1000;
  const std::vector<std::int64_t> all{live.session_id, revoked.session_id, blocked.session_id, never_issued};
  const auto ended = [&](std::vector<std::int64_t> ids) {
    auto answer = db_.Run(identity_.EndedSessions(std::move(ids)));
    std::sort(answer.begin(), answer.end());
    return answer;
  };

  EXPECT_EQ(ended(all), std::vector<std::int64_t>{never_issued});
  EXPECT_EQ(ended({}), std::vector<std::int64_t>{});

  db_.Run(identity_.RevokeSession(revoked.session_id));
  db_.Run(db_.GetPool().Query("UPDATE identity.users SET blocked_at = now() WHERE id <> $1", user_id));
  EXPECT_EQ(ended(all), (std::vector<std::int64_t>{revoked.session_id, blocked.session_id, never_issued}));
  EXPECT_FALSE(db_.Run(identity_.Authenticate(revoked.token)));
  EXPECT_FALSE(db_.Run(identity_.Authenticate(blocked.token)));

  // Asking does not slide the expiry (a socket left open is not a use of its session): an hour on, the live
  // session has expired for both.
  const auto before = db::RoundTrips();
  EXPECT_EQ(ended({live.session_id}), std::vector<std::int64_t>{});
  EXPECT_EQ(db::RoundTrips() - before, 1u);
  clock_.Advance(30min);
  EXPECT_EQ(ended({live.session_id}), std::vector<std::int64_t>{});
  clock_.Advance(31min);
  EXPECT_EQ(ended({live.session_id}), std::vector<std::int64_t>{live.session_id});
  EXPECT_FALSE(db_.Run(identity_.Authenticate(live.token)));
}

TEST_F(IdentityTest, ListAndRevokeSessions) {
  auto id = RegisterUser("sessions@example.com");
  auto first = Login("sessions@example.com").session;
  auto second = Login("sessions@example.com").session;
  auto third = Login("sessions@example.com").session;
  auto principal = Principal(first);
  auto sessions = db_.Run(identity_.ListSessions(principal));
  ASSERT_EQ(sessions.size(), 3u);
  EXPECT_EQ(std::count_if(sessions.begin(), sessions.end(), [](const auto& s) { return s.current; }), 1);
  EXPECT_EQ(sessions[0].user_agent, "gtest/1.0");
  EXPECT_EQ(sessions[0].ip, "192.0.2.10");

  db_.Run(identity_.RevokeUserSession(principal, second.session_id));
  EXPECT_FALSE(db_.Run(identity_.Authenticate(second.token)));
  EXPECT_EQ(ErrorOf(db_, identity_.RevokeUserSession(principal, second.session_id)).Code(),
            ErrorCode::kNotFound);

  auto other = RegisterUser("other@example.com");
  auto others_session = Login("other@example.com").session;
  EXPECT_NE(other, id);
  EXPECT_EQ(ErrorOf(db_, identity_.RevokeUserSession(principal, others_session.session_id)).Code(),
            ErrorCode::kNotFound);
  EXPECT_TRUE(db_.Run(identity_.Authenticate(others_session.token)));

  EXPECT_EQ(db_.Run(identity_.RevokeOtherSessions(principal)), 1);
  EXPECT_FALSE(db_.Run(identity_.Authenticate(third.token)));
  EXPECT_TRUE(db_.Run(identity_.Authenticate(first.token)));

  db_.Run(identity_.RevokeSession(first.session_id));
  EXPECT_FALSE(db_.Run(identity_.Authenticate(first.token)));
}

TEST_F(IdentityTest, PasswordChangeRevokesOtherSessions) {
  RegisterUser("change@example.com");
  auto current = Login("change@example.com").session;
  auto other = Login("change@example.com").session;
  auto principal = Principal(current);
  auto wrong = ErrorOf(db_, identity_.ChangePassword(principal, "Wr0ng-password", std::string(kNewPassword)));
  EXPECT_EQ(FieldKey(wrong, "current_password"), "auth:password.wrong");
  auto weak = ErrorOf(db_, identity_.ChangePassword(principal, std::string(kPassword), "short"));
  EXPECT_EQ(FieldKey(weak, "password"), "auth:password.too_short");
  auto same =
      ErrorOf(db_, identity_.ChangePassword(principal, std::string(kPassword), std::string(kPassword)));
  EXPECT_EQ(FieldKey(same, "password"), "auth:password.same");

  db_.Run(identity_.ChangePassword(principal, std::string(kPassword), std::string(kNewPassword)));
  EXPECT_TRUE(db_.Run(identity_.Authenticate(current.token)));
  EXPECT_FALSE(db_.Run(identity_.Authenticate(other.token)));
  Login("change@example.com", kNewPassword);
  EXPECT_EQ(ErrorOf(db_, identity_.Login("change@example.com", std::string(kPassword), client_)).Code(),
            ErrorCode::kValidationFailed);
}

TEST_F(IdentityTest, ForgotAndResetPassword) {
  auto id = RegisterUser("forgot@example.com");
  auto session = Login("forgot@example.com").session;
  db_.Run(identity_.ForgotPassword("nobody@example.com", client_));
  EXPECT_TRUE(Mails("reset_password", "nobody@example.com").empty());
  db_.Run(identity_.ForgotPassword("Forgot@Example.com", client_));
  auto mail = LastMail("reset_password", "forgot@example.com");
  EXPECT_TRUE(mail.link.starts_with("http://artel.test/en/reset-password?token=")) << mail.link;

  EXPECT_EQ(
      FieldKey(ErrorOf(db_, identity_.ResetPassword(RandomToken(32), std::string(kNewPassword))), "token"),
      "auth:token.invalid");
  EXPECT_EQ(FieldKey(ErrorOf(db_, identity_.ResetPassword(mail.token, "weak")), "password"),
            "auth:password.too_short");
  // A reset token is not an e-mail verification token.
  EXPECT_EQ(ErrorOf(db_, identity_.VerifyEmail(mail.token)).Code(), ErrorCode::kValidationFailed);

  db_.Run(identity_.ResetPassword(mail.token, std::string(kNewPassword)));
  EXPECT_FALSE(db_.Run(identity_.Authenticate(session.token)));
  EXPECT_TRUE(db_.Run(identity_.GetUser(id)).email_verified) << "the link proved the address";
  Login("forgot@example.com", kNewPassword);
  EXPECT_EQ(FieldKey(ErrorOf(db_, identity_.ResetPassword(mail.token, "An0ther-Secret!")), "token"),
            "auth:token.invalid");
}

TEST_F(IdentityTest, ResetTokensExpire) {
  RegisterUser("expire@example.com");
  db_.Run(identity_.ForgotPassword("expire@example.com", client_));
  auto mail = LastMail("reset_password", "expire@example.com");
  clock_.Advance(61min);
  EXPECT_EQ(FieldKey(ErrorOf(db_, identity_.ResetPassword(mail.token, std::string(kNewPassword))), "token"),
            "auth:token.invalid");
}

TEST_F(IdentityTest, ResendVerification) {
  auto id = RegisterUser("resend@example.com");
  auto principal = Principal(Login("resend@example.com").session);
  auto first = LastMail("verify_email", "resend@example.com");
  db_.Run(identity_.ResendVerification(principal.user_id));
  auto second = LastMail("verify_email", "resend@example.com");
  EXPECT_NE(first.token, second.token);
  EXPECT_EQ(ErrorOf(db_, identity_.VerifyEmail(first.token)).Code(), ErrorCode::kValidationFailed)
      << "a newer link replaces the older one";
  // A guest (the screen after registering) names the address; unknown addresses send nothing.
  db_.Run(identity_.ResendVerificationTo("RESEND@example.com", client_));
  auto third = LastMail("verify_email", "resend@example.com");
  EXPECT_NE(second.token, third.token);
  db_.Run(identity_.ResendVerificationTo("nobody@example.com", client_));
  EXPECT_TRUE(Mails("verify_email", "nobody@example.com").empty());
  // Without an address a guest's resend is refused by the service itself (the edge's schema leaves it
  // optional).
  EXPECT_EQ(FieldKey(ErrorOf(db_, identity_.ResendVerificationTo(std::nullopt, client_)), "email"),
            "validation:required");
  EXPECT_EQ(FieldKey(ErrorOf(db_, identity_.ResendVerificationTo(std::string(), client_)), "email"),
            "validation:required");
  db_.Run(identity_.VerifyEmail(third.token));
  EXPECT_EQ(ErrorOf(db_, identity_.ResendVerification(id)).Code(), ErrorCode::kConflict);
  // Verified: a guest resend sends nothing and says nothing.
  db_.Run(identity_.ResendVerificationTo("resend@example.com", client_));
  EXPECT_EQ(Mails("verify_email", "resend@example.com").size(), 3u);
}

TEST_F(IdentityTest, EmailChangeNeedsPasswordAndConfirmation) {
  auto id = RegisterUser("before@example.com");
  RegisterUser("taken@example.com");
  auto principal = Principal(Login("before@example.com").session);
  // Four requests from one account: more than the fixture's per-account limit of three.
  auto options = TestOptions();
  options.security.auth_attempts_per_account = 10;
  Identity identity(db_.GetPool(), options, clock_);

  auto wrong = ErrorOf(db_, identity.RequestEmailChange(principal, "after@example.com", "Wr0ng-password"));
  EXPECT_EQ(FieldKey(wrong, "password"), "auth:password.wrong");
  auto same =
      ErrorOf(db_, identity.RequestEmailChange(principal, "BEFORE@example.com", std::string(kPassword)));
  EXPECT_EQ(FieldKey(same, "email"), "auth:email.same");

  db_.Run(identity.RequestEmailChange(principal, "taken@example.com", std::string(kPassword)));
  EXPECT_TRUE(Mails("change_email", "taken@example.com").empty());
  EXPECT_FALSE(db_.Run(identity_.GetUser(id)).pending_email);

  db_.Run(identity.RequestEmailChange(principal, "After@example.com", std::string(kPassword)));
  EXPECT_EQ(db_.Run(identity_.GetUser(id)).pending_email, "after@example.com");
  auto mail = LastMail("change_email", "after@example.com");
  EXPECT_TRUE(mail.link.starts_with("http://artel.test/en/verification-email?token=")) << mail.link;
  auto user = db_.Run(identity_.VerifyEmail(mail.token)).user;
  EXPECT_EQ(user.email, "after@example.com");
  // The old address is told, with the new one masked.
  EXPECT_EQ(Mails("email_changed", "before@example.com").size(), 1u);
  auto masked =
      db_.Run(db_.GetPool().Query("SELECT params->>'new_email' FROM mail.outbox WHERE template = "
                                  "'auth:mail.email_changed' AND recipient = $1",
                                  std::string_view("before@example.com")));
  EXPECT_EQ(masked.One().Get<std::string>(0), "a***@example.com");
  EXPECT_TRUE(user.email_verified);
  EXPECT_FALSE(user.pending_email);
  Login("after@example.com");
}

TEST_F(IdentityTest, LanguageAndProfile) {
  auto id = RegisterUser("lang@example.com");
  db_.Run(identity_.SetLanguage(id, "RU"));
  EXPECT_EQ(db_.Run(identity_.GetUser(id)).lang, "ru");
  EXPECT_EQ(FieldKey(ErrorOf(db_, identity_.SetLanguage(id, "de")), "lang"), "auth:lang.unknown");
  auto user = db_.Run(identity_.UpdateProfile(id, std::string("Irina"), std::nullopt));
  EXPECT_EQ(user.name, "Irina");
  EXPECT_EQ(user.lastname, "Petrova");
  // A name given blank is refused (the contract lets a blank optional string through); the stored one stays.
  EXPECT_EQ(FieldKey(ErrorOf(db_, identity_.UpdateProfile(id, std::string(), std::nullopt)), "name"),
            "validation:required");
  EXPECT_EQ(db_.Run(identity_.GetUser(id)).name, "Irina");
  user = db_.Run(identity_.SetAvatar(id, std::string(64, 'a') + ".png"));
  EXPECT_EQ(user.avatar, std::string(64, 'a') + ".png");
  EXPECT_FALSE(db_.Run(identity_.SetAvatar(id, std::nullopt)).avatar);
  EXPECT_EQ(ErrorOf(db_, identity_.GetUser(id + 1000)).Code(), ErrorCode::kNotFound);
}

TEST_F(IdentityTest, ImpersonationRules) {
  auto admin_id =
      db_.Run(CreateAdmin(db_.GetPool(), TestOptions(), "Boss@example.com", "Adm1n-Secret!", "Boss"));
  auto other_admin =
      db_.Run(CreateAdmin(db_.GetPool(), TestOptions(), "boss2@example.com", "Adm1n-Secret!", "Boss2"));
  auto user_id = RegisterUser("target@example.com");
  auto admin_session = Login("boss@example.com", "Adm1n-Secret!").session;
  auto admin = Principal(admin_session);
  EXPECT_TRUE(admin.IsAdmin());
  auto user = Principal(Login("target@example.com").session);

  EXPECT_EQ(ErrorOf(db_, identity_.StartImpersonation(user, admin_id, client_, false)).Code(),
            ErrorCode::kForbidden);
  EXPECT_EQ(ErrorOf(db_, identity_.StartImpersonation(admin, other_admin, client_, false)).Code(),
            ErrorCode::kForbidden);
  EXPECT_EQ(ErrorOf(db_, identity_.StartImpersonation(admin, user_id + 1000, client_, false)).Code(),
            ErrorCode::kNotFound);
  EXPECT_EQ(ErrorOf(db_, identity_.StopImpersonation(admin, client_)).Code(), ErrorCode::kConflict);

  auto session = db_.Run(identity_.StartImpersonation(admin, user_id, client_, true));
  EXPECT_EQ(session.user_id, user_id);
  EXPECT_FALSE(db_.Run(identity_.Authenticate(admin_session.token))) << "the admin's cookie session ended";
  auto acting = Principal(session);
  EXPECT_EQ(acting.user_id, user_id);
  EXPECT_EQ(acting.impersonator_id, admin_id);
  EXPECT_EQ(
      Count("SELECT count(*) FROM platform.audit WHERE action = 'impersonation.start' AND actor_id = $1",
            admin_id),
      1);

  EXPECT_EQ(ErrorOf(db_, identity_.ChangePassword(acting, std::string(kPassword), std::string(kNewPassword)))
                .Code(),
            ErrorCode::kForbidden);
  EXPECT_EQ(
      ErrorOf(db_, identity_.RequestEmailChange(acting, "new@example.com", std::string(kPassword))).Code(),
      ErrorCode::kForbidden);
  EXPECT_EQ(ErrorOf(db_, identity_.StartImpersonation(acting, user_id, client_, false)).Code(),
            ErrorCode::kForbidden);
  // The user's own list does not show the admin's session, but the admin sees the current one.
  EXPECT_EQ(db_.Run(identity_.ListSessions(user)).size(), 1u);
  EXPECT_EQ(db_.Run(identity_.ListSessions(acting)).size(), 2u);

  auto back = db_.Run(identity_.StopImpersonation(acting, client_));
  EXPECT_EQ(back.user_id, admin_id);
  EXPECT_FALSE(db_.Run(identity_.Authenticate(session.token)));
  auto restored = Principal(back);
  EXPECT_EQ(restored.user_id, admin_id);
  EXPECT_FALSE(restored.impersonator_id);
  EXPECT_EQ(
      Count("SELECT count(*) FROM platform.audit WHERE action = 'impersonation.stop' AND object_id = $1",
            user_id),
      1);
}

TEST_F(IdentityTest, CreateAdminPromotesAndSeedIsIdempotent) {
  auto id = RegisterUser("promote@example.com");
  EXPECT_EQ(db_.Run(CreateAdmin(db_.GetPool(), TestOptions(), "promote@example.com", "Adm1n-Secret!", "X")),
            id);
  auto user = db_.Run(identity_.GetUser(id));
  EXPECT_EQ(user.role, 1);
  EXPECT_TRUE(user.email_verified);
  Login("promote@example.com", "Adm1n-Secret!");
  auto weak = ErrorOf(db_, CreateAdmin(db_.GetPool(), TestOptions(), "x@example.com", "password", "X"));
  EXPECT_EQ(weak.Code(), ErrorCode::kValidationFailed);

  auto accounts = db_.Run(SeedDemoAccounts(db_.GetPool(), TestOptions()));
  ASSERT_EQ(accounts.size(), 3u);
  db_.Run(SeedDemoAccounts(db_.GetPool(), TestOptions()));
  EXPECT_EQ(
      db_.Run(db_.GetPool().Query("SELECT count(*) FROM identity.users WHERE email LIKE '%@artel.local'"))
          .One()
          .Get<std::int64_t>(0),
      3);
  for (const auto& account : accounts) {
    EXPECT_TRUE(CheckPassword(account.password).empty()) << account.password;
    auto login = Login(account.email, account.password);
    EXPECT_EQ(login.user.role, account.role);
    EXPECT_TRUE(login.user.email_verified);
  }
}

TEST_F(IdentityTest, MarketingVisitsAttachAtSignIn) {
  auto id = RegisterUser("visitor@example.com");
  auto visitor = RandomToken(16);
  marketing::Visit visit;
  visit.utm_source = "newsletter";
  visit.visited_url = "https://artel.test/en/orders";
  db_.Run(marketing::RecordVisit(db_.GetPool(), visit, std::nullopt, visitor));
  db_.Run(marketing::RecordVisit(db_.GetPool(), visit, std::nullopt, RandomToken(16)));
  EXPECT_EQ(db_.Run(marketing::AttachVisitor(db_.GetPool(), visitor, id)), 1);
  EXPECT_EQ(db_.Run(marketing::AttachVisitor(db_.GetPool(), visitor, id)), 0) << "already attached";
  EXPECT_EQ(db_.Run(marketing::AttachVisitor(db_.GetPool(), "not-a-visitor-id", id)), 0);
  EXPECT_EQ(
      Count("SELECT count(*) FROM marketing.visits WHERE user_id = $1 AND utm_source = 'newsletter'", id), 1);

  // The sign-in hook reads the cookie.
  auto second = RandomToken(16);
  db_.Run(marketing::RecordVisit(db_.GetPool(), visit, std::nullopt, second));
  db_.Run(marketing::AttachSignedIn(db_.GetPool(), "other=1; artel_visitor=" + second, id));
  EXPECT_EQ(Count("SELECT count(*) FROM marketing.visits WHERE user_id = $1", id), 2);
}

TEST_F(IdentityTest, LaterPutsTheWelcomeOffForAWeekOfTheServicesClock) {
  using namespace std::chrono_literals;
  auto id = RegisterUser("later@example.com");
  EXPECT_TRUE(db_.Run(identity_.GetUser(id)).welcome_due) << "a new account is asked";
  EXPECT_FALSE(db_.Run(identity_.PostponeWelcome(id)).welcome_due);
  clock_.Advance(24h * 7 - 1s);
  EXPECT_FALSE(db_.Run(identity_.GetUser(id)).welcome_due) << "not before the week is over";
  clock_.Advance(1s);
  EXPECT_TRUE(db_.Run(identity_.GetUser(id)).welcome_due)
      << "asked again a week later, by the injected clock";
  EXPECT_FALSE(db_.Run(identity_.CompleteWelcome(id, "customer", std::nullopt)).welcome_due);
  clock_.Advance(24h * 30);
  EXPECT_FALSE(db_.Run(identity_.GetUser(id)).welcome_due) << "a choice ends the question";
}

}  // namespace
}  // namespace artel::identity
