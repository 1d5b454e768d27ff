// The bodies of profiles' converted operations as the contract (api.yaml, compiled into the library) checks
// them, and the rules the editor checks on every form (src/input.hpp) whoever calls it.

#include "input.hpp"

#include <gtest/gtest.h>

#include <boost/json/object.hpp>
#include <boost/json/parse.hpp>
#include <map>
#include <string>
#include <vector>

#include "artel/catalog/catalog.hpp"
#include "artel/core/error.hpp"
#include "artel/web/contract.hpp"
#include "artel/web/testing/contract_body_test.hpp"

namespace artel::profiles {
/// libs/profiles/api.yaml, compiled into libs/profiles.
std::string_view ContractPart();

namespace {

using Keys = std::map<std::string, std::string>;

/// field → the first message key.
Keys KeysOf(const ValidationErrors& errors) {
  Keys keys;
  try {
    errors.ThrowIfAny();
  } catch (const Error& error) {
    for (const auto& [field, messages] : error.Fields()) keys[field] = messages.front().key;
  }
  return keys;
}

/// The bodies through the compiled-in parts (artel/web/testing/contract_body_test.hpp).
class ProfilesInputTest : public web::testing::ContractBodyTest {
 protected:
  ProfilesInputTest() : ContractBodyTest({{"profiles", ContractPart()}}) {}
};

constexpr std::string_view kPrice =
    R"({"name": "Landing page", "description": "One page", "kind": "from", "amount": 3000000,
        "currency": "RUB", "unit": "project"})";

boost::json::value Price(std::string_view field, boost::json::value value) {
  auto body = boost::json::parse(kPrice);
  if (value.is_null()) {
    body.as_object().erase(field);
  } else {
    body.as_object()[field] = std::move(value);
  }
  return body;
}

TEST_F(ProfilesInputTest, APriceBodyHasTheReadersKeys) {
  for (const auto* operation : {"createPrice", "updatePrice"}) {
    EXPECT_TRUE(Errors(operation, kPrice).empty()) << operation;
    auto body = Price("kind", "about");
    EXPECT_EQ(Errors(operation, body), (Keys{{"kind", "profiles:kind_invalid"}}));
    body = Price("unit", "year");
    EXPECT_EQ(Errors(operation, body), (Keys{{"unit", "profiles:unit_invalid"}}));
    body = Price("amount", 0);
    EXPECT_EQ(Errors(operation, body), (Keys{{"amount", "profiles:amount_invalid"}}));
    body = Price("amount", 1'000'000'000'001);
    EXPECT_EQ(Errors(operation, body), (Keys{{"amount", "profiles:amount_invalid"}}));
    body = Price("amount", "1");
    EXPECT_EQ(Errors(operation, body), (Keys{{"amount", "validation:type.integer"}}));
    body = Price("currency", "rub");
    EXPECT_EQ(Errors(operation, body), (Keys{{"currency", "catalog:currency_unknown"}}));
    body = Price("description", boost::json::string(501, 'x'));
    EXPECT_EQ(Errors(operation, body), (Keys{{"description", "profiles:description_max"}}));
    body = Price("name", "  ");
    EXPECT_EQ(Errors(operation, body), (Keys{{"name", "validation:required"}}));
    body = Price("name", boost::json::string(101, 'x'));
    EXPECT_EQ(Errors(operation, body), (Keys{{"name", "validation:length.max"}}));
  }
}

TEST_F(ProfilesInputTest, APriceMayLeaveItsDescriptionOut) {
  auto body = Price("description", nullptr);
  EXPECT_TRUE(Errors("createPrice", body).empty());
  EXPECT_EQ(body.at("description"), "");
  body = Price("description", "");
  EXPECT_TRUE(Errors("createPrice", body).empty());
}

TEST_F(ProfilesInputTest, AnOrderIsAListOfIds) {
  EXPECT_TRUE(Errors("reorderPrices", R"({"ids": []})").empty());
  EXPECT_TRUE(Errors("reorderPrices", R"({"ids": [3, 1, 2]})").empty());
  EXPECT_EQ(Errors("reorderPrices", R"({})"), (Keys{{"ids", "validation:required"}}));
  EXPECT_EQ(Errors("reorderPrices", R"({"ids": ["a"]})"), (Keys{{"ids", "validation:type.integer"}}));
}

