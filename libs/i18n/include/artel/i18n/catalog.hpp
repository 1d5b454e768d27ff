#pragma once

#include <filesystem>
#include <map>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "artel/core/error.hpp"

namespace artel::i18n {

/// The translations in `i18n/<lang>/<namespace>.json`, shared with the SPA. Keys are written
/// i18next-style as "namespace:dotted.path"; values may hold `{{name}}` placeholders.
/// Immutable after Load, so it is safe to read from every thread.
class Catalog final {
 public:
  /// Loads every `<dir>/<lang>/*.json` for the given languages. Throws std::runtime_error on malformed
  /// files or a non-string leaf.
  static Catalog Load(const std::filesystem::path& dir, const std::vector<std::string>& languages);

  /// The text for `key` in `lang`, then in `fallback`; the key itself when neither has it. With a `count`
  /// parameter a key that only has plural forms (`key_one`, `key_few`, … as i18next writes them) is read in
  /// the form the count takes in that language (PluralForm).
  std::string Translate(std::string_view lang, std::string_view key,
                        const std::vector<std::pair<std::string, std::string>>& params = {}) const;
  std::string Translate(std::string_view lang, const Message& message) const {
    return Translate(lang, message.key, message.params);
  }
  bool Has(std::string_view lang, std::string_view key) const;

  void SetFallback(std::string lang) { fallback_ = std::move(lang); }
  /// Every flattened key ("ns:a.b") of a language, sorted; the parity test compares these.
  std::vector<std::string> Keys(std::string_view lang) const;

 private:
  std::map<std::string, std::map<std::string, std::string, std::less<>>, std::less<>> texts_;
  std::string fallback_ = "en";
};

/// The CLDR plural category of a whole `count` in `lang`: Russian one (1, 21, 101), few (2–4, 22–24), many
/// (0, 5–20, 11–14, 25…); English one (1) and other; "other" for anything that is not a whole number.
std::string_view PluralForm(std::string_view lang, std::string_view count);

/// Replaces `{{name}}` with its value; unknown placeholders stay as they are.
std::string Interpolate(std::string_view text,
                        const std::vector<std::pair<std::string, std::string>>& params);

}  // namespace artel::i18n
