#pragma once

// Idempotency keys for requests that move money (Stripe's semantics), shared by every domain that needs them
// (platform.idempotency_keys, db/migrations/platform/0049_idempotency.sql):
//
//   const auto key = Idempotency::RequireKey(request.Header("Idempotency-Key"));   // 400 when
//   missing/malformed const auto hash = Idempotency::RequestHash("POST", request.path, request.body);
//   co_await db::WithRetry<Answer>(pool, ..., [&](db::Transaction& tx) -> awaitable<Answer> {
//     if (auto first = co_await Idempotency::Claim(tx, user_id, key, hash)) co_return *first;  // a retry
//     ... move the money in tx ...
//     co_await Idempotency::Remember(tx, user_id, key, 201, json);
//   });
//
// The key is claimed in the SAME transaction as the movement, so either both commit or neither does. A
// concurrent duplicate waits on the key's primary key until the first transaction ends, then gets its answer:
// one movement. The same key with another method, path or body is refused with 422. Keys are per user: two
// users may use the same key independently.

#include <boost/asio/awaitable.hpp>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "artel/platform/jobs.hpp"

namespace artel::db {
class Pool;
class Transaction;
}  // namespace artel::db

namespace artel::platform {

/// The first answer given under a key.
struct IdempotentAnswer {
  int status = 200;
  /// JSON text.
  std::string body;
};

class Idempotency final {
 public:
  /// The header's name.
  static constexpr std::string_view kHeader = "Idempotency-Key";

  /// A key: 8–255 characters of letters, digits, '-', '_', '.', ':' (a UUID fits).
  static bool ValidKey(std::string_view key) noexcept;
  /// The key of the header; 400 (errors:idempotency.missing / errors:idempotency.malformed) otherwise.
  static std::string RequireKey(std::optional<std::string_view> header);
  /// Hex SHA-256 of "<method> <path>\n<body>".
  static std::string RequestHash(std::string_view method, std::string_view path, std::string_view body);

  /// Claims (user_id, key) for the request `hash` in `tx`. nullopt: claimed now, go on and Remember the
  /// answer in the same transaction. An answer: the key was used before for the same request, give that
  /// answer again. Throws ValidationFailed (422, errors:idempotency.reused) when the key was used for another
  /// request, and Conflict when its first request has no stored answer.
  static boost::asio::awaitable<std::optional<IdempotentAnswer>> Claim(db::Transaction& tx,
                                                                       std::int64_t user_id,
                                                                       std::string_view key,
                                                                       std::string_view hash);
  /// Stores the first answer under a key Claim gave to this transaction.
  static boost::asio::awaitable<void> Remember(db::Transaction& tx, std::int64_t user_id,
                                               std::string_view key, int status, std::string_view body);

  /// Deletes keys older than `retention` ("platform.idempotency_sweep", hourly): a retry comes within
  /// minutes.
  static Job SweepJob(db::Pool& pool, std::chrono::seconds retention);
};

}  // namespace artel::platform
