#include "artel/core/rate_limiter.hpp"

#include <gtest/gtest.h>

#include <thread>
#include <vector>

#include "artel/core/error.hpp"

namespace artel {
namespace {

using std::chrono::seconds;

TEST(RateLimiterTest, AllowsUpToTheLimitPerWindow) {
  ManualClock clock;
  RateLimiter limiter(clock);
  for (int i = 0; i < 3; ++i) EXPECT_FALSE(limiter.Hit("login:1.2.3.4", 3, seconds(60))) << i;
  auto wait = limiter.Hit("login:1.2.3.4", 3, seconds(60));
  ASSERT_TRUE(wait);
  EXPECT_EQ(*wait, seconds(60));
  // Other keys have their own windows.
  EXPECT_FALSE(limiter.Hit("login:5.6.7.8", 3, seconds(60)));

  clock.Advance(seconds(45));
  wait = limiter.Hit("login:1.2.3.4", 3, seconds(60));
  ASSERT_TRUE(wait);
  EXPECT_EQ(*wait, seconds(15));

  clock.Advance(std::chrono::milliseconds(14500));
  wait = limiter.Hit("login:1.2.3.4", 3, seconds(60));
  ASSERT_TRUE(wait);
  EXPECT_EQ(*wait, seconds(1));  // rounded up, never zero

  clock.Advance(std::chrono::milliseconds(500));
  EXPECT_FALSE(limiter.Hit("login:1.2.3.4", 3, seconds(60)));  // a new window
}

TEST(RateLimiterTest, HitOrThrowRaisesRateLimitedWithRetryAfter) {
  ManualClock clock;
  RateLimiter limiter(clock);
  limiter.HitOrThrow("k", 1, seconds(30));
  try {
    limiter.HitOrThrow("k", 1, seconds(30));
    FAIL() << "expected RateLimited";
  } catch (const Error& error) {
    EXPECT_EQ(error.Code(), ErrorCode::kRateLimited);
    ASSERT_TRUE(error.RetryAfter());
    EXPECT_EQ(*error.RetryAfter(), seconds(30));
  }
}

TEST(RateLimiterTest, ResetForgetsAKey) {
  ManualClock clock;
  RateLimiter limiter(clock);
  EXPECT_FALSE(limiter.Hit("k", 1, seconds(60)));
  EXPECT_TRUE(limiter.Hit("k", 1, seconds(60)));
  limiter.Reset("k");
  EXPECT_FALSE(limiter.Hit("k", 1, seconds(60)));
  limiter.Reset("never-seen");
}

TEST(RateLimiterTest, ZeroLimitAlwaysRejects) {
  ManualClock clock;
  RateLimiter limiter(clock);
  EXPECT_TRUE(limiter.Hit("k", 0, seconds(10)));
}

TEST(RateLimiterTest, ExpiredWindowsAreSweptAndActiveOnesKept) {
  ManualClock clock;
  RateLimiter limiter(clock);
  for (int i = 0; i < 5000; ++i) limiter.Hit("old:" + std::to_string(i), 1, seconds(10));
  EXPECT_TRUE(limiter.Hit("old:1", 1, seconds(10)));
  EXPECT_FALSE(limiter.Hit("active", 1, seconds(3600)));
  clock.Advance(seconds(11));
  // New keys arriving after the old windows expired trigger sweeps; the active window must survive them.
  for (int i = 0; i < 5000; ++i) limiter.Hit("new:" + std::to_string(i), 1, seconds(10));
  EXPECT_TRUE(limiter.Hit("active", 1, seconds(3600)));
  EXPECT_FALSE(limiter.Hit("old:1", 1, seconds(10)));
}

TEST(RateLimiterTest, CountsExactlyUnderConcurrency) {
  ManualClock clock;
  RateLimiter limiter(clock);
  constexpr int kThreads = 4;
  constexpr int kHitsPerThread = 500;
  std::atomic<int> allowed{0};
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t) {
    threads.emplace_back([&] {
      for (int i = 0; i < kHitsPerThread; ++i) {
        if (!limiter.Hit("shared", 1000, seconds(60))) ++allowed;
      }
    });
  }
  for (auto& thread : threads) thread.join();
  EXPECT_EQ(allowed.load(), 1000);
}

}  // namespace
}  // namespace artel
