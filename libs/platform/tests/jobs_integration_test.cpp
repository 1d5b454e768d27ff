// Jobs and events against a real throwaway PostgreSQL: one round per cluster, listeners inside the
// publisher's transaction.
#include <gtest/gtest.h>

#include <atomic>
#include <boost/asio/co_spawn.hpp>
#include <boost/asio/detached.hpp>
#include <stdexcept>

#include "artel/db/testing/database.hpp"
#include "artel/platform/events.hpp"
#include "artel/platform/jobs.hpp"

namespace artel::platform {
namespace {

using boost::asio::awaitable;
using db::testing::TestDatabase;

Job CountingJob(std::atomic<int>& runs, std::chrono::seconds interval = std::chrono::seconds(60)) {
  return Job{"test.count", interval, [&runs](TimePoint) -> awaitable<void> {
               ++runs;
               co_return;
             }};
}

TEST(JobRunnerTest, ARoundRunsOnOneInstanceOnly) {
  TestDatabase db;
  std::atomic<int> runs{0};
  JobRunner first(db.GetPool(), DefaultClock(), "first");
  JobRunner second(db.GetPool(), DefaultClock(), "second");
  first.Add(CountingJob(runs));
  second.Add(CountingJob(runs));

  EXPECT_TRUE(db.Run(first.RunRoundIfDue(first.Jobs()[0])));
  EXPECT_FALSE(db.Run(second.RunRoundIfDue(second.Jobs()[0]))) << "the round is taken";
  EXPECT_FALSE(db.Run(first.RunRoundIfDue(first.Jobs()[0]))) << "not due again within the interval";
  EXPECT_EQ(runs, 1);

  // An interval later (the round's start moved back), whichever instance asks first gets the next round.
  db.Run(
      db.GetPool().Query("UPDATE platform.job_rounds SET started_at = started_at - interval '61 seconds'"));
  EXPECT_TRUE(db.Run(second.RunRoundIfDue(second.Jobs()[0])));
  EXPECT_FALSE(db.Run(first.RunRoundIfDue(first.Jobs()[0])));
  EXPECT_EQ(runs, 2);
  auto owner =
      db.Run(db.GetPool().Query("SELECT instance FROM platform.job_rounds WHERE name = 'test.count'"));
  EXPECT_EQ(owner.One().Get<std::string>(0), "second");
}

TEST(JobRunnerTest, ConcurrentClaimsGiveTheRoundToExactlyOne) {
  TestDatabase db;
  std::atomic<int> runs{0};
  std::vector<std::unique_ptr<JobRunner>> runners;
  for (int i = 0; i < 6; ++i) {
    runners.push_back(
        std::make_unique<JobRunner>(db.GetPool(), DefaultClock(), "instance" + std::to_string(i)));
    runners.back()->Add(CountingJob(runs));
  }
  std::atomic<int> claimed{0};
  for (auto& runner : runners) {
    boost::asio::co_spawn(
        db.Io(),
        [&claimed, r = runner.get()]() -> awaitable<void> {
          if (co_await r->RunRoundIfDue(r->Jobs()[0])) ++claimed;
        },
        boost::asio::detached);
  }
  db.Io().restart();
  db.Io().run();
  EXPECT_EQ(claimed, 1);
  EXPECT_EQ(runs, 1);
}

TEST(JobRunnerTest, AFailingRoundIsLoggedAndCountsAsRun) {
  TestDatabase db;
  JobRunner runner(db.GetPool(), DefaultClock(), "solo");
  runner.Add(Job{"test.fail", std::chrono::seconds(60), [](TimePoint) -> awaitable<void> {
                   throw std::runtime_error("boom");
                   co_return;
                 }});
  EXPECT_TRUE(db.Run(runner.RunRoundIfDue(runner.Jobs()[0])));
  EXPECT_FALSE(db.Run(runner.RunRoundIfDue(runner.Jobs()[0])));
}

TEST(JobRunnerTest, BadJobsAreRefused) {
  TestDatabase db(false);
  JobRunner runner(db.GetPool(), DefaultClock(), "solo");
  std::atomic<int> runs{0};
  runner.Add(CountingJob(runs));
  EXPECT_THROW(runner.Add(CountingJob(runs)), std::logic_error) << "two jobs of one name";
  EXPECT_THROW(runner.Add(Job{"test.fast", std::chrono::seconds(0), CountingJob(runs).run}),
               std::logic_error);
  EXPECT_THROW(runner.Add(Job{"", std::chrono::seconds(5), CountingJob(runs).run}), std::logic_error);
}

struct Changed {
  std::int64_t id = 0;
};

TEST(EventBusTest, ListenersWriteInThePublishersTransaction) {
  TestDatabase db;
  db.Run(db.GetPool().Query("CREATE TABLE facts (id bigint PRIMARY KEY)"));
  db.Run(db.GetPool().Query("CREATE TABLE echoes (id bigint PRIMARY KEY)"));
  EventBus bus;
  std::vector<std::int64_t> order;
  bus.Subscribe<Changed>([&order](db::Transaction& tx, const Changed& e) -> awaitable<void> {
    order.push_back(e.id);
    co_await tx.Query("INSERT INTO echoes (id) VALUES ($1)", e.id);
  });
  bus.Subscribe<Changed>([&order](db::Transaction&, const Changed& e) -> awaitable<void> {
    order.push_back(-e.id);
    co_return;
  });

  auto change = [&](std::int64_t id, bool commit) -> awaitable<void> {
    auto tx = co_await db.GetPool().Begin();
    co_await tx.Query("INSERT INTO facts (id) VALUES ($1)", id);
    const Changed event{id};
    co_await bus.Publish(tx, event);
    if (commit) co_await tx.Commit();
  };
  db.Run(change(1, true));
  db.Run(change(2, false));
  EXPECT_EQ(order, (std::vector<std::int64_t>{1, -1, 2, -2})) << "every listener, in subscription order";
  auto echoes = db.Run(db.GetPool().Query("SELECT array_agg(id ORDER BY id)::text FROM echoes"));
  EXPECT_EQ(echoes.One().Get<std::string>(0), "{1}") << "the rolled-back change took its echo with it";
}

TEST(EventBusTest, AListenerThatThrowsAbortsTheChange) {
  TestDatabase db;
  db.Run(db.GetPool().Query("CREATE TABLE facts (id bigint PRIMARY KEY)"));
  EventBus bus;
  bool later_ran = false;
  bus.Subscribe<Changed>([](db::Transaction&, const Changed&) -> awaitable<void> {
    throw std::runtime_error("ledger refused");
    co_return;
  });
  bus.Subscribe<Changed>([&later_ran](db::Transaction&, const Changed&) -> awaitable<void> {
    later_ran = true;
    co_return;
  });
  auto change = [&]() -> awaitable<void> {
    auto tx = co_await db.GetPool().Begin();
    co_await tx.Query("INSERT INTO facts (id) VALUES (1)");
    const Changed event{1};
    co_await bus.Publish(tx, event);
    co_await tx.Commit();
  };
  EXPECT_THROW(db.Run(change()), std::runtime_error);
  EXPECT_FALSE(later_ran);
  auto facts = db.Run(db.GetPool().Query("SELECT count(*) FROM facts"));
  EXPECT_EQ(facts.One().Get<std::int64_t>(0), 0);
  EXPECT_EQ(bus.ListenerCount<Changed>(), 2u);
}

}  // namespace
}  // namespace artel::platform
