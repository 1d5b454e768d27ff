// The catalog against a real PostgreSQL with the repository's migrations (the seeded taxonomy).

#include <gtest/gtest.h>

#include "artel/catalog/catalog.hpp"
#include "artel/db/testing/database.hpp"

namespace artel::catalog {
namespace {

using db::testing::TestDatabase;

TEST(CatalogTest, LoadsTheSeededTaxonomyInBothLanguages) {
  TestDatabase db;
  Catalog catalog(db.GetPool());
  auto snapshot = db.Run(catalog.Get());
  ASSERT_GE(snapshot->Categories().size(), 8u);
  const auto* development = snapshot->FindCategory("development");
  ASSERT_NE(development, nullptr);
  EXPECT_EQ(development->names.en, "Development and IT");
  EXPECT_EQ(development->names.ru, "Разработка и IT");
  ASSERT_FALSE(development->specializations.empty());
  const auto& first = development->specializations.front();
  EXPECT_EQ(snapshot->FindSpecialization(first.id)->category_id, development->id);
  for (std::string_view code : {"RUB", "USD", "EUR", "KZT", "BYN", "UZS", "UAH"}) {
    EXPECT_NE(snapshot->FindCurrency(code), nullptr) << code;
  }
  const auto* russia = snapshot->FindCountry(1);
  ASSERT_NE(russia, nullptr);
  EXPECT_EQ(russia->code, "RU");
  ASSERT_FALSE(russia->cities.empty());
  EXPECT_EQ(snapshot->FindCity(russia->cities.front().id)->country_id, russia->id);
  EXPECT_EQ(snapshot->FindCategory("no-such-category"), nullptr);
  EXPECT_EQ(snapshot->FindSkill(-1), nullptr);
}

TEST(CatalogTest, EverySeededSkillServesTheCategoriesItBelongsTo) {
  TestDatabase db;
  Catalog catalog(db.GetPool());
  auto snapshot = db.Run(catalog.Get());
  const auto* development = snapshot->FindCategory("development");
  const auto* design = snapshot->FindCategory("design");
  ASSERT_NE(development, nullptr);
  ASSERT_NE(design, nullptr);
  for (const auto& skill : snapshot->Skills()) EXPECT_FALSE(skill.category_ids.empty()) << skill.code;
  const auto* figma = snapshot->FindSkill(21);
  ASSERT_NE(figma, nullptr);
  EXPECT_EQ(figma->code, "figma");
  EXPECT_EQ(figma->category_ids, (std::vector<std::int32_t>{development->id, design->id}));
  const auto* cpp = snapshot->FindSkill(1);
  ASSERT_NE(cpp, nullptr);
  EXPECT_EQ(cpp->category_ids, std::vector<std::int32_t>{development->id});
}

TEST(CatalogTest, ConvertsBudgetsToRoubles) {
  TestDatabase db;
  Catalog catalog(db.GetPool());
  auto snapshot = db.Run(catalog.Get());
  EXPECT_EQ(snapshot->ToBase(12345, "RUB"), 12345);
  // 100.00 USD at 92 roubles per dollar.
  EXPECT_EQ(snapshot->ToBase(10000, "USD"), 920000);
  EXPECT_EQ(snapshot->ToBase(100, "XXX"), std::nullopt);
  EXPECT_EQ(snapshot->ToBase(std::int64_t{1} << 62, "EUR"), std::nullopt);
}

TEST(CatalogTest, ServesTheCachedCopyUntilInvalidated) {
  TestDatabase db;
  Catalog catalog(db.GetPool());
  auto first = db.Run(catalog.Get());
  db.Run(db.GetPool().Query("UPDATE catalog.categories SET name_en = 'Software' WHERE code = 'development'"));
  auto cached = db.Run(catalog.Get());
  EXPECT_EQ(cached.get(), first.get());
  EXPECT_EQ(cached->FindCategory("development")->names.en, "Development and IT");

  catalog.Invalidate();
  auto reloaded = db.Run(catalog.Get());
  EXPECT_EQ(reloaded->FindCategory("development")->names.en, "Software");
  EXPECT_NE(reloaded->ETag(), first->ETag());
  EXPECT_NE(reloaded->Json().find("\"Software\""), std::string::npos);
}

}  // namespace
}  // namespace artel::catalog
