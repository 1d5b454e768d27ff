// The order form as the contract (api.yaml, compiled into the library) checks it and as InputOf makes it the
// service's form; the service's own rules against a small in-memory catalog; the list cursor encoding.

#include <gtest/gtest.h>

#include <boost/json/parse.hpp>
#include <map>
#include <string>

#include "artel/catalog/catalog.hpp"
#include "artel/core/time.hpp"
#include "artel/kernel/json.hpp"
#include "artel/orders/orders.hpp"
#include "artel/web/contract.hpp"
#include "artel/web/testing/contract_body_test.hpp"
#include "form.hpp"
#include "query.hpp"

namespace artel::orders {
/// libs/orders/api.yaml, compiled into libs/orders.
std::string_view ContractPart();

namespace {

using namespace std::chrono_literals;
catalog::Snapshot TestCatalog() {
  catalog::Category development{1, "development", {"Development", "Разработка"}, {}};
  development.specializations.push_back({101, 1, "web", {"Web", "Веб"}});
  catalog::Category design{2, "design", {"Design", "Дизайн"}, {}};
  design.specializations.push_back({201, 2, "logo", {"Logo", "Логотипы"}});
  catalog::Country russia{1, "RU", {"Russia", "Россия"}, {}};
  russia.cities.push_back({1, 1, {"Moscow", "Москва"}});
  catalog::Country kazakhstan{2, "KZ", {"Kazakhstan", "Казахстан"}, {}};
  kazakhstan.cities.push_back({21, 2, {"Almaty", "Алматы"}});
  std::vector<catalog::Skill> skills{{1, "cpp", {"C++", "C++"}}, {2, "python", {"Python", "Python"}}};
  std::vector<catalog::Currency> currencies{{"RUB", {"Ruble", "Рубль"}, "₽", 2, 1.0},
                                            {"USD", {"Dollar", "Доллар"}, "$", 2, 90.0}};
  return catalog::Snapshot({development, design}, skills, {russia, kazakhstan}, currencies);
}

const TimePoint kNow = *ParseIsoTime("2026-11-22T12:00:00Z");

using Keys = std::map<std::string, std::string>;

std::string FirstKey(const FieldErrors& errors, std::string_view field) {
  auto it = errors.find(field);
  return it == errors.end() || it->second.empty() ? std::string() : it->second.front().key;
}

/// The bodies through the compiled-in parts (artel/web/testing/contract_body_test.hpp).
class OrderBodyTest : public web::testing::ContractBodyTest {
 protected:
  OrderBodyTest() : ContractBodyTest({{"orders", ContractPart()}}) {}
};

constexpr std::string_view kValid = R"({
  "name": "Landing page for a bakery",
  "description": "A one-page site with a menu, prices and a contact form.",
  "category_id": 1, "specialization_id": 101, "skill_ids": [1, 2, 1],
  "budget": {"amount": 1500000, "currency": "USD"},
  "deadline_at": "2026-12-31T18:00:00+03:00",
  "payment_option": "safe_deal", "country_id": 1, "city_id": 1, "attachment_ids": [7]
})";

TEST_F(OrderBodyTest, AValidFormPassesAndBecomesTheServicesForm) {
  auto body = boost::json::parse(kValid);
  EXPECT_TRUE(Errors("createOrder", body).empty());
  OrderForm form;
  kernel::FromJson(body, form);
  const auto input = InputOf(form);
  EXPECT_EQ(input.name, "Landing page for a bakery");
  EXPECT_EQ(input.category_id, 1);
  EXPECT_EQ(input.specialization_id, 101);
  EXPECT_EQ(input.skill_ids, (std::vector<std::int64_t>{1, 2, 1}));
  EXPECT_EQ(input.budget->amount, 1500000);
  EXPECT_EQ(input.budget->currency, "USD");
  EXPECT_EQ(input.deadline, ParseIsoTime("2026-12-31T15:00:00Z"));
  EXPECT_EQ(input.payment_option, PaymentOption::kSafeDeal);
  EXPECT_EQ(input.city_id, 1);
  EXPECT_EQ(input.attachment_ids, (std::vector<std::int64_t>{7}));
  EXPECT_FALSE(input.portfolio_required);
}

