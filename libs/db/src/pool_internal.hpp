#pragma once

#include <boost/asio/awaitable.hpp>
#include <string_view>

#include "artel/db/pool.hpp"

namespace artel::db::detail {

/// Connection-level access for libs/db itself (migrations), beyond the public Transaction API.
struct TransactionAccess {
  /// One pooled connection held for a whole session, outside any transaction: the caller sends BEGIN and
  /// COMMIT itself. Released like any Transaction (rolled back first if left inside a transaction).
  static boost::asio::awaitable<Transaction> Session(Pool& pool);
  /// The simple-query protocol, which allows several statements in `sql` (migration files).
  static boost::asio::awaitable<Result> SimpleQuery(Transaction& session, std::string_view sql);
  /// Closes the connection instead of returning it (drops session state such as advisory locks).
  static void Discard(Transaction& session) noexcept;
};

}  // namespace artel::db::detail
