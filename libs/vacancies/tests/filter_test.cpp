// vacancies::Filter as a stored value: ToJson/FromJson round-trip, and what FromJson refuses.

#include "artel/vacancies/filter.hpp"

#include <gtest/gtest.h>

#include <boost/json/parse.hpp>
#include <boost/json/serialize.hpp>
#include <stdexcept>

namespace artel::vacancies {
namespace {

TEST(VacancyFilterTest, EmptyFilterIsAnEmptyObject) {
  Filter filter;
  EXPECT_TRUE(filter.ToJson().empty());
  EXPECT_EQ(Filter::FromJson({}), filter);
}

TEST(VacancyFilterTest, EveryFieldRoundTrips) {
  Filter filter;
  filter.category_id = 1;
  filter.specialization_id = 101;
  filter.query = "разработчик go";
  filter.employments = {"full", "part"};
  filter.schedules = {"remote", "flexible"};
  filter.experience = "3_6";
  filter.education = "higher";
  filter.salary = 15'000'000;
  filter.currency = "USD";
  filter.country_id = 1;
  filter.city_id = 2;
  filter.skill_ids = {9, 15};
  filter.remote = true;
  filter.company_id = 42;
  filter.sort = Sort::kRelevance;
  const auto json = filter.ToJson();
  EXPECT_EQ(Filter::FromJson(json), filter);
  // Through text as a saved search would store it.
  const auto stored = boost::json::serialize(json);
  EXPECT_EQ(Filter::FromJson(boost::json::parse(stored).as_object()), filter);
  EXPECT_EQ(json.at("sort").as_string(), "relevance");
  EXPECT_EQ(json.at("employments").as_array().size(), 2U);
}

TEST(VacancyFilterTest, EachFieldAloneRoundTrips) {
  std::vector<Filter> filters(6);
  filters[0].category_id = 3;
  filters[1].query = "дизайнер";
  filters[2].salary = 100;
  filters[3].remote = true;
  filters[4].sort = Sort::kSalary;
  filters[5].skill_ids = {1};
  for (const auto& filter : filters) EXPECT_EQ(Filter::FromJson(filter.ToJson()), filter);
}

TEST(VacancyFilterTest, FromJsonRefusesWhatToJsonNeverWrites) {
  for (const auto* text :
       {R"({"employments":["weekly"]})", R"({"sort":"popular"})", R"({"category_id":"1"})",
        R"({"category_id":0})", R"({"remote":1})", R"({"skill_ids":3})", R"({"experience":"10_plus"})"}) {
    EXPECT_THROW(Filter::FromJson(boost::json::parse(text).as_object()), std::invalid_argument) << text;
  }
  // Unknown keys (a newer writer's) are ignored.
  EXPECT_EQ(Filter::FromJson(boost::json::parse(R"({"colour":"red"})").as_object()), Filter{});
}

}  // namespace
}  // namespace artel::vacancies
