// E-mail digests on a real throwaway PostgreSQL: once per period at the local morning, exactly once when
// rounds repeat or overlap, nothing without news, quiet hours, the confirmed-email rule, and only the kinds
// at a digest interval.
#include <fmt/format.h>
#include <gtest/gtest.h>

#include <boost/asio/experimental/awaitable_operators.hpp>

#include "artel/db/testing/database.hpp"
#include "artel/i18n/catalog.hpp"
#include "artel/notifications/digests.hpp"

namespace artel::notifications {
namespace {

using boost::asio::awaitable;
using db::testing::TestDatabase;
using namespace std::chrono;

struct Nothing {
  TimePoint at;
};

TimePoint At(int y, unsigned m, unsigned d, int h, int min = 0) {
  return TimePoint(sys_days(year(y) / month(m) / day(d)) + hours(h) + minutes(min));
}

struct Digester {
  TestDatabase db;
  platform::EventBus bus;
  Notifier notifier{bus};
  i18n::Catalog catalog = i18n::Catalog::Load(ARTEL_SOURCE_DIR "/i18n", {"en", "ru"});
  ManualClock clock{At(2026, 11, 27, 12)};  // 15:00 in Moscow
  Digests digests{db.GetPool(), notifier, clock};
  std::int64_t user = 0;

  Digester() {
    auto none = [](const Nothing&) { return std::vector<Notice>{}; };
    notifier.On<Nothing>({.name = "bid_received",
                          .email = Interval::kDaily,
                          .path = [](const boost::json::object&) { return std::string("/order/7"); }},
                         none);
    notifier.On<Nothing>({.name = "bid_selected", .email = Interval::kImmediately}, none);
    notifier.On<Nothing>({.name = "bid_rejected", .email = Interval::kNever}, none);
    notifier.On<Nothing>({.name = "review_received", .email = Interval::kNever}, none);
    notifier.UseMail({"https://artel.example", "0123456789abcdef0123456789abcdef", &catalog});
    user = NewUser("ru", "Europe/Moscow");
  }

  std::int64_t NewUser(std::string lang, std::string zone, bool verified = true) {
    static int n = 0;
    auto rows = db.Run(db.GetPool().Query(
        "INSERT INTO identity.users (email, password_hash, name, lang, created_at, updated_at, "
        "email_verified_at) "
        "VALUES ($1, 'x', 'Анна', $2, now(), now(), CASE WHEN $3 THEN now() END) RETURNING id",
        fmt::format("user{}@example.com", ++n), lang, verified));
    const auto id = rows.One().Get<std::int64_t>(0);
    db.Run(db.GetPool().Query(
        "INSERT INTO notifications.user_settings (user_id, time_zone, updated_at) VALUES ($1, $2, now())", id,
        zone));
    return id;
  }

  void Write(std::int64_t to, const std::string& kind, const std::string& order) {
    db.Run([&]() -> awaitable<void> {
      auto tx = co_await db.GetPool().Begin();
      const boost::json::object payload{{"order_name", order}};
      co_await notifier.Write(tx, to, kind, payload, clock.Now());
      co_await tx.Commit();
    }());
  }

  int Round() { return db.Run(digests.RunRound()); }

