// The catalog's reference checks on a snapshot built in memory: one error per field, under the form's field
// name, with the catalog's own keys.

#include "artel/catalog/references.hpp"

#include <gtest/gtest.h>

#include <map>
#include <vector>

namespace artel::catalog {
namespace {

Snapshot Sample() {
  Category development{.id = 1, .code = "development", .names = {"Development", "Разработка"}};
  development.specializations = {
      {.id = 11, .category_id = 1, .code = "backend", .names = {"Backend", "Бэкенд"}}};
  Category design{.id = 2, .code = "design", .names = {"Design", "Дизайн"}};
  design.specializations = {{.id = 21, .category_id = 2, .code = "ui", .names = {"UI", "Интерфейсы"}}};
  std::vector<Skill> skills = {{.id = 5, .code = "cpp", .names = {"C++", "C++"}},
                               {.id = 6, .code = "figma", .names = {"Figma", "Figma"}}};
  Country russia{.id = 1, .code = "RU", .names = {"Russia", "Россия"}};
  russia.cities = {{.id = 100, .country_id = 1, .names = {"Moscow", "Москва"}}};
  Country serbia{.id = 2, .code = "RS", .names = {"Serbia", "Сербия"}};
  serbia.cities = {{.id = 200, .country_id = 2, .names = {"Belgrade", "Белград"}}};
  std::vector<Currency> currencies = {{.code = "RUB", .names = {"Rouble", "Рубль"}, .symbol = "₽"}};
  return Snapshot({development, design}, skills, {russia, serbia}, currencies);
}

std::map<std::string, std::string> Keys(const ValidationErrors& errors) {
  std::map<std::string, std::string> keys;
  try {
    errors.ThrowIfAny();
  } catch (const Error& error) {
    for (const auto& [field, messages] : error.Fields()) {
      EXPECT_EQ(messages.size(), 1U) << field;
      keys[field] = messages.front().key;
    }
  }
  return keys;
}

TEST(ReferenceCheckTest, KnownReferencesPass) {
  const auto snapshot = Sample();
  ValidationErrors errors;
  ReferenceCheck check(snapshot, errors);
  const auto* category = check.KnownCategory("category_id", 1);
  ASSERT_NE(category, nullptr);
  EXPECT_NE(check.KnownSpecialization("specialization_id", 11, category), nullptr);
  const std::vector<std::int64_t> skills = {5, 6};
  EXPECT_TRUE(check.KnownSkills("skill_ids", skills));
  const std::vector<std::int64_t> specializations = {21};
  EXPECT_TRUE(check.KnownSpecializations("specialization_ids", specializations, 2));
  EXPECT_NE(check.KnownCountry("country_id", 2), nullptr);
  EXPECT_NE(check.KnownCity("city_id", 200, 2), nullptr);
  EXPECT_NE(check.KnownCurrency("salary", "RUB"), nullptr);
  EXPECT_TRUE(errors.Empty());
}

TEST(ReferenceCheckTest, EachUnknownReferenceIsOneErrorUnderItsField) {
  const auto snapshot = Sample();
  ValidationErrors errors;
  ReferenceCheck check(snapshot, errors);
  const auto* category = check.KnownCategory("category_id", 1);
  EXPECT_EQ(check.KnownSpecialization("specialization_id", 21, category), nullptr);  // of another category
  const std::vector<std::int64_t> skills = {5, 99, 98};
  EXPECT_FALSE(check.KnownSkills("skill_ids", skills));
  EXPECT_EQ(check.KnownCity("city_id", 100, 2), nullptr);  // of another country
  EXPECT_EQ(check.KnownCurrency("salary", "XXX"), nullptr);
  EXPECT_EQ(check.KnownCategory("other_category", 3'000'000'000), nullptr);  // beyond int32: unknown
  const std::vector<std::int64_t> specializations = {11, 21};
  EXPECT_FALSE(check.KnownSpecializations("specialization_ids", specializations, 1));
  const auto keys = Keys(errors);
  EXPECT_EQ(keys,
            (std::map<std::string, std::string>{{"specialization_id", "catalog:specialization_unknown"},
                                                {"skill_ids", "catalog:skill_unknown"},
                                                {"city_id", "catalog:city_country"},
                                                {"salary", "catalog:currency_unknown"},
                                                {"other_category", "catalog:category_unknown"},
                                                {"specialization_ids", "catalog:specialization_unknown"}}));
}

TEST(ReferenceCheckTest, ACityNeedsItsCountry) {
  const auto snapshot = Sample();
  ValidationErrors errors;
  ReferenceCheck check(snapshot, errors);
  EXPECT_EQ(check.KnownCity("no_country", 100, std::nullopt), nullptr);
  EXPECT_EQ(check.KnownCity("other_country", 200, 1), nullptr);  // Belgrade is not in Russia
  EXPECT_EQ(check.KnownCity("unknown_city", 999, 1), nullptr);
  EXPECT_EQ(check.KnownCity("beyond_int32", 3'000'000'000, 1), nullptr);
  EXPECT_EQ(check.KnownCountry("country_id", 77), nullptr);
  // The country is unknown: its own error says so, the city gets none for it.
  EXPECT_NE(check.KnownCity("city_of_unknown_country", 100, 77), nullptr);
  EXPECT_EQ(Keys(errors), (std::map<std::string, std::string>{{"no_country", "catalog:city_country"},
                                                              {"other_country", "catalog:city_country"},
                                                              {"unknown_city", "catalog:city_unknown"},
                                                              {"beyond_int32", "catalog:city_unknown"},
                                                              {"country_id", "catalog:country_unknown"}}));
}

TEST(ReferenceCheckTest, AWorkFormsPlaceNamesTheCityOfAnotherCountry) {
  const auto snapshot = Sample();
  ValidationErrors errors;
  ReferenceCheck check(snapshot, errors);
  check.KnownPlace(2, 100);  // Moscow, in Serbia
  EXPECT_EQ(Keys(errors), (std::map<std::string, std::string>{{"city_id", "catalog:city_country"}}));
  ValidationErrors none;
  ReferenceCheck good(snapshot, none);
  good.KnownPlace(1, 100);
  good.KnownPlace(std::nullopt, std::nullopt);
  EXPECT_TRUE(none.Empty());
}

}  // namespace
}  // namespace artel::catalog
