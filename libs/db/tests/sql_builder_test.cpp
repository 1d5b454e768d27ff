#include "artel/db/sql_builder.hpp"

#include <gtest/gtest.h>

namespace artel::db {
namespace {

TEST(SqlBuilderTest, BindsValuesAsNumberedParameters) {
  SqlBuilder sql;
  sql.And("a = " + sql.Bind(std::int64_t{7}));
  sql.And("b = " + sql.Bind(std::string("x'y")));
  sql.Append("SELECT 1 FROM t WHERE ").Append(sql.Conditions());
  EXPECT_EQ(sql.Text(), "SELECT 1 FROM t WHERE a = $1 AND b = $2");
  auto query = std::move(sql).Build("test.q_");
  ASSERT_EQ(query.params.size(), 2U);
  EXPECT_EQ(query.params[0].value, "7");
  EXPECT_EQ(query.params[1].value, "x'y");
  EXPECT_EQ(query.statement.sql, "SELECT 1 FROM t WHERE a = $1 AND b = $2");
}

TEST(SqlBuilderTest, NamesEachTextOnceByItsHash) {
  auto first = InternStatement("test.q_", "SELECT 1");
  auto again = InternStatement("test.q_", "SELECT 1");
  auto other = InternStatement("test.q_", "SELECT 2");
  EXPECT_EQ(first.name, again.name);
  EXPECT_EQ(first.sql.data(), again.sql.data());  // one stored copy
  EXPECT_NE(first.name, other.name);
  EXPECT_TRUE(first.name.starts_with("test.q_"));
  EXPECT_EQ(first.name.size(), std::string_view("test.q_").size() + 20);
  EXPECT_NE(InternStatement("other.q_", "SELECT 1").name, first.name);
}

TEST(SqlBuilderTest, NoConditionsIsEmpty) {
  SqlBuilder sql;
  EXPECT_EQ(sql.Conditions(), "");
  sql.And("x");
  EXPECT_EQ(sql.Conditions(), "x");
}

}  // namespace
}  // namespace artel::db
