#include <fmt/format.h>

#include <charconv>

#include "artel/admin/module.hpp"

namespace artel::admin {
namespace {

std::optional<std::int64_t> ParseDigits(std::string_view text, bool allow_minus) {
  if (text.empty() || text.size() > 20) return std::nullopt;
  std::size_t start = allow_minus && text.front() == '-' ? 1 : 0;
  if (start == text.size()) return std::nullopt;
  for (std::size_t i = start; i < text.size(); ++i) {
    if (text[i] < '0' || text[i] > '9') return std::nullopt;
  }
  std::int64_t value = 0;
  auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (error != std::errc() || end != text.data() + text.size()) return std::nullopt;
  return value;
}

}  // namespace

std::string EncodeCursor(const Cursor& cursor) {
  return fmt::format("{}.{}", cursor.micros, cursor.id);
}

std::optional<Cursor> DecodeCursor(std::string_view text) {
  auto dot = text.find('.');
  if (dot == std::string_view::npos) return std::nullopt;
  auto micros = ParseDigits(text.substr(0, dot), true);
  auto id = ParseDigits(text.substr(dot + 1), false);
  if (!micros || !id || *id < 1) return std::nullopt;
  return Cursor{*micros, *id};
}

}  // namespace artel::admin
