#pragma once

// The double-entry ledger (docs/architecture.md, "Wallet and ledger"; db/migrations/wallet/0050_wallet.sql):
// accounts in one currency each, append-only transfers from a debit account to a credit account, and
// two-phase holds (pending → posted | voided). Amounts are integers in minor units.
//
// Every movement locks the accounts it touches in a fixed order (by id), checks the floor rule and changes
// the cached balance in one conditional UPDATE of the locked row, and writes its entry, all in the caller's
// transaction: a domain composes a movement with its own rows (a payment's state, an idempotency key) and
// commits them together. The methods without a transaction run their own and retry serialization failures and
// deadlocks with jitter; what still fails answers a clean 503 (wallet:busy), never a half-written movement.

#include <boost/asio/awaitable.hpp>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "artel/core/time.hpp"

namespace artel::db {
class Pool;
class Transaction;
}  // namespace artel::db

namespace artel::wallet {

enum class AccountKind { kUser, kEscrow, kFeeRevenue, kClearing, kPayouts };

std::string_view AccountKindName(AccountKind kind) noexcept;
std::optional<AccountKind> ParseAccountKind(std::string_view name) noexcept;

struct Account {
  std::int64_t id = 0;
  AccountKind kind = AccountKind::kUser;
  std::optional<std::int64_t> user_id;
  std::string currency;
  /// The sum of the posted entries (credits minus debits).
  std::int64_t balance = 0;
  /// The sum of the pending holds that debit it.
  std::int64_t held = 0;
  std::int64_t Available() const noexcept { return balance - held; }
};

/// A movement: `amount` minor units of `currency` from `debit` to `credit`; `kind` ([a-z_]{1,32}) says what
/// moved it and `reference` what it belongs to ("payment:17").
struct TransferInput {
  std::int64_t debit = 0;
  std::int64_t credit = 0;
  std::int64_t amount = 0;
  std::string currency;
  std::string kind;
  std::string reference;
  /// When it happened: the database's now() when absent (only the demo seeder back-dates its history).
  std::optional<TimePoint> at;
};

struct Entry {
  std::int64_t id = 0;
  std::int64_t debit = 0;
  std::int64_t credit = 0;
  std::int64_t amount = 0;
  std::string currency;
  std::string kind;
  std::string reference;
  std::optional<std::int64_t> hold_id;
  TimePoint created_at;
};

struct HoldInput : TransferInput {
  std::optional<TimePoint> expires_at;
};

struct Hold {
  std::int64_t id = 0;
  TransferInput movement;
  std::optional<TimePoint> expires_at;
  TimePoint created_at;
};

class Ledger final {
 public:
  explicit Ledger(db::Pool& pool);

  /// The user's wallet in `currency`, opened when missing (422 wallet:currency_unknown for a currency the
  /// wallet does not hold).
  boost::asio::awaitable<std::int64_t> UserAccount(db::Transaction& tx, std::int64_t user_id,
                                                   std::string_view currency);
  /// The platform's account of `kind` (not kUser) in `currency`.
  boost::asio::awaitable<std::int64_t> PlatformAccount(db::Transaction& tx, AccountKind kind,
                                                       std::string_view currency);

  /// Moves money now. 422 for an amount ≤ 0 or accounts of another currency than the movement's; 409
  /// wallet:insufficient_funds when the debit account's available money (balance − held) is short and the
  /// account is not the gateway's clearing account.
  boost::asio::awaitable<Entry> Transfer(db::Transaction& tx, const TransferInput& input);
  /// Reserves money on the debit account (it is no longer available) until the hold is posted or voided.
  boost::asio::awaitable<Hold> PlaceHold(db::Transaction& tx, const HoldInput& input);
  /// Moves the held money to the hold's credit account; 409 wallet:hold_resolved when the hold was already
  /// posted or voided (nothing is written).
  boost::asio::awaitable<Entry> PostHold(db::Transaction& tx, std::int64_t hold_id);
  /// Gives the held money back to the debit account; 409 wallet:hold_resolved as PostHold.
  boost::asio::awaitable<void> VoidHold(db::Transaction& tx, std::int64_t hold_id);

  /// The same, each in its own transaction (retried; 503 wallet:busy when the retries run out).
  boost::asio::awaitable<Entry> Transfer(const TransferInput& input);
  boost::asio::awaitable<Hold> PlaceHold(const HoldInput& input);
  boost::asio::awaitable<Entry> PostHold(std::int64_t hold_id);
  boost::asio::awaitable<void> VoidHold(std::int64_t hold_id);

  /// The user's wallets, by currency.
  boost::asio::awaitable<std::vector<Account>> Balances(std::int64_t user_id);
  boost::asio::awaitable<Account> GetAccount(std::int64_t account_id);

  /// Runs `body` in a READ COMMITTED transaction with retries on serialization failures and deadlocks
  /// (jittered back-off); ServiceUnavailable (503, wallet:busy) when they run out.
  template <class T>
  boost::asio::awaitable<T> Atomically(std::function<boost::asio::awaitable<T>(db::Transaction&)> body);

  db::Pool& Pool() const noexcept { return pool_; }

 private:
  db::Pool& pool_;
};

}  // namespace artel::wallet

#include "artel/wallet/detail/atomically.ipp"
