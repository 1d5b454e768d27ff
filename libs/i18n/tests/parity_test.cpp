// Every key in i18n/en exists in i18n/ru and the other way round, and placeholders match. Plural keys
// (i18next's `key_one`, `key_few`, … suffixes) count as one key whose forms each language has in full:
// English one/other, Russian one/few/many/other.

#include <gtest/gtest.h>

#include <array>
#include <map>
#include <regex>
#include <set>
#include <string_view>

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

constexpr std::array<std::string_view, 6> kPluralForms{"zero", "one", "two", "few", "many", "other"};

/// The key without its plural suffix, and the form ("" for a key that is not a plural form). A suffix is a
/// plural form only when the language also has the key's `_other` form (`skills_too_many` is a plain key).
std::pair<std::string, std::string> SplitPlural(const std::string& key, const std::set<std::string>& keys) {
  const auto underscore = key.rfind('_');
  if (underscore == std::string::npos) return {key, ""};
  const std::string stem = key.substr(0, underscore);
  if (!keys.contains(stem + "_other")) return {key, ""};
  const std::string_view suffix = std::string_view(key).substr(underscore + 1);
  for (auto form : kPluralForms) {
    if (suffix == form) return {stem + "_<plural>", std::string(form)};
  }
  return {key, ""};
}

/// Keys with plural forms folded into one entry each, mapped to the forms present.
std::map<std::string, std::set<std::string>> Fold(const std::vector<std::string>& keys) {
  const std::set<std::string> all(keys.begin(), keys.end());
  std::map<std::string, std::set<std::string>> folded;
  for (const auto& key : keys) {
    auto [base, form] = SplitPlural(key, all);
    auto& forms = folded[base];
    if (!form.empty()) forms.insert(form);
  }
  return folded;
}

TEST(I18nParityTest, EnglishAndRussianHaveTheSameKeysAndPlaceholders) {
  // Tests run from the repository root (artel_test sets WORKING_DIRECTORY).
  auto catalog = Catalog::Load("i18n", {"en", "ru"});
  auto en = Fold(catalog.Keys("en"));
  auto ru = Fold(catalog.Keys("ru"));
  ASSERT_FALSE(en.empty());
  for (const auto& [key, forms] : en) EXPECT_TRUE(ru.contains(key)) << "missing in i18n/ru: " << key;
  for (const auto& [key, forms] : ru) EXPECT_TRUE(en.contains(key)) << "missing in i18n/en: " << key;
  const std::set<std::string> en_forms{"one", "other"};
  const std::set<std::string> ru_forms{"one", "few", "many", "other"};
  for (const auto& [key, forms] : en) {
    if (!forms.empty()) EXPECT_EQ(forms, en_forms) << "English plural forms of " << key;
  }
  for (const auto& [key, forms] : ru) {
    if (!forms.empty()) EXPECT_EQ(forms, ru_forms) << "Russian plural forms of " << key;
  }
  // Placeholders: every form of a key names the same ones in both languages.
  const auto en_keys = catalog.Keys("en");
  const std::set<std::string> en_all(en_keys.begin(), en_keys.end());
  for (const auto& key : en_keys) {
    const auto base = SplitPlural(key, en_all).first;
    const auto ru_key = ru.find(base);
    if (ru_key == ru.end()) continue;
    const auto expected = Placeholders(catalog.Translate("en", key));
    if (ru_key->second.empty()) {
      EXPECT_EQ(expected, Placeholders(catalog.Translate("ru", key))) << "placeholders differ: " << key;
      continue;
    }
    for (const auto& form : ru_key->second) {
      const std::string ru_form = base.substr(0, base.size() - std::string_view("<plural>").size()) + form;
      EXPECT_EQ(expected, Placeholders(catalog.Translate("ru", ru_form)))
          << "placeholders differ: " << ru_form;
    }
  }
}

}  // namespace
}  // namespace artel::i18n
