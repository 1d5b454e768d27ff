// platform::RateLimiter against a real throwaway PostgreSQL: fixed windows per key, shared by every limiter
// on the same database (as instances of a scaled-out deployment are), checks that count nothing, and the
// sweep.
#include <gtest/gtest.h>

#include <boost/asio/co_spawn.hpp>
#include <boost/asio/detached.hpp>

#include "artel/core/error.hpp"
#include "artel/db/testing/database.hpp"
#include "artel/platform/rate_limiter.hpp"

namespace artel::platform {
namespace {

using db::testing::TestDatabase;
using std::chrono::seconds;

TEST(RateLimiterTest, AllowsUpToTheLimitPerWindow) {
  TestDatabase db;
  ManualClock clock;
  RateLimiter limiter(db.GetPool(), clock);
  for (int i = 0; i < 3; ++i) EXPECT_FALSE(db.Run(limiter.Hit("login:1.2.3.4", 3, seconds(60)))) << i;
  auto wait = db.Run(limiter.Hit("login:1.2.3.4", 3, seconds(60)));
  ASSERT_TRUE(wait);
  EXPECT_EQ(*wait, seconds(60));
  // Other keys have their own windows.
  EXPECT_FALSE(db.Run(limiter.Hit("login:5.6.7.8", 3, seconds(60))));

  clock.Advance(seconds(45));
  wait = db.Run(limiter.Hit("login:1.2.3.4", 3, seconds(60)));
  ASSERT_TRUE(wait);
  EXPECT_EQ(*wait, seconds(15));

  clock.Advance(std::chrono::milliseconds(14500));
  wait = db.Run(limiter.Hit("login:1.2.3.4", 3, seconds(60)));
  ASSERT_TRUE(wait);
  EXPECT_EQ(*wait, seconds(1));  // rounded up, never zero

  clock.Advance(std::chrono::milliseconds(500));
  EXPECT_FALSE(db.Run(limiter.Hit("login:1.2.3.4", 3, seconds(60))));  // a new window
}

TEST(RateLimiterTest, TwoLimitersOnOneDatabaseShareTheCount) {
  TestDatabase db;
  ManualClock clock;
  RateLimiter first(db.GetPool(), clock);
  RateLimiter second(db.GetPool(), clock);
  EXPECT_FALSE(db.Run(first.Hit("k", 2, seconds(60))));
  EXPECT_FALSE(db.Run(second.Hit("k", 2, seconds(60))));
  EXPECT_TRUE(db.Run(first.Hit("k", 2, seconds(60))));
  EXPECT_TRUE(db.Run(second.Check("k", 2)));
}

TEST(RateLimiterTest, CheckCountsNothingAndHitOrThrowRaisesRateLimited) {
  TestDatabase db;
  ManualClock clock;
  RateLimiter limiter(db.GetPool(), clock);
  for (int i = 0; i < 5; ++i) EXPECT_FALSE(db.Run(limiter.Check("fail", 2)));
  db.Run(limiter.Hit("fail", 2, seconds(30)));
  EXPECT_FALSE(db.Run(limiter.Check("fail", 2)));
  db.Run(limiter.Hit("fail", 2, seconds(30)));
  auto wait = db.Run(limiter.Check("fail", 2));
  ASSERT_TRUE(wait);
  EXPECT_EQ(*wait, seconds(30));
  try {
    db.Run(limiter.CheckOrThrow("fail", 2));
    ADD_FAILURE() << "not limited";
  } catch (const Error& error) {
    EXPECT_EQ(error.Code(), ErrorCode::kRateLimited);
  }
  db.Run(limiter.Reset("fail"));
  EXPECT_FALSE(db.Run(limiter.Check("fail", 2)));
  // A hammered key saturates instead of counting on.
  for (int i = 0; i < 50; ++i) db.Run(limiter.Hit("hammer", 2, seconds(30)));
  auto hits = db.Run(db.GetPool().Query("SELECT hits FROM platform.rate_limits WHERE key = 'hammer'"));
  EXPECT_EQ(hits.One().Get<std::int32_t>(0), 3);
}

TEST(RateLimiterTest, TheSweepDeletesEndedWindowsOnly) {
  TestDatabase db;
  ManualClock clock;
  RateLimiter limiter(db.GetPool(), clock);
  db.Run(limiter.Hit("short", 5, seconds(10)));
  db.Run(limiter.Hit("long", 5, seconds(100)));
  clock.Advance(seconds(20));
  EXPECT_EQ(db.Run(limiter.Sweep(clock.Now())), 1);
  auto keys = db.Run(db.GetPool().Query("SELECT key FROM platform.rate_limits"));
  ASSERT_EQ(keys.Size(), 1u);
  EXPECT_EQ(keys.One().Get<std::string>(0), "long");
}

}  // namespace
}  // namespace artel::platform
