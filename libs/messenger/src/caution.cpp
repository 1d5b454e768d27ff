#include "artel/messenger/caution.hpp"

#include <algorithm>
#include <array>
#include <cctype>
#include <regex>
#include <span>
#include <string>
#include <vector>

namespace artel::messenger {
namespace {

/// ASCII and Cyrillic letters lower-cased (UTF-8 stays UTF-8: А–Я and Ё are two bytes, as are а–я and ё).
std::string Lower(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (std::size_t i = 0; i < text.size(); ++i) {
    const auto c = static_cast<unsigned char>(text[i]);
    if (c < 0x80) {
      out.push_back(static_cast<char>(std::tolower(c)));
      continue;
    }
    if (i + 1 < text.size()) {
      const auto next = static_cast<unsigned char>(text[i + 1]);
      if (c == 0xD0 && next >= 0x90 && next <= 0x9F) {  // А–П → а–п
        out.push_back(static_cast<char>(0xD0));
        out.push_back(static_cast<char>(next + 0x20));
        ++i;
        continue;
      }
      if (c == 0xD0 && next >= 0xA0 && next <= 0xAF) {  // Р–Я → р–я
        out.push_back(static_cast<char>(0xD1));
        out.push_back(static_cast<char>(next - 0x20));
        ++i;
        continue;
      }
      if (c == 0xD0 && next == 0x81) {  // Ё → е (ё is spelled е as often as not)
        out.append("\xD0\xB5");
        ++i;
        continue;
      }
      if (c == 0xD1 && next == 0x91) {  // ё → е
        out.append("\xD0\xB5");
        ++i;
        continue;
      }
    }
    out.push_back(static_cast<char>(c));
  }
  return out;
}

bool IsDigit(char c) {
  return c >= '0' && c <= '9';
}

bool Luhn(std::string_view digits) {
  int sum = 0;
  bool twice = false;
  for (auto it = digits.rbegin(); it != digits.rend(); ++it) {
    int digit = *it - '0';
    if (twice) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
    twice = !twice;
  }
  return sum % 10 == 0;
}

struct Numbers {
  bool phone = false;
  bool card = false;
};

/// "2026-11-24", "24.11.2026" (and a time after it): groups of 4-2-2 or 2-2-4 digits whose year is 19xx/20xx
/// and month 01–12. A date followed by a time has as many digits as a phone number.
bool StartsWithDate(const std::vector<std::string>& groups) {
  if (groups.size() < 3) return false;
  auto year = [](const std::string& g) {
    return g.size() == 4 && (g.starts_with("19") || g.starts_with("20"));
  };
  auto month = [](const std::string& g) {
    return g.size() == 2 && (g == "10" || g == "11" || g == "12" || g[0] == '0');
  };
  if (year(groups[0]) && month(groups[1]) && groups[2].size() == 2) return true;
  return groups[0].size() == 2 && month(groups[1]) && year(groups[2]);
}

/// Runs of digits with single separators (space, dash, dot, parentheses) between them, each judged by its
/// digit count: a card is 13–19 digits passing Luhn, a phone 10–15 digits otherwise; a date is neither.
Numbers FindNumbers(std::string_view text) {
  Numbers found;
  std::size_t i = 0;
  while (i < text.size()) {
    if (!IsDigit(text[i])) {
      ++i;
      continue;
    }
    std::string digits;
    std::vector<std::string> groups(1);
    std::size_t separators = 0;
    while (i < text.size()) {
      const char c = text[i];
      if (IsDigit(c)) {
        if (separators > 0) groups.emplace_back();
        digits.push_back(c);
        groups.back().push_back(c);
        separators = 0;
      } else if ((c == ' ' || c == '-' || c == '.' || c == '(' || c == ')') && separators < 2 &&
                 !digits.empty()) {
        ++separators;  // "8 (912) 345": a space and a parenthesis may meet between two digits
      } else {
        break;
      }
      ++i;
    }
    if (StartsWithDate(groups)) continue;
    if (digits.size() >= 13 && digits.size() <= 19 && Luhn(digits)) {
      found.card = true;
    } else if (digits.size() >= 10 && digits.size() <= 15) {
      found.phone = true;
    }
  }
  return found;
}

bool ContainsAny(std::string_view text, std::span<const std::string_view> needles) {
  return std::any_of(needles.begin(), needles.end(),
                     [text](std::string_view needle) { return text.find(needle) != std::string_view::npos; });
}

const std::regex& EmailPattern() {
  static const std::regex pattern(R"([a-z0-9._%+-]+@[a-z0-9-]+(\.[a-z0-9-]+)*\.[a-z]{2,})");
  return pattern;
}

// "name at gmail dot com", "name (at) mail (dot) ru", "name [at] yandex . ru", "name собака mail точка ru".
const std::regex& SpelledEmailPattern() {
  static const std::regex pattern(
      "[a-z0-9._-]+\\s*(\\s(at)\\s|\\(at\\)|\\[at\\]|\\{at\\}|\\s?\xD1\x81\xD0\xBE\xD0\xB1\xD0\xB0\xD0\xBA"
      "\xD0\xB0\\s?|\\s?\xD1\x81\xD0\xBE\xD0\xB1\xD0\xB0\xD1\x87\xD0\xBA\xD0\xB0\\s?)\\s*[a-z0-9-]+\\s*"
      "(\\s(dot)\\s|\\(dot\\)|\\[dot\\]|\\{dot\\}|\\s?\xD1\x82\xD0\xBE\xD1\x87\xD0\xBA\xD0\xB0\\s?|\\.)\\s*"
      "(com|ru|net|org|io|me|su|ua|by|kz|de|uk|info|biz)\\b");
  return pattern;
}

// A bare @handle (Telegram, Instagram …): '@' not preceded by an e-mail's local part.
const std::regex& HandlePattern() {
  static const std::regex pattern(R"((^|[^a-z0-9._%+-])@[a-z][a-z0-9_]{3,31}\b)");
  return pattern;
}

// Short names that are words elsewhere: matched as whole words only.
const std::regex& ShortMessengerPattern() {
  static const std::regex pattern(R"((^|[^a-z0-9])(tg|whats app)([^a-z0-9]|$))");
  return pattern;
}

constexpr std::array<std::string_view, 20> kMessengerWords{
    "telegram", "t.me/", "telegram.me/", "whatsapp", "wa.me/", "viber", "skype", "discord", "icq",
    // Russian spellings (lower case UTF-8)
    "телеграм", "телега", "телеге", "ватсап", "вацап", "вотсап", "уатсап", "вайбер", "скайп", "дискорд",
    "тг:"};

constexpr std::array<std::string_view, 44> kOffPlatformWords{
    // Russian
    "оплата напрямую", "оплату напрямую", "оплачу напрямую", "заплачу напрямую", "платить напрямую",
    "рассчитаемся напрямую", "работать напрямую", "работаем напрямую", "переведу на карту",
    "перевод на карту", "переведите на карту", "скину на карту", "кину на карту", "на мою карту",
    "номер карты", "без комиссии", "минуя сайт", "минуя площадку", "в обход сайта", "в обход площадки",
    "вне сайта", "вне площадки", "мимо сайта", "наличными",
    // English
    "pay directly", "pay you directly", "pay me directly", "paying directly", "payment directly",
    "direct payment", "outside the platform", "outside of the platform", "outside the site",
    "off the platform", "off-platform", "via paypal", "through paypal", "by paypal", "western union",
    "bank transfer", "wire transfer", "avoid the fee", "without the fee", "no platform fee"};

}  // namespace

std::vector<std::string> Cautions(std::string_view text) {
  const std::string lower = Lower(text);
  const auto numbers = FindNumbers(lower);
  const bool email =
      std::regex_search(lower, EmailPattern()) || std::regex_search(lower, SpelledEmailPattern());
  const bool messenger = ContainsAny(lower, kMessengerWords) || std::regex_search(lower, HandlePattern()) ||
                         std::regex_search(lower, ShortMessengerPattern());
  const bool off_platform = ContainsAny(lower, kOffPlatformWords);

  std::vector<std::string> kinds;
  if (numbers.phone) kinds.emplace_back(kCautionPhone);
  if (email) kinds.emplace_back(kCautionEmail);
  if (numbers.card) kinds.emplace_back(kCautionCard);
  if (messenger) kinds.emplace_back(kCautionMessenger);
  if (off_platform) kinds.emplace_back(kCautionOffPlatform);
  return kinds;
}

}  // namespace artel::messenger