  std::int64_t Count(const std::string& sql) {
    return db.Run(db.GetPool().Query(sql)).One().Get<std::int64_t>(0);
  }
  std::int64_t DigestMails() {
    return Count("SELECT count(*) FROM mail.outbox WHERE template = 'notifications:mail.digest'");
  }
};

TEST(DigestTest, OneDigestPerPeriodAtTheLocalMorningWithOnlyTheDigestKinds) {
  Digester d;
  d.Write(d.user, "bid_received", "Логотип");
  d.Write(d.user, "bid_received", "Сайт");
  d.Write(d.user, "bid_received", "Перевод");
  d.Write(d.user, "bid_selected", "Немедленно");
  d.Write(d.user, "bid_rejected", "Никогда");
  EXPECT_EQ(d.Round(), 0) << "15:00: today's period began before these were written";

  d.clock.Set(At(2026, 11, 28, 5, 59));  // 08:59 in Moscow
  EXPECT_EQ(d.Round(), 0) << "yesterday's period holds nothing written before its morning";
  d.clock.Set(At(2026, 11, 28, 6, 30));  // 09:30
  EXPECT_EQ(d.Round(), 1);
  EXPECT_EQ(d.Round(), 0) << "the same period twice";
  auto rows = d.db.Run(d.db.GetPool().Query(
      "SELECT lang, params->>'summary', params->>'items', params->>'period', headers FROM mail.outbox "
      "WHERE template = 'notifications:mail.digest'"));
  ASSERT_EQ(rows.Size(), 1u);
  EXPECT_EQ(rows[0].Get<std::string>(0), "ru");
  EXPECT_EQ(rows[0].Get<std::string>(1), "3 новых уведомления") << "Russian plural";
  EXPECT_EQ(rows[0].Get<std::string>(3), "раз в день");
  const auto items = rows[0].Get<std::string>(2);
  for (std::string_view order : {"Логотип", "Сайт", "Перевод"})
    EXPECT_NE(items.find(order), std::string::npos);
  EXPECT_NE(items.find("https://artel.example/ru/order/7"), std::string::npos) << items;
  EXPECT_EQ(items.find("Немедленно"), std::string::npos) << "an immediately kind is mailed on its own";
  EXPECT_EQ(items.find("Никогда"), std::string::npos);
  EXPECT_EQ(rows[0].Get<boost::json::value>(4).as_array().size(), 2u) << "List-Unsubscribe(-Post)";
  EXPECT_EQ(d.Count("SELECT count(*) FROM notifications.notifications WHERE digested_at IS NULL"), 0);

  // News after the morning waits for the next one; a day with nothing new sends nothing.
  d.Write(d.user, "bid_received", "Ещё");
  EXPECT_EQ(d.Round(), 0);
  d.clock.Set(At(2026, 11, 29, 6, 5));
  EXPECT_EQ(d.Round(), 1);
  d.clock.Set(At(2026, 11, 30, 6, 5));
  EXPECT_EQ(d.Round(), 0) << "nothing new";
  EXPECT_EQ(d.DigestMails(), 2);

  // A kind the user moved to weekly leaves the daily digest for Monday's.
  d.db.Run(d.db.GetPool().Query(
      "INSERT INTO notifications.preferences (user_id, kind, channel, frequency, updated_at) "
      "VALUES ($1, 'review_received', 'email', 'weekly', now())",
      d.user));
  d.Write(d.user, "review_received", "Отзыв");
  d.clock.Set(At(2026, 12, 1, 6, 5));  // Tuesday
  EXPECT_EQ(d.Round(), 0) << "this week's Monday morning came before it";
  d.clock.Set(At(2026, 12, 7, 6, 5));  // Monday
  EXPECT_EQ(d.Round(), 1);
  EXPECT_EQ(d.Count("SELECT count(*) FROM notifications.digests WHERE frequency = 'weekly'"), 1);
}

TEST(DigestTest, QuietHoursAndAnUnconfirmedEmailSendNothing) {
  Digester d;
  const auto unconfirmed = d.NewUser("en", "Europe/Berlin", false);
  d.db.Run(d.db.GetPool().Query(
      "UPDATE notifications.user_settings SET quiet_from = '22:00', quiet_to = '10:00' WHERE user_id = $1",
      d.user));
  d.Write(d.user, "bid_received", "Тишина");
  d.Write(unconfirmed, "bid_received", "Unconfirmed");
  d.clock.Set(At(2026, 11, 28, 6, 30));  // 09:30 in Moscow: quiet
  EXPECT_EQ(d.Round(), 0);
  d.clock.Set(At(2026, 11, 28, 7, 0));  // 10:00: the morning's digest, late
  EXPECT_EQ(d.Round(), 1);
  EXPECT_EQ(d.Count("SELECT count(*) FROM mail.outbox WHERE recipient LIKE '%example.com' AND template = "
                    "'notifications:mail.digest' AND params->>'items' LIKE '%Unconfirmed%'"),
            0)
      << "no confirmed e-mail, no digest";
  d.db.Run(
      d.db.GetPool().Query("UPDATE identity.users SET email_verified_at = now() WHERE id = $1", unconfirmed));
  EXPECT_EQ(d.Round(), 0) << "08:00 in Berlin: before that user's morning";
  d.clock.Set(At(2026, 11, 28, 8, 30));  // 09:30 in Berlin
  EXPECT_EQ(d.Round(), 1) << "once confirmed, the waiting notifications go";
  auto rows =
      d.db.Run(d.db.GetPool().Query("SELECT params->>'summary', params->>'period' FROM mail.outbox WHERE "
                                    "lang = 'en' AND template = 'notifications:mail.digest'"));
  ASSERT_EQ(rows.Size(), 1u);
  EXPECT_EQ(rows[0].Get<std::string>(0), "1 new notification");
  EXPECT_EQ(rows[0].Get<std::string>(1), "daily");
}

TEST(DigestTest, OverlappingRoundsAndAHeldRowSendExactlyOnce) {
  Digester d;
  std::vector<std::int64_t> users{d.user};
  for (int i = 0; i < 5; ++i) users.push_back(d.NewUser(i % 2 ? "en" : "ru", "America/New_York"));
  for (auto u : users) {
    d.Write(u, "bid_received", "A");
    d.Write(u, "bid_received", "B");
  }
  d.clock.Set(At(2026, 11, 28, 15));  // 10:00 in New York, 18:00 in Moscow
  // A transaction that dies holding the first user's rows (a crashed round): the rows are skipped, not lost.
  d.db.Run([&]() -> awaitable<void> {
    auto tx = co_await d.db.GetPool().Begin();
    co_await tx.Query("SELECT id FROM notifications.notifications WHERE user_id = $1 FOR UPDATE", d.user);
    EXPECT_EQ(co_await d.digests.RunRound(), 5);
    co_await tx.Rollback();
  }());
  EXPECT_EQ(d.Round(), 1) << "the held user's digest, after the holder is gone";
  // Two rounds at once over new news.
  for (auto u : users) d.Write(u, "bid_received", "C");
  d.clock.Set(At(2026, 11, 29, 15));
  const auto [a, b] = d.db.Run([&]() -> awaitable<std::tuple<int, int>> {
    using namespace boost::asio::experimental::awaitable_operators;
    co_return co_await (d.digests.RunRound() && d.digests.RunRound());
  }());
  EXPECT_EQ(a + b, 6);
  EXPECT_EQ(d.DigestMails(), 12);
  EXPECT_EQ(d.Count("SELECT count(*) FROM (SELECT user_id FROM notifications.digests GROUP BY user_id) x"),
            6);
}

}  // namespace
}  // namespace artel::notifications
