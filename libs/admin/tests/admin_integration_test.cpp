// The admin panel against a real PostgreSQL. The admin library has no service of its own: its edge reads the
// other modules' schemas and moves accounts through identity (which it declares). So the test drives it as
// the SPA does, through its routes on a web::App (Bearer sessions: no XSRF), and checks what the panel
// promises: the caller must be an administrator, every moderation action is audited and listed, and the
// lists and counts read the database as it is. Each test on a fresh migrated database.

#include <gtest/gtest.h>

#include <boost/json.hpp>

#include "admin.hpp"
#include "artel/core/actor.hpp"
#include "artel/db/pool.hpp"
#include "artel/i18n/catalog.hpp"
#include "artel/identity/identity.hpp"
#include "artel/testing/testing.hpp"
#include "artel/web/app.hpp"

namespace artel::admin {
namespace {

using boost::asio::awaitable;
using db::testing::TestDatabase;
using testing::MakeUser;

const i18n::Catalog& Catalog() {
  static const i18n::Catalog catalog = i18n::Catalog::Load("i18n", {"en", "ru"});
  return catalog;
}

struct Answer {
  int status = 0;
  boost::json::value body;
};

class AdminTest : public ::testing::Test {
 protected:
  AdminTest()
      : identity_(db_.GetPool(), identity::IdentityOptions{}),
        app_(web::AppOptions{.secret = "test-secret"}, Catalog()) {
    admin_ = MakeUser(db_, "admin");
    other_admin_ = MakeUser(db_, "other_admin");
    user_ = MakeUser(db_, "user");
    spammer_ = MakeUser(db_, "spammer");
    db_.Run(db_.GetPool().Query("UPDATE identity.users SET role = 1 WHERE id = ANY($1::bigint[])",
                                std::vector<std::int64_t>{admin_, other_admin_}));
    // A session token is the user's id and role here: "<id>:<role>".
    app_.SetAuthenticator([](std::string_view token) -> awaitable<std::expected<web::Principal, NoSession>> {
      const auto colon = token.find(':');
      if (colon == std::string_view::npos) co_return std::unexpected(NoSession::kUnknown);
      Actor actor;
      actor.user_id = std::stoll(std::string(token.substr(0, colon)));
      actor.role = std::stoi(std::string(token.substr(colon + 1)));
      actor.email_verified = true;
      co_return actor;
    });
    Register(app_, db_.GetPool(), identity_);
  }

  static std::string As(std::int64_t user_id, int role) {
    return std::to_string(user_id) + ":" + std::to_string(role);
  }

  Answer Call(web::Method method, std::string target, std::optional<std::string> token,
              std::optional<boost::json::object> body = std::nullopt) {
    web::Request request;
    request.method = method;
    request.target = target;
    const auto question = target.find('?');
    request.path = target.substr(0, question);
    if (question != std::string::npos) request.query = target.substr(question + 1);
    request.headers.Add("X-Requested-With", "XMLHttpRequest");
    if (token) request.headers.Add("Authorization", "Bearer " + *token);
    if (body) {
      request.headers.Add("Content-Type", "application/json");
      request.body = boost::json::serialize(*body);
    }
    auto response = db_.Run(app_.Handle(request));
    Answer answer{response.status, nullptr};
    if (!response.body.empty()) answer.body = boost::json::parse(response.body);
    return answer;
  }

  Answer Block(std::int64_t target, std::optional<std::string> token, std::string reason = "Spam in orders") {
    return Call(web::Method::kPost, "/api/admin/users/" + std::to_string(target) + "/block", std::move(token),
                boost::json::object{{"reason", reason}});
  }

  std::int64_t Audits(std::string_view action, std::int64_t object_id) {
    return db_
        .Run(db_.GetPool().Query("SELECT count(*) FROM platform.audit WHERE action = $1 AND object_id = $2",
                                 action, object_id))
        .One()
        .Get<std::int64_t>(0);
  }

  bool Blocked(std::int64_t user_id) {
    return db_
        .Run(db_.GetPool().Query("SELECT blocked_at IS NOT NULL FROM identity.users WHERE id = $1", user_id))
        .One()
        .Get<bool>(0);
  }

