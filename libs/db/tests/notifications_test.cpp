// The notification API against a real throwaway PostgreSQL: delivery, and re-LISTEN after the connection
// is killed.
#include "artel/db/notifications.hpp"

#include <gtest/gtest.h>

#include <boost/asio/co_spawn.hpp>
#include <boost/asio/detached.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/use_awaitable.hpp>
#include <functional>
#include <string>
#include <vector>

#include "artel/db/testing/database.hpp"

namespace artel::db {
namespace {

namespace asio = boost::asio;
using namespace std::chrono;
using testing::TestDatabase;

asio::awaitable<void> Sleep(milliseconds duration) {
  asio::steady_timer timer(co_await asio::this_coro::executor, duration);
  co_await timer.async_wait(asio::use_awaitable);
}

/// Polls `done` every 20 ms for up to 10 s.
asio::awaitable<bool> WaitFor(const std::function<bool()>& done) {
  for (int i = 0; i < 500; ++i) {
    if (done()) co_return true;
    co_await Sleep(milliseconds(20));
  }
  co_return done();
}

TEST(ListenerTest, DeliversAndListensAgainAfterTheConnectionIsKilled) {
  TestDatabase db(false);
  std::vector<std::pair<std::string, std::string>> received;
  int reconnects = 0;
  ListenerOptions options;
  options.connection.conninfo = db.ConnInfo();
  options.channels = {"test_events", "other_events"};
  options.min_backoff = milliseconds(50);
  Listener listener(
      db.Io().get_executor(), options,
      [&](std::string_view channel, std::string_view payload) {
        received.emplace_back(std::string(channel), std::string(payload));
      },
      [&] { ++reconnects; });
  bool finished = false;
  asio::co_spawn(db.Io(), listener.Run(), [&](std::exception_ptr) { finished = true; });

  db.Run([&]() -> asio::awaitable<void> {
    auto& pool = db.GetPool();
    EXPECT_TRUE(co_await WaitFor([&] { return listener.Listening(); }));
    co_await pool.Query("SELECT pg_notify('test_events', 'first')");
    co_await pool.Query("SELECT pg_notify('unrelated', 'never')");
    co_await pool.Query("SELECT pg_notify('other_events', 'second')");
    EXPECT_TRUE(co_await WaitFor([&] { return received.size() >= 2; }));
    EXPECT_EQ(received.size(), 2u);
    if (received.size() != 2) co_return;
    EXPECT_EQ(received[0], std::make_pair(std::string("test_events"), std::string("first")));
    EXPECT_EQ(received[1], std::make_pair(std::string("other_events"), std::string("second")));
    EXPECT_EQ(reconnects, 0);

    // A notification inside a rolled-back transaction is never delivered.
    {
      auto tx = co_await pool.Begin();
      co_await tx.Query("SELECT pg_notify('test_events', 'rolled back')");
      co_await tx.Rollback();
    }

    // Kill the listening session as a server restart or a DBA would.
    const auto killed = co_await pool.Query(
        "SELECT count(*) FROM (SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
        "WHERE datname = current_database() AND query LIKE 'LISTEN%') AS terminated");
    EXPECT_EQ(killed.One().Get<std::int64_t>(0), 1);
    EXPECT_TRUE(co_await WaitFor([&] { return reconnects == 1 && listener.Listening(); }));
    co_await pool.Query("SELECT pg_notify('test_events', 'after')");
    EXPECT_TRUE(co_await WaitFor([&] { return received.size() >= 3; }));
    EXPECT_EQ(received.size(), 3u);
    if (received.size() != 3) co_return;
    EXPECT_EQ(received[2].second, "after");

    listener.Stop();
    EXPECT_TRUE(co_await WaitFor([&] { return finished; }));
  }());
}

TEST(ListenerTest, StopBeforeTheDatabaseAnswersEndsRun) {
  TestDatabase db(false);
  ListenerOptions options;
  options.connection.conninfo = "host=127.0.0.1 port=1 dbname=none";  // nothing listens there
  options.channels = {"x"};
  Listener listener(db.Io().get_executor(), options, [](std::string_view, std::string_view) {});
  bool finished = false;
  asio::co_spawn(db.Io(), listener.Run(), [&](std::exception_ptr) { finished = true; });
  db.Run([&]() -> asio::awaitable<void> {
    co_await Sleep(milliseconds(300));
    EXPECT_FALSE(listener.Listening());
    listener.Stop();
    EXPECT_TRUE(co_await WaitFor([&] { return finished; }));
  }());
}

}  // namespace
}  // namespace artel::db