TEST_F(ProfilesInputTest, AGroupNeedsANameAndAShortDescription) {
  for (const auto* operation : {"createPortfolioGroup", "updatePortfolioGroup"}) {
    EXPECT_TRUE(Errors(operation, R"({"name": "Sites", "description": ""})").empty()) << operation;
    EXPECT_TRUE(Errors(operation, R"({"name": "Sites"})").empty()) << operation;
    EXPECT_EQ(Errors(operation, R"({"description": "x"})"), (Keys{{"name", "validation:required"}}));
    boost::json::value body = {{"name", "Sites"}, {"description", boost::json::string(501, 'x')}};
    EXPECT_EQ(Errors(operation, body), (Keys{{"description", "profiles:description_max"}}));
  }
  EXPECT_TRUE(Errors("reorderPortfolioGroups", R"({"ids": [2, 1]})").empty());
}

constexpr std::string_view kProject =
    R"({"group_id": null, "name": "Shop", "description": "A shop.", "tools": ["Figma"],
        "link": "https://example.com/shop", "images": [{"id": 5, "cover": false}]})";

boost::json::value Project(std::string_view field, boost::json::value value) {
  auto body = boost::json::parse(kProject);
  body.as_object()[field] = std::move(value);
  return body;
}

TEST_F(ProfilesInputTest, AProjectBodyHasTheReadersKeys) {
  for (const auto* operation : {"createPortfolioProject", "updatePortfolioProject"}) {
    EXPECT_TRUE(Errors(operation, kProject).empty()) << operation;
    auto body = Project("link", "");
    EXPECT_TRUE(Errors(operation, body).empty());
    body = Project("link", nullptr);
    EXPECT_TRUE(Errors(operation, body).empty());
    body = Project("link", "ftp://example.com");
    EXPECT_EQ(Errors(operation, body), (Keys{{"link", "profiles:link_invalid"}}));
    body = Project("link", "https://example.com/a b");
    EXPECT_EQ(Errors(operation, body), (Keys{{"link", "profiles:link_invalid"}}));
    body = Project("link", boost::json::string("https://" + std::string(493, 'x')));
    EXPECT_EQ(Errors(operation, body), (Keys{{"link", "profiles:link_invalid"}}));
    body = Project("tools", boost::json::array{"Figma", " "});
    EXPECT_EQ(Errors(operation, body), (Keys{{"tools", "profiles:tool_invalid"}}));
    body = Project("tools", boost::json::array{boost::json::string(51, 'x')});
    EXPECT_EQ(Errors(operation, body), (Keys{{"tools", "profiles:tool_invalid"}}));
    body = Project("tools", boost::json::array(21, "Figma"));
    EXPECT_EQ(Errors(operation, body), (Keys{{"tools", "profiles:tools_max"}}));
    body = Project("images", boost::json::array(11, boost::json::object{{"id", 1}, {"cover", false}}));
    EXPECT_EQ(Errors(operation, body), (Keys{{"images", "profiles:images_max"}}));
    body = Project("description", boost::json::string(501, 'x'));
    EXPECT_EQ(Errors(operation, body), (Keys{{"description", "profiles:description_max"}}));
    body = Project("name", boost::json::string(201, 'x'));
    EXPECT_EQ(Errors(operation, body), (Keys{{"name", "validation:length.max"}}));
  }
  EXPECT_TRUE(Errors("reorderPortfolioProjects", R"({"group_id": null, "ids": [1]})").empty());
  EXPECT_TRUE(Errors("reorderPortfolioProjects", R"({"group_id": 3, "ids": []})").empty());
}

TEST_F(ProfilesInputTest, AnAddressIsTakenAsSent) {
  boost::json::value body = {{"slug", " anna "}};
  EXPECT_TRUE(Errors("setPortfolioAddress", body).empty());
  EXPECT_EQ(body.at("slug"), " anna ") << "not trimmed: SlugProblem refuses the blanks";
  EXPECT_TRUE(Errors("setPortfolioAddress", R"({"slug": null})").empty());
  body = {{"slug", boost::json::string(33, 'x')}};
  EXPECT_EQ(Errors("setPortfolioAddress", body), (Keys{{"slug", "profiles:slug_length"}}));
}

