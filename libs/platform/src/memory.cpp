#include "artel/platform/memory.hpp"

#include <unistd.h>

#include <boost/asio/as_tuple.hpp>
#include <boost/asio/co_spawn.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/this_coro.hpp>
#include <boost/asio/use_awaitable.hpp>
#include <cstdio>

#include "artel/core/log.hpp"

#if defined(__GLIBC__)
#include <malloc.h>
#endif

namespace artel::platform {
namespace {

using boost::asio::awaitable;

std::size_t ResidentBytes() noexcept {
  std::FILE* file = std::fopen("/proc/self/statm", "r");
  if (file == nullptr) return 0;
  unsigned long size = 0;
  unsigned long resident = 0;
  const int read = std::fscanf(file, "%lu %lu", &size, &resident);
  std::fclose(file);
  if (read != 2) return 0;
  return static_cast<std::size_t>(resident) * static_cast<std::size_t>(::sysconf(_SC_PAGESIZE));
}

double Mebibytes(std::size_t bytes) {
  return static_cast<double>(bytes) / (1024.0 * 1024.0);
}

awaitable<MemoryFigures> TrimAndMeasure() {
  MemoryTrimmer::Trim();
  co_return MemoryTrimmer::Measure();
}

}  // namespace

MemoryTrimmer::MemoryTrimmer(Settings settings, boost::asio::thread_pool& blocking) noexcept
    : settings_(settings), blocking_(blocking) {}

bool MemoryTrimmer::Observe(const MemoryFigures& now) noexcept {
  if (!lowest_free_ || now.free_bytes < *lowest_free_) lowest_free_ = now.free_bytes;
  return now.free_bytes >= *lowest_free_ + settings_.threshold;
}

void MemoryTrimmer::Trimmed(const MemoryFigures& after) noexcept {
  lowest_free_ = after.free_bytes;
}

MemoryFigures MemoryTrimmer::Measure() noexcept {
  MemoryFigures figures;
#if defined(__GLIBC__) && (__GLIBC__ > 2 || (__GLIBC__ == 2 && __GLIBC_MINOR__ >= 33))
  const struct mallinfo2 info = ::mallinfo2();
  figures.free_bytes = info.fordblks;
#endif
  figures.resident_bytes = ResidentBytes();
  return figures;
}

void MemoryTrimmer::Trim() noexcept {
#if defined(__GLIBC__)
  ::malloc_trim(0);
#endif
}

awaitable<void> MemoryTrimmer::Run() {
  boost::asio::steady_timer timer(co_await boost::asio::this_coro::executor);
  while (!stopped_.load()) {
    timer.expires_after(settings_.interval);
    auto [ec] = co_await timer.async_wait(boost::asio::as_tuple(boost::asio::use_awaitable));
    (void)ec;
    if (stopped_.load()) break;
    const MemoryFigures before = Measure();
    if (!Observe(before)) continue;
    // malloc_trim walks every free chunk under its arena's lock: a few milliseconds that are not an io
    // thread's.
    const auto started = std::chrono::steady_clock::now();
    auto work = TrimAndMeasure();
    const MemoryFigures after =
        co_await boost::asio::co_spawn(blocking_, std::move(work), boost::asio::use_awaitable);
    const auto took =
        std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - started);
    Trimmed(after);
    log::Info(
        "memory: gave {:.1f} MiB back to the system (RSS {:.1f} -> {:.1f} MiB, {:.1f} MiB free in the "
        "allocator) in {} ms",
        Mebibytes(before.resident_bytes > after.resident_bytes ? before.resident_bytes - after.resident_bytes
                                                               : 0),
        Mebibytes(before.resident_bytes), Mebibytes(after.resident_bytes), Mebibytes(before.free_bytes),
        took.count());
  }
}

void MemoryTrimmer::Stop() noexcept {
  stopped_ = true;
}

}  // namespace artel::platform
