#pragma once

#include <boost/json/fwd.hpp>
#include <chrono>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace artel::db {

/// One query parameter in libpq's text format (`nullopt` is SQL NULL). Types are inferred by the
/// server from the statement ($1::bigint where it cannot infer).
struct Param {
  std::optional<std::string> value;
  /// Send as binary (used for bytea so arbitrary bytes pass unescaped).
  bool binary = false;
};

/// Raw bytes for a bytea parameter.
struct Bytes {
  std::string_view data;
};

Param ToParam(std::nullptr_t);
Param ToParam(std::string_view value);
inline Param ToParam(const std::string& value) {
  return ToParam(std::string_view(value));
}
inline Param ToParam(const char* value) {
  return ToParam(std::string_view(value));
}
Param ToParam(bool value);
Param ToParam(std::int16_t value);
Param ToParam(std::int32_t value);
Param ToParam(std::int64_t value);
Param ToParam(std::uint32_t value);
Param ToParam(double value);
/// timestamptz, as ISO 8601 UTC with microseconds.
Param ToParam(std::chrono::system_clock::time_point value);
/// json/jsonb.
Param ToParam(const boost::json::value& value);
Param ToParam(Bytes value);
/// Arrays as PostgreSQL array literals ({"a","b"}); elements quoted and escaped.
Param ToParam(const std::vector<std::string>& values);
Param ToParam(const std::vector<std::int64_t>& values);
template <class T>
Param ToParam(const std::optional<T>& value) {
  return value ? ToParam(*value) : Param{};
}

using Params = std::vector<Param>;

template <class... Args>
Params MakeParams(const Args&... args) {
  Params params;
  params.reserve(sizeof...(Args));
  (params.push_back(ToParam(args)), ...);
  return params;
}

}  // namespace artel::db
