// Texts of articles the domain makes itself: the URL slug of a title, and a tag in its one spelling.

#include <algorithm>
#include <string>
#include <string_view>
#include <vector>

#include "artel/articles/articles.hpp"
#include "artel/core/error.hpp"

namespace artel::articles {
namespace {

/// The Latin spelling of a lower-case Russian letter (a simplified ISO 9 / passport style), or nullptr.
const char* Latin(char32_t c) {
  switch (c) {
    case U'а':
      return "a";
    case U'б':
      return "b";
    case U'в':
      return "v";
    case U'г':
      return "g";
    case U'д':
      return "d";
    case U'е':
      return "e";
    case U'ё':
      return "e";
    case U'ж':
      return "zh";
    case U'з':
      return "z";
    case U'и':
      return "i";
    case U'й':
      return "y";
    case U'к':
      return "k";
    case U'л':
      return "l";
    case U'м':
      return "m";
    case U'н':
      return "n";
    case U'о':
      return "o";
    case U'п':
      return "p";
    case U'р':
      return "r";
    case U'с':
      return "s";
    case U'т':
      return "t";
    case U'у':
      return "u";
    case U'ф':
      return "f";
    case U'х':
      return "kh";
    case U'ц':
      return "ts";
    case U'ч':
      return "ch";
    case U'ш':
      return "sh";
    case U'щ':
      return "shch";
    case U'ъ':
      return "";
    case U'ы':
      return "y";
    case U'ь':
      return "";
    case U'э':
      return "e";
    case U'ю':
      return "yu";
    case U'я':
      return "ya";
    case U'і':
      return "i";
    case U'ї':
      return "yi";
    case U'є':
      return "ye";
    case U'ў':
      return "u";
    case U'ә':
      return "a";
    case U'ғ':
      return "g";
    case U'қ':
      return "q";
    case U'ң':
      return "n";
    case U'ө':
      return "o";
    case U'ұ':
      return "u";
    case U'ү':
      return "u";
    case U'һ':
      return "h";
    default:
      return nullptr;
  }
}

/// Decodes one UTF-8 code point at `i` (advancing it); U+FFFD for a broken sequence.
char32_t NextCodePoint(std::string_view text, std::size_t& i) {
  const auto byte = static_cast<unsigned char>(text[i++]);
  if (byte < 0x80) return byte;
  int extra = 0;
  char32_t cp = 0;
  if ((byte & 0xE0) == 0xC0) {
    extra = 1;
    cp = byte & 0x1F;
  } else if ((byte & 0xF0) == 0xE0) {
    extra = 2;
    cp = byte & 0x0F;
  } else if ((byte & 0xF8) == 0xF0) {
    extra = 3;
    cp = byte & 0x07;
  } else {
    return 0xFFFD;
  }
  for (int k = 0; k < extra; ++k) {
    if (i >= text.size() || (static_cast<unsigned char>(text[i]) & 0xC0) != 0x80) return 0xFFFD;
    cp = (cp << 6) | (static_cast<unsigned char>(text[i++]) & 0x3F);
  }
  return cp;
}

char32_t Lower(char32_t c) {
  if (c >= U'A' && c <= U'Z') return c + 32;
  if (c >= U'А' && c <= U'Я') return c + 32;
  if (c == U'Ё') return U'ё';
  if (c >= U'Ѐ' && c <= U'Џ') return c + 80;  // Ѐ..Џ → ѐ..џ (Ukrainian, Belarusian letters)
  if (c >= 0x0460 && c <= 0x04FF && (c % 2) == 0) return c + 1;  // the extended block: even upper, odd lower
  return c;
}

void AppendUtf8(std::string& out, char32_t c) {
  if (c < 0x80) {
    out.push_back(static_cast<char>(c));
  } else if (c < 0x800) {
    out.push_back(static_cast<char>(0xC0 | (c >> 6)));
    out.push_back(static_cast<char>(0x80 | (c & 0x3F)));
  } else if (c < 0x10000) {
    out.push_back(static_cast<char>(0xE0 | (c >> 12)));
    out.push_back(static_cast<char>(0x80 | ((c >> 6) & 0x3F)));
    out.push_back(static_cast<char>(0x80 | (c & 0x3F)));
  } else {
    out.push_back(static_cast<char>(0xF0 | (c >> 18)));
    out.push_back(static_cast<char>(0x80 | ((c >> 12) & 0x3F)));
    out.push_back(static_cast<char>(0x80 | ((c >> 6) & 0x3F)));
    out.push_back(static_cast<char>(0x80 | (c & 0x3F)));
  }
}

Message Key(std::string key) {
  return Message{std::move(key), {}};
}

}  // namespace

bool ValidCode(std::string_view code) {
  if (code.size() < 3 || code.size() > 100) return false;
  auto plain = [](char c) { return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9'); };
  if (!plain(code.front())) return false;
  if (!std::ranges::all_of(code, [&](char c) { return plain(c) || c == '-'; })) return false;
  return std::ranges::any_of(code, [](char c) { return c >= 'a' && c <= 'z'; });
}

std::vector<std::string> NormalizeTags(const std::vector<std::string>& tags) {
  std::vector<std::string> normalized;
  for (const auto& tag : tags) {
    const auto first = tag.find_first_not_of(" \t");
    const std::string_view trimmed =
        first == std::string::npos
            ? std::string_view()
            : std::string_view(tag).substr(first, tag.find_last_not_of(" \t") - first + 1);
    std::string lower;
    std::size_t length = 0;
    for (std::size_t i = 0; i < trimmed.size(); ++length) AppendUtf8(lower, Lower(NextCodePoint(trimmed, i)));
    if (length < kMinTag || length > kMaxTag) throw ValidationFailed("tags", Key("articles:tag_invalid"));
    if (std::ranges::find(normalized, lower) == normalized.end()) normalized.push_back(std::move(lower));
  }
  if (normalized.size() > kMaxTags) throw ValidationFailed("tags", Key("articles:tags_too_many"));
  return normalized;
}

std::string Slugify(std::string_view title) {
  constexpr std::size_t kMaxSlug = 80;
  std::string slug;
  bool dash = false;
  for (std::size_t i = 0; i < title.size();) {
    const char32_t c = Lower(NextCodePoint(title, i));
    std::string piece;
    if ((c >= U'a' && c <= U'z') || (c >= U'0' && c <= U'9')) {
      piece.push_back(static_cast<char>(c));
    } else if (const char* latin = Latin(c)) {
      piece = latin;
      if (piece.empty()) continue;  // ъ, ь: nothing, and no word break either
    } else {
      dash = !slug.empty();
      continue;
    }
    if (dash) {
      if (slug.size() + 1 + piece.size() > kMaxSlug) break;
      slug.push_back('-');
      dash = false;
    }
    if (slug.size() + piece.size() > kMaxSlug) break;
    slug += piece;
  }
  const bool digits_only = !slug.empty() && slug.find_first_not_of("0123456789-") == std::string::npos;
  if (slug.size() < 3 || digits_only) slug = slug.empty() ? std::string("article") : "article-" + slug;
  return slug;
}

}  // namespace artel::articles
