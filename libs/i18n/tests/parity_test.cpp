// Every key in i18n/en exists in i18n/ru and the other way round, and placeholders match.

#include <gtest/gtest.h>

#include <regex>
#include <set>

#include "artel/i18n/catalog.hpp"

namespace artel::i18n {
namespace {

std::set<std::string> Placeholders(const std::string& text) {
  static const std::regex kPlaceholder(R"(\{\{\s*(\w+)\s*\}\})");
  std::set<std::string> names;
  for (std::sregex_iterator it(text.begin(), text.end(), kPlaceholder), end; it != end; ++it) {
    names.insert((*it)[1]);
  }
  return names;
}

TEST(I18nParityTest, EnglishAndRussianHaveTheSameKeysAndPlaceholders) {
  // Tests run from the repository root (artel_test sets WORKING_DIRECTORY).
  auto catalog = Catalog::Load("i18n", {"en", "ru"});
  auto en = catalog.Keys("en");
  auto ru = catalog.Keys("ru");
  ASSERT_FALSE(en.empty());
  std::set<std::string> en_set(en.begin(), en.end());
  std::set<std::string> ru_set(ru.begin(), ru.end());
  for (const auto& key : en_set) EXPECT_TRUE(ru_set.contains(key)) << "missing in i18n/ru: " << key;
  for (const auto& key : ru_set) EXPECT_TRUE(en_set.contains(key)) << "missing in i18n/en: " << key;
  for (const auto& key : en_set) {
    if (!ru_set.contains(key)) continue;
    EXPECT_EQ(Placeholders(catalog.Translate("en", key)), Placeholders(catalog.Translate("ru", key)))
        << "placeholders differ: " << key;
  }
}

}  // namespace
}  // namespace artel::i18n
