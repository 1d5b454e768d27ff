// Profiles against a real PostgreSQL: the public card, its contributors, and the user-exists check.

#include <gtest/gtest.h>

#include "artel/profiles/profiles.hpp"
#include "artel/testing/testing.hpp"

namespace artel::profiles {
namespace {

using db::testing::TestDatabase;
using testing::CodeOf;
using testing::MakeUser;

TEST(ProfilesTest, RequiresAnExistingUser) {
  TestDatabase db;
  Profiles profiles(db.GetPool());
  auto id = MakeUser(db, "ann");
  db.Run(profiles.RequireUser(id));
  EXPECT_EQ(CodeOf(db, profiles.RequireUser(id + 1000)), ErrorCode::kNotFound);
  EXPECT_EQ(CodeOf(db, profiles.PublicCard(id + 1000)), ErrorCode::kNotFound);
}

TEST(ProfilesTest, ThePublicCardCarriesEveryContributorsPart) {
  TestDatabase db;
  Profiles profiles(db.GetPool());
  auto id = MakeUser(db, "ann");
  db.Run(
      db.GetPool().Query("UPDATE identity.users SET lastname = 'Lee', avatar = 'a.png' WHERE id = $1", id));
  CardContributor part;
  part.queries = [](std::int64_t user_id) {
    std::vector<db::PipelineQuery> queries;
    queries.push_back({{{}, "SELECT $1::bigint * 2"}, db::MakeParams(user_id)});
    return queries;
  };
  part.apply = [](std::int64_t, std::span<const db::Result> results, boost::json::object& card) {
    ASSERT_EQ(results.size(), 1U);
    card["doubled"] = results[0].One().Get<std::int64_t>(0);
  };
  profiles.AddCardContributor(part);

  auto card = db.Run(profiles.PublicCard(id));
  EXPECT_EQ(card["id"].as_int64(), id);
  EXPECT_EQ(card["name"].as_string(), "ann");
  EXPECT_EQ(card["lastname"].as_string(), "Lee");
  EXPECT_EQ(card["avatar"].as_string(), "/api/files/a.png");
  EXPECT_TRUE(card["created_at"].is_string());
  EXPECT_EQ(card["doubled"].as_int64(), id * 2);
}

}  // namespace
}  // namespace artel::profiles
