#include "artel/platform/memory.hpp"

#include <gtest/gtest.h>

#include <boost/asio/co_spawn.hpp>
#include <boost/asio/detached.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/thread_pool.hpp>
#include <chrono>

namespace artel::platform {
namespace {

constexpr std::size_t kMiB = std::size_t{1} << 20;

MemoryTrimmer::Settings EightMiB() {
  return {.interval = std::chrono::seconds(1), .threshold = 8 * kMiB};
}

TEST(MemoryTrimmerTest, TrimsWhenTheFreeMemoryGrewByTheThresholdAboveItsLowestLevel) {
  boost::asio::thread_pool blocking(1);
  MemoryTrimmer trimmer(EightMiB(), blocking);
  // Start-up's free memory is the first level, whatever it is.
  EXPECT_FALSE(trimmer.Observe({.free_bytes = 30 * kMiB, .resident_bytes = 70 * kMiB}));
  // A burst of connections takes free memory and more; closing them gives it back to the allocator.
  EXPECT_FALSE(trimmer.Observe({.free_bytes = 2 * kMiB, .resident_bytes = 90 * kMiB}));
  EXPECT_FALSE(trimmer.Observe({.free_bytes = 10 * kMiB - 1, .resident_bytes = 90 * kMiB}))
      << "below the threshold";
  EXPECT_TRUE(trimmer.Observe({.free_bytes = 25 * kMiB, .resident_bytes = 90 * kMiB}));

  trimmer.Trimmed({.free_bytes = 25 * kMiB, .resident_bytes = 72 * kMiB});
  // The trimmed pages stay free chunks: the same free memory is not a reason to trim again and again.
  EXPECT_FALSE(trimmer.Observe({.free_bytes = 25 * kMiB, .resident_bytes = 72 * kMiB}));
  EXPECT_FALSE(trimmer.Observe({.free_bytes = 30 * kMiB, .resident_bytes = 72 * kMiB}));
  // The next burst reuses the free chunks (resident again) and gives them back when it ends.
  EXPECT_FALSE(trimmer.Observe({.free_bytes = 5 * kMiB, .resident_bytes = 90 * kMiB}));
  EXPECT_TRUE(trimmer.Observe({.free_bytes = 25 * kMiB, .resident_bytes = 90 * kMiB}));
  // Growth that stays in use (caches, connections) leaves the free memory where it was: no reason.
  trimmer.Trimmed({.free_bytes = 25 * kMiB, .resident_bytes = 72 * kMiB});
  EXPECT_FALSE(trimmer.Observe({.free_bytes = 24 * kMiB, .resident_bytes = 200 * kMiB}));
}

TEST(MemoryTrimmerTest, MeasuresTheResidentSetAndTrimsWithoutHarm) {
  const MemoryFigures before = MemoryTrimmer::Measure();
  EXPECT_GT(before.resident_bytes, kMiB) << "a test process has more than a MiB resident";
  MemoryTrimmer::Trim();
  EXPECT_GT(MemoryTrimmer::Measure().resident_bytes, 0U);
}

TEST(MemoryTrimmerTest, RunStopsAtTheNextWakeUp) {
  boost::asio::io_context io;
  boost::asio::thread_pool blocking(1);
  MemoryTrimmer trimmer(EightMiB(), blocking);
  bool finished = false;
  boost::asio::co_spawn(
      io,
      [&]() -> boost::asio::awaitable<void> {
        co_await trimmer.Run();
        finished = true;
      },
      boost::asio::detached);
  io.run_for(std::chrono::milliseconds(50));
  EXPECT_FALSE(finished);
  trimmer.Stop();
  io.run_for(std::chrono::seconds(3));
  EXPECT_TRUE(finished);
}

}  // namespace
}  // namespace artel::platform