TEST_F(OrderBodyTest, ByAgreementMeansNoBudgetAndNoDeadline) {
  auto body = boost::json::parse(R"({"name": "Logo design", "description": "A logo for a small coffee shop.",
    "category_id": 2, "budget": null, "deadline_at": null, "payment_option": "contract"})");
  EXPECT_TRUE(Errors("createOrder", body).empty());
  OrderForm form;
  kernel::FromJson(body, form);
  const auto input = InputOf(form);
  EXPECT_FALSE(input.budget);
  EXPECT_FALSE(input.deadline);
}

TEST_F(OrderBodyTest, TheSchemaNamesEachFieldWithTheOrdersKeys) {
  EXPECT_EQ(Errors("createOrder", R"({})"), (Keys{{"category_id", "validation:required"},
                                                  {"description", "validation:required"},
                                                  {"name", "validation:required"},
                                                  {"payment_option", "validation:required"}}));
  const auto keys = Errors("createOrder", R"({"name": "abc", "description": "too short", "category_id": "x",
    "payment_option": "cash", "deadline_at": "next friday", "budget": {"amount": 0, "currency": "RUB"},
    "skill_ids": [1,2,3,4,5,6,7,8,9,10,11]})");
  EXPECT_EQ(keys.at("name"), "validation:length.min");
  EXPECT_EQ(keys.at("description"), "validation:length.min");
  EXPECT_EQ(keys.at("category_id"), "validation:type.integer");
  EXPECT_EQ(keys.at("payment_option"), "orders:payment_unknown");
  EXPECT_EQ(keys.at("deadline_at"), "orders:deadline_format");
  EXPECT_TRUE(keys.contains("skill_ids"));
  bool budget = false;
  for (const auto& [field, key] : keys) budget = budget || field.starts_with("budget");
  EXPECT_TRUE(budget);
}

TEST_F(OrderBodyTest, AnEditMaySendAnyPartAndNullClearsAnOptionalOne) {
  EXPECT_TRUE(Errors("updateOrder", R"({})").empty());
  EXPECT_EQ(Errors("updateOrder", R"({"name": "abc"})"), (Keys{{"name", "validation:length.min"}}));
  auto body =
      boost::json::parse(R"({"name": "Renamed order", "budget": null, "payment_option": "contract"})");
  EXPECT_TRUE(Errors("updateOrder", body).empty());
  OrderPatch patch;
  kernel::FromJson(body, patch);
  OrderInput form;
  form.name = "Old name";
  form.description = "Kept as it was, long enough.";
  form.budget = Money{100, "RUB"};
  Merge(patch, form);
  EXPECT_EQ(form.name, "Renamed order");
  EXPECT_EQ(form.description, "Kept as it was, long enough.");
  EXPECT_FALSE(form.budget);
  EXPECT_EQ(form.payment_option, PaymentOption::kContract);
}

TEST(OrderFormTest, ACatalogIdBeyondInt32IsUnknown) {
  OrderForm form;
  form.category_id = std::int64_t{1} << 40;
  form.country_id = 0;
  form.payment_option = "contract";
  const auto input = InputOf(form);
  EXPECT_EQ(input.category_id, -1);
  EXPECT_EQ(input.country_id, -1);
}

// The service's checks on a typed form (what Orders::Create and Update run for every caller: the edge, bids'
// job offers, the demo seeder, tests), without any JSON.
OrderInput ValidForm() {
  OrderInput input;
  input.name = "  Landing page for a bakery  ";
  input.description = "A one-page site with a menu, prices and a contact form.";
  input.category_id = 1;
  input.specialization_id = 101;
  input.skill_ids = {1, 2, 1};
  input.budget = Money{1500000, "USD"};
  input.deadline = kNow + 24h;
  input.country_id = 1;
  input.city_id = 1;
  return input;
}

FieldErrors Check(OrderInput& input) {
  static const auto catalog = TestCatalog();
  ValidationErrors errors;
  CheckRules(input, kNow, errors);
  CheckReferences(catalog, input, errors);
  try {
    errors.ThrowIfAny();
  } catch (const Error& error) {
    return error.Fields();
  }
  return {};
}

