#include "artel/db/params.hpp"

#include <fmt/format.h>

#include <boost/json/serialize.hpp>
#include <boost/json/value.hpp>
#include <cmath>
#include <cstdint>
#include <string>

namespace artel::db {
namespace {

void AppendQuoted(std::string& out, std::string_view value) {
  out.push_back('"');
  for (char c : value) {
    if (c == '"' || c == '\\') out.push_back('\\');
    out.push_back(c);
  }
  out.push_back('"');
}

Param Text(std::string value) {
  return Param{std::move(value), false};
}

/// Writes `value` as exactly `width` decimal digits, zero-padded, ending just before `end`.
void PutDigits(char* end, std::uint64_t value, int width) {
  for (int i = 0; i < width; ++i) {
    *--end = static_cast<char>('0' + value % 10);
    value /= 10;
  }
}

}  // namespace

Param ToParam(std::nullptr_t) {
  return Param{};
}
Param ToParam(std::string_view value) {
  return Text(std::string(value));
}
Param ToParam(bool value) {
  return Text(value ? "t" : "f");
}
Param ToParam(std::int16_t value) {
  return Text(fmt::format_int(value).str());
}
Param ToParam(std::int32_t value) {
  return Text(fmt::format_int(value).str());
}
Param ToParam(std::int64_t value) {
  return Text(fmt::format_int(value).str());
}
Param ToParam(std::uint32_t value) {
  return Text(fmt::format_int(value).str());
}

Param ToParam(double value) {
  if (std::isnan(value)) return Text("NaN");
  if (std::isinf(value)) return Text(value > 0 ? "Infinity" : "-Infinity");
  // fmt's shortest representation round-trips exactly through float8in.
  return Text(fmt::format("{}", value));
}

Param ToParam(std::chrono::system_clock::time_point value) {
  using namespace std::chrono;
  const auto micros = floor<microseconds>(value);
  const auto day = floor<days>(micros);
  const year_month_day date{day};
  const hh_mm_ss time{micros - day};
  const int year = static_cast<int>(date.year());
  if (year < 1 || year > 9999) throw std::out_of_range("timestamp outside years 1..9999");
  // "YYYY-MM-DD HH:MM:SS.ffffff+00", written digit by digit: every signed-in request binds a few of these,
  // and fmt's general formatting took ~4 700 instructions each (callgrind of GET /api/user/info).
  std::string text = "0000-00-00 00:00:00.000000+00";
  char* const out = text.data();
  PutDigits(out + 4, static_cast<std::uint64_t>(year), 4);
  PutDigits(out + 7, static_cast<unsigned>(date.month()), 2);
  PutDigits(out + 10, static_cast<unsigned>(date.day()), 2);
  PutDigits(out + 13, static_cast<std::uint64_t>(time.hours().count()), 2);
  PutDigits(out + 16, static_cast<std::uint64_t>(time.minutes().count()), 2);
  PutDigits(out + 19, static_cast<std::uint64_t>(time.seconds().count()), 2);
  PutDigits(out + 26, static_cast<std::uint64_t>(time.subseconds().count()), 6);
  return Text(std::move(text));
}

Param ToParam(const boost::json::value& value) {
  return Text(boost::json::serialize(value));
}

Param ToParam(Bytes value) {
  return Param{std::string(value.data), true};
}

Param ToParam(const std::vector<std::string>& values) {
  std::string out = "{";
  for (std::size_t i = 0; i < values.size(); ++i) {
    if (i != 0) out.push_back(',');
    AppendQuoted(out, values[i]);
  }
  out.push_back('}');
  return Text(std::move(out));
}

Param ToParam(const std::vector<std::int64_t>& values) {
  return Text(fmt::format("{{{}}}", fmt::join(values, ",")));
}

}  // namespace artel::db
