#include "artel/kernel/money.hpp"

#include <gtest/gtest.h>

#include <boost/json/serialize.hpp>

namespace artel::kernel {
namespace {

TEST(MoneyTest, SplitsAnOptionalMoneyIntoItsColumns) {
  std::optional<Money> none;
  EXPECT_FALSE(AmountOf(none));
  EXPECT_FALSE(CurrencyOf(none));
  std::optional<Money> some = Money{15000, "USD"};
  EXPECT_EQ(AmountOf(some), 15000);
  EXPECT_EQ(CurrencyOf(some), "USD");
}

TEST(MoneyTest, WritesJson) {
  EXPECT_TRUE(MoneyJson(std::nullopt).is_null());
  EXPECT_EQ(boost::json::serialize(MoneyJson(Money{100, "RUB"})), R"({"amount":100,"currency":"RUB"})");
}

}  // namespace
}  // namespace artel::kernel