TEST_F(ProfilesInputTest, ACustomersAboutIsOptionalAndAtMost5000) {
  boost::json::value body = boost::json::object{};
  EXPECT_TRUE(Errors("updateCustomerProfile", body).empty());
  EXPECT_EQ(body.at("about"), "");
  body = {{"about", boost::json::string(5001, 'x')}};
  EXPECT_EQ(Errors("updateCustomerProfile", body), (Keys{{"about", "validation:length.max"}}));
}

constexpr std::string_view kProfile =
    R"({"headline": "Web developer", "about": "I build sites.", "specializations": [{"id": 11, "main": true}],
        "skill_ids": [5], "experience_years": 6, "country_id": 1, "city_id": 100, "languages": ["ru", "en"],
        "rate": {"amount": 200000, "currency": "RUB"}, "available": true})";

boost::json::value Profile(std::string_view field, boost::json::value value) {
  auto body = boost::json::parse(kProfile);
  body.as_object()[field] = std::move(value);
  return body;
}

TEST_F(ProfilesInputTest, AProfileBodyHasTheReadersKeys) {
  EXPECT_TRUE(Errors("updateFreelancerProfile", kProfile).empty());
  auto body = Profile("headline", "");
  EXPECT_TRUE(Errors("updateFreelancerProfile", body).empty());
  body = Profile("specializations", boost::json::array(6, boost::json::object{{"id", 1}, {"main", false}}));
  EXPECT_EQ(Errors("updateFreelancerProfile", body),
            (Keys{{"specializations", "profiles:specializations_max"}}));
  body = Profile("skill_ids", boost::json::array(31, 5));
  EXPECT_EQ(Errors("updateFreelancerProfile", body), (Keys{{"skill_ids", "profiles:skills_max"}}));
  body = Profile("experience_years", 71);
  EXPECT_EQ(Errors("updateFreelancerProfile", body),
            (Keys{{"experience_years", "profiles:experience_range"}}));
  body = Profile("languages", boost::json::array{"english"});
  EXPECT_EQ(Errors("updateFreelancerProfile", body), (Keys{{"languages", "profiles:language_invalid"}}));
  body = Profile("languages", boost::json::array(11, "ru"));
  EXPECT_EQ(Errors("updateFreelancerProfile", body), (Keys{{"languages", "profiles:languages_max"}}));
  body = Profile("headline", boost::json::string(121, 'x'));
  EXPECT_EQ(Errors("updateFreelancerProfile", body), (Keys{{"headline", "validation:length.max"}}));
  body = Profile("rate", nullptr);
  EXPECT_TRUE(Errors("updateFreelancerProfile", body).empty());
}

catalog::Snapshot Sample() {
  catalog::Category development{.id = 1, .code = "development", .names = {"Development", "Разработка"}};
  development.specializations = {
      {.id = 11, .category_id = 1, .code = "backend", .names = {"Backend", "Бэкенд"}},
      {.id = 12, .category_id = 1, .code = "frontend", .names = {"Frontend", "Фронтенд"}}};
  catalog::Category design{.id = 2, .code = "design", .names = {"Design", "Дизайн"}};
  design.specializations = {{.id = 21, .category_id = 2, .code = "ui", .names = {"UI", "Интерфейсы"}}};
  std::vector<catalog::Skill> skills = {{.id = 5, .code = "cpp", .names = {"C++", "C++"}}};
  catalog::Country russia{.id = 1, .code = "RU", .names = {"Russia", "Россия"}};
  russia.cities = {{.id = 100, .country_id = 1, .names = {"Moscow", "Москва"}}};
  catalog::Country serbia{.id = 2, .code = "RS", .names = {"Serbia", "Сербия"}};
  serbia.cities = {{.id = 200, .country_id = 2, .names = {"Belgrade", "Белград"}}};
  std::vector<catalog::Currency> currencies = {
      {.code = "RUB", .names = {"Rouble", "Рубль"}, .symbol = "₽"}};
  return catalog::Snapshot({development, design}, skills, {russia, serbia}, currencies);
}

PriceInput GoodPrice() {
  return {.name = " Landing page ",
          .description = "One page ",
          .kind = "fixed",
          .amount = 100,
          .currency = "RUB",
          .unit = "hour"};
}

