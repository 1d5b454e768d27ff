#include "artel/core/log.hpp"

#include <fmt/format.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <ctime>
#include <stdexcept>
#include <string>

namespace artel::log {
namespace {

std::atomic<Level> g_level{Level::kInfo};

std::string_view Name(Level level) {
  switch (level) {
    case Level::kDebug:
      return "DEBUG";
    case Level::kInfo:
      return "INFO";
    case Level::kWarning:
      return "WARN";
    case Level::kError:
      return "ERROR";
  }
  return "INFO";
}

}  // namespace

void SetLevel(std::string_view level) {
  if (level == "debug")
    g_level = Level::kDebug;
  else if (level == "info")
    g_level = Level::kInfo;
  else if (level == "warning")
    g_level = Level::kWarning;
  else if (level == "error")
    g_level = Level::kError;
  else
    throw std::invalid_argument("log level must be debug, info, warning or error");
}

bool Enabled(Level level) noexcept {
  return level >= g_level.load(std::memory_order_relaxed);
}

void Write(Level level, std::string_view message) {
  auto now = std::chrono::system_clock::now();
  const auto since_epoch =
      std::chrono::duration_cast<std::chrono::milliseconds>(now.time_since_epoch()).count();
  const auto millis = static_cast<int>(since_epoch % 1000);
  const std::time_t seconds = std::chrono::system_clock::to_time_t(now);
  // The date and time up to the second change once a second: formatted once per thread and second (the access
  // log writes a line per request; gmtime_r and a format of six fields were a third of its cost).
  // Trivially destructible on purpose: static destructors log after the main thread's thread_locals are gone.
  thread_local std::time_t formatted_at = -1;
  thread_local char stamp[40];  // "2026-11-22T04:30:00."
  thread_local std::size_t stamp_size = 0;
  if (seconds != formatted_at) {
    std::tm utc{};
    gmtime_r(&seconds, &utc);
    auto end =
        fmt::format_to_n(stamp, sizeof stamp, "{:04}-{:02}-{:02}T{:02}:{:02}:{:02}.", utc.tm_year + 1900,
                         utc.tm_mon + 1, utc.tm_mday, utc.tm_hour, utc.tm_min, utc.tm_sec);
    stamp_size = std::min(end.size, sizeof stamp);
    formatted_at = seconds;
  }
  const std::string_view name = Name(level);
  std::string line;
  line.reserve(stamp_size + 6 + name.size() + message.size());
  line.append(stamp, stamp_size);
  line += static_cast<char>('0' + millis / 100);
  line += static_cast<char>('0' + millis / 10 % 10);
  line += static_cast<char>('0' + millis % 10);
  line += "Z ";
  line += name;
  line += ' ';
  line += message;
  line += '\n';
  // One write(2) per line keeps lines whole across threads.
  std::size_t offset = 0;
  while (offset < line.size()) {
    auto written = ::write(STDERR_FILENO, line.data() + offset, line.size() - offset);
    if (written <= 0) return;
    offset += static_cast<std::size_t>(written);
  }
}

}  // namespace artel::log
