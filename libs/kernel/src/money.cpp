#include "artel/kernel/money.hpp"

#include <boost/json/object.hpp>

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

}  // namespace artel::kernel
