#pragma once

#include <boost/describe/class.hpp>
#include <boost/json/value.hpp>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace artel::db {
class Row;
}  // namespace artel::db

namespace artel::kernel {

/// An amount in minor units of an ISO 4217 currency. Where lists filter or sort amounts across currencies
/// (order budgets) the row also keeps the amount in kopecks at the catalog's rate of the day it was set
/// (orders.orders.budget_base, OrderInput::budget_base, from catalog::Snapshot::ToBase).
struct Money {
  std::int64_t amount = 0;
  std::string currency;
};
/// Described: the Money schema (libs/web/api.yaml) of the contract-first edge's answers.
BOOST_DESCRIBE_STRUCT(Money, (), (amount, currency))

/// An optional Money as its two columns (NULL, NULL when absent).
std::optional<std::int64_t> AmountOf(const std::optional<Money>& money);
std::optional<std::string> CurrencyOf(const std::optional<Money>& money);

/// The optional Money of the columns `<prefix>_amount` and `<prefix>_currency` (nullopt when the amount is
/// NULL), e.g. ReadMoney(row, "budget") for budget_amount, budget_currency.
std::optional<Money> ReadMoney(const db::Row& row, std::string_view prefix);

/// {amount, currency}, or null.
boost::json::value MoneyJson(const std::optional<Money>& money);

/// The digits after the decimal point of a currency the wallet holds (wallet.currencies has the same rows:
/// RUB, USD, EUR, KZT); nullopt for any other code.
std::optional<int> CurrencyDigits(std::string_view currency);

/// Why a decimal amount was refused (ParseAmount).
enum class AmountProblem { kNone, kNotANumber, kNotPositive, kTooManyDecimals, kTooLarge };

struct ParsedAmount {
  std::int64_t minor = 0;
  AmountProblem problem = AmountProblem::kNone;
};

/// A positive decimal amount as text ("1500", "1500.5", "1500.00") in minor units of a currency with `digits`
/// decimals: digits, one optional point and at most `digits` decimals; no sign, exponent, spaces, grouping,
/// NaN or infinity. Zero and negatives are kNotPositive (a leading '-' is recognised only to say so); more
/// than `max_minor` (and anything that would overflow) is kTooLarge. Checked arithmetic, never a double.
ParsedAmount ParseAmount(std::string_view text, int digits, std::int64_t max_minor);

/// Minor units as a decimal with exactly `digits` decimals: 150000, 2 → "1500.00"; -5, 2 → "-0.05".
std::string FormatAmount(std::int64_t minor, int digits);

}  // namespace artel::kernel
