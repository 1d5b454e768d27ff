// The open registry of notification kinds, on a real throwaway PostgreSQL.
#include <gtest/gtest.h>

#include "artel/db/testing/database.hpp"
#include "artel/i18n/catalog.hpp"
#include "artel/notifications/notifications.hpp"
#include "inbox.hpp"

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
  notifier.On<Sold>({.name = "item_sold"}, [](const Sold& e) {
    std::vector<Notice> notices;
    for (auto buyer : e.buyers) notices.push_back({buyer, boost::json::object{{"item", e.item}}});
    return notices;
  });
  ASSERT_NE(notifier.Find("item_sold"), nullptr);
  EXPECT_EQ(notifier.Kinds().size(), 1u);
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
  notifier.On<Sold>({.name = "item_sold"}, none);
  EXPECT_THROW(notifier.On<Sold>({.name = "item_sold"}, none), std::logic_error);
  EXPECT_THROW(
      notifier.On<Sold>({.name = "password_changed", .site = Interval::kNever, .locked = true}, none),
      std::logic_error)
      << "a locked kind that would never be delivered";
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

awaitable<void> Prefer(db::Pool& pool, std::int64_t user, std::string kind, std::string channel,
                       std::string frequency) {
  co_await pool.Query(
      "INSERT INTO notifications.preferences (user_id, kind, channel, frequency, updated_at) "
      "VALUES ($1, $2, $3, $4, now())",
      user, kind, channel, frequency);
}

struct Mailer {
  TestDatabase db;
  platform::EventBus bus;
  Notifier notifier{bus};
  std::int64_t user = 0;

  Mailer() {
    notifier.On<Sold>({.name = "item_sold",
                       .email = Interval::kImmediately,
                       .path = [](const boost::json::object&) { return std::string("/order/7"); }},
                      [](const Sold& e) {
                        std::vector<Notice> notices;
                        for (auto buyer : e.buyers) notices.push_back({buyer, {{"order_name", e.item}}});
                        return notices;
                      });
    notifier.On<Sold>(
        {.name = "item_locked", .group = Group::kAccount, .email = Interval::kImmediately, .locked = true},
        [](const Sold&) { return std::vector<Notice>{}; });
    user = db.Run(NewUser(db.GetPool(), "buyer@example.com"));
  }

  void Sell(const std::string& kind) {
    db.Run([&]() -> awaitable<void> {
      auto tx = co_await db.GetPool().Begin();
      const boost::json::object payload{{"order_name", "lamp"}};
      co_await notifier.Write(tx, user, kind, payload, DefaultClock().Now());
      co_await tx.Commit();
    }());
  }

  std::int64_t Count(const std::string& sql) {
    return db.Run(db.GetPool().Query(sql)).One().Get<std::int64_t>(0);
  }
};

TEST(NotifierPreferencesTest, SiteNeverWritesNoRowButALockedKindIsAlwaysWritten) {
  Mailer m;
  m.Sell("item_sold");
  EXPECT_EQ(m.Count("SELECT count(*) FROM notifications.notifications"), 1) << "the default: on the site";
  m.db.Run(Prefer(m.db.GetPool(), m.user, "item_sold", "site", "never"));
  m.db.Run(Prefer(m.db.GetPool(), m.user, "item_locked", "site", "never"));
  m.Sell("item_sold");
  EXPECT_EQ(m.Count("SELECT count(*) FROM notifications.notifications"), 1) << "switched off on the site";
  m.Sell("item_locked");
  EXPECT_EQ(m.Count("SELECT count(*) FROM notifications.notifications WHERE kind = 'item_locked'"), 1)
      << "a locked kind ignores a stored never";
}