TEST(PriceRulesTest, TheEditorChecksEveryPrice) {
  const auto catalog = Sample();
  auto input = GoodPrice();
  ValidationErrors errors;
  CheckPrice(input, catalog, errors);
  EXPECT_TRUE(errors.Empty());
  EXPECT_EQ(input.name, "Landing page");
  EXPECT_EQ(input.description, "One page");

  PriceInput bad{.name = " ",
                 .description = std::string(501, 'x'),
                 .kind = "about",
                 .amount = 0,
                 .currency = "EUR",
                 .unit = "year"};
  ValidationErrors found;
  CheckPrice(bad, catalog, found);
  EXPECT_EQ(KeysOf(found), (Keys{{"name", "validation:required"},
                                 {"description", "profiles:description_max"},
                                 {"kind", "profiles:kind_invalid"},
                                 {"amount", "profiles:amount_invalid"},
                                 {"currency", "catalog:currency_unknown"},
                                 {"unit", "profiles:unit_invalid"}}));
  PriceInput blank{};
  ValidationErrors missing;
  CheckPrice(blank, catalog, missing);
  EXPECT_EQ(KeysOf(missing), (Keys{{"name", "validation:required"},
                                   {"kind", "validation:required"},
                                   {"amount", "profiles:amount_invalid"},
                                   {"currency", "validation:required"},
                                   {"unit", "validation:required"}}));
}

TEST(PriceRulesTest, ADescriptionCountsCharacters) {
  const auto catalog = Sample();
  auto input = GoodPrice();
  input.description.clear();
  for (int i = 0; i < 500; ++i) input.description += "я";
  ValidationErrors errors;
  CheckPrice(input, catalog, errors);
  EXPECT_TRUE(errors.Empty());
}

TEST(PortfolioRulesTest, TheEditorChecksEveryGroup) {
  GroupInput good{.name = " Sites ", .description = " Made by me "};
  ValidationErrors errors;
  CheckGroup(good, errors);
  EXPECT_TRUE(errors.Empty());
  EXPECT_EQ(good.name, "Sites");
  EXPECT_EQ(good.description, "Made by me");
  GroupInput bad{.name = " ", .description = std::string(501, 'x')};
  ValidationErrors found;
  CheckGroup(bad, found);
  EXPECT_EQ(KeysOf(found),
            (Keys{{"name", "validation:required"}, {"description", "profiles:description_max"}}));
}

ProjectInput GoodProject() {
  return {.group_id = std::nullopt,
          .name = " Shop ",
          .description = "A shop.",
          .tools = {" Figma ", "React"},
          .link = " https://example.com/shop ",
          .images = {{.id = 1, .cover = false}, {.id = 2, .cover = false}}};
}

TEST(PortfolioRulesTest, TheEditorChecksEveryProject) {
  auto input = GoodProject();
  ValidationErrors errors;
  CheckProject(input, errors);
  EXPECT_TRUE(errors.Empty());
  EXPECT_EQ(input.name, "Shop");
  EXPECT_EQ(input.tools, (std::vector<std::string>{"Figma", "React"}));
  EXPECT_EQ(input.link, "https://example.com/shop");
  EXPECT_TRUE(input.images[0].cover) << "the first image is the cover when none is marked";
  EXPECT_FALSE(input.images[1].cover);

  auto blank_link = GoodProject();
  blank_link.link = "  ";
  ValidationErrors none;
  CheckProject(blank_link, none);
  EXPECT_TRUE(none.Empty());
  EXPECT_FALSE(blank_link.link.has_value());

  ProjectInput bad{.group_id = 1,
                   .name = "",
                   .description = std::string(501, 'x'),
                   .tools = {"Figma", ""},
                   .link = "mailto:me@example.com",
                   .images = {{.id = 1, .cover = true}, {.id = 1, .cover = false}}};
  ValidationErrors found;
  CheckProject(bad, found);
  EXPECT_EQ(KeysOf(found), (Keys{{"name", "validation:required"},
                                 {"description", "profiles:description_max"},
                                 {"tools", "profiles:tool_invalid"},
                                 {"link", "profiles:link_invalid"},
                                 {"images", "profiles:image_repeated"}}));
}

