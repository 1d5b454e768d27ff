#include "artel/db/params.hpp"

#include <gtest/gtest.h>

#include <boost/json/parse.hpp>

namespace artel::db {
namespace {

using namespace std::chrono;

TEST(ParamsTest, ScalarsAreText) {
  EXPECT_FALSE(ToParam(nullptr).value);
  EXPECT_EQ(ToParam("abc").value, "abc");
  EXPECT_EQ(ToParam(std::string("x")).value, "x");
  EXPECT_EQ(ToParam(true).value, "t");
  EXPECT_EQ(ToParam(false).value, "f");
  EXPECT_EQ(ToParam(std::int16_t{-32768}).value, "-32768");
  EXPECT_EQ(ToParam(std::int32_t{2147483647}).value, "2147483647");
  EXPECT_EQ(ToParam(std::int64_t{-9223372036854775807LL - 1}).value, "-9223372036854775808");
  EXPECT_EQ(ToParam(std::uint32_t{4294967295U}).value, "4294967295");
  EXPECT_FALSE(ToParam(true).binary);
}

TEST(ParamsTest, DoublesRoundTripAndSpecialValues) {
  EXPECT_EQ(ToParam(0.1).value, "0.1");
  EXPECT_EQ(ToParam(-2.5e-300).value, "-2.5e-300");
  EXPECT_EQ(ToParam(std::numeric_limits<double>::infinity()).value, "Infinity");
  EXPECT_EQ(ToParam(-std::numeric_limits<double>::infinity()).value, "-Infinity");
  EXPECT_EQ(ToParam(std::numeric_limits<double>::quiet_NaN()).value, "NaN");
}

TEST(ParamsTest, TimestampsAreUtcWithMicroseconds) {
  const auto at = sys_days{2026y / 11 / 22} + 4h + 33min + 57s + 123456us;
  EXPECT_EQ(ToParam(at).value, "2026-11-22 04:33:57.123456+00");
  EXPECT_EQ(ToParam(system_clock::time_point{}).value, "1970-01-01 00:00:00.000000+00");
  // Before the epoch the day must be floored, not truncated towards zero.
  EXPECT_EQ(ToParam(system_clock::time_point{} - 1us).value, "1969-12-31 23:59:59.999999+00");
  EXPECT_EQ(ToParam(sys_days{2199y / 12 / 31} + 23h + 59min + 59s + 999999us).value,
            "2199-12-31 23:59:59.999999+00");
  EXPECT_EQ(ToParam(sys_days{2024y / 2 / 29} + 9h + 5min + 7s + 80us).value, "2024-02-29 09:05:07.000080+00");
}

TEST(ParamsTest, JsonIsSerialized) {
  EXPECT_EQ(ToParam(boost::json::parse(R"({"a":[1,"x"]})")).value, R"({"a":[1,"x"]})");
}

TEST(ParamsTest, BytesAreBinary) {
  const std::string raw("a\0b\xff", 4);
  const auto param = ToParam(Bytes{raw});
  EXPECT_TRUE(param.binary);
  EXPECT_EQ(param.value, raw);
}

TEST(ParamsTest, ArraysAreQuotedAndEscaped) {
  EXPECT_EQ(ToParam(std::vector<std::string>{}).value, "{}");
  EXPECT_EQ(ToParam(std::vector<std::string>{"a", "b c", "q\"uote", "back\\slash", "NULL", ""}).value,
            R"({"a","b c","q\"uote","back\\slash","NULL",""})");
  EXPECT_EQ(ToParam(std::vector<std::int64_t>{1, -2, 3}).value, "{1,-2,3}");
  EXPECT_EQ(ToParam(std::vector<std::int64_t>{}).value, "{}");
}

TEST(ParamsTest, OptionalsAndMakeParams) {
  const std::optional<std::int64_t> none;
  const std::optional<std::string> some = "v";
  const auto params = MakeParams(none, some, 5, "lit");
  ASSERT_EQ(params.size(), 4u);
  EXPECT_FALSE(params[0].value);
  EXPECT_EQ(params[1].value, "v");
  EXPECT_EQ(params[2].value, "5");
  EXPECT_EQ(params[3].value, "lit");
}

}  // namespace
}  // namespace artel::db
