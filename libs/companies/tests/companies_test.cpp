// The companies' input rules against a small in-memory catalog, and the JSON shapes of the contract
// (anonymity of reviews, the rating's averages).

#include "artel/companies/companies.hpp"

#include <gtest/gtest.h>

#include <boost/json/parse.hpp>
#include <boost/json/serialize.hpp>

#include "artel/catalog/catalog.hpp"
#include "artel/core/error.hpp"
#include "artel/core/time.hpp"
#include "input.hpp"

namespace artel::companies {
namespace {

catalog::Snapshot TestCatalog() {
  catalog::Country russia{1, "RU", {"Russia", "Россия"}, {}};
  russia.cities.push_back({1, 1, {"Moscow", "Москва"}});
  catalog::Country kazakhstan{2, "KZ", {"Kazakhstan", "Казахстан"}, {}};
  kazakhstan.cities.push_back({21, 2, {"Almaty", "Алматы"}});
  std::vector<catalog::Currency> currencies{{"RUB", {"Ruble", "Рубль"}, "₽", 2, 1.0}};
  return catalog::Snapshot({}, {}, {russia, kazakhstan}, currencies);
}

/// The field errors of reading `json` (empty when it is valid), by field: the first message's key.
template <class Read>
std::map<std::string, std::string> ErrorsOf(Read read) {
  std::map<std::string, std::string> keys;
  try {
    read();
  } catch (const Error& error) {
    for (const auto& [field, messages] : error.Fields()) keys[field] = messages.front().key;
  }
  return keys;
}

std::map<std::string, std::string> CompanyErrors(std::string_view json) {
  static const auto catalog = TestCatalog();
  auto body = boost::json::parse(json).as_object();
  return ErrorsOf([&] { ReadCompanyInput(body, catalog, 2026); });
}

std::map<std::string, std::string> ReviewErrors(std::string_view json) {
  auto body = boost::json::parse(json).as_object();
  return ErrorsOf([&] { ReadReviewInput(body); });
}

TEST(CompanyInputTest, AValidCompanyReadsEveryField) {
  const auto catalog = TestCatalog();
  auto body =
      boost::json::parse(R"({"name": " Dala Pay ", "description": "Fintech", "website": "https://dala.kz",
      "industry": "finance", "size": "51_200", "country_id": 2, "city_id": 21, "founded_year": 2019})")
          .as_object();
  auto input = ReadCompanyInput(body, catalog, 2026);
  EXPECT_EQ(input.name, "Dala Pay");
  EXPECT_EQ(input.website, "https://dala.kz");
  EXPECT_EQ(input.industry, "finance");
  EXPECT_EQ(input.size, "51_200");
  EXPECT_EQ(input.city_id, 21);
  EXPECT_EQ(input.founded_year, 2019);
}

TEST(CompanyInputTest, MinimalCompanyNeedsNameIndustryAndSize) {
  EXPECT_TRUE(CompanyErrors(R"({"name": "Ab", "industry": "it", "size": "1_10"})").empty());
  auto errors = CompanyErrors(R"({})");
  EXPECT_EQ(errors["name"], "validation:required");
  EXPECT_EQ(errors["industry"], "validation:required");
  EXPECT_EQ(errors["size"], "validation:required");
}

TEST(CompanyInputTest, RefusesCodesPlacesYearsAndWebsitesOutsideTheRules) {
  auto errors = CompanyErrors(R"({"name": "A", "industry": "mining", "size": "huge", "website": "ftp://x",
      "country_id": 1, "city_id": 21, "founded_year": 2027})");
  EXPECT_EQ(errors["name"], "validation:length.min");
  EXPECT_EQ(errors["industry"], "companies:industry_invalid");
  EXPECT_EQ(errors["size"], "companies:size_invalid");
  EXPECT_EQ(errors["website"], "companies:website_invalid");
  EXPECT_EQ(errors["city_id"], "companies:city_country");
  EXPECT_EQ(errors["founded_year"], "companies:founded_year_range");
  EXPECT_EQ(
      CompanyErrors(R"({"name": "Ab", "industry": "it", "size": "1_10", "country_id": 99})")["country_id"],
      "companies:country_unknown");
  EXPECT_EQ(CompanyErrors(
                R"({"name": "Ab", "industry": "it", "size": "1_10", "founded_year": 1699})")["founded_year"],
            "companies:founded_year_range");
}

TEST(CompanyInputTest, APatchKeepsTheFieldsItLeavesOut) {
  CompanyInput stored;
  stored.name = "Old";
  stored.industry = "it";
  stored.size = "1_10";
  stored.website = "https://old.example";
  stored.country_id = 1;
  stored.city_id = 1;
  auto patch = boost::json::parse(R"({"name": "New", "website": null, "unknown": 1})").as_object();
  auto merged = MergePatch(InputJson(stored), patch);
  const auto catalog = TestCatalog();
  auto input = ReadCompanyInput(merged, catalog, 2026);
  EXPECT_EQ(input.name, "New");
  EXPECT_FALSE(input.website.has_value());
  EXPECT_EQ(input.industry, "it");
  EXPECT_EQ(input.city_id, 1);
  EXPECT_FALSE(merged.contains("unknown"));
}