TEST(OrderCheckTest, AcceptsAValidFormTrimsDeduplicatesAndSetsTheBaseAmount) {
  auto input = ValidForm();
  input.budget_base = 1;  // whatever a caller set is recomputed
  EXPECT_TRUE(Check(input).empty());
  EXPECT_EQ(input.name, "Landing page for a bakery");
  EXPECT_EQ(input.skill_ids, (std::vector<std::int64_t>{1, 2}));
  EXPECT_EQ(input.budget_base, 135000000);
}

TEST(OrderCheckTest, ReportsTheRulesUnderTheirFields) {
  auto input = ValidForm();
  input.name = "   ";
  input.description = "short";
  input.skill_ids = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11};
  input.budget = Money{0, "RUB"};
  input.deadline = kNow;
  input.attachment_ids = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11};
  auto errors = Check(input);
  EXPECT_EQ(FirstKey(errors, "name"), "validation:required");
  EXPECT_EQ(FirstKey(errors, "description"), "validation:length.min");
  EXPECT_EQ(FirstKey(errors, "skill_ids"), "orders:skills_too_many");
  EXPECT_EQ(FirstKey(errors, "budget"), "orders:budget_positive");
  EXPECT_EQ(FirstKey(errors, "deadline_at"), "orders:deadline_past");
  EXPECT_EQ(FirstKey(errors, "attachment_ids"), "orders:attachments_too_many");

  input = ValidForm();
  input.budget = Money{kMaxAmount + 1, "RUB"};
  EXPECT_EQ(FirstKey(Check(input), "budget"), "orders:budget_too_large");
}

TEST(OrderCheckTest, ReportsUnknownCatalogReferences) {
  auto input = ValidForm();
  input.category_id = 9;
  input.specialization_id = 999;
  input.skill_ids = {1, 99};
  input.budget = Money{100, "XYZ"};
  input.country_id = 2;
  input.city_id = 1;  // Moscow is not in Kazakhstan
  auto errors = Check(input);
  EXPECT_EQ(FirstKey(errors, "category_id"), "catalog:category_unknown");
  EXPECT_EQ(FirstKey(errors, "specialization_id"), "catalog:specialization_unknown");
  EXPECT_EQ(FirstKey(errors, "skill_ids"), "catalog:skill_unknown");
  EXPECT_EQ(FirstKey(errors, "budget"), "catalog:currency_unknown");
  EXPECT_EQ(FirstKey(errors, "city_id"), "catalog:city_country");
  EXPECT_FALSE(input.budget_base);

  input = ValidForm();
  input.category_id = 2;  // a known category: 101 is web development's, not design's
  EXPECT_EQ(FirstKey(Check(input), "specialization_id"), "catalog:specialization_unknown");
  input = ValidForm();
  input.country_id.reset();  // a city without its country
  EXPECT_EQ(FirstKey(Check(input), "city_id"), "catalog:city_country");
}

TEST(CursorTest, RoundTripsAndRejectsForeignOrDamagedCursors) {
  auto cursor = EncodeCursor(Sort::kDate, 1700000000123456, 42);
  auto decoded = DecodeCursor(Sort::kDate, cursor);
  ASSERT_TRUE(decoded);
  EXPECT_EQ(decoded->key, 1700000000123456);
  EXPECT_EQ(decoded->id, 42);
  EXPECT_FALSE(DecodeCursor(Sort::kBudget, cursor));
  EXPECT_FALSE(DecodeCursor(Sort::kDate, "not a cursor"));
  EXPECT_FALSE(DecodeCursor(Sort::kDate, cursor.substr(0, cursor.size() - 2)));
  auto budget = EncodeCursor(Sort::kBudget, -1, 7);
  EXPECT_EQ(DecodeCursor(Sort::kBudget, budget)->key, -1);
  EXPECT_FALSE(detail::IsFuzzyCursor(Sort::kBudget, budget));
  // Pages of the typo fallback say so, so their next page stays in that mode.
  auto fuzzy = EncodeCursor(Sort::kDate, 5, 9, true);
  EXPECT_TRUE(detail::IsFuzzyCursor(Sort::kDate, fuzzy));
  EXPECT_TRUE(DecodeCursor(Sort::kDate, fuzzy)->fuzzy);
  EXPECT_FALSE(detail::IsFuzzyCursor(Sort::kDate, "junk"));
}

}  // namespace
}  // namespace artel::orders
