#include "artel/wallet/ledger.hpp"

#include <array>
#include <utility>

#include "artel/core/error.hpp"
#include "artel/db/pool.hpp"
#include "artel/kernel/money.hpp"

namespace artel::wallet {
namespace {

using boost::asio::awaitable;

constexpr std::array<std::pair<AccountKind, std::string_view>, 5> kKindNames{{
    {AccountKind::kUser, "user"},
    {AccountKind::kEscrow, "escrow"},
    {AccountKind::kFeeRevenue, "fee_revenue"},
    {AccountKind::kClearing, "clearing"},
    {AccountKind::kPayouts, "payouts"},
}};

constexpr db::Statement kOpenUserAccount{"wallet.open_user_account", R"sql(
INSERT INTO wallet.accounts (kind, user_id, currency) VALUES ('user', $1, $2)
ON CONFLICT (kind, coalesce(user_id, 0), currency) DO NOTHING
)sql"};
constexpr db::Statement kUserAccount{"wallet.user_account", R"sql(
SELECT id FROM wallet.accounts WHERE kind = 'user' AND user_id = $1 AND currency = $2
)sql"};
constexpr db::Statement kPlatformAccount{"wallet.platform_account", R"sql(
SELECT id FROM wallet.accounts WHERE kind = $1 AND user_id IS NULL AND currency = $2
)sql"};
/// One account locked; movements lock theirs one by one in ascending id order, so two movements over the same
/// pair of accounts never wait on each other crosswise.
constexpr db::Statement kLock{"wallet.lock_account", R"sql(
SELECT id, kind, currency FROM wallet.accounts WHERE id = $1 FOR UPDATE
)sql"};
/// The floor check and the debit in one statement on the locked row: no row when the money is short.
constexpr db::Statement kDebit{"wallet.debit", R"sql(
UPDATE wallet.accounts SET balance = balance - $2
WHERE id = $1 AND (kind = 'clearing' OR balance - held >= $2)
RETURNING balance
)sql"};
constexpr db::Statement kCredit{"wallet.credit", R"sql(
UPDATE wallet.accounts SET balance = balance + $2 WHERE id = $1
)sql"};
constexpr db::Statement kReserve{"wallet.reserve", R"sql(
UPDATE wallet.accounts SET held = held + $2
WHERE id = $1 AND (kind = 'clearing' OR balance - held >= $2)
RETURNING held
)sql"};
/// A posted hold: the reserved money leaves the account.
constexpr db::Statement kSettle{"wallet.settle", R"sql(
UPDATE wallet.accounts SET held = held - $2, balance = balance - $2 WHERE id = $1
)sql"};
constexpr db::Statement kRelease{"wallet.release", R"sql(
UPDATE wallet.accounts SET held = held - $2 WHERE id = $1
)sql"};
constexpr db::Statement kInsertTransfer{"wallet.insert_transfer", R"sql(
INSERT INTO wallet.transfers (debit_account, credit_account, amount, currency, kind, reference, hold_id, created_at)
VALUES ($1, $2, $3, $4, $5, $6, $7, coalesce($8::timestamptz, now()))
RETURNING id, created_at
)sql"};
constexpr db::Statement kInsertHold{"wallet.insert_hold", R"sql(
INSERT INTO wallet.holds (debit_account, credit_account, amount, currency, kind, reference, expires_at)
VALUES ($1, $2, $3, $4, $5, $6, $7)
RETURNING id, created_at
)sql"};
constexpr db::Statement kGetHold{"wallet.get_hold", R"sql(
SELECT id, debit_account, credit_account, amount, currency, kind, reference, expires_at, created_at
FROM wallet.holds WHERE id = $1
)sql"};
constexpr db::Statement kResolution{"wallet.hold_resolution", R"sql(
SELECT outcome FROM wallet.hold_resolutions WHERE hold_id = $1
)sql"};
constexpr db::Statement kResolve{"wallet.resolve_hold", R"sql(
INSERT INTO wallet.hold_resolutions (hold_id, outcome, transfer_id) VALUES ($1, $2, $3)
)sql"};
constexpr db::Statement kBalances{"wallet.balances", R"sql(
SELECT a.id, a.kind, a.user_id, a.currency, a.balance, a.held
FROM wallet.accounts a JOIN catalog.currencies c ON c.code = a.currency
WHERE a.kind = 'user' AND a.user_id = $1
ORDER BY c.position, a.currency
)sql"};
constexpr db::Statement kGetAccount{"wallet.get_account", R"sql(
SELECT id, kind, user_id, currency, balance, held FROM wallet.accounts WHERE id = $1
)sql"};

void CheckMovement(const TransferInput& input) {
  ValidationErrors errors;
  if (input.amount <= 0) errors.Add("amount", {"wallet:amount.not_positive", {}});
  if (!kernel::CurrencyDigits(input.currency)) errors.Add("currency", {"wallet:currency_unknown", {}});
  if (input.debit == input.credit) errors.Add("credit", {"wallet:same_account", {}});
  errors.ThrowIfAny();
}

Account ReadAccount(const db::Row& row) {
  Account account;
  account.id = row.Get<std::int64_t>("id");
  account.kind = ParseAccountKind(row.Get<std::string>("kind")).value_or(AccountKind::kUser);
  account.user_id = row.Get<std::optional<std::int64_t>>("user_id");
  account.currency = row.Get<std::string>("currency");
  account.balance = row.Get<std::int64_t>("balance");
  account.held = row.Get<std::int64_t>("held");
  return account;
}

/// Locks both accounts in ascending id order and checks that they hold the movement's currency.
awaitable<void> LockPair(db::Transaction& tx, std::int64_t debit, std::int64_t credit,
                         std::string_view currency) {
  const std::array<std::int64_t, 2> ids{std::min(debit, credit), std::max(debit, credit)};
  for (const auto id : ids) {
    auto locked = co_await tx.Query(kLock, id);
    if (locked.Empty()) throw NotFound({"wallet:account_not_found", {}});
    if (locked.One().Get<std::string>("currency") != currency) {
      throw ValidationFailed("currency", {"wallet:currency_mismatch", {}});
    }
  }
}

Hold ReadHold(const db::Row& row) {
  Hold hold;
  hold.id = row.Get<std::int64_t>("id");
  hold.movement.debit = row.Get<std::int64_t>("debit_account");
  hold.movement.credit = row.Get<std::int64_t>("credit_account");
  hold.movement.amount = row.Get<std::int64_t>("amount");
  hold.movement.currency = row.Get<std::string>("currency");
  hold.movement.kind = row.Get<std::string>("kind");
  hold.movement.reference = row.Get<std::string>("reference");
  hold.expires_at = row.Get<std::optional<TimePoint>>("expires_at");
  hold.created_at = row.Get<TimePoint>("created_at");
  return hold;
}

/// The hold, its accounts locked, unresolved (409 wallet:hold_resolved otherwise).
awaitable<Hold> LockUnresolved(db::Transaction& tx, std::int64_t hold_id) {
  auto found = co_await tx.Query(kGetHold, hold_id);
  if (found.Empty()) throw NotFound({"wallet:hold_not_found", {}});
  Hold hold = ReadHold(found.One());
  // Every resolution of this hold locks the same two accounts first, so they run one after another and the
  // second one sees the first's row.
  co_await LockPair(tx, hold.movement.debit, hold.movement.credit, hold.movement.currency);
  auto resolution = co_await tx.Query(kResolution, hold_id);
  if (!resolution.Empty()) throw Conflict({"wallet:hold_resolved", {}});
  co_return hold;
}

}  // namespace

std::string_view AccountKindName(AccountKind kind) noexcept {
  for (const auto& [value, name] : kKindNames) {
    if (value == kind) return name;
  }
  return "user";
}

std::optional<AccountKind> ParseAccountKind(std::string_view name) noexcept {
  for (const auto& [value, known] : kKindNames) {
    if (known == name) return value;
  }
  return std::nullopt;
}

Ledger::Ledger(db::Pool& pool) : pool_(pool) {}

awaitable<std::int64_t> Ledger::UserAccount(db::Transaction& tx, std::int64_t user_id,
                                            std::string_view currency) {
  if (!kernel::CurrencyDigits(currency)) throw ValidationFailed("currency", {"wallet:currency_unknown", {}});
  auto found = co_await tx.Query(kUserAccount, user_id, currency);
  if (found.Empty()) {
    co_await tx.Query(kOpenUserAccount, user_id, currency);
    found = co_await tx.Query(kUserAccount, user_id, currency);
  }
  co_return found.One().Get<std::int64_t>("id");
}

awaitable<std::int64_t> Ledger::PlatformAccount(db::Transaction& tx, AccountKind kind,
                                                std::string_view currency) {
  auto found = co_await tx.Query(kPlatformAccount, AccountKindName(kind), currency);
  if (found.Empty()) throw ValidationFailed("currency", {"wallet:currency_unknown", {}});
  co_return found.One().Get<std::int64_t>("id");
}

awaitable<Entry> Ledger::Transfer(db::Transaction& tx, const TransferInput& input) {
  CheckMovement(input);
  co_await LockPair(tx, input.debit, input.credit, input.currency);
  auto debited = co_await tx.Query(kDebit, input.debit, input.amount);
  if (debited.Empty()) throw Conflict({"wallet:insufficient_funds", {}});
  co_await tx.Query(kCredit, input.credit, input.amount);
  const std::optional<std::int64_t> no_hold;
  auto inserted = co_await tx.Query(kInsertTransfer, input.debit, input.credit, input.amount, input.currency,
                                    input.kind, input.reference, no_hold, input.at);
  const auto row = inserted.One();
  co_return Entry{row.Get<std::int64_t>("id"),
                  input.debit,
                  input.credit,
                  input.amount,
                  input.currency,
                  input.kind,
                  input.reference,
                  std::nullopt,
                  row.Get<TimePoint>("created_at")};
}

awaitable<Hold> Ledger::PlaceHold(db::Transaction& tx, const HoldInput& input) {
  CheckMovement(input);
  co_await LockPair(tx, input.debit, input.credit, input.currency);
  auto reserved = co_await tx.Query(kReserve, input.debit, input.amount);
  if (reserved.Empty()) throw Conflict({"wallet:insufficient_funds", {}});
  auto inserted = co_await tx.Query(kInsertHold, input.debit, input.credit, input.amount, input.currency,
                                    input.kind, input.reference, input.expires_at);
  const auto row = inserted.One();
  Hold hold;
  hold.id = row.Get<std::int64_t>("id");
  hold.movement = input;
  hold.expires_at = input.expires_at;
  hold.created_at = row.Get<TimePoint>("created_at");
  co_return hold;
}

awaitable<Entry> Ledger::PostHold(db::Transaction& tx, std::int64_t hold_id) {
  Hold hold = co_await LockUnresolved(tx, hold_id);
  const auto& movement = hold.movement;
  co_await tx.Query(kSettle, movement.debit, movement.amount);
  co_await tx.Query(kCredit, movement.credit, movement.amount);
  const std::optional<std::int64_t> of_hold = hold_id;
  auto inserted =
      co_await tx.Query(kInsertTransfer, movement.debit, movement.credit, movement.amount, movement.currency,
                        movement.kind, movement.reference, of_hold, movement.at);
  const auto row = inserted.One();
  const auto transfer_id = row.Get<std::int64_t>("id");
  const std::optional<std::int64_t> resolved_by = transfer_id;
  co_await tx.Query(kResolve, hold_id, std::string_view("posted"), resolved_by);
  co_return Entry{transfer_id,        movement.debit,    movement.credit,
                  movement.amount,    movement.currency, movement.kind,
                  movement.reference, of_hold,           row.Get<TimePoint>("created_at")};
}

awaitable<void> Ledger::VoidHold(db::Transaction& tx, std::int64_t hold_id) {
  Hold hold = co_await LockUnresolved(tx, hold_id);
  co_await tx.Query(kRelease, hold.movement.debit, hold.movement.amount);
  const std::optional<std::int64_t> no_transfer;
  co_await tx.Query(kResolve, hold_id, std::string_view("voided"), no_transfer);
}

awaitable<Entry> Ledger::Transfer(const TransferInput& input) {
  co_return co_await Atomically<Entry>(
      [this, &input](db::Transaction& tx) -> awaitable<Entry> { co_return co_await Transfer(tx, input); });
}

awaitable<Hold> Ledger::PlaceHold(const HoldInput& input) {
  co_return co_await Atomically<Hold>(
      [this, &input](db::Transaction& tx) -> awaitable<Hold> { co_return co_await PlaceHold(tx, input); });
}

awaitable<Entry> Ledger::PostHold(std::int64_t hold_id) {
  co_return co_await Atomically<Entry>(
      [this, hold_id](db::Transaction& tx) -> awaitable<Entry> { co_return co_await PostHold(tx, hold_id); });
}

awaitable<void> Ledger::VoidHold(std::int64_t hold_id) {
  co_await Atomically<void>(
      [this, hold_id](db::Transaction& tx) -> awaitable<void> { co_await VoidHold(tx, hold_id); });
}

awaitable<std::vector<Account>> Ledger::Balances(std::int64_t user_id) {
  auto rows = co_await pool_.Query(kBalances, user_id);
  std::vector<Account> accounts;
  for (const auto& row : rows) accounts.push_back(ReadAccount(row));
  co_return accounts;
}

awaitable<Account> Ledger::GetAccount(std::int64_t account_id) {
  auto rows = co_await pool_.Query(kGetAccount, account_id);
  if (rows.Empty()) throw NotFound({"wallet:account_not_found", {}});
  co_return ReadAccount(rows.One());
}

}  // namespace artel::wallet
