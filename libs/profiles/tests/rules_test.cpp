// The rules of profiles without a database: portfolio addresses, completeness, the owner's order of items,
// and the reputation arithmetic.

#include "artel/profiles/rules.hpp"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "artel/profiles/online.hpp"

namespace artel::profiles {
namespace {

TEST(SlugTest, AcceptsLatinLettersDigitsHyphenUnderscore) {
  for (const std::string& slug :
       std::vector<std::string>{"ann", "Ann-Lee_2", "a1b", "design_studio-42", "ABC", std::string(32, 'x')}) {
    EXPECT_EQ(SlugProblem(slug), std::nullopt) << slug;
  }
}

TEST(SlugTest, RefusesOtherCharacters) {
  for (const char* slug : {"ann lee", "анна", "ann.lee", "ann/lee", "ann@lee", "ann+", "ann%20"}) {
    EXPECT_EQ(SlugProblem(slug), "profiles:slug_chars") << slug;
  }
}

TEST(SlugTest, RefusesTooShortAndTooLong) {
  EXPECT_EQ(SlugProblem(""), "profiles:slug_length");
  EXPECT_EQ(SlugProblem("ab"), "profiles:slug_length");
  EXPECT_EQ(SlugProblem(std::string(33, 'x')), "profiles:slug_length");
  EXPECT_EQ(SlugProblem("abc"), std::nullopt);
}

TEST(SlugTest, RefusesReservedWordsInAnyCaseAndAllDigits) {
  for (const char* slug : {"admin", "API", "Freelancers", "freelancer", "customers", "orders", "settings",
                           "portfolio", "prices", "about", "reviews", "help", "counts", "new", "edit"}) {
    EXPECT_EQ(SlugProblem(slug), "profiles:slug_reserved") << slug;
  }
  EXPECT_EQ(SlugProblem("123"), "profiles:slug_reserved");
  EXPECT_EQ(SlugProblem("0042"), "profiles:slug_reserved");
  EXPECT_EQ(SlugProblem("42nd"), std::nullopt);
  EXPECT_EQ(SlugProblem("admin-ann"), std::nullopt) << "only whole words are reserved";
}

TEST(CompletenessTest, EmptyProfileMissesEverythingInOrder) {
  auto result = ComputeCompleteness({});
  EXPECT_EQ(result.score, 0);
  EXPECT_EQ(result.missing, (std::vector<std::string>{"avatar", "headline", "about", "specialization",
                                                      "skills", "rate", "location", "portfolio", "prices"}));
}

TEST(CompletenessTest, EachPartCountsItsWeight) {
  CompletenessInput full{.avatar = true,
                         .headline = true,
                         .about_length = 100,
                         .main_specialization = true,
                         .skills = 3,
                         .rate = true,
                         .location = true,
                         .projects = 1,
                         .prices = 1};
  auto result = ComputeCompleteness(full);
  EXPECT_EQ(result.score, 100);
  EXPECT_TRUE(result.missing.empty());

  auto short_about = full;
  short_about.about_length = 99;
  EXPECT_EQ(ComputeCompleteness(short_about).score, 85);
  EXPECT_EQ(ComputeCompleteness(short_about).missing, std::vector<std::string>{"about"});

  auto two_skills = full;
  two_skills.skills = 2;
  EXPECT_EQ(ComputeCompleteness(two_skills).score, 90);

  auto no_location_no_portfolio = full;
  no_location_no_portfolio.location = false;
  no_location_no_portfolio.projects = 0;
  auto partial = ComputeCompleteness(no_location_no_portfolio);
  EXPECT_EQ(partial.score, 80);
  EXPECT_EQ(partial.missing, (std::vector<std::string>{"location", "portfolio"}));

  EXPECT_EQ(ComputeCompleteness({.avatar = true}).score, 10);
  EXPECT_EQ(ComputeCompleteness({.main_specialization = true}).score, 15);
  EXPECT_EQ(ComputeCompleteness({.prices = 3}).score, 10);
}

TEST(PrioritiesTest, NumbersTheRequestedOrder) {
  const std::vector<std::int64_t> current{10, 20, 30};
  auto priorities = Priorities(current, std::vector<std::int64_t>{30, 10, 20});
  ASSERT_TRUE(priorities);
  EXPECT_EQ(*priorities, (std::vector<std::int32_t>{1, 2, 3}));
  EXPECT_TRUE(Priorities({}, {}));
}

TEST(PrioritiesTest, RefusesAnythingButAPermutation) {
  const std::vector<std::int64_t> current{10, 20, 30};
  EXPECT_FALSE(Priorities(current, std::vector<std::int64_t>{10, 20})) << "one missing";
  EXPECT_FALSE(Priorities(current, std::vector<std::int64_t>{10, 20, 30, 40})) << "one extra";
  EXPECT_FALSE(Priorities(current, std::vector<std::int64_t>{10, 20, 20})) << "a repeat";
  EXPECT_FALSE(Priorities(current, std::vector<std::int64_t>{10, 20, 99})) << "somebody else's";
}

TEST(ReputationTest, Median) {
  EXPECT_EQ(Median({}), std::nullopt);
  EXPECT_EQ(Median({42}), 42);
  EXPECT_EQ(Median({30, 10, 20}), 20);
  EXPECT_EQ(Median({40, 10, 30, 20}), 25);
  EXPECT_EQ(Median({1, 2}), 1) << "rounded down";
  EXPECT_EQ(Median({3600, 60, 86400, 600, 600}), 600);
}

TEST(ReputationTest, CompletionRate) {
  EXPECT_EQ(CompletionRate(0, 0), std::nullopt);
  EXPECT_DOUBLE_EQ(*CompletionRate(0, 4), 0.0);
  EXPECT_DOUBLE_EQ(*CompletionRate(3, 4), 0.75);
  EXPECT_DOUBLE_EQ(*CompletionRate(2, 2), 1.0);
}

TEST(ReputationTest, RepeatCustomers) {
  EXPECT_EQ(RepeatCustomers({}), 0);
  EXPECT_EQ(RepeatCustomers({1, 2, 3}), 0);
  EXPECT_EQ(RepeatCustomers({1, 2, 1}), 1);
  EXPECT_EQ(RepeatCustomers({1, 2, 1, 2, 2, 3}), 2);
}

TEST(OnlineSqlTest, ChecksPresenceAndRecentOwnSessions) {
  auto sql = OnlineSql("f.user_id");
  EXPECT_NE(sql.find("realtime.presence"), std::string::npos);
  EXPECT_NE(sql.find("(f.user_id)::text"), std::string::npos);
  EXPECT_NE(sql.find("identity.sessions"), std::string::npos);
  EXPECT_NE(sql.find("impersonator_id IS NULL"), std::string::npos);
  EXPECT_NE(sql.find("5 minutes"), std::string::npos);
}

}  // namespace
}  // namespace artel::profiles
