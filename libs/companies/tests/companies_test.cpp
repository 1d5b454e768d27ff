// The companies' request rules: the bodies as the contract (api.yaml, compiled into the library) checks them,
// the rules the service adds (CheckRules, CheckReferences against a small in-memory catalog, CheckReview),
// the PATCH merge, and the answers (anonymity of reviews, the rating's averages).

#include "artel/companies/companies.hpp"

#include <gtest/gtest.h>

#include <boost/json/parse.hpp>
#include <boost/json/serialize.hpp>
#include <map>
#include <string>

#include "artel/catalog/catalog.hpp"
#include "artel/core/error.hpp"
#include "artel/core/time.hpp"
#include "artel/kernel/json.hpp"
#include "artel/web/contract.hpp"
#include "input.hpp"
#include "views.hpp"

namespace artel::web {
/// libs/web/api.yaml, compiled into libs/web.
std::string_view PlatformContract();
}  // namespace artel::web

namespace artel::companies {
/// libs/companies/api.yaml, compiled into libs/companies.
std::string_view ContractPart();

namespace {

using Keys = std::map<std::string, std::string>;

catalog::Snapshot TestCatalog() {
  catalog::Country russia{1, "RU", {"Russia", "Россия"}, {}};
  russia.cities.push_back({1, 1, {"Moscow", "Москва"}});
  catalog::Country kazakhstan{2, "KZ", {"Kazakhstan", "Казахстан"}, {}};
  kazakhstan.cities.push_back({21, 2, {"Almaty", "Алматы"}});
  std::vector<catalog::Currency> currencies{{"RUB", {"Ruble", "Рубль"}, "₽", 2, 1.0}};
  return catalog::Snapshot({}, {}, {russia, kazakhstan}, currencies);
}

Keys KeysOf(const ValidationErrors& errors) {
  Keys keys;
  try {
    errors.ThrowIfAny();
  } catch (const Error& error) {
    for (const auto& [field, messages] : error.Fields()) keys[field] = messages.front().key;
  }
  return keys;
}

class CompanyContractTest : public ::testing::Test {
 protected:
  CompanyContractTest() {
    contract.AddPart("platform", web::PlatformContract());
    contract.AddPart("companies", ContractPart());
  }

  /// field → the first message key of the body's errors; `body` is left as the edge normalizes it.
  Keys Errors(std::string_view operation, boost::json::value& body) {
    ValidationErrors errors;
    contract.CheckBody(contract.Find(operation), body, errors);
    return KeysOf(errors);
  }
  Keys Errors(std::string_view operation, std::string_view json) {
    auto body = boost::json::parse(json);
    return Errors(operation, body);
  }

