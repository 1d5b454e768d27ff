#pragma once
// Giving freed memory back to the operating system (issue 29).
//
// glibc's allocator keeps what the program frees in its arenas for the next allocation; it returns memory on
// its own only from the top of an arena. After a burst of connections (1,000 sockets in `make soak`) the
// freed buffers lie all over the arenas, so the resident set stays where the burst took it: 13 MB above its
// level before the burst, for good, in the soak's first run. The trimmer notices such a burst and asks glibc
// to release the free pages (malloc_trim), so an instance's memory follows its load down as well as up. The
// sign of such a burst is the allocator's free memory: it falls while the connections are open and rises by
// what they held when they close.

#include <atomic>
#include <boost/asio/awaitable.hpp>
#include <boost/asio/thread_pool.hpp>
#include <chrono>
#include <cstddef>
#include <optional>

namespace artel::platform {

/// What the allocator holds free (bytes in its free chunks) and the process's resident set, in bytes.
struct MemoryFigures {
  std::size_t free_bytes = 0;
  std::size_t resident_bytes = 0;
};

class MemoryTrimmer {
 public:
  struct Settings {
    /// How often the figures are read; zero turns the trimmer off (the host does not start it).
    std::chrono::seconds interval{5};
    /// A trim needs the allocator's free memory to have grown by this much above its lowest level since the
    /// last trim (or the start): what a burst took and gave back. A steady process is not trimmed again and
    /// again, and free memory a trim could not return (fragments within pages) is not a reason.
    std::size_t threshold = std::size_t{8} << 20;
  };

  MemoryTrimmer(Settings settings, boost::asio::thread_pool& blocking) noexcept;

  /// The decision alone: notes the figures and answers whether the free memory grew by the threshold above
  /// its lowest level since the last trim.
  [[nodiscard]] bool Observe(const MemoryFigures& now) noexcept;
  /// Remembers the free memory a trim left, the level the next growth is measured from.
  void Trimmed(const MemoryFigures& after) noexcept;

  /// Reads the figures every interval and trims on the blocking pool when ShouldTrim says so; returns after
  /// Stop (seen at the next wake-up).
  boost::asio::awaitable<void> Run();
  void Stop() noexcept;

  /// glibc's mallinfo2 and /proc/self/statm; zeros where a figure is unknown (another C library, a
  /// sanitizer's allocator), which never trims.
  static MemoryFigures Measure() noexcept;
  /// malloc_trim(0) where the C library has it.
  static void Trim() noexcept;

 private:
  Settings settings_;
  boost::asio::thread_pool& blocking_;
  std::optional<std::size_t> lowest_free_;
  std::atomic<bool> stopped_{false};
};

}  // namespace artel::platform