TEST(PortfolioRulesTest, ImagesToolsAndCoversAreCounted) {
  auto two_covers = GoodProject();
  two_covers.images = {{.id = 1, .cover = true}, {.id = 2, .cover = true}};
  ValidationErrors covers;
  CheckProject(two_covers, covers);
  EXPECT_EQ(KeysOf(covers), (Keys{{"images", "profiles:cover_one"}}));

  auto many = GoodProject();
  many.images.clear();
  for (std::int64_t id = 1; id <= 11; ++id) many.images.push_back({.id = id, .cover = false});
  many.tools.assign(21, "Figma");
  ValidationErrors counted;
  CheckProject(many, counted);
  EXPECT_EQ(KeysOf(counted), (Keys{{"images", "profiles:images_max"}, {"tools", "profiles:tools_max"}}));
}

FreelancerInput GoodProfile() {
  return {.headline = " Web developer ",
          .about = "I build sites.",
          .specializations = {{.id = 11, .main = false}, {.id = 21, .main = true}, {.id = 12, .main = false}},
          .skill_ids = {5},
          .experience_years = 6,
          .country_id = 1,
          .city_id = 100,
          .languages = {"ru", "en", "ru"},
          .rate = RateView{.amount = 200000, .currency = "RUB"},
          .available = false};
}

TEST(FreelancerRulesTest, TheEditorDerivesTheStoredForm) {
  const auto catalog = Sample();
  auto input = GoodProfile();
  ValidationErrors errors;
  const auto form = CheckFreelancer(input, catalog, errors);
  EXPECT_TRUE(errors.Empty());
  EXPECT_EQ(form.headline, "Web developer");
  EXPECT_EQ(form.specialization_ids, (std::vector<std::int32_t>{11, 21, 12}));
  EXPECT_EQ(form.main_specialization_id, 21);
  EXPECT_EQ(form.category_ids, (std::vector<std::int32_t>{1, 2}));
  EXPECT_EQ(form.languages, (std::vector<std::string>{"ru", "en"})) << "repeats count once";
  ASSERT_TRUE(form.rate.has_value());
  EXPECT_EQ(form.rate->amount, 200000);
  EXPECT_EQ(form.rate_base, 200000);
  EXPECT_FALSE(form.available);
}

TEST(FreelancerRulesTest, TheEditorChecksTheCatalogsReferences) {
  const auto catalog = Sample();
  auto unknown = GoodProfile();
  unknown.specializations = {{.id = 99, .main = true}};
  unknown.skill_ids = {5, 6};
  unknown.country_id = 7;
  unknown.city_id = 100;
  unknown.rate = RateView{.amount = 100, .currency = "EUR"};
  ValidationErrors found;
  CheckFreelancer(unknown, catalog, found);
  // The catalog's checks and keys; the city of an unknown country gets no error of its own.
  EXPECT_EQ(KeysOf(found), (Keys{{"specializations", "catalog:specialization_unknown"},
                                 {"skill_ids", "catalog:skill_unknown"},
                                 {"country_id", "catalog:country_unknown"},
                                 {"rate", "catalog:currency_unknown"}}));
  unknown.country_id = 2;  // Moscow is not in it
  ValidationErrors elsewhere;
  CheckFreelancer(unknown, catalog, elsewhere);
  EXPECT_EQ(KeysOf(elsewhere).at("city_id"), "catalog:city_country");

  auto wrong = GoodProfile();
  wrong.specializations = {{.id = 11, .main = true}, {.id = 11, .main = false}};
  wrong.country_id = 2;
  wrong.city_id = 999;
  wrong.experience_years = 71;
  wrong.languages = {"english"};
  wrong.rate = RateView{.amount = 0, .currency = "RUB"};
  ValidationErrors more;
  CheckFreelancer(wrong, catalog, more);
  EXPECT_EQ(KeysOf(more), (Keys{{"specializations", "profiles:specialization_repeated"},
                                {"city_id", "catalog:city_unknown"},
                                {"experience_years", "profiles:experience_range"},
                                {"languages", "profiles:language_invalid"},
                                {"rate", "profiles:rate_invalid"}}));

  auto no_main = GoodProfile();
  no_main.specializations = {{.id = 11, .main = false}};
  ValidationErrors main;
  CheckFreelancer(no_main, catalog, main);
  EXPECT_EQ(KeysOf(main), (Keys{{"specializations", "profiles:main_required"}}));
}

}  // namespace
}  // namespace artel::profiles
