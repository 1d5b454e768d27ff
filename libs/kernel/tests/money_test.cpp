#include "artel/kernel/money.hpp"

#include <gtest/gtest.h>

#include <boost/json/serialize.hpp>
#include <limits>

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

TEST(MoneyTest, KnowsTheDigitsOfTheWalletsCurrencies) {
  EXPECT_EQ(CurrencyDigits("RUB"), 2);
  EXPECT_EQ(CurrencyDigits("USD"), 2);
  EXPECT_EQ(CurrencyDigits("EUR"), 2);
  EXPECT_EQ(CurrencyDigits("KZT"), 2);
  EXPECT_FALSE(CurrencyDigits("rub"));
  EXPECT_FALSE(CurrencyDigits("XXX"));
  EXPECT_FALSE(CurrencyDigits(""));
}

TEST(MoneyTest, ParsesDecimalAmountsIntoMinorUnits) {
  constexpr std::int64_t kMax = 100'000'000;  // 1 000 000.00
  EXPECT_EQ(ParseAmount("1500.00", 2, kMax).minor, 150000);
  EXPECT_EQ(ParseAmount("1500", 2, kMax).minor, 150000);
  EXPECT_EQ(ParseAmount("1500.5", 2, kMax).minor, 150050);
  EXPECT_EQ(ParseAmount("0.01", 2, kMax).minor, 1);
  EXPECT_EQ(ParseAmount("007", 2, kMax).minor, 700);
  EXPECT_EQ(ParseAmount("1000000.00", 2, kMax).minor, kMax);
  EXPECT_EQ(ParseAmount("12", 0, kMax).minor, 12);
  EXPECT_EQ(ParseAmount("1500.00", 2, kMax).problem, AmountProblem::kNone);
}

TEST(MoneyTest, RefusesWhatIsNotAPositiveAmountOfTheCurrency) {
  constexpr std::int64_t kMax = 100'000'000;
  EXPECT_EQ(ParseAmount("0", 2, kMax).problem, AmountProblem::kNotPositive);
  EXPECT_EQ(ParseAmount("0.00", 2, kMax).problem, AmountProblem::kNotPositive);
  EXPECT_EQ(ParseAmount("-5", 2, kMax).problem, AmountProblem::kNotPositive);
  EXPECT_EQ(ParseAmount("-0.01", 2, kMax).problem, AmountProblem::kNotPositive);
  EXPECT_EQ(ParseAmount("1.001", 2, kMax).problem, AmountProblem::kTooManyDecimals);
  EXPECT_EQ(ParseAmount("1.5", 0, kMax).problem, AmountProblem::kTooManyDecimals);
  EXPECT_EQ(ParseAmount("1000000.01", 2, kMax).problem, AmountProblem::kTooLarge);
  EXPECT_EQ(ParseAmount("99999999999999999999", 2, kMax).problem, AmountProblem::kTooLarge);
  EXPECT_EQ(ParseAmount("92233720368547758.08", 2, std::numeric_limits<std::int64_t>::max()).problem,
            AmountProblem::kTooLarge);
  for (const char* text : {"", ".", "1.", ".5", "abc", "NaN", "inf", "1e3", "1,5", " 1", "1 ", "+1", "1.2.3",
                           "--1", "0x10", "1_000"}) {
    EXPECT_EQ(ParseAmount(text, 2, kMax).problem, AmountProblem::kNotANumber) << text;
  }
}

TEST(MoneyTest, FormatsMinorUnitsWithTheCurrencysDigits) {
  EXPECT_EQ(FormatAmount(150000, 2), "1500.00");
  EXPECT_EQ(FormatAmount(5, 2), "0.05");
  EXPECT_EQ(FormatAmount(0, 2), "0.00");
  EXPECT_EQ(FormatAmount(-5, 2), "-0.05");
  EXPECT_EQ(FormatAmount(-150050, 2), "-1500.50");
  EXPECT_EQ(FormatAmount(12, 0), "12");
  EXPECT_EQ(FormatAmount(std::numeric_limits<std::int64_t>::min(), 2), "-92233720368547758.08");
  // What FormatAmount writes, ParseAmount reads back.
  for (std::int64_t minor : {1LL, 99LL, 100LL, 123456789LL}) {
    EXPECT_EQ(ParseAmount(FormatAmount(minor, 2), 2, std::numeric_limits<std::int64_t>::max()).minor, minor);
  }
}

}  // namespace
}  // namespace artel::kernel
