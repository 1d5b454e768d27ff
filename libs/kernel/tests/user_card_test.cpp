// The user card projection and the money columns read by name from a real result.

#include "artel/kernel/user_card.hpp"

#include <gtest/gtest.h>

#include "artel/db/errors.hpp"
#include "artel/db/testing/database.hpp"
#include "artel/kernel/money.hpp"

namespace artel::kernel {
namespace {

using db::testing::TestDatabase;

TEST(UserCardTest, ReadsCardsAndMoneyByPrefix) {
  TestDatabase db;
  auto& pool = db.GetPool();
  db.Run(pool.Query(
      "INSERT INTO identity.users (email, password_hash, name, lastname, avatar) "
      "VALUES ('ann@test.local', 'x', 'Ann', 'Lee', 'a.png'), ('bob@test.local', 'x', 'Bob', '', NULL)"));
  const std::string sql = "SELECT " + UserCardSelect("a", "first") + ", " + UserCardSelect("b", "second") +
                          ", NULL::bigint AS third_id, 5::bigint AS price_amount, 'RUB' AS price_currency, "
                          "NULL::bigint AS fee_amount, NULL::text AS fee_currency "
                          "FROM identity.users a, identity.users b WHERE a.name = 'Ann' AND b.name = 'Bob'";
  EXPECT_EQ(UserCardSelect("c", "customer"),
            "c.id AS customer_id, c.name AS customer_name, c.lastname AS customer_lastname, "
            "c.avatar AS customer_avatar");
  auto rows = db.Run(pool.Query(sql));
  auto row = rows.One();
  auto first = ReadUserCard(row, "first");
  EXPECT_EQ(first.name, "Ann");
  EXPECT_EQ(first.lastname, "Lee");
  EXPECT_EQ(first.avatar, "a.png");
  EXPECT_EQ(FullName(first), "Ann Lee");
  auto second = ReadUserCard(row, "second");
  EXPECT_NE(second.id, first.id);
  EXPECT_FALSE(second.avatar);
  EXPECT_EQ(FullName(second), "Bob");
  EXPECT_TRUE(HasUserCard(row, "second"));
  EXPECT_FALSE(HasUserCard(row, "third"));
  EXPECT_EQ(ReadMoney(row, "price")->amount, 5);
  EXPECT_FALSE(ReadMoney(row, "fee"));
  EXPECT_THROW(ReadUserCard(row, "fourth"), db::Error);
  const UserCardColumns at(row, "second");
  EXPECT_EQ(ReadUserCard(row, at).id, second.id);
  EXPECT_EQ(ReadUserCard(row, at).name, "Bob");
  EXPECT_THROW(UserCardColumns(row, "fourth"), db::Error);
}

}  // namespace
}  // namespace artel::kernel
