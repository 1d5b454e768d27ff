// The user card of the contract-first answers: profiles::UserCardView against the platform's UserCard schema
// (libs/web/api.yaml), and what it writes.

#include <gtest/gtest.h>

#include <boost/json/object.hpp>
#include <string>

#include "artel/kernel/json.hpp"
#include "artel/profiles/profiles.hpp"
#include "artel/web/api.hpp"

namespace artel::web {
/// libs/web/api.yaml, compiled into libs/web.
std::string_view PlatformContract();
}  // namespace artel::web

namespace artel::profiles {
namespace {

TEST(UserCardViewTest, MatchesThePlatformsUserCardSchema) {
  web::Contract contract;
  contract.AddPart("platform", web::PlatformContract());
  const boost::json::object ref{{"$ref", "#/components/schemas/UserCard"}};
  web::api_detail::Problems problems;
  web::api_detail::Conform<UserCardView>(contract, ref, "card", web::api_detail::Direction::kAnswer,
                                         problems);
  EXPECT_TRUE(problems.list.empty()) << (problems.list.empty() ? "" : problems.list.front());
}

TEST(UserCardViewTest, WritesTheAvatarsUrlOrNull) {
  kernel::UserCard card{7, "Anna", "Ivanova", std::nullopt};
  auto json = kernel::ToJson(CardView(card)).as_object();
  EXPECT_EQ(json.at("id"), 7);
  EXPECT_EQ(json.at("lastname"), "Ivanova");
  EXPECT_TRUE(json.at("avatar").is_null());
  card.avatar = "ab/cd.webp";
  json = UserCardJson(card);
  ASSERT_TRUE(json.at("avatar").is_string());
  EXPECT_NE(std::string(json.at("avatar").as_string()).find("ab/cd.webp"), std::string::npos);
  EXPECT_EQ(json.size(), 4U);
}

}  // namespace
}  // namespace artel::profiles
