#pragma once

// SQL assembled at run time from fixed pieces and bound values (never interpolated values): list queries
// whose WHERE clause depends on the filters a request sets. Each distinct text becomes one named prepared
// statement, so the few shapes the filters produce are planned once per connection.
//
//   db::SqlBuilder sql;
//   sql.And("o.status = 'search'");
//   if (filter.city_id) sql.And("o.city_id = " + sql.Bind(*filter.city_id));
//   sql.Append("SELECT o.id FROM orders.orders o WHERE ").Append(sql.Conditions());
//   auto query = std::move(sql).Build("orders.q_");
//   co_await pool.Execute(query.statement, std::move(query.params));

#include <string>
#include <string_view>

#include "artel/db/params.hpp"
#include "artel/db/pool.hpp"

namespace artel::db {

/// A statement and the values of its `$n` parameters.
struct BuiltQuery {
  Statement statement;
  Params params;
};

/// The Statement for a SQL text built at run time, named `prefix` + the first 20 hex digits of the text's
/// SHA-256. Texts and names are kept for the life of the process (there are as many as query shapes: a few
/// hundred at most per list).
Statement InternStatement(std::string_view prefix, std::string sql);

class SqlBuilder final {
 public:
  /// Adds a parameter and returns its placeholder ("$1", "$2", ...).
  template <class T>
  std::string Bind(const T& value) {
    params_.push_back(ToParam(value));
    return "$" + std::to_string(params_.size());
  }

  /// Appends to the statement's text.
  SqlBuilder& Append(std::string_view sql) {
    text_ += sql;
    return *this;
  }

  /// Adds a condition to the conjunction Conditions() returns.
  void And(std::string_view condition) {
    if (!conditions_.empty()) conditions_ += " AND ";
    conditions_ += condition;
  }
  /// The conditions given to And(), joined with AND (empty when none).
  const std::string& Conditions() const noexcept { return conditions_; }

  const std::string& Text() const noexcept { return text_; }
  const Params& Parameters() const noexcept { return params_; }

  /// The text as an interned statement (InternStatement) with the bound values.
  BuiltQuery Build(std::string_view name_prefix) &&;

 private:
  std::string text_;
  std::string conditions_;
  Params params_;
};

}  // namespace artel::db
