#include "artel/i18n/catalog.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <boost/json/parse.hpp>
#include <boost/json/value.hpp>
#include <charconv>
#include <fstream>
#include <sstream>
#include <stdexcept>

namespace artel::i18n {
namespace {

using Texts = std::map<std::string, std::string, std::less<>>;

void Flatten(const boost::json::value& value, const std::string& prefix, Texts& out,
             const std::string& file) {
  if (value.is_string()) {
    out[prefix] = std::string(value.as_string());
    return;
  }
  if (!value.is_object()) {
    throw std::runtime_error(fmt::format("i18n {}: '{}' must be a string or an object", file, prefix));
  }
  for (const auto& [key, child] : value.as_object()) {
    std::string name = prefix.back() == ':' ? prefix + std::string(key) : prefix + "." + std::string(key);
    Flatten(child, name, out, file);
  }
}

}  // namespace

Catalog Catalog::Load(const std::filesystem::path& dir, const std::vector<std::string>& languages) {
  Catalog catalog;
  for (const auto& lang : languages) {
    auto lang_dir = dir / lang;
    if (!std::filesystem::is_directory(lang_dir)) {
      throw std::runtime_error(fmt::format("i18n: no directory {}", lang_dir.string()));
    }
    auto& texts = catalog.texts_[lang];
    for (const auto& entry : std::filesystem::directory_iterator(lang_dir)) {
      if (entry.path().extension() != ".json") continue;
      std::ifstream in(entry.path());
      std::stringstream buffer;
      buffer << in.rdbuf();
      boost::system::error_code ec;
      auto value = boost::json::parse(buffer.str(), ec);
      if (ec) throw std::runtime_error(fmt::format("i18n {}: {}", entry.path().string(), ec.message()));
      Flatten(value, entry.path().stem().string() + ":", texts, entry.path().string());
    }
  }
  return catalog;
}

std::string_view PluralForm(std::string_view lang, std::string_view count) {
  std::uint64_t n = 0;
  const char* end = count.data() + count.size();
  if (auto [at, error] = std::from_chars(count.data(), end, n); error != std::errc() || at != end) {
    return "other";  // a fraction or not a number
  }
  if (lang == "ru") {
    if (n % 10 == 1 && n % 100 != 11) return "one";
    if (n % 10 >= 2 && n % 10 <= 4 && (n % 100 < 12 || n % 100 > 14)) return "few";
    return "many";
  }
  return n == 1 ? "one" : "other";
}

std::string Catalog::Translate(std::string_view lang, std::string_view key,
                               const std::vector<std::pair<std::string, std::string>>& params) const {
  const auto count = std::ranges::find_if(params, [](const auto& param) { return param.first == "count"; });
  for (std::string_view candidate : {lang, std::string_view(fallback_)}) {
    auto texts = texts_.find(candidate);
    if (texts == texts_.end()) continue;
    auto text = texts->second.find(key);
    if (text != texts->second.end()) return Interpolate(text->second, params);
    if (count == params.end()) continue;
    // i18next's plural keys, as the SPA reads them: `key_<form>` for the count, else `key_other`.
    for (const std::string plural :
         {std::string(key) + "_" + std::string(PluralForm(candidate, count->second)),
          std::string(key) + "_other"}) {
      text = texts->second.find(plural);
      if (text != texts->second.end()) return Interpolate(text->second, params);
    }
  }
  return std::string(key);
}

bool Catalog::Has(std::string_view lang, std::string_view key) const {
  auto texts = texts_.find(lang);
  return texts != texts_.end() && texts->second.contains(key);
}

std::vector<std::string> Catalog::Keys(std::string_view lang) const {
  std::vector<std::string> keys;
  auto texts = texts_.find(lang);
  if (texts == texts_.end()) return keys;
  for (const auto& [key, text] : texts->second) keys.push_back(key);
  return keys;  // std::map keeps them sorted
}

std::string Interpolate(std::string_view text,
                        const std::vector<std::pair<std::string, std::string>>& params) {
  std::string out;
  out.reserve(text.size());
  std::size_t pos = 0;
  while (pos < text.size()) {
    auto open = text.find("{{", pos);
    if (open == std::string_view::npos) break;
    auto close = text.find("}}", open + 2);
    if (close == std::string_view::npos) break;
    out.append(text.substr(pos, open - pos));
    std::string_view name = text.substr(open + 2, close - open - 2);
    while (!name.empty() && name.front() == ' ') name.remove_prefix(1);
    while (!name.empty() && name.back() == ' ') name.remove_suffix(1);
    auto param = std::ranges::find_if(params, [&](const auto& p) { return p.first == name; });
    if (param != params.end()) {
      out.append(param->second);
    } else {
      out.append(text.substr(open, close + 2 - open));
    }
    pos = close + 2;
  }
  out.append(text.substr(pos));
  return out;
}

}  // namespace artel::i18n
