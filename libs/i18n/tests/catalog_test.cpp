#include "artel/i18n/catalog.hpp"

#include <gtest/gtest.h>

#include <fstream>

namespace artel::i18n {
namespace {

class CatalogTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = std::filesystem::temp_directory_path() /
           ("artel-i18n-" + std::to_string(::testing::UnitTest::GetInstance()->random_seed()) + "-" +
            ::testing::UnitTest::GetInstance()->current_test_info()->name());
    std::filesystem::create_directories(dir_ / "en");
    std::filesystem::create_directories(dir_ / "ru");
    Write("en/errors.json", R"({"codes": {"NotFound": "Not found"}, "greet": "Hello, {{name}}!"})");
    Write("ru/errors.json", R"({"codes": {"NotFound": "Не найдено"}})");
  }
  void TearDown() override { std::filesystem::remove_all(dir_); }
  void Write(const std::string& name, const std::string& text) { std::ofstream(dir_ / name) << text; }

  std::filesystem::path dir_;
};

TEST_F(CatalogTest, TranslatesNestedKeysPerLanguage) {
  auto catalog = Catalog::Load(dir_, {"en", "ru"});
  EXPECT_EQ(catalog.Translate("en", "errors:codes.NotFound"), "Not found");
  EXPECT_EQ(catalog.Translate("ru", "errors:codes.NotFound"), "Не найдено");
}

TEST_F(CatalogTest, FallsBackToEnglishThenToTheKey) {
  auto catalog = Catalog::Load(dir_, {"en", "ru"});
  EXPECT_EQ(catalog.Translate("ru", "errors:greet", {{"name", "Ира"}}), "Hello, Ира!");
  EXPECT_EQ(catalog.Translate("ru", "errors:missing"), "errors:missing");
  EXPECT_FALSE(catalog.Has("ru", "errors:greet"));
}

TEST_F(CatalogTest, PluralKeysFollowTheCount) {
  Write("en/validation.json", R"({"min_one": "{{count}} character", "min_other": "{{count}} characters"})");
  Write("ru/validation.json", R"({"min_one": "{{count}} символ", "min_few": "{{count}} символа",
                                  "min_many": "{{count}} символов", "min_other": "{{count}} символа"})");
  auto catalog = Catalog::Load(dir_, {"en", "ru"});
  auto ru = [&](const char* count) { return catalog.Translate("ru", "validation:min", {{"count", count}}); };
  EXPECT_EQ(ru("1"), "1 символ");
  EXPECT_EQ(ru("21"), "21 символ");
  EXPECT_EQ(ru("3"), "3 символа");
  EXPECT_EQ(ru("24"), "24 символа");
  EXPECT_EQ(ru("5"), "5 символов");
  EXPECT_EQ(ru("11"), "11 символов");
  EXPECT_EQ(ru("14"), "14 символов");
  EXPECT_EQ(ru("100"), "100 символов");
  EXPECT_EQ(ru("1.5"), "1.5 символа");
  EXPECT_EQ(catalog.Translate("en", "validation:min", {{"count", "1"}}), "1 character");
  EXPECT_EQ(catalog.Translate("en", "validation:min", {{"count", "2"}}), "2 characters");
  EXPECT_EQ(catalog.Translate("en", "validation:min"), "validation:min");  // no count, no form
}

TEST(PluralFormTest, RussianAndEnglish) {
  EXPECT_EQ(PluralForm("ru", "0"), "many");
  EXPECT_EQ(PluralForm("ru", "101"), "one");
  EXPECT_EQ(PluralForm("ru", "111"), "many");
  EXPECT_EQ(PluralForm("ru", "112"), "many");
  EXPECT_EQ(PluralForm("ru", "122"), "few");
  EXPECT_EQ(PluralForm("en", "0"), "other");
  EXPECT_EQ(PluralForm("en", "1"), "one");
  EXPECT_EQ(PluralForm("en", "x"), "other");
}

TEST_F(CatalogTest, RejectsMalformedFiles) {
  Write("ru/broken.json", "{not json");
  EXPECT_THROW(Catalog::Load(dir_, {"en", "ru"}), std::runtime_error);
}

TEST(InterpolateTest, ReplacesKnownAndKeepsUnknownPlaceholders) {
  EXPECT_EQ(Interpolate("{{a}} and {{ b }} and {{c}}", {{"a", "1"}, {"b", "2"}}), "1 and 2 and {{c}}");
  EXPECT_EQ(Interpolate("no placeholders", {}), "no placeholders");
  EXPECT_EQ(Interpolate("broken {{a", {{"a", "1"}}), "broken {{a");
}

}  // namespace
}  // namespace artel::i18n
