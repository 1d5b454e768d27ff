// Pool behaviour against a real throwaway PostgreSQL: transactions, retries, limits, reconnects.
#include <fmt/format.h>
#include <gtest/gtest.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

#include <boost/asio/co_spawn.hpp>
#include <boost/asio/detached.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/thread_pool.hpp>
#include <boost/asio/use_awaitable.hpp>
#include <boost/asio/use_future.hpp>
#include <filesystem>
#include <thread>

#include "artel/db/testing/database.hpp"

namespace artel::db {
namespace {

namespace asio = boost::asio;
using namespace std::chrono;
using testing::TestDatabase;

asio::awaitable<std::int64_t> Count(Pool& pool, std::string_view table) {
  const auto result = co_await pool.Query(fmt::format("SELECT count(*) FROM {}", table));
  co_return result.One().Get<std::int64_t>(0);
}

asio::awaitable<void> Sleep(milliseconds duration) {
  asio::steady_timer timer(co_await asio::this_coro::executor, duration);
  co_await timer.async_wait(asio::use_awaitable);
}

std::shared_ptr<Pool> SmallPool(TestDatabase& db, std::size_t size,
                                milliseconds acquire_timeout = seconds(5)) {
  PoolOptions options;
  options.conninfo = db.ConnInfo();
  options.max_size = size;
  options.acquire_timeout = acquire_timeout;
  return Pool::Create(db.Io().get_executor(), options);
}

TEST(PoolTest, CommittedTransactionIsVisible) {
  TestDatabase db(false);
  db.Run([&]() -> asio::awaitable<void> {
    auto& pool = db.GetPool();
    co_await pool.Query("CREATE TABLE items (id int8 PRIMARY KEY)");
    auto tx = co_await pool.Begin(Isolation::kRepeatableRead);
    co_await tx.Query("INSERT INTO items (id) VALUES ($1)", 1);
    co_await tx.Query("INSERT INTO items (id) VALUES ($1)", 2);
    const auto level = co_await tx.Query("SELECT current_setting('transaction_isolation')");
    EXPECT_EQ(level.One().Get<std::string>(0), "repeatable read");
    co_await tx.Commit();
    EXPECT_EQ(co_await Count(pool, "items"), 2);
    EXPECT_THROW(co_await tx.Query("SELECT 1"), Error);  // finished
    EXPECT_THROW(co_await tx.Commit(), Error);
  }());
}

TEST(PoolTest, DestroyedTransactionRollsBackAndTheConnectionIsReused) {
  TestDatabase db(false);
  auto pool = SmallPool(db, 1);
  db.Run([&]() -> asio::awaitable<void> {
    co_await pool->Query("CREATE TABLE items (id int8 PRIMARY KEY)");
    const auto backend = (co_await pool->Query("SELECT pg_backend_pid()")).One().Get<std::int32_t>(0);
    {
      auto tx = co_await pool->Begin();
      co_await tx.Query("INSERT INTO items (id) VALUES ($1)", 1);
    }
    // The single connection comes back only after the pool's ROLLBACK; it is the same backend.
    EXPECT_EQ((co_await pool->Query("SELECT pg_backend_pid()")).One().Get<std::int32_t>(0), backend);
    EXPECT_EQ(co_await Count(*pool, "items"), 0);
    EXPECT_EQ((co_await pool->Query("SELECT 1 FROM pg_stat_activity WHERE pid = pg_backend_pid() AND "
                                    "state = 'active' AND backend_xid IS NULL"))
                  .Size(),
              1u);
    // Failed statement inside a transaction: Commit refuses, and the connection is rolled back for reuse.
    {
      auto tx = co_await pool->Begin();
      co_await tx.Query("INSERT INTO items (id) VALUES ($1)", 5);
      EXPECT_THROW(co_await tx.Query("INSERT INTO items (id) VALUES ($1)", 5), UniqueViolation);
      EXPECT_THROW(co_await tx.Commit(), Error);
    }
    EXPECT_EQ(co_await Count(*pool, "items"), 0);
    // Explicit rollback, and a moved transaction.
    auto tx = co_await pool->Begin();
    co_await tx.Query("INSERT INTO items (id) VALUES ($1)", 7);
    Transaction moved = std::move(tx);
    co_await moved.Rollback();
    EXPECT_EQ(co_await Count(*pool, "items"), 0);
    EXPECT_EQ(pool->GetStats().size, 1u);
  }());
}

TEST(PoolTest, WithRetryRetriesARealSerializationFailure) {
  TestDatabase db(false);
  db.Run([&]() -> asio::awaitable<void> {
    auto& pool = db.GetPool();
    co_await pool.Query("CREATE TABLE ledger (id serial PRIMARY KEY, v int8 NOT NULL)");
    int attempts = 0;
    const auto seen = co_await WithRetry<std::int64_t>(
        pool, Isolation::kSerializable, [&](Transaction& tx) -> asio::awaitable<std::int64_t> {
          ++attempts;
          const auto sum =
              (co_await tx.Query("SELECT coalesce(sum(v), 0)::int8 FROM ledger")).One().Get<std::int64_t>(0);
          if (attempts == 1) {
            // A concurrent serializable transaction reads the same rows and commits a write first: write
            // skew.
            auto other = co_await pool.Begin(Isolation::kSerializable);
            co_await other.Query("SELECT coalesce(sum(v), 0)::int8 FROM ledger");
            co_await other.Query("INSERT INTO ledger (v) VALUES ($1)", 100);
            co_await other.Commit();
          }
          co_await tx.Query("INSERT INTO ledger (v) VALUES ($1)", sum + 1);
          co_return sum;
        });
    EXPECT_EQ(attempts, 2);
    EXPECT_EQ(seen, 100);
    const auto values = co_await pool.Query("SELECT array_agg(v ORDER BY v) FROM ledger");
    EXPECT_EQ(values.One().Get<std::vector<std::int64_t>>(0), (std::vector<std::int64_t>{100, 101}));
  }());
}

TEST(PoolTest, WithRetryGivesUpAfterTheAttemptsAndPassesOtherErrors) {
  TestDatabase db(false);
  db.Run([&]() -> asio::awaitable<void> {
    auto& pool = db.GetPool();
    int attempts = 0;
    EXPECT_THROW(
        co_await WithRetry<void>(
            pool, Isolation::kSerializable,
            [&](Transaction& tx) -> asio::awaitable<void> {
              ++attempts;
              // Raises SQLSTATE 40001 from the server, as a real conflict would.
              co_await tx.Query("DO $$ BEGIN RAISE EXCEPTION 'conflict' USING ERRCODE = '40001'; END $$");
            },
            3),
        SerializationFailure);
    EXPECT_EQ(attempts, 3);
    attempts = 0;
    EXPECT_THROW(co_await WithRetry<void>(pool, Isolation::kReadCommitted,
                                          [&](Transaction& tx) -> asio::awaitable<void> {
                                            ++attempts;
                                            co_await tx.Query("SELEC 1");
                                          }),
                 SyntaxError);
    EXPECT_EQ(attempts, 1);
  }());
}

TEST(PoolTest, AcquireTimesOutWhenAllConnectionsAreHeld) {
  TestDatabase db(false);
  auto pool = SmallPool(db, 2, milliseconds(200));
  db.Run([&]() -> asio::awaitable<void> {
    auto first = co_await pool->Begin();
    auto second = co_await pool->Begin();
    EXPECT_EQ(pool->GetStats().size, 2u);
    const auto start = steady_clock::now();
    EXPECT_THROW(co_await pool->Query("SELECT 1"), PoolTimeout);
    EXPECT_GE(steady_clock::now() - start, milliseconds(190));
    EXPECT_EQ(pool->GetStats().waiting, 0u);
    co_await first.Commit();
    EXPECT_EQ((co_await pool->Query("SELECT 1")).One().Get<std::int32_t>(0), 1);
  }());
}

TEST(PoolTest, WaitersAreServedInOrderWhenConnectionsReturn) {
  TestDatabase db(false);
  auto pool = SmallPool(db, 1);
  std::vector<int> served;
  db.Run([&]() -> asio::awaitable<void> {
    auto held = co_await pool->Begin();
    for (int i = 0; i < 3; ++i) {
      asio::co_spawn(
          db.Io(),
          [&, i]() -> asio::awaitable<void> {
            co_await pool->Query("SELECT $1::int4", i);
            served.push_back(i);
          },
          asio::detached);
      co_await Sleep(milliseconds(5));
    }
    EXPECT_EQ(pool->GetStats().waiting, 3u);
    co_await held.Commit();
  }());
  EXPECT_EQ(served, (std::vector<int>{0, 1, 2}));
  EXPECT_EQ(pool->GetStats().size, 1u);
  EXPECT_EQ(pool->GetStats().idle, 1u);
}

TEST(PoolTest, ManyThreadsShareOnePool) {
  TestDatabase db(false);
  asio::thread_pool threads(4);
  PoolOptions options;
  options.conninfo = db.ConnInfo();
  options.max_size = 3;
  auto pool = Pool::Create(threads.get_executor(), options);
  std::vector<std::future<std::int64_t>> results;
  for (int i = 0; i < 40; ++i) {
    results.push_back(asio::co_spawn(
        threads,
        [pool, i]() -> asio::awaitable<std::int64_t> {
          if (i % 3 == 0) {
            auto tx = co_await pool->Begin();
            const auto v = (co_await tx.Query("SELECT $1::int8 + 1", i)).One().Get<std::int64_t>(0);
            if (i % 2 == 0) co_await tx.Commit();  // odd ones roll back on destruction
            co_return v;
          }
          co_return (co_await pool->Query("SELECT $1::int8 + 1", i)).One().Get<std::int64_t>(0);
        },
        asio::use_future));
  }
  for (int i = 0; i < 40; ++i) EXPECT_EQ(results[static_cast<std::size_t>(i)].get(), i + 1);
  threads.join();
  EXPECT_LE(pool->GetStats().size, 3u);
  EXPECT_EQ(pool->GetStats().waiting, 0u);
}

TEST(PoolTest, CloseFailsWaitersAndLaterCalls) {
  TestDatabase db(false);
  auto pool = SmallPool(db, 1);
  db.Run([&]() -> asio::awaitable<void> {
    auto held = co_await pool->Begin();
    bool waiter_failed = false;
    asio::co_spawn(
        db.Io(),
        [&]() -> asio::awaitable<void> {
          try {
            co_await pool->Query("SELECT 1");
          } catch (const ConnectionError&) {
            waiter_failed = true;
          }
        },
        asio::detached);
    co_await Sleep(milliseconds(20));
    pool->Close();
    co_await Sleep(milliseconds(20));
    EXPECT_TRUE(waiter_failed);
    EXPECT_THROW(co_await pool->Query("SELECT 1"), ConnectionError);
    co_await held.Commit();
    EXPECT_EQ(pool->GetStats().size, 0u);
  }());
}

TEST(PoolTest, ConnectFailureIsAConnectionError) {
  TestDatabase db(false);
  PoolOptions options;
  options.conninfo = db.ConnInfo() + " dbname=no_such_database_here";
  auto pool = Pool::Create(db.Io().get_executor(), options);
  db.Run([&]() -> asio::awaitable<void> {
    EXPECT_THROW(co_await pool->Query("SELECT 1"), ConnectionError);
    EXPECT_EQ(pool->GetStats().size, 0u);
  }());
}

TEST(PoolTest, ConnectTimesOutAgainstAServerThatNeverAnswers) {
  TestDatabase db(false);
  // A Unix socket that accepts connections in the kernel backlog but never speaks.
  std::string dir = "/tmp/artel-silent-XXXXXX";
  ASSERT_NE(::mkdtemp(dir.data()), nullptr);
  const std::string path = dir + "/.s.PGSQL.5432";
  const int listener = ::socket(AF_UNIX, SOCK_STREAM, 0);
  ASSERT_GE(listener, 0);
  sockaddr_un address{};
  address.sun_family = AF_UNIX;
  std::snprintf(address.sun_path, sizeof address.sun_path, "%s", path.c_str());
  ASSERT_EQ(::bind(listener, reinterpret_cast<const sockaddr*>(&address), sizeof address), 0);
  ASSERT_EQ(::listen(listener, 8), 0);
  PoolOptions options;
  options.conninfo = fmt::format("host={} port=5432 user=postgres dbname=postgres", dir);
  options.connect_timeout = milliseconds(300);
  auto pool = Pool::Create(db.Io().get_executor(), options);
  const auto start = steady_clock::now();
  db.Run([&]() -> asio::awaitable<void> {
    try {
      co_await pool->Query("SELECT 1");
      ADD_FAILURE() << "expected ConnectionError";
    } catch (const ConnectionError& e) {
      EXPECT_NE(std::string(e.what()).find("timed out"), std::string::npos) << e.what();
    }
  }());
  EXPECT_LT(steady_clock::now() - start, seconds(3));
  EXPECT_EQ(pool->GetStats().size, 0u);
  ::close(listener);
  std::filesystem::remove_all(dir);
}

TEST(PoolTest, ReconnectsAfterTheServerRestarts) {
  TestDatabase db(false);
  db.Run([&]() -> asio::awaitable<void> {
    // Several idle connections that the restart will kill.
    std::vector<Transaction> held;
    for (int i = 0; i < 3; ++i) held.push_back(co_await db.GetPool().Begin());
    for (auto& tx : held) co_await tx.Commit();
    EXPECT_EQ(db.GetPool().GetStats().idle, 3u);
  }());

  // In flight during the restart: the query fails with ConnectionError.
  std::thread restarter([] {
    std::this_thread::sleep_for(milliseconds(300));
    TestDatabase::Cluster().Restart();
  });
  bool in_flight_failed = false;
  db.Run([&]() -> asio::awaitable<void> {
    try {
      co_await db.GetPool().Query("SELECT pg_sleep(10)");
    } catch (const ConnectionError& e) {
      in_flight_failed = true;
    }
  }());
  restarter.join();
  EXPECT_TRUE(in_flight_failed);

  // After the restart: stale idle connections are dropped and new ones opened; every query succeeds.
  db.Run([&]() -> asio::awaitable<void> {
    for (int i = 0; i < 5; ++i) {
      EXPECT_EQ((co_await db.GetPool().Query("SELECT $1::int4", i)).One().Get<std::int32_t>(0), i);
    }
  }());
  EXPECT_LE(db.GetPool().GetStats().size, 3u);
}

}  // namespace
}  // namespace artel::db
