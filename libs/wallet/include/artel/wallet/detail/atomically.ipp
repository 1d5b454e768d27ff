#pragma once

// Included by artel/wallet/ledger.hpp.

#include <type_traits>

#include "artel/core/error.hpp"
#include "artel/db/pool.hpp"

namespace artel::wallet {

template <class T>
boost::asio::awaitable<T> Ledger::Atomically(
    std::function<boost::asio::awaitable<T>(db::Transaction&)> body) {
  try {
    if constexpr (std::is_void_v<T>) {
      co_await db::WithRetry<T>(pool_, db::Isolation::kReadCommitted, std::move(body), 6);
      co_return;
    } else {
      T value = co_await db::WithRetry<T>(pool_, db::Isolation::kReadCommitted, std::move(body), 6);
      co_return value;
    }
  } catch (const db::TransactionRollback&) {
    // Nothing was written: the transaction rolled back. The client may retry with the same Idempotency-Key.
    throw ServiceUnavailable({"wallet:busy", {}});
  }
}

}  // namespace artel::wallet