  web::Contract contract;
};

TEST_F(CompanyContractTest, ACompanyNeedsNameIndustryAndSizeWithTheirOwnMessages) {
  EXPECT_TRUE(Errors("createCompany", R"({"name": "Ab", "industry": "it", "size": "1_10"})").empty());
  EXPECT_EQ(Errors("createCompany", R"({})"), (Keys{{"name", "validation:required"},
                                                    {"industry", "validation:required"},
                                                    {"size", "validation:required"}}));
  EXPECT_EQ(
      Errors("createCompany", R"({"name": "A", "industry": "mining", "size": "huge", "website": "ftp://x"})"),
      (Keys{{"name", "validation:length.min"},
            {"industry", "companies:industry_invalid"},
            {"size", "companies:size_invalid"},
            {"website", "companies:website_invalid"}}));
  EXPECT_EQ(Errors("createCompany", R"({"name": "Ab", "industry": "it", "size": "1_10",
      "website": "https://a b"})"),
            (Keys{{"website", "companies:website_invalid"}}));
  // A blank website is none (the service drops it); the catalog and the year are the service's.
  EXPECT_TRUE(Errors("createCompany", R"({"name": "Ab", "industry": "it", "size": "1_10", "website": " ",
      "country_id": 99, "city_id": 5, "founded_year": 1500})")
                  .empty());
}

TEST_F(CompanyContractTest, APatchTakesAnyFieldsAndNullClearsAnOptionalOne) {
  auto body = boost::json::parse(R"({"name": " New ", "website": null, "city_id": null})");
  EXPECT_TRUE(Errors("updateCompany", body).empty());
  CompanyPatch patch;
  kernel::FromJson(body, patch);
  CompanyInput stored;
  stored.name = "Old";
  stored.description = "Kept";
  stored.industry = "it";
  stored.size = "1_10";
  stored.website = "https://old.example";
  stored.country_id = 1;
  stored.city_id = 1;
  auto merged = patch.MergedOnto(stored);
  EXPECT_EQ(merged.name, "New");
  EXPECT_EQ(merged.description, "Kept");
  EXPECT_FALSE(merged.website.has_value());
  EXPECT_EQ(merged.industry, "it");
  EXPECT_EQ(merged.country_id, 1);
  EXPECT_FALSE(merged.city_id.has_value());
  EXPECT_EQ(Errors("updateCompany", R"({"size": "huge"})"), (Keys{{"size", "companies:size_invalid"}}));
}

TEST_F(CompanyContractTest, TheRatingIsRequiredWithItsOwnMessage) {
  EXPECT_EQ(Errors("putCompanyReview", R"({"relation": "current"})"),
            (Keys{{"rating", "companies:rating_required"}}));
  EXPECT_EQ(Errors("putCompanyReview", R"({"rating": null, "relation": "current"})"),
            (Keys{{"rating", "companies:rating_required"}}));
  EXPECT_EQ(Errors("putCompanyReview", R"({"rating": 6, "relation": "current"})"),
            (Keys{{"rating", "companies:rating_range"}}));
  EXPECT_EQ(Errors("putCompanyReview", R"({"rating": 0, "relation": "current"})"),
            (Keys{{"rating", "companies:rating_range"}}));
}

TEST_F(CompanyContractTest, AxesRelationAndTextsFollowTheRules) {
  EXPECT_EQ(Errors("putCompanyReview", R"({"rating": 4, "salary": 9, "relation": "boss", "position": ")" +
                                           std::string(121, 'x') + R"("})"),
            (Keys{{"salary", "companies:rating_range"},
                  {"relation", "companies:relation_invalid"},
                  {"position", "validation:length.max"}}));
  EXPECT_EQ(Errors("putCompanyReview", R"({"rating": 4})"), (Keys{{"relation", "validation:required"}}));
  EXPECT_EQ(Errors("replyToCompanyReview", R"({"text": "  "})"), (Keys{{"text", "validation:required"}}));
  EXPECT_EQ(Errors("setCompanyVerified", R"({})"), (Keys{{"verified", "validation:required"}}));
}

TEST(CompanyRulesTest, TheServiceChecksWhatTheSchemaCannot) {
  const auto catalog = TestCatalog();
  auto check = [&](CompanyInput input) {
    ValidationErrors errors;
    CheckRules(input, 2026, errors);
    CheckReferences(input, catalog, errors);
    return KeysOf(errors);
  };
  CompanyInput input;
  input.name = " Dala Pay ";
  input.industry = "finance";
  input.size = "51_200";
  input.country_id = 2;
  input.city_id = 21;
  input.founded_year = 2019;
  EXPECT_TRUE(check(input).empty());

  auto wrong = input;
  wrong.city_id = 1;
  wrong.founded_year = 2027;
  EXPECT_EQ(check(wrong),
            (Keys{{"city_id", "catalog:city_country"}, {"founded_year", "companies:founded_year_range"}}));
  wrong = input;
  wrong.country_id = 99;
  wrong.founded_year = 1699;
  // The unknown country has its error; the city gets none for it.
  EXPECT_EQ(check(wrong), (Keys{{"country_id", "catalog:country_unknown"},
                                {"founded_year", "companies:founded_year_range"}}));
  wrong = input;
  wrong.city_id = 77;
  EXPECT_EQ(check(wrong), (Keys{{"city_id", "catalog:city_unknown"}}));
  wrong = input;
  wrong.country_id.reset();
  EXPECT_EQ(check(wrong), (Keys{{"city_id", "catalog:city_country"}}));

  wrong = input;
  wrong.name = "  A ";
  wrong.website = "ftp://x";
  wrong.industry = "mining";
  wrong.size.clear();
  EXPECT_EQ(check(wrong), (Keys{{"name", "validation:length.min"},
                                {"website", "companies:website_invalid"},
                                {"industry", "companies:industry_invalid"},
                                {"size", "validation:required"}}));
  CompanyInput blank = input;
  blank.website = "   ";
  ValidationErrors errors;
  CheckRules(blank, 2026, errors);
  EXPECT_TRUE(errors.Empty());
  EXPECT_FALSE(blank.website.has_value());
  EXPECT_EQ(blank.name, "Dala Pay");
}

