#include "artel/db/result.hpp"

#include <fmt/format.h>

#include <boost/json/parse.hpp>
#include <charconv>
#include <limits>
#include <system_error>

#include "artel/db/errors.hpp"
#include "result_data.hpp"

namespace artel::db {
namespace detail {

ResultData::ResultData(PgResultPtr pg_result) : result(std::move(pg_result)) {
  const int fields = PQnfields(result.get());
  columns.reserve(static_cast<std::size_t>(fields));
  for (int i = 0; i < fields; ++i) columns.emplace_back(PQfname(result.get(), i));
}

}  // namespace detail

namespace {

[[noreturn]] void ThrowDecode(const detail::ResultData* data, std::size_t column, std::string_view what,
                              std::string_view raw) {
  constexpr std::size_t kShown = 64;
  const std::string shown =
      raw.size() > kShown ? std::string(raw.substr(0, kShown)) + "..." : std::string(raw);
  throw Error(fmt::format("column \"{}\": {} (value \"{}\")", data->columns.at(column), what, shown), "");
}

template <class Int>
bool ParseInt(std::string_view text, Int& out) {
  const char* begin = text.data();
  const char* end = begin + text.size();
  const auto [ptr, ec] = std::from_chars(begin, end, out);
  return ec == std::errc() && ptr == end && !text.empty();
}

bool ParseDigits(std::string_view text, std::size_t& pos, std::size_t min_count, std::size_t max_count,
                 int& out) {
  std::size_t count = 0;
  int value = 0;
  while (pos < text.size() && count < max_count && text[pos] >= '0' && text[pos] <= '9') {
    value = value * 10 + (text[pos] - '0');
    ++pos;
    ++count;
  }
  out = value;
  return count >= min_count;
}

bool Expect(std::string_view text, std::size_t& pos, char c) {
  if (pos >= text.size() || text[pos] != c) return false;
  ++pos;
  return true;
}

/// Parses PostgreSQL's ISO output of timestamptz ("2026-11-22 04:33:57.123456+00", offsets like "+05:30"
/// or "-03:30:45", an optional " BC") and of timestamp without zone (read as UTC).
std::optional<std::chrono::system_clock::time_point> ParseTimestamp(std::string_view text) {
  using namespace std::chrono;
  std::size_t pos = 0;
  int year = 0;
  int month = 0;
  int day = 0;
  int hour = 0;
  int minute = 0;
  int second = 0;
  if (!ParseDigits(text, pos, 4, 7, year) || !Expect(text, pos, '-')) return std::nullopt;
  if (!ParseDigits(text, pos, 2, 2, month) || !Expect(text, pos, '-')) return std::nullopt;
  if (!ParseDigits(text, pos, 2, 2, day)) return std::nullopt;
  if (pos >= text.size() || (text[pos] != ' ' && text[pos] != 'T')) return std::nullopt;
  ++pos;
  if (!ParseDigits(text, pos, 2, 2, hour) || !Expect(text, pos, ':')) return std::nullopt;
  if (!ParseDigits(text, pos, 2, 2, minute) || !Expect(text, pos, ':')) return std::nullopt;
  if (!ParseDigits(text, pos, 2, 2, second)) return std::nullopt;
  std::int64_t micros = 0;
  if (pos < text.size() && text[pos] == '.') {
    ++pos;
    std::size_t digits = 0;
    while (pos < text.size() && text[pos] >= '0' && text[pos] <= '9') {
      if (digits < 6) {
        micros = micros * 10 + (text[pos] - '0');
        ++digits;
      }
      ++pos;
    }
    if (digits == 0) return std::nullopt;
    for (; digits < 6; ++digits) micros *= 10;
  }
  int offset_seconds = 0;
  if (pos < text.size() && (text[pos] == '+' || text[pos] == '-')) {
    const int sign = text[pos] == '-' ? -1 : 1;
    ++pos;
    int oh = 0;
    int om = 0;
    int os = 0;
    if (!ParseDigits(text, pos, 2, 2, oh)) return std::nullopt;
    if (pos < text.size() && text[pos] == ':') {
      ++pos;
      if (!ParseDigits(text, pos, 2, 2, om)) return std::nullopt;
      if (pos < text.size() && text[pos] == ':') {
        ++pos;
        if (!ParseDigits(text, pos, 2, 2, os)) return std::nullopt;
      }
    }
    offset_seconds = sign * (oh * 3600 + om * 60 + os);
  } else if (pos < text.size() && text[pos] == 'Z') {
    ++pos;
  }
  if (text.substr(pos) == " BC") {
    year = 1 - year;
    pos = text.size();
  }
  if (pos != text.size()) return std::nullopt;
  const year_month_day date{std::chrono::year{year}, std::chrono::month{static_cast<unsigned>(month)},
                            std::chrono::day{static_cast<unsigned>(day)}};
  if (!date.ok() || hour > 23 || minute > 59 || second > 60) return std::nullopt;
  const auto since_epoch = sys_days{date}.time_since_epoch() + hours{hour} + minutes{minute} +
                           seconds{second} + microseconds{micros} - seconds{offset_seconds};
  return system_clock::time_point{duration_cast<system_clock::duration>(since_epoch)};
}

/// Splits a one-dimensional array literal ({a,"b c",NULL}) into elements; nullopt elements are NULLs.
/// Returns false for malformed or multi-dimensional input.
bool ParseArray(std::string_view text, std::vector<std::optional<std::string>>& out) {
  std::size_t pos = 0;
  // Arrays with non-default bounds carry a dimension decoration: "[0:2]={1,2,3}".
  if (!text.empty() && text[0] == '[') {
    const auto eq = text.find('=');
    if (eq == std::string_view::npos) return false;
    if (text.substr(0, eq).find("][") != std::string_view::npos) return false;
    pos = eq + 1;
  }
  if (!Expect(text, pos, '{')) return false;
  if (pos < text.size() && text[pos] == '}') return pos + 1 == text.size();
  for (;;) {
    while (pos < text.size() && text[pos] == ' ') ++pos;
    if (pos >= text.size()) return false;
    if (text[pos] == '{') return false;  // nested: not one-dimensional
    std::string element;
    bool quoted = false;
    if (text[pos] == '"') {
      quoted = true;
      ++pos;
      for (;;) {
        if (pos >= text.size()) return false;
        const char c = text[pos++];
        if (c == '"') break;
        if (c == '\\') {
          if (pos >= text.size()) return false;
          element.push_back(text[pos++]);
        } else {
          element.push_back(c);
        }
      }
      while (pos < text.size() && text[pos] == ' ') ++pos;
    } else {
      while (pos < text.size() && text[pos] != ',' && text[pos] != '}') {
        const char c = text[pos++];
        if (c == '"' || c == '{') return false;
        if (c == '\\') {
          if (pos >= text.size()) return false;
          element.push_back(text[pos++]);
        } else {
          element.push_back(c);
        }
      }
      while (!element.empty() && element.back() == ' ') element.pop_back();
      if (element.empty()) return false;
    }
    if (!quoted && element.size() == 4 && (element[0] == 'N' || element[0] == 'n') &&
        (element[1] == 'U' || element[1] == 'u') && (element[2] == 'L' || element[2] == 'l') &&
        (element[3] == 'L' || element[3] == 'l')) {
      out.emplace_back(std::nullopt);
    } else {
      out.emplace_back(std::move(element));
    }
    if (pos >= text.size()) return false;
    if (text[pos] == ',') {
      ++pos;
      continue;
    }
    if (text[pos] == '}') return pos + 1 == text.size();
    return false;
  }
}

}  // namespace

std::string_view Row::Raw(std::size_t column) const {
  if (column >= data_->columns.size()) {
    throw Error(fmt::format("column index {} out of range ({} columns)", column, data_->columns.size()), "");
  }
  const int col = static_cast<int>(column);
  if (PQgetisnull(data_->result.get(), row_, col)) {
    throw Error(fmt::format("column \"{}\": NULL read into a non-optional value", data_->columns[column]),
                "");
  }
  return {PQgetvalue(data_->result.get(), row_, col),
          static_cast<std::size_t>(PQgetlength(data_->result.get(), row_, col))};
}

bool Row::IsNull(std::size_t column) const {
  if (column >= data_->columns.size()) {
    throw Error(fmt::format("column index {} out of range ({} columns)", column, data_->columns.size()), "");
  }
  return PQgetisnull(data_->result.get(), row_, static_cast<int>(column)) != 0;
}

std::size_t Row::ColumnIndex(std::string_view name) const {
  for (std::size_t i = 0; i < data_->columns.size(); ++i) {
    if (data_->columns[i] == name) return i;
  }
  throw Error(fmt::format("no column \"{}\" in the result", name), "");
}

template <>
std::string Row::Get<std::string>(std::size_t column) const {
  return std::string(Raw(column));
}

template <>
std::string_view Row::Get<std::string_view>(std::size_t column) const {
  return Raw(column);
}

template <>
bool Row::Get<bool>(std::size_t column) const {
  const auto raw = Raw(column);
  if (raw == "t") return true;
  if (raw == "f") return false;
  ThrowDecode(data_, column, "not a boolean", raw);
}

template <>
std::int16_t Row::Get<std::int16_t>(std::size_t column) const {
  const auto raw = Raw(column);
  std::int16_t value = 0;
  if (!ParseInt(raw, value)) ThrowDecode(data_, column, "not a 16-bit integer", raw);
  return value;
}

template <>
std::int32_t Row::Get<std::int32_t>(std::size_t column) const {
  const auto raw = Raw(column);
  std::int32_t value = 0;
  if (!ParseInt(raw, value)) ThrowDecode(data_, column, "not a 32-bit integer", raw);
  return value;
}

template <>
std::int64_t Row::Get<std::int64_t>(std::size_t column) const {
  const auto raw = Raw(column);
  std::int64_t value = 0;
  if (!ParseInt(raw, value)) ThrowDecode(data_, column, "not a 64-bit integer", raw);
  return value;
}

template <>
double Row::Get<double>(std::size_t column) const {
  const auto raw = Raw(column);
  if (raw == "NaN") return std::numeric_limits<double>::quiet_NaN();
  if (raw == "Infinity") return std::numeric_limits<double>::infinity();
  if (raw == "-Infinity") return -std::numeric_limits<double>::infinity();
  double value = 0;
  const auto [ptr, ec] = std::from_chars(raw.data(), raw.data() + raw.size(), value);
  if (ec != std::errc() || ptr != raw.data() + raw.size() || raw.empty()) {
    ThrowDecode(data_, column, "not a number", raw);
  }
  return value;
}

template <>
std::chrono::system_clock::time_point Row::Get<std::chrono::system_clock::time_point>(
    std::size_t column) const {
  const auto raw = Raw(column);
  const auto value = ParseTimestamp(raw);
  if (!value) ThrowDecode(data_, column, "not a timestamp", raw);
  return *value;
}

template <>
boost::json::value Row::Get<boost::json::value>(std::size_t column) const {
  const auto raw = Raw(column);
  boost::system::error_code ec;
  auto value = boost::json::parse(raw, ec);
  if (ec) ThrowDecode(data_, column, "not JSON", raw);
  return value;
}

template <>
std::vector<std::string> Row::Get<std::vector<std::string>>(std::size_t column) const {
  const auto raw = Raw(column);
  std::vector<std::optional<std::string>> elements;
  if (!ParseArray(raw, elements)) ThrowDecode(data_, column, "not a one-dimensional array", raw);
  std::vector<std::string> values;
  values.reserve(elements.size());
  for (auto& element : elements) {
    if (!element) ThrowDecode(data_, column, "array has a NULL element", raw);
    values.push_back(std::move(*element));
  }
  return values;
}

template <>
std::vector<std::int64_t> Row::Get<std::vector<std::int64_t>>(std::size_t column) const {
  const auto raw = Raw(column);
  std::vector<std::optional<std::string>> elements;
  if (!ParseArray(raw, elements)) ThrowDecode(data_, column, "not a one-dimensional array", raw);
  std::vector<std::int64_t> values;
  values.reserve(elements.size());
  for (const auto& element : elements) {
    if (!element) ThrowDecode(data_, column, "array has a NULL element", raw);
    std::int64_t value = 0;
    if (!ParseInt(std::string_view(*element), value)) {
      ThrowDecode(data_, column, "array element is not a 64-bit integer", raw);
    }
    values.push_back(value);
  }
  return values;
}

Result::Result() = default;
Result::Result(std::shared_ptr<detail::ResultData> data) : data_(std::move(data)) {}

std::size_t Result::Size() const noexcept {
  return data_ ? static_cast<std::size_t>(PQntuples(data_->result.get())) : 0;
}

std::size_t Result::Columns() const noexcept {
  return data_ ? data_->columns.size() : 0;
}

Row Result::operator[](std::size_t row) const {
  if (row >= Size()) throw Error(fmt::format("row {} out of range ({} rows)", row, Size()), "");
  return Row(data_.get(), static_cast<int>(row));
}

Row Result::One() const {
  if (Size() != 1) throw Error(fmt::format("expected exactly one row, got {}", Size()), "");
  return (*this)[0];
}

std::optional<Row> Result::First() const {
  if (Empty()) return std::nullopt;
  return (*this)[0];
}

std::uint64_t Result::AffectedRows() const {
  if (!data_) return 0;
  const std::string_view tuples = PQcmdTuples(data_->result.get());
  if (tuples.empty()) return 0;
  std::uint64_t value = 0;
  if (!ParseInt(tuples, value)) throw Error(fmt::format("bad affected-row count \"{}\"", tuples), "");
  return value;
}

}  // namespace artel::db
