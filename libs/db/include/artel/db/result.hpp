#pragma once

#include <boost/json/value.hpp>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace artel::db {

namespace detail {
struct ResultData;
}  // namespace detail

class Result;

/// A row of a Result; valid while its Result lives. Values are decoded from libpq's text format:
/// Get<T> supports std::string, std::string_view (borrowed), bool, int16/32/64, double,
/// system_clock::time_point (timestamptz), boost::json::value (json/jsonb), std::vector<std::string>
/// and std::vector<std::int64_t> (one-dimensional arrays), and std::optional<T> of each for NULLs.
/// Getting NULL into a non-optional, or a value that does not parse, throws db::Error.
class Row final {
 public:
  template <class T>
  T Get(std::size_t column) const;
  template <class T>
  T Get(std::string_view column) const {
    return Get<T>(ColumnIndex(column));
  }
  bool IsNull(std::size_t column) const;
  std::size_t ColumnIndex(std::string_view name) const;  // throws db::Error for an unknown name

 private:
  friend class Result;
  Row(const detail::ResultData* data, int row) : data_(data), row_(row) {}
  std::string_view Raw(std::size_t column) const;

  const detail::ResultData* data_;
  int row_;
};

class Result final {
 public:
  Result();
  explicit Result(std::shared_ptr<detail::ResultData> data);

  std::size_t Size() const noexcept;
  bool Empty() const noexcept { return Size() == 0; }
  Row operator[](std::size_t row) const;
  /// The only row; throws db::Error when there is not exactly one.
  Row One() const;
  /// The first row, if any.
  std::optional<Row> First() const;
  /// Rows changed by INSERT/UPDATE/DELETE.
  std::uint64_t AffectedRows() const;
  std::size_t Columns() const noexcept;

  class Iterator {
   public:
    Iterator(const Result* result, std::size_t index) : result_(result), index_(index) {}
    Row operator*() const { return (*result_)[index_]; }
    Iterator& operator++() {
      ++index_;
      return *this;
    }
    bool operator==(const Iterator& other) const noexcept { return index_ == other.index_; }

   private:
    const Result* result_;
    std::size_t index_;
  };
  Iterator begin() const { return {this, 0}; }
  Iterator end() const { return {this, Size()}; }

 private:
  friend class Row;
  std::shared_ptr<detail::ResultData> data_;
};

template <>
std::string Row::Get<std::string>(std::size_t) const;
template <>
std::string_view Row::Get<std::string_view>(std::size_t) const;
template <>
bool Row::Get<bool>(std::size_t) const;
template <>
std::int16_t Row::Get<std::int16_t>(std::size_t) const;
template <>
std::int32_t Row::Get<std::int32_t>(std::size_t) const;
template <>
std::int64_t Row::Get<std::int64_t>(std::size_t) const;
template <>
double Row::Get<double>(std::size_t) const;
template <>
std::chrono::system_clock::time_point Row::Get<std::chrono::system_clock::time_point>(std::size_t) const;
template <>
boost::json::value Row::Get<boost::json::value>(std::size_t) const;
template <>
std::vector<std::string> Row::Get<std::vector<std::string>>(std::size_t) const;
template <>
std::vector<std::int64_t> Row::Get<std::vector<std::int64_t>>(std::size_t) const;

namespace detail {
template <class T>
struct IsOptional : std::false_type {};
template <class T>
struct IsOptional<std::optional<T>> : std::true_type {};
}  // namespace detail

template <class T>
T Row::Get(std::size_t column) const {
  static_assert(detail::IsOptional<T>::value, "Row::Get: unsupported type");
  if (IsNull(column)) return std::nullopt;
  return Get<typename T::value_type>(column);
}

}  // namespace artel::db