TEST(CompanyRulesTest, TheServiceChecksAReviewAndAReply) {
  ReviewInput review;
  review.rating = 6;
  review.axes[1] = 0;
  review.relation = "boss";
  review.pros = std::string(2001, 'x');
  ValidationErrors errors;
  CheckReview(review, errors);
  EXPECT_EQ(KeysOf(errors), (Keys{{"rating", "companies:rating_range"},
                                  {"management", "companies:rating_range"},
                                  {"relation", "companies:relation_invalid"},
                                  {"pros", "validation:length.max"}}));
  std::string text = "   ";
  ValidationErrors reply;
  CheckReply(text, reply);
  EXPECT_EQ(KeysOf(reply), (Keys{{"text", "validation:required"}}));
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

TEST(ReviewViewTest, AnAnonymousReviewNamesItsAuthorToTheAuthorAlone) {
  auto review = AnonymousReview();
  for (std::optional<std::int64_t> viewer : {std::optional<std::int64_t>{}, std::optional<std::int64_t>{1}}) {
    auto json = kernel::ToJson(View(review, viewer)).as_object();
    EXPECT_TRUE(json.at("author").is_null());
    EXPECT_FALSE(json.at("is_mine").as_bool());
    // Not in any other field either.
    const auto text = boost::json::serialize(json);
    EXPECT_EQ(text.find("42"), std::string::npos) << text;
    EXPECT_EQ(text.find("Anna"), std::string::npos) << text;
  }
  auto own = View(review, 42);
  ASSERT_TRUE(own.author.has_value());
  EXPECT_EQ(own.author->id, 42);
  EXPECT_TRUE(own.is_mine);

  review.input.anonymous = false;
  EXPECT_EQ(View(review, std::nullopt).author->name, "Anna");
}

TEST(ReviewViewTest, TheShapeHasEveryFieldOfTheContract) {
  auto review = AnonymousReview();
  review.input.axes[0] = 3;
  review.reply = "Thanks";
  review.replied_at = review.created_at;
  auto json = kernel::ToJson(View(review, std::nullopt)).as_object();
  for (auto key : {"id", "rating", "axes", "pros", "cons", "relation", "position", "recommend", "anonymous",
                   "author", "is_mine", "reply", "created_at", "updated_at"}) {
    EXPECT_TRUE(json.contains(key)) << key;
  }
  EXPECT_EQ(json.at("axes").as_object().at("salary").as_int64(), 3);
  EXPECT_TRUE(json.at("axes").as_object().at("team").is_null());
  EXPECT_EQ(json.at("reply").as_object().at("text").as_string(), "Thanks");
}

TEST(CompanyViewTest, RatingAveragesRecommendPercentAndContributions) {
  Company company;
  company.id = 3;
  company.owner_id = 9;
  company.fields.name = "Dala Pay";
  company.fields.industry = "finance";
  company.fields.size = "51_200";
  EXPECT_FALSE(RatingOf(company).average.has_value());
  EXPECT_FALSE(RatingOf(company).recommend_percent.has_value());
  company.rating_sum = 13;
  company.review_count = 3;
  company.axis_sums[0] = 9;
  company.axis_counts[0] = 2;
  company.recommend_yes = 2;
  company.recommend_count = 3;
  auto rating = RatingOf(company);
  EXPECT_DOUBLE_EQ(*rating.average, 4.3);
  EXPECT_DOUBLE_EQ(*rating.axes.salary, 4.5);
  EXPECT_FALSE(rating.axes.team.has_value());
  EXPECT_EQ(rating.recommend_percent, 67);

  auto view = View(company, 9);
  EXPECT_TRUE(view.is_owner);
  EXPECT_EQ(view.vacancy_count, 0);
  EXPECT_FALSE(View(company, 10).is_owner);
  EXPECT_FALSE(view.logo.has_value());
  EXPECT_EQ(View(company, 9, boost::json::object{{"vacancy_count", 4}}).vacancy_count, 4);
  company.logo = "a.png";
  company.logo_thumbnail = "b.jpg";
  EXPECT_EQ(View(company, std::nullopt).logo->thumbnail_url, "/api/files/b.jpg");
}

}  // namespace
}  // namespace artel::companies
