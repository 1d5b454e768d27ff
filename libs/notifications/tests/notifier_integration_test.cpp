// The open registry of notification kinds, on a real throwaway PostgreSQL.
#include <gtest/gtest.h>

#include "artel/db/testing/database.hpp"
#include "artel/notifications/notifications.hpp"

namespace artel::notifications {
namespace {

using boost::asio::awaitable;
using db::testing::TestDatabase;

struct Sold {
  std::vector<std::int64_t> buyers;
  std::string item;
  TimePoint at;
};

awaitable<std::int64_t> NewUser(db::Pool& pool, std::string email) {
  auto rows = co_await pool.Query(
      "INSERT INTO identity.users (email, password_hash, name, lang, created_at, updated_at) "
      "VALUES ($1, 'x', 'N', 'en', now(), now()) RETURNING id",
      email);
  co_return rows.One().Get<std::int64_t>(0);
}

TEST(NotifierTest, ARegisteredKindWritesItsNoticesInThePublishersTransaction) {
  TestDatabase db;
  platform::EventBus bus;
  Notifier notifier(bus);
  notifier.On<Sold>("item_sold", [](const Sold& e) {
    std::vector<Notice> notices;
    for (auto buyer : e.buyers) notices.push_back({buyer, boost::json::object{{"item", e.item}}});
    return notices;
  });
  EXPECT_TRUE(notifier.Kinds().contains("item_sold"));
  const auto first = db.Run(NewUser(db.GetPool(), "a@example.com"));
  const auto second = db.Run(NewUser(db.GetPool(), "b@example.com"));

  auto sell = [&](bool commit) -> awaitable<void> {
    auto tx = co_await db.GetPool().Begin();
    Sold event;
    event.buyers = {first, second};
    event.item = commit ? "lamp" : "chair";
    event.at = DefaultClock().Now();
    co_await bus.Publish(tx, event);
    if (commit) co_await tx.Commit();
  };
  db.Run(sell(true));
  db.Run(sell(false));
  auto rows = db.Run(db.GetPool().Query(
      "SELECT user_id, kind, payload->>'item' FROM notifications.notifications ORDER BY user_id"));
  ASSERT_EQ(rows.Size(), 2u) << "one per recipient, and nothing of the rolled-back sale";
  EXPECT_EQ(rows[0].Get<std::int64_t>(0), first);
  EXPECT_EQ(rows[1].Get<std::int64_t>(0), second);
  EXPECT_EQ(rows[0].Get<std::string>(1), "item_sold");
  EXPECT_EQ(rows[0].Get<std::string>(2), "lamp");
}

TEST(NotifierTest, AKindIsRegisteredOnceAndAnUnknownKindIsRefused) {
  TestDatabase db;
  platform::EventBus bus;
  Notifier notifier(bus);
  auto none = [](const Sold&) { return std::vector<Notice>{}; };
  notifier.On<Sold>("item_sold", none);
  EXPECT_THROW(notifier.On<Sold>("item_sold", none), std::logic_error);
  EXPECT_NO_THROW(notifier.AlsoOn<Sold>("item_sold", none)) << "another event for a registered kind";
  EXPECT_THROW(notifier.AlsoOn<Sold>("item_resold", none), std::logic_error) << "only for a registered one";
  const auto user = db.Run(NewUser(db.GetPool(), "c@example.com"));
  auto write = [&]() -> awaitable<void> {
    auto tx = co_await db.GetPool().Begin();
    const boost::json::object payload;
    co_await notifier.Write(tx, user, "item_sould", payload, DefaultClock().Now());
  };
  EXPECT_THROW(db.Run(write()), std::logic_error);
}

}  // namespace
}  // namespace artel::notifications