  TestDatabase db_;
  identity::Identity identity_;
  web::App app_;
  std::int64_t admin_ = 0;
  std::int64_t other_admin_ = 0;
  std::int64_t user_ = 0;
  std::int64_t spammer_ = 0;
};

TEST_F(AdminTest, ABlockIsAuditedAndListedInTheAuditLog) {
  auto blocked = Block(spammer_, As(admin_, 1));
  ASSERT_EQ(blocked.status, 200) << boost::json::serialize(blocked.body);
  EXPECT_EQ(blocked.body.at("id").to_number<std::int64_t>(), spammer_);
  EXPECT_EQ(blocked.body.at("blocked").at("reason"), "Spam in orders");
  EXPECT_EQ(blocked.body.at("blocked").at("by").at("id").to_number<std::int64_t>(), admin_);
  EXPECT_TRUE(Blocked(spammer_));
  EXPECT_EQ(Audits("users.block", spammer_), 1);

  auto log = Call(web::Method::kGet, "/api/admin/audit?action=users.block", As(admin_, 1));
  ASSERT_EQ(log.status, 200) << boost::json::serialize(log.body);
  const auto& items = log.body.at("items").as_array();
  ASSERT_EQ(items.size(), 1u);
  EXPECT_EQ(items[0].at("object_id").to_number<std::int64_t>(), spammer_);
  EXPECT_EQ(items[0].at("actor").at("id").to_number<std::int64_t>(), admin_);

  auto unblocked = Call(web::Method::kPost, "/api/admin/users/" + std::to_string(spammer_) + "/unblock",
                        As(admin_, 1), boost::json::object{});
  ASSERT_EQ(unblocked.status, 200) << boost::json::serialize(unblocked.body);
  EXPECT_FALSE(Blocked(spammer_));
  EXPECT_EQ(Audits("users.unblock", spammer_), 1);
}

TEST_F(AdminTest, NobodyButAnAdministratorGetsIn) {
  // A signed-in user, and a token of no session: refused before anything is read or changed.
  EXPECT_EQ(Block(spammer_, As(user_, 0)).status, 403);
  EXPECT_EQ(Block(spammer_, "no-session").status, 401);
  EXPECT_EQ(Call(web::Method::kGet, "/api/admin/users", As(user_, 0)).status, 403);
  EXPECT_EQ(Call(web::Method::kGet, "/api/admin/audit", std::nullopt).status, 401);
  EXPECT_FALSE(Blocked(spammer_));
  EXPECT_EQ(Audits("users.block", spammer_), 0);
}

TEST_F(AdminTest, AnAdministratorIsNotBlockedAndNothingIsBlockedTwice) {
  auto other = Block(other_admin_, As(admin_, 1));
  EXPECT_EQ(other.status, 403);
  EXPECT_EQ(other.body.at("message"), "An administrator cannot be blocked.")
      << boost::json::serialize(other.body);
  EXPECT_FALSE(Blocked(other_admin_));
  ASSERT_EQ(Block(spammer_, As(admin_, 1)).status, 200);
  auto twice = Block(spammer_, As(admin_, 1));
  EXPECT_EQ(twice.status, 409);
  EXPECT_EQ(Audits("users.block", spammer_), 1);
  // The contract's rules come first: a reason too short never reaches identity.
  EXPECT_EQ(Block(user_, As(admin_, 1), "x").status, 422);
  EXPECT_FALSE(Blocked(user_));
}

TEST_F(AdminTest, TheUsersListAndTheDashboardReadTheDatabase) {
  ASSERT_EQ(Block(spammer_, As(admin_, 1)).status, 200);
  auto blocked = Call(web::Method::kGet, "/api/admin/users?status=blocked", As(admin_, 1));
  ASSERT_EQ(blocked.status, 200) << boost::json::serialize(blocked.body);
  ASSERT_EQ(blocked.body.at("items").as_array().size(), 1u);
  EXPECT_EQ(blocked.body.at("items").at(0).at("id").to_number<std::int64_t>(), spammer_);
  // An id finds its user exactly; a word by substring.
  auto by_id = Call(web::Method::kGet, "/api/admin/users?q=" + std::to_string(user_), As(admin_, 1));
  ASSERT_EQ(by_id.body.at("items").as_array().size(), 1u);
  EXPECT_EQ(by_id.body.at("items").at(0).at("id").to_number<std::int64_t>(), user_);
  auto admins = Call(web::Method::kGet, "/api/admin/users?role=1", As(admin_, 1));
  EXPECT_EQ(admins.body.at("items").as_array().size(), 2u);

  auto dashboard = Call(web::Method::kGet, "/api/admin/dashboard", As(admin_, 1));
  ASSERT_EQ(dashboard.status, 200) << boost::json::serialize(dashboard.body);
  EXPECT_EQ(dashboard.body.at("users").at("total").to_number<std::int64_t>(), 4);
  EXPECT_EQ(dashboard.body.at("users").at("blocked").to_number<std::int64_t>(), 1);
  EXPECT_EQ(dashboard.body.at("orders").at("total").to_number<std::int64_t>(), 0);
}

}  // namespace
}  // namespace artel::admin