TEST(NotifierPreferencesTest, AnImmediateMailNeedsTheMailDeliveryAndAConfirmedEmail) {
  Mailer m;
  m.Sell("item_sold");
  EXPECT_EQ(m.Count("SELECT count(*) FROM mail.outbox"), 0) << "no MailDelivery: the site only";
  auto catalog = i18n::Catalog::Load(ARTEL_SOURCE_DIR "/i18n", {"en", "ru"});
  m.notifier.UseMail({"https://artel.example", "0123456789abcdef0123456789abcdef", &catalog});
  m.Sell("item_sold");
  EXPECT_EQ(m.Count("SELECT count(*) FROM mail.outbox"), 0) << "the e-mail is not confirmed";
  m.db.Run(m.db.GetPool().Query(
      "UPDATE identity.users SET email_verified_at = now(), lang = 'ru' WHERE id = $1", m.user));
  m.Sell("item_sold");
  auto rows = m.db.Run(m.db.GetPool().Query(
      "SELECT recipient, lang, template, params->>'link', params->>'item', headers FROM mail.outbox"));
  ASSERT_EQ(rows.Size(), 1u);
  EXPECT_EQ(rows[0].Get<std::string>(0), "buyer@example.com");
  EXPECT_EQ(rows[0].Get<std::string>(1), "ru");
  EXPECT_EQ(rows[0].Get<std::string>(2), "notifications:mail.notification");
  EXPECT_EQ(rows[0].Get<std::string>(3), "https://artel.example/ru/order/7");
  EXPECT_EQ(rows[0].Get<std::string>(4), "lamp");
  const auto headers = rows[0].Get<boost::json::value>(5).as_array();
  ASSERT_EQ(headers.size(), 2u);
  const std::string unsubscribe(headers[0].as_array()[1].as_string());
  const std::string prefix = "<https://artel.example/api/notifications/unsubscribe?token=";
  ASSERT_TRUE(unsubscribe.starts_with(prefix)) << unsubscribe;
  const std::string token = unsubscribe.substr(prefix.size(), unsubscribe.size() - prefix.size() - 1);
  EXPECT_EQ(VerifyUnsubscribe("0123456789abcdef0123456789abcdef", token),
            (UnsubscribeClaim{m.user, {"item_sold"}, Channel::kEmail}));
  EXPECT_EQ(headers[1].as_array()[1].as_string(), "List-Unsubscribe=One-Click");

  m.db.Run(Prefer(m.db.GetPool(), m.user, "item_sold", "email", "daily"));
  m.Sell("item_sold");
  EXPECT_EQ(m.Count("SELECT count(*) FROM mail.outbox"), 1) << "a digest interval sends no immediate mail";
}

TEST(InboxTest, TheListShowsTheReadersOwnOnTheSiteNewestFirstAndMarkingReadOnlyTouchesTheirs) {
  TestDatabase db;
  auto& pool = db.GetPool();
  const auto reader = db.Run(NewUser(pool, "reader@example.com"));
  const auto other = db.Run(NewUser(pool, "other@example.com"));
  auto add = [&](std::int64_t user, std::string kind, bool on_site) {
    db.Run(
        pool.Query("INSERT INTO notifications.notifications (user_id, kind, payload, created_at, on_site) "
                   "VALUES ($1, $2, '{\"n\": 1}', now(), $3)",
                   user, kind, on_site));
  };
  for (int i = 0; i < Inbox::kListLimit + 2; ++i) add(reader, "bid_received", true);
  add(reader, "order_completed", true);
  add(reader, "deal_funded", false);  // kept only for an e-mail digest
  add(other, "bid_selected", true);
  ManualClock clock;
  const Inbox inbox(pool, clock);
  const Actor actor{.user_id = reader};

  const auto list = db.Run(inbox.List(actor));
  ASSERT_EQ(list.items.size(), static_cast<std::size_t>(Inbox::kListLimit));
  EXPECT_EQ(list.items.front().kind, "order_completed") << "newest first";
  EXPECT_FALSE(list.items.front().read);
  EXPECT_EQ(list.items.front().payload, (boost::json::value{{"n", 1}}));
  EXPECT_EQ(list.unread, Inbox::kListLimit + 3) << "every unread one on the site, beyond the page too";

  db.Run(inbox.MarkRead(actor));
  const auto after = db.Run(inbox.List(actor));
  EXPECT_EQ(after.unread, 0);
  EXPECT_TRUE(after.items.front().read);
  const auto others = db.Run(inbox.List(Actor{.user_id = other}));
  ASSERT_EQ(others.items.size(), 1u);
  EXPECT_FALSE(others.items.front().read) << "another user's stay unread";
  EXPECT_EQ(others.unread, 1);
}

}  // namespace
}  // namespace artel::notifications
