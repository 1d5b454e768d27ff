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

namespace artel::web {
/// libs/web/api.yaml, compiled into libs/web.
std::string_view PlatformContract();
}  // namespace artel::web

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

class ProfilesInputTest : public ::testing::Test {
 protected:
  ProfilesInputTest() {
    contract.AddPart("platform", web::PlatformContract());
    contract.AddPart("profiles", ContractPart());
  }

  Keys Errors(std::string_view operation, boost::json::value& body) {
    ValidationErrors errors;
    contract.CheckBody(contract.Find(operation), body, errors);
    return KeysOf(errors);
  }
  Keys Errors(std::string_view operation, std::string_view sent) {
    auto body = boost::json::parse(sent);
    return Errors(operation, body);
  }

  web::Contract contract;
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
    EXPECT_EQ(Errors(operation, body), (Keys{{"currency", "profiles:currency_unknown"}}));
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

catalog::Snapshot Sample() {
  std::vector<catalog::Currency> currencies = {
      {.code = "RUB", .names = {"Rouble", "Рубль"}, .symbol = "₽"}};
  return catalog::Snapshot({}, {}, {}, currencies);
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
                                 {"currency", "profiles:currency_unknown"},
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

}  // namespace
}  // namespace artel::profiles
