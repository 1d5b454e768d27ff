#include "artel/core/log.hpp"

#include <unistd.h>

#include <atomic>
#include <chrono>
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
  auto millis = std::chrono::duration_cast<std::chrono::milliseconds>(now.time_since_epoch()).count() % 1000;
  std::time_t seconds = std::chrono::system_clock::to_time_t(now);
  std::tm utc{};
  gmtime_r(&seconds, &utc);
  std::string line =
      fmt::format("{:04}-{:02}-{:02}T{:02}:{:02}:{:02}.{:03}Z {} {}\n", utc.tm_year + 1900, utc.tm_mon + 1,
                  utc.tm_mday, utc.tm_hour, utc.tm_min, utc.tm_sec, millis, Name(level), message);
  // One write(2) per line keeps lines whole across threads.
  std::size_t offset = 0;
  while (offset < line.size()) {
    auto written = ::write(STDERR_FILENO, line.data() + offset, line.size() - offset);
    if (written <= 0) return;
    offset += static_cast<std::size_t>(written);
  }
}

}  // namespace artel::log
