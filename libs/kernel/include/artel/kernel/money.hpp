#pragma once

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

/// An optional Money as its two columns (NULL, NULL when absent).
std::optional<std::int64_t> AmountOf(const std::optional<Money>& money);
std::optional<std::string> CurrencyOf(const std::optional<Money>& money);

/// The optional Money of the columns `<prefix>_amount` and `<prefix>_currency` (nullopt when the amount is
/// NULL), e.g. ReadMoney(row, "budget") for budget_amount, budget_currency.
std::optional<Money> ReadMoney(const db::Row& row, std::string_view prefix);

/// {amount, currency}, or null.
boost::json::value MoneyJson(const std::optional<Money>& money);

}  // namespace artel::kernel
