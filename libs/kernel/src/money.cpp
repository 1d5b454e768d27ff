#include "artel/kernel/money.hpp"

#include <array>
#include <boost/json/object.hpp>
#include <limits>
#include <utility>

#include "artel/db/result.hpp"

namespace artel::kernel {

std::optional<std::int64_t> AmountOf(const std::optional<Money>& money) {
  if (!money) return std::nullopt;
  return money->amount;
}

std::optional<std::string> CurrencyOf(const std::optional<Money>& money) {
  if (!money) return std::nullopt;
  return money->currency;
}

std::optional<Money> ReadMoney(const db::Row& row, std::string_view prefix) {
  const std::string name(prefix);
  auto amount = row.Get<std::optional<std::int64_t>>(name + "_amount");
  if (!amount) return std::nullopt;
  return Money{*amount, row.Get<std::string>(name + "_currency")};
}

boost::json::value MoneyJson(const std::optional<Money>& money) {
  if (!money) return nullptr;
  return boost::json::object{{"amount", money->amount}, {"currency", money->currency}};
}

std::optional<int> CurrencyDigits(std::string_view currency) {
  static constexpr std::array<std::pair<std::string_view, int>, 4> kDigits{
      {{"RUB", 2}, {"USD", 2}, {"EUR", 2}, {"KZT", 2}}};
  for (const auto& [code, digits] : kDigits) {
    if (code == currency) return digits;
  }
  return std::nullopt;
}

ParsedAmount ParseAmount(std::string_view text, int digits, std::int64_t max_minor) {
  if (text.size() > 1 && text.front() == '-' && text[1] >= '0' && text[1] <= '9') {
    // "-5" is a number, but not an amount one may move.
    auto rest = ParseAmount(text.substr(1), digits, std::numeric_limits<std::int64_t>::max());
    if (rest.problem == AmountProblem::kNone || rest.problem == AmountProblem::kNotPositive ||
        rest.problem == AmountProblem::kTooLarge) {
      return {0, AmountProblem::kNotPositive};
    }
    return rest;
  }
  const auto point = text.find('.');
  const std::string_view whole = text.substr(0, point);
  const std::string_view fraction =
      point == std::string_view::npos ? std::string_view{} : text.substr(point + 1);
  auto all_digits = [](std::string_view part) {
    for (const char c : part) {
      if (c < '0' || c > '9') return false;
    }
    return true;
  };
  if (whole.empty() || !all_digits(whole) || !all_digits(fraction) ||
      (point != std::string_view::npos && fraction.empty())) {
    return {0, AmountProblem::kNotANumber};
  }
  // Trailing zeros beyond the currency's digits say nothing ("10.500" is 10.50), but keep the rule simple and
  // strict: more decimals than the currency has is refused, whatever they are.
  if (static_cast<int>(fraction.size()) > digits) return {0, AmountProblem::kTooManyDecimals};
  std::int64_t minor = 0;
  auto push = [&minor](char c) {
    if (__builtin_mul_overflow(minor, std::int64_t{10}, &minor)) return false;
    return !__builtin_add_overflow(minor, std::int64_t{c - '0'}, &minor);
  };
  for (const char c : whole) {
    if (!push(c)) return {0, AmountProblem::kTooLarge};
  }
  for (int i = 0; i < digits; ++i) {
    const char c = i < static_cast<int>(fraction.size()) ? fraction[static_cast<std::size_t>(i)] : '0';
    if (!push(c)) return {0, AmountProblem::kTooLarge};
  }
  if (minor == 0) return {0, AmountProblem::kNotPositive};
  if (minor > max_minor) return {0, AmountProblem::kTooLarge};
  return {minor, AmountProblem::kNone};
}

std::string FormatAmount(std::int64_t minor, int digits) {
  const bool negative = minor < 0;
  // The magnitude as unsigned, so INT64_MIN formats too.
  std::uint64_t magnitude =
      negative ? 0 - static_cast<std::uint64_t>(minor) : static_cast<std::uint64_t>(minor);
  std::string text = std::to_string(magnitude);
  if (digits > 0) {
    const auto width = static_cast<std::size_t>(digits) + 1;
    if (text.size() < width) text.insert(0, width - text.size(), '0');
    text.insert(text.size() - static_cast<std::size_t>(digits), 1, '.');
  }
  if (negative) text.insert(0, 1, '-');
  return text;
}

}  // namespace artel::kernel
