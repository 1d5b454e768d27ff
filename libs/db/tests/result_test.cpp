// Decoding of libpq's text format, on PGresults built with libpq's own result-construction API (the same
// text the server sends). Decoding of values a real server produces is covered in query_test.cpp.
#include "artel/db/result.hpp"

#include <gtest/gtest.h>

#include <boost/json/parse.hpp>

#include "artel/db/errors.hpp"
#include "result_data.hpp"

namespace artel::db {
namespace {

using namespace std::chrono;

/// One row; nullopt cells are SQL NULL.
Result MakeResult(const std::vector<std::string>& names,
                  const std::vector<std::optional<std::string>>& cells) {
  detail::PgResultPtr pg(PQmakeEmptyPGresult(nullptr, PGRES_TUPLES_OK));
  std::vector<PGresAttDesc> attrs(names.size());
  for (std::size_t i = 0; i < names.size(); ++i) {
    attrs[i] = PGresAttDesc{const_cast<char*>(names[i].c_str()), 0, 0, 0, 25, -1, -1};
  }
  EXPECT_TRUE(PQsetResultAttrs(pg.get(), static_cast<int>(attrs.size()), attrs.data()));
  for (std::size_t i = 0; i < cells.size(); ++i) {
    const auto& cell = cells[i];
    EXPECT_TRUE(PQsetvalue(pg.get(), 0, static_cast<int>(i),
                           cell ? const_cast<char*>(cell->c_str()) : nullptr,
                           cell ? static_cast<int>(cell->size()) : -1));
  }
  return Result(std::make_shared<detail::ResultData>(std::move(pg)));
}

Result One(std::optional<std::string> value) {
  return MakeResult({"v"}, {std::move(value)});
}

TEST(ResultTest, ScalarsDecode) {
  const auto result = MakeResult({"b", "i16", "i32", "i64", "d", "s"},
                                 {"t", "-32768", "2147483647", "-9223372036854775808", "2.5", "текст"});
  ASSERT_EQ(result.Size(), 1u);
  ASSERT_EQ(result.Columns(), 6u);
  const auto row = result.One();
  EXPECT_TRUE(row.Get<bool>("b"));
  EXPECT_EQ(row.Get<std::int16_t>("i16"), -32768);
  EXPECT_EQ(row.Get<std::int32_t>("i32"), 2147483647);
  EXPECT_EQ(row.Get<std::int64_t>("i64"), std::numeric_limits<std::int64_t>::min());
  EXPECT_DOUBLE_EQ(row.Get<double>("d"), 2.5);
  EXPECT_EQ(row.Get<std::string>("s"), "текст");
  EXPECT_EQ(row.Get<std::string_view>(5), "текст");
  EXPECT_FALSE(One("f").One().Get<bool>(0));
}

TEST(ResultTest, IntegerRangeAndSyntaxAreChecked) {
  EXPECT_THROW(One("32768").One().Get<std::int16_t>(0), Error);
  EXPECT_THROW(One("2147483648").One().Get<std::int32_t>(0), Error);
  EXPECT_THROW(One("9223372036854775808").One().Get<std::int64_t>(0), Error);
  EXPECT_THROW(One("12x").One().Get<std::int64_t>(0), Error);
  EXPECT_THROW(One("").One().Get<std::int64_t>(0), Error);
  EXPECT_THROW(One("yes").One().Get<bool>(0), Error);
  EXPECT_THROW(One("1.5.2").One().Get<double>(0), Error);
}

TEST(ResultTest, ErrorsNameTheColumn) {
  const auto result = MakeResult({"amount"}, {"abc"});
  try {
    result.One().Get<std::int64_t>(0);
    FAIL() << "expected db::Error";
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("amount"), std::string::npos) << e.what();
  }
  EXPECT_THROW(result.One().Get<std::int64_t>("missing"), Error);
  EXPECT_THROW(result.One().Get<std::int64_t>(3), Error);
}

TEST(ResultTest, NullsNeedOptional) {
  const auto result = One(std::nullopt);
  const auto row = result.One();
  EXPECT_TRUE(row.IsNull(0));
  EXPECT_THROW(row.Get<std::string>(0), Error);
  EXPECT_THROW(row.Get<std::int64_t>(0), Error);
  EXPECT_EQ(row.Get<std::optional<std::int64_t>>(0), std::nullopt);
  EXPECT_EQ(row.Get<std::optional<std::string>>("v"), std::nullopt);
  EXPECT_EQ(One("7").One().Get<std::optional<std::int64_t>>(0), 7);
}

TEST(ResultTest, DoubleSpecialValues) {
  EXPECT_TRUE(std::isnan(One("NaN").One().Get<double>(0)));
  EXPECT_EQ(One("Infinity").One().Get<double>(0), std::numeric_limits<double>::infinity());
  EXPECT_EQ(One("-Infinity").One().Get<double>(0), -std::numeric_limits<double>::infinity());
  EXPECT_DOUBLE_EQ(One("1e-300").One().Get<double>(0), 1e-300);
}

TEST(ResultTest, TimestampsParseWithOffsetsAndFractions) {
  using Time = system_clock::time_point;
  const Time base = sys_days{2026y / 11 / 22} + 4h + 33min + 57s;
  EXPECT_EQ(One("2026-11-22 04:33:57.123456+00").One().Get<Time>(0), base + 123456us);
  EXPECT_EQ(One("2026-11-22 04:33:57+00").One().Get<Time>(0), base);
  EXPECT_EQ(One("2026-11-22 04:33:57.5+00").One().Get<Time>(0), base + 500ms);
  EXPECT_EQ(One("2026-11-22 10:03:57+05:30").One().Get<Time>(0), base);
  EXPECT_EQ(One("2026-11-22 01:03:12-03:30:45").One().Get<Time>(0), base);
  EXPECT_EQ(One("2026-11-22T04:33:57Z").One().Get<Time>(0), base);
  EXPECT_EQ(One("2026-11-22 04:33:57").One().Get<Time>(0), base);  // timestamp without time zone
  EXPECT_EQ(One("1969-12-31 23:59:59.999999+00").One().Get<Time>(0), Time{} - 1us);
  EXPECT_THROW(One("2026-13-01 00:00:00+00").One().Get<Time>(0), Error);
  EXPECT_THROW(One("2026-02-30 00:00:00+00").One().Get<Time>(0), Error);
  EXPECT_THROW(One("infinity").One().Get<Time>(0), Error);
  EXPECT_THROW(One("2026-11-22 04:33:57+00 junk").One().Get<Time>(0), Error);
}

TEST(ResultTest, JsonParses) {
  const auto value = One(R"({"a": [1, "x"], "b": null})").One().Get<boost::json::value>(0);
  EXPECT_EQ(value, boost::json::parse(R"({"a":[1,"x"],"b":null})"));
  EXPECT_THROW(One("{bad").One().Get<boost::json::value>(0), Error);
}

TEST(ResultTest, TextArraysUnquoteAndUnescape) {
  using Strings = std::vector<std::string>;
  EXPECT_EQ(One("{}").One().Get<Strings>(0), Strings{});
  EXPECT_EQ(One(R"({a,"b c","q\"uote","back\\slash","",NULLS,"NULL"})").One().Get<Strings>(0),
            (Strings{"a", "b c", "q\"uote", "back\\slash", "", "NULLS", "NULL"}));
  EXPECT_EQ(One("{привет,мир}").One().Get<Strings>(0), (Strings{"привет", "мир"}));
  EXPECT_EQ(One("[0:1]={x,y}").One().Get<Strings>(0), (Strings{"x", "y"}));
  EXPECT_THROW(One("{a,NULL}").One().Get<Strings>(0), Error);
  EXPECT_THROW(One("{{a,b},{c,d}}").One().Get<Strings>(0), Error);
  EXPECT_THROW(One(R"({"unterminated})").One().Get<Strings>(0), Error);
  EXPECT_THROW(One("{a,b").One().Get<Strings>(0), Error);
  EXPECT_THROW(One("a,b").One().Get<Strings>(0), Error);
}

TEST(ResultTest, IntegerArrays) {
  using Ints = std::vector<std::int64_t>;
  EXPECT_EQ(One("{1,-2,9223372036854775807}").One().Get<Ints>(0), (Ints{1, -2, 9223372036854775807LL}));
  EXPECT_EQ(One("{}").One().Get<Ints>(0), Ints{});
  EXPECT_THROW(One("{1,x}").One().Get<Ints>(0), Error);
  EXPECT_THROW(One("{1,NULL}").One().Get<Ints>(0), Error);
}

TEST(ResultTest, RowAccessAndIteration) {
  const Result empty;
  EXPECT_TRUE(empty.Empty());
  EXPECT_FALSE(empty.First());
  EXPECT_THROW(empty.One(), Error);
  EXPECT_THROW(empty[0], Error);
  EXPECT_EQ(empty.AffectedRows(), 0u);
  const auto result = One("x");
  int rows = 0;
  for (const auto row : result) {
    EXPECT_EQ(row.Get<std::string>(0), "x");
    ++rows;
  }
  EXPECT_EQ(rows, 1);
  ASSERT_TRUE(result.First());
  EXPECT_EQ(result.First()->Get<std::string>("v"), "x");
}

}  // namespace
}  // namespace artel::db