TEST(ReviewInputTest, TheRatingIsRequiredWithItsOwnMessage) {
  auto errors = ReviewErrors(R"({"relation": "current"})");
  EXPECT_EQ(errors["rating"], "companies:rating_required");
  EXPECT_EQ(ReviewErrors(R"({"rating": null, "relation": "current"})")["rating"],
            "companies:rating_required");
  EXPECT_EQ(ReviewErrors(R"({"rating": 6, "relation": "current"})")["rating"], "companies:rating_range");
  EXPECT_EQ(ReviewErrors(R"({"rating": 0, "relation": "current"})")["rating"], "companies:rating_range");
}

TEST(ReviewInputTest, AxesRelationAndTextsFollowTheRules) {
  auto errors = ReviewErrors(R"({"rating": 4, "salary": 9, "relation": "boss", "position": ")" +
                             std::string(121, 'x') + R"("})");
  EXPECT_EQ(errors["salary"], "companies:rating_range");
  EXPECT_EQ(errors["relation"], "companies:relation_invalid");
  EXPECT_EQ(errors["position"], "validation:length.max");
  EXPECT_EQ(ReviewErrors(R"({"rating": 4})")["relation"], "validation:required");

  auto body =
      boost::json::parse(R"({"rating": 4, "team": 5, "growth": null, "pros": "People", "relation": "former",
      "recommend": true, "anonymous": true})")
          .as_object();
  auto input = ReadReviewInput(body);
  EXPECT_EQ(input.rating, 4);
  EXPECT_EQ(input.axes[2], 5);
  EXPECT_FALSE(input.axes[3].has_value());
  EXPECT_EQ(input.pros, "People");
  EXPECT_EQ(input.recommend, true);
  EXPECT_TRUE(input.anonymous);
}

Review AnonymousReview() {
  Review review;
  review.id = 7;
  review.company_id = 3;
  review.author = {42, "Anna", "Smirnova", std::string("a.png")};
  review.input.rating = 4;
  review.input.relation = "current";
  review.input.anonymous = true;
  review.created_at = review.updated_at = *ParseIsoTime("2026-11-22T12:00:00Z");
  return review;
}

TEST(ReviewJsonTest, AnAnonymousReviewNamesItsAuthorToTheAuthorAlone) {
  auto review = AnonymousReview();
  for (std::optional<std::int64_t> viewer : {std::optional<std::int64_t>{}, std::optional<std::int64_t>{1}}) {
    auto json = ReviewJson(review, viewer);
    EXPECT_TRUE(json.at("author").is_null());
    EXPECT_FALSE(json.at("is_mine").as_bool());
    // Not in any other field either.
    const auto text = boost::json::serialize(json);
    EXPECT_EQ(text.find("42"), std::string::npos) << text;
    EXPECT_EQ(text.find("Anna"), std::string::npos) << text;
  }
  auto own = ReviewJson(review, 42);
  EXPECT_EQ(own.at("author").as_object().at("id").as_int64(), 42);
  EXPECT_TRUE(own.at("is_mine").as_bool());

  review.input.anonymous = false;
  EXPECT_EQ(ReviewJson(review, std::nullopt).at("author").as_object().at("name").as_string(), "Anna");
}

TEST(ReviewJsonTest, TheShapeHasEveryFieldOfTheContract) {
  auto review = AnonymousReview();
  review.input.axes[0] = 3;
  review.reply = "Thanks";
  review.replied_at = review.created_at;
  auto json = ReviewJson(review, std::nullopt);
  for (auto key : {"id", "rating", "axes", "pros", "cons", "relation", "position", "recommend", "anonymous",
                   "author", "is_mine", "reply", "created_at", "updated_at"}) {
    EXPECT_TRUE(json.contains(key)) << key;
  }
  EXPECT_EQ(json.at("axes").as_object().at("salary").as_int64(), 3);
  EXPECT_TRUE(json.at("axes").as_object().at("team").is_null());
  EXPECT_EQ(json.at("reply").as_object().at("text").as_string(), "Thanks");
}

TEST(CompanyJsonTest, RatingAveragesAndRecommendPercent) {
  Company company;
  company.id = 3;
  company.owner_id = 9;
  company.fields.name = "Dala Pay";
  company.fields.industry = "finance";
  company.fields.size = "51_200";
  EXPECT_TRUE(RatingJson(company).at("average").is_null());
  EXPECT_TRUE(RatingJson(company).at("recommend_percent").is_null());
  company.rating_sum = 13;
  company.review_count = 3;
  company.axis_sums[0] = 9;
  company.axis_counts[0] = 2;
  company.recommend_yes = 2;
  company.recommend_count = 3;
  auto rating = RatingJson(company);
  EXPECT_DOUBLE_EQ(rating.at("average").as_double(), 4.3);
  EXPECT_DOUBLE_EQ(rating.at("axes").as_object().at("salary").as_double(), 4.5);
  EXPECT_TRUE(rating.at("axes").as_object().at("team").is_null());
  EXPECT_EQ(rating.at("recommend_percent").as_int64(), 67);

  auto json = CompanyJson(company, 9);
  EXPECT_TRUE(json.at("is_owner").as_bool());
  EXPECT_FALSE(CompanyJson(company, 10).at("is_owner").as_bool());
  EXPECT_TRUE(json.at("logo").is_null());
  company.logo = "a.png";
  company.logo_thumbnail = "b.jpg";
  EXPECT_EQ(CompanyJson(company, std::nullopt).at("logo").as_object().at("thumbnail_url").as_string(),
            "/api/files/b.jpg");
}

}  // namespace
}  // namespace artel::companies
