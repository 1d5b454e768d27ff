#pragma once

#include <fmt/format.h>

#include <string_view>
#include <utility>

namespace artel::log {

enum class Level { kDebug, kInfo, kWarning, kError };

/// "debug", "info", "warning", "error"; throws std::invalid_argument otherwise.
void SetLevel(std::string_view level);
bool Enabled(Level level) noexcept;
/// Writes one whole line to stderr: `2026-11-22T04:30:00.123Z INFO message`.
void Write(Level level, std::string_view message);

template <class... Args>
void Debug(fmt::format_string<Args...> format, Args&&... args) {
  if (Enabled(Level::kDebug)) Write(Level::kDebug, fmt::format(format, std::forward<Args>(args)...));
}
template <class... Args>
void Info(fmt::format_string<Args...> format, Args&&... args) {
  if (Enabled(Level::kInfo)) Write(Level::kInfo, fmt::format(format, std::forward<Args>(args)...));
}
template <class... Args>
void Warning(fmt::format_string<Args...> format, Args&&... args) {
  if (Enabled(Level::kWarning)) Write(Level::kWarning, fmt::format(format, std::forward<Args>(args)...));
}
template <class... Args>
void Error(fmt::format_string<Args...> format, Args&&... args) {
  if (Enabled(Level::kError)) Write(Level::kError, fmt::format(format, std::forward<Args>(args)...));
}

}  // namespace artel::log
