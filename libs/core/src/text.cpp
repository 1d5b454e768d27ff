#include "artel/core/text.hpp"

#include <algorithm>

namespace artel {

std::string HtmlEscape(std::string_view text) {
  std::string out;
  out.reserve(text.size() + text.size() / 8);
  for (char c : text) {
    switch (c) {
      case '&':
        out += "&amp;";
        break;
      case '<':
        out += "&lt;";
        break;
      case '>':
        out += "&gt;";
        break;
      case '"':
        out += "&quot;";
        break;
      case '\'':
        out += "&#39;";
        break;
      default:
        out += c;
    }
  }
  return out;
}

bool IsUuid(std::string_view text) noexcept {
  if (text.size() != 36) return false;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    const bool dash = i == 8 || i == 13 || i == 18 || i == 23;
    const bool hex = (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
    if (dash ? c != '-' : !hex) return false;
  }
  return true;
}

bool IsMailAddress(std::string_view address) noexcept {
  constexpr std::size_t kMaxLength = 254;  // RFC 5321's forward-path limit minus the angle brackets
  constexpr std::size_t kMaxLocalPart = 64;
  if (address.empty() || address.size() > kMaxLength) return false;
  for (unsigned char c : address) {
    if (c <= 0x20 || c >= 0x7f || c == '<' || c == '>' || c == '(' || c == ')' || c == ',' || c == ';' ||
        c == ':' || c == '\\' || c == '"' || c == '[' || c == ']') {
      return false;
    }
  }
  const auto at = address.find('@');
  if (at == std::string_view::npos || address.find('@', at + 1) != std::string_view::npos) return false;
  if (at == 0 || at > kMaxLocalPart) return false;
  const auto domain = address.substr(at + 1);
  if (domain.empty() || domain.find('.') == std::string_view::npos) return false;
  if (domain.front() == '.' || domain.back() == '.' || domain.find("..") != std::string_view::npos)
    return false;
  if (domain.front() == '-' || domain.back() == '-') return false;
  return true;
}

std::string AsciiLower(std::string_view text) {
  std::string out(text);
  std::ranges::transform(out, out.begin(), [](char c) { return AsciiLower(c); });
  return out;
}

bool EqualsAsciiCaseless(std::string_view a, std::string_view b) noexcept {
  return a.size() == b.size() &&
         std::ranges::equal(a, b, [](char x, char y) { return AsciiLower(x) == AsciiLower(y); });
}

bool StartsWithAsciiCaseless(std::string_view text, std::string_view prefix) noexcept {
  return text.size() >= prefix.size() && EqualsAsciiCaseless(text.substr(0, prefix.size()), prefix);
}

std::string_view Trim(std::string_view text, std::string_view set) noexcept {
  const auto first = text.find_first_not_of(set);
  if (first == std::string_view::npos) return {};
  return text.substr(first, text.find_last_not_of(set) - first + 1);
}

std::size_t Utf8Length(std::string_view text) noexcept {
  return static_cast<std::size_t>(
      std::ranges::count_if(text, [](char c) { return (static_cast<unsigned char>(c) & 0xC0) != 0x80; }));
}

bool IsValidUtf8(std::string_view text) noexcept {
  // Well-formed sequences per Unicode 15 table 3-7: no overlongs, no surrogates, nothing past U+10FFFF.
  const auto* bytes = reinterpret_cast<const unsigned char*>(text.data());
  std::size_t size = text.size();
  std::size_t i = 0;
  while (i < size) {
    unsigned char lead = bytes[i];
    if (lead < 0x80) {
      ++i;
      continue;
    }
    std::size_t length = 0;
    unsigned char low = 0x80;
    unsigned char high = 0xBF;
    if (lead >= 0xC2 && lead <= 0xDF) {
      length = 2;
    } else if (lead == 0xE0) {
      length = 3;
      low = 0xA0;
    } else if (lead >= 0xE1 && lead <= 0xEC) {
      length = 3;
    } else if (lead == 0xED) {
      length = 3;
      high = 0x9F;
    } else if (lead >= 0xEE && lead <= 0xEF) {
      length = 3;
    } else if (lead == 0xF0) {
      length = 4;
      low = 0x90;
    } else if (lead >= 0xF1 && lead <= 0xF3) {
      length = 4;
    } else if (lead == 0xF4) {
      length = 4;
      high = 0x8F;
    } else {
      return false;
    }
    if (size - i < length) return false;
    if (bytes[i + 1] < low || bytes[i + 1] > high) return false;
    for (std::size_t k = 2; k < length; ++k) {
      if ((bytes[i + k] & 0xC0) != 0x80) return false;
    }
    i += length;
  }
  return true;
}

}  // namespace artel
