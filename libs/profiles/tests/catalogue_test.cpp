// The catalogue's pure parts: its query parameters as the contract (api.yaml, compiled into the library)
// reads them and CatalogueFilterOf checks them against a small in-memory catalog, the cursors, and the SQL
// shapes the filters produce.

#include "catalogue.hpp"

#include <gtest/gtest.h>

#include <boost/json/value.hpp>

#include "artel/catalog/catalog.hpp"
#include "artel/core/error.hpp"
#include "artel/kernel/json.hpp"
#include "artel/web/contract.hpp"
#include "artel/web/http.hpp"

namespace artel::web {
/// libs/web/api.yaml, compiled into libs/web.
std::string_view PlatformContract();
}  // namespace artel::web

namespace artel::profiles {
/// libs/profiles/api.yaml, compiled into libs/profiles.
std::string_view ContractPart();

namespace {

const web::Contract& Contract() {
  static const auto* contract = [] {
    auto* made = new web::Contract();
    made->AddPart("platform", web::PlatformContract());
    made->AddPart("profiles", ContractPart());
    return made;
  }();
  return *contract;
}

catalog::Snapshot TestCatalog() {
  catalog::Category development{1, "development", {"Development", "Разработка"}, {}};
  development.specializations.push_back({101, 1, "web-development", {"Web", "Веб"}});
  catalog::Category design{2, "design", {"Design", "Дизайн"}, {}};
  design.specializations.push_back({203, 2, "logo-branding", {"Logo", "Логотипы"}});
  catalog::Country russia{1, "RU", {"Russia", "Россия"}, {}};
  std::vector<catalog::Skill> skills{{1, "cpp", {"C++", "C++"}}, {2, "python", {"Python", "Python"}}};
  std::vector<catalog::Currency> currencies{{"RUB", {"Ruble", "Рубль"}, "₽", 2, 1.0},
                                            {"USD", {"Dollar", "Доллар"}, "$", 2, 90.0}};
  return catalog::Snapshot({development, design}, skills, {russia}, currencies);
}

web::Request WithQuery(std::string query) {
  web::Request request;
  request.query = std::move(query);
  return request;
}

/// The query as listFreelancers (or countFreelancers) reads it: the schema's checks, then CatalogueFilterOf.
CatalogueFilter Read(std::string query, bool for_counts = false) {
  const auto catalog = TestCatalog();
  const auto request = WithQuery(std::move(query));
  ValidationErrors errors;
  const auto& operation = Contract().Find(for_counts ? "countFreelancers" : "listFreelancers");
  const boost::json::value read = Contract().ReadQuery(operation, request, errors);
  errors.ThrowIfAny();
  if (for_counts) {
    CatalogueCountsQuery counts;
    kernel::FromJson(read, counts);
    return CatalogueFilterOf(counts, catalog);
  }
  CatalogueQuery list;
  kernel::FromJson(read, list);
  return CatalogueFilterOf(list, catalog);
}

/// The fields of the ValidationFailed the query gets.
std::vector<std::string> BadFields(std::string query) {
  try {
    Read(std::move(query));
  } catch (const Error& error) {
    std::vector<std::string> fields;
    for (const auto& [field, messages] : error.Fields()) fields.push_back(field);
    return fields;
  }
  return {};
}

TEST(CatalogueFilterTest, DefaultsWithoutParameters) {
  const auto filter = Read("");
  EXPECT_FALSE(filter.category_id || filter.specialization_id || filter.query || filter.country_id);
  EXPECT_TRUE(filter.skill_ids.empty());
  EXPECT_FALSE(filter.portfolio || filter.available || filter.online);
  EXPECT_EQ(filter.sort, CatalogueSort::kRating);
  EXPECT_EQ(filter.limit, kCatalogueDefaultLimit);
}

TEST(CatalogueFilterTest, ReadsEveryFilter) {
  const auto filter = Read(
      "category=design&specialization=logo-branding&q=%20%D0%BB%D0%BE%D0%B3%D0%BE%20&skill=2&skill=1&skill=2"
      "&country=1&city=7&portfolio=true&rate_min=10&rate_max=20&currency=USD&rating_min=4&available=1"
      "&online=true&sort=rate_desc&limit=5");
  EXPECT_EQ(filter.category_id, 2);
  EXPECT_EQ(filter.specialization_id, 203);
  EXPECT_EQ(filter.query, "лого");
  EXPECT_EQ(filter.skill_ids, (std::vector<std::int64_t>{2, 1}));
  EXPECT_EQ(filter.country_id, 1);
  EXPECT_EQ(filter.city_id, 7);
  EXPECT_TRUE(filter.portfolio && filter.available && filter.online);
  // Major units of USD, as rouble kopecks: 10 $ = 1 000 ¢ × 90 = 90 000 kopecks.
  EXPECT_EQ(filter.rate_min_base, 90'000);
  EXPECT_EQ(filter.rate_max_base, 180'000);
  EXPECT_EQ(filter.rating_min, 4);
  EXPECT_EQ(filter.sort, CatalogueSort::kRateDesc);
  EXPECT_EQ(filter.limit, 5);
}

TEST(CatalogueFilterTest, RoublesByDefaultAndFalseFlagsAreNoFilter) {
  const auto filter = Read("rate_min=1500&portfolio=false&online=0");
  EXPECT_EQ(filter.rate_min_base, 150'000);
  EXPECT_FALSE(filter.portfolio || filter.online);
}

TEST(CatalogueFilterTest, CountsIgnoreCategorySortCursorAndLimit) {
  const auto filter = Read("category=nope&sort=nope&cursor=x&limit=0", true);
  EXPECT_FALSE(filter.category_id);
  EXPECT_FALSE(filter.cursor);
}

TEST(CatalogueFilterTest, EveryBadParameterIsReportedAtOnce) {
  // The schema's rules first, every parameter at once …
  EXPECT_EQ(
      BadFields("skill=x&country=Russia&portfolio=yes&rate_min=-1&rate_max=abc&currency=usd&rating_min=6"
                "&available=maybe&online=2&sort=price"),
      (std::vector<std::string>{"available", "country", "currency", "online", "portfolio", "rate_max",
                                "rate_min", "rating_min", "skill", "sort"}));
  // … then the catalog's (CatalogueFilterOf), every one at once too.
  EXPECT_EQ(BadFields("category=nope&specialization=nope&country=0&city=-1&currency=XYZ"),
            (std::vector<std::string>{"category", "city", "country", "currency", "specialization"}));
  EXPECT_EQ(BadFields("rate_min=50&rate_max=10"), (std::vector<std::string>{"rate_min"}));
  EXPECT_EQ(
      BadFields("skill=1&skill=2&skill=3&skill=4&skill=5&skill=6&skill=7&skill=8&skill=9&skill=10&skill=11"),
      (std::vector<std::string>{"skill"}));
  EXPECT_EQ(BadFields("q=" + std::string(201, 'x')), (std::vector<std::string>{"q"}));
  EXPECT_EQ(BadFields("limit=51"), (std::vector<std::string>{"limit"}));
  EXPECT_EQ(BadFields("rating_min=0"), (std::vector<std::string>{"rating_min"}));
}

TEST(CatalogueCursorTest, RoundTripsPerSortAndMode) {
  for (auto sort : {CatalogueSort::kRating, CatalogueSort::kReviews, CatalogueSort::kActivity,
                    CatalogueSort::kRateAsc, CatalogueSort::kRateDesc}) {
    for (bool fuzzy : {false, true}) {
      const auto text = EncodeCatalogueCursor(sort, {.key = -1, .id = 42, .fuzzy = fuzzy});
      const auto decoded = DecodeCatalogueCursor(sort, text);
      ASSERT_TRUE(decoded);
      EXPECT_EQ(decoded->key, -1);
      EXPECT_EQ(decoded->id, 42);
      EXPECT_EQ(decoded->fuzzy, fuzzy);
    }
  }
}

TEST(CatalogueCursorTest, ACursorOfAnotherSortIsRefused) {
  const auto text = EncodeCatalogueCursor(CatalogueSort::kReviews, {.key = 3, .id = 7});
  EXPECT_FALSE(DecodeCatalogueCursor(CatalogueSort::kRating, text));
  EXPECT_FALSE(DecodeCatalogueCursor(CatalogueSort::kRateAsc, text));
  EXPECT_FALSE(DecodeCatalogueCursor(CatalogueSort::kReviews, "garbage"));
}

TEST(CatalogueSqlTest, TheSortKeysAreTheIndexedExpressions) {
  auto filter = Read("sort=rating");
  auto rating = catalogue_detail::BuildList(filter, std::nullopt);
  EXPECT_NE(rating.statement.sql.find("ORDER BY (COALESCE((f.rating * 1000)::bigint, 0) * 4294967296 + "
                                      "f.review_count) DESC, f.user_id DESC"),
            std::string_view::npos);
  EXPECT_NE(rating.statement.sql.find("f.main_specialization_id IS NOT NULL"), std::string_view::npos);
  filter.sort = CatalogueSort::kRateAsc;
  filter.cursor = EncodeCatalogueCursor(CatalogueSort::kRateAsc, {.key = 100, .id = 5});
  auto rate = catalogue_detail::BuildList(filter, std::nullopt);
  EXPECT_NE(rate.statement.sql.find("(COALESCE(f.rate_base, 9223372036854775807), f.user_id) > ($1::bigint, "
                                    "$2::bigint)"),
            std::string_view::npos);
  filter.cursor = EncodeCatalogueCursor(CatalogueSort::kRateAsc, {.key = 100, .id = 5, .fuzzy = true});
  EXPECT_THROW(catalogue_detail::BuildList(filter, std::nullopt), Error);
}

TEST(CatalogueSqlTest, OnlineFilterStartsFromTheOnlineUsers) {
  auto filter = Read("online=true");
  auto query = catalogue_detail::BuildList(filter, std::nullopt);
  EXPECT_NE(query.statement.sql.find("f.user_id IN (SELECT os.user_id FROM identity.sessions os WHERE "
                                     "os.impersonator_id IS NULL"),
            std::string_view::npos);
}

}  // namespace
}  // namespace artel::profiles
