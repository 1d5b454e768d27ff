// The ledger against a real PostgreSQL (a fresh migrated database per test): conservation (every entry debits
// one account and credits another by the same amount, so each currency's balances sum to zero, and each
// cached balance equals its entries), the floor rule, currencies kept apart, holds resolved exactly once,
// entries that cannot be changed, and 30 concurrent debits of a whole balance of which exactly one succeeds.

#include <gtest/gtest.h>

#include <boost/asio/co_spawn.hpp>
#include <boost/asio/detached.hpp>

#include "artel/core/error.hpp"
#include "artel/db/pool.hpp"
#include "artel/testing/testing.hpp"
#include "artel/wallet/ledger.hpp"

namespace artel::wallet {
namespace {

using boost::asio::awaitable;
using db::testing::TestDatabase;
using testing::ErrorOf;
using testing::MakeUser;

class LedgerTest : public ::testing::Test {
 protected:
  LedgerTest() : ledger_(db_.GetPool()) {
    alice_ = MakeUser(db_, "alice");
    bob_ = MakeUser(db_, "bob");
  }

  std::int64_t Wallet(std::int64_t user_id, std::string currency = "RUB") {
    return db_.Run(ledger_.Atomically<std::int64_t>([&](db::Transaction& tx) -> awaitable<std::int64_t> {
      co_return co_await ledger_.UserAccount(tx, user_id, currency);
    }));
  }

  std::int64_t Platform(AccountKind kind, std::string currency = "RUB") {
    return db_.Run(ledger_.Atomically<std::int64_t>([&](db::Transaction& tx) -> awaitable<std::int64_t> {
      co_return co_await ledger_.PlatformAccount(tx, kind, currency);
    }));
  }

  TransferInput Move(std::int64_t debit, std::int64_t credit, std::int64_t amount,
                     std::string currency = "RUB") {
    return {debit, credit, amount, std::move(currency), "test", "test:1", std::nullopt};
  }

  /// A top-up as the gateway's webhook makes it: clearing → wallet.
  void Fund(std::int64_t wallet, std::int64_t amount, std::string currency = "RUB") {
    db_.Run(ledger_.Transfer(Move(Platform(AccountKind::kClearing, currency), wallet, amount, currency)));
  }

  Account Get(std::int64_t account) { return db_.Run(ledger_.GetAccount(account)); }

  std::int64_t Scalar(std::string_view sql) {
    return db_.Run(db_.GetPool().Query(sql)).One().Get<std::int64_t>(0);
  }

  std::int64_t Entries() { return Scalar("SELECT count(*) FROM wallet.transfers"); }

  /// The invariants every state of the ledger keeps.
  void ExpectConserved() {
    // Each currency's balances sum to zero: what left one account arrived in another.
    EXPECT_EQ(Scalar("SELECT count(*) FROM (SELECT currency FROM wallet.accounts GROUP BY currency "
                     "HAVING sum(balance) <> 0) unbalanced"),
              0);
    // The sum of debits equals the sum of credits per currency (entries are counted from both sides).
    EXPECT_EQ(Scalar("SELECT count(*) FROM (SELECT t.currency FROM wallet.transfers t "
                     "GROUP BY t.currency HAVING sum(t.amount) <> (SELECT coalesce(sum(u.amount), 0) "
                     "FROM wallet.transfers u JOIN wallet.accounts c ON c.id = u.credit_account "
                     "WHERE c.currency = t.currency)) unbalanced"),
              0);
    // Each cached balance is its entries; each cached `held` its unresolved holds.
    EXPECT_EQ(Scalar("SELECT count(*) FROM wallet.accounts a WHERE a.balance <> "
                     "coalesce((SELECT sum(amount) FROM wallet.transfers WHERE credit_account = a.id), 0) - "
                     "coalesce((SELECT sum(amount) FROM wallet.transfers WHERE debit_account = a.id), 0)"),
              0);
    EXPECT_EQ(
        Scalar(
            "SELECT count(*) FROM wallet.accounts a WHERE a.held <> "
            "coalesce((SELECT sum(h.amount) FROM wallet.holds h WHERE h.debit_account = a.id AND NOT EXISTS "
            "(SELECT 1 FROM wallet.hold_resolutions r WHERE r.hold_id = h.id)), 0)"),
        0);
    // Users never below zero.
    EXPECT_EQ(Scalar("SELECT count(*) FROM wallet.accounts WHERE kind = 'user' AND balance - held < 0"), 0);
  }

  TestDatabase db_;
  Ledger ledger_;
  std::int64_t alice_ = 0;
  std::int64_t bob_ = 0;
};

TEST_F(LedgerTest, MovesMoneyAndKeepsTheBooksBalanced) {
  const auto alice = Wallet(alice_);
  const auto bob = Wallet(bob_);
  Fund(alice, 150000);
  db_.Run(ledger_.Transfer(Move(alice, bob, 40000)));
  db_.Run(ledger_.Transfer(Move(bob, alice, 1500)));
  EXPECT_EQ(Get(alice).balance, 150000 - 40000 + 1500);
  EXPECT_EQ(Get(bob).balance, 40000 - 1500);
  EXPECT_EQ(Get(Platform(AccountKind::kClearing)).balance, -150000);
  // The same user's wallet in another currency is another account.
  const auto alice_usd = Wallet(alice_, "USD");
  EXPECT_NE(alice_usd, alice);
  EXPECT_EQ(Wallet(alice_), alice);
  Fund(alice_usd, 2500, "USD");
  auto balances = db_.Run(ledger_.Balances(alice_));
  ASSERT_EQ(balances.size(), 2U);
  EXPECT_EQ(balances[0].currency, "RUB");
  EXPECT_EQ(balances[1].currency, "USD");
  EXPECT_EQ(balances[1].Available(), 2500);
  ExpectConserved();
}

TEST_F(LedgerTest, RefusesWhatWouldBreakTheRules) {
  const auto alice = Wallet(alice_);
  const auto bob = Wallet(bob_);
  const auto bob_usd = Wallet(bob_, "USD");
  Fund(alice, 10000);
  const auto before = Entries();
  // Below zero.
  auto short_of_money = ErrorOf(db_, ledger_.Transfer(Move(alice, bob, 10001)));
  EXPECT_EQ(short_of_money.Code(), ErrorCode::kConflict);
  EXPECT_EQ(short_of_money.GetMessage().key, "wallet:insufficient_funds");
  // Zero, negative, unknown currency, the same account, mixed currencies.
  EXPECT_EQ(ErrorOf(db_, ledger_.Transfer(Move(alice, bob, 0))).Code(), ErrorCode::kValidationFailed);
  EXPECT_EQ(ErrorOf(db_, ledger_.Transfer(Move(alice, bob, -5))).Code(), ErrorCode::kValidationFailed);
  EXPECT_EQ(testing::FieldKey(ErrorOf(db_, ledger_.Transfer(Move(alice, bob, 5, "XXX"))), "currency"),
            "wallet:currency_unknown");
  EXPECT_EQ(ErrorOf(db_, ledger_.Transfer(Move(alice, alice, 5))).Code(), ErrorCode::kValidationFailed);
  EXPECT_EQ(testing::FieldKey(ErrorOf(db_, ledger_.Transfer(Move(alice, bob_usd, 5))), "currency"),
            "wallet:currency_mismatch");
  EXPECT_EQ(testing::FieldKey(ErrorOf(db_, ledger_.Transfer(Move(alice, bob_usd, 5, "USD"))), "currency"),
            "wallet:currency_mismatch");
  EXPECT_EQ(Entries(), before);
  EXPECT_EQ(Get(alice).balance, 10000);
  // The database refuses the same even when a movement bypasses the Ledger.
  EXPECT_THROW(db_.Run(db_.GetPool().Query("UPDATE wallet.accounts SET balance = -1 WHERE kind = 'user'")),
               db::CheckViolation);
  EXPECT_THROW(
      db_.Run(db_.GetPool().Query(
          "INSERT INTO wallet.transfers (debit_account, credit_account, amount, currency, kind, reference) "
          "VALUES ($1, $2, 5, 'RUB', 'test', 'x')",
          alice, bob_usd)),
      db::CheckViolation);
  ExpectConserved();
}

TEST_F(LedgerTest, EntriesAreAppendOnly) {
  const auto alice = Wallet(alice_);
  Fund(alice, 10000);
  EXPECT_THROW(db_.Run(db_.GetPool().Query("UPDATE wallet.transfers SET amount = 1")), db::Error);
  EXPECT_THROW(db_.Run(db_.GetPool().Query("DELETE FROM wallet.transfers")), db::Error);
  EXPECT_THROW(db_.Run(db_.GetPool().Query("TRUNCATE wallet.transfers CASCADE")), db::Error);
  EXPECT_EQ(Entries(), 1);
  EXPECT_EQ(Scalar("SELECT amount FROM wallet.transfers"), 10000);
}

TEST_F(LedgerTest, AHoldIsResolvedExactlyOnce) {
  const auto alice = Wallet(alice_);
  const auto escrow = Platform(AccountKind::kEscrow);
  const auto bob = Wallet(bob_);
  Fund(alice, 100000);
  HoldInput input;
  static_cast<TransferInput&>(input) = Move(alice, escrow, 60000);
  input.kind = "safe_deal";
  const auto hold = db_.Run(ledger_.PlaceHold(input));
  EXPECT_EQ(Get(alice).balance, 100000);
  EXPECT_EQ(Get(alice).held, 60000);
  EXPECT_EQ(Get(alice).Available(), 40000);
  // Held money cannot be spent twice: neither moved nor held again.
  EXPECT_EQ(ErrorOf(db_, ledger_.Transfer(Move(alice, bob, 40001))).GetMessage().key,
            "wallet:insufficient_funds");
  EXPECT_EQ(ErrorOf(db_, ledger_.PlaceHold(input)).GetMessage().key, "wallet:insufficient_funds");
  ExpectConserved();

  const auto posted = db_.Run(ledger_.PostHold(hold.id));
  EXPECT_EQ(posted.amount, 60000);
  EXPECT_EQ(posted.hold_id, hold.id);
  EXPECT_EQ(Get(alice).balance, 40000);
  EXPECT_EQ(Get(alice).held, 0);
  EXPECT_EQ(Get(escrow).balance, 60000);
  const auto after_post = Entries();

  // Posted twice, voided after posting: refused, nothing new written.
  auto twice = ErrorOf(db_, ledger_.PostHold(hold.id));
  EXPECT_EQ(twice.Code(), ErrorCode::kConflict);
  EXPECT_EQ(twice.GetMessage().key, "wallet:hold_resolved");
  EXPECT_EQ(ErrorOf(db_, ledger_.VoidHold(hold.id)).GetMessage().key, "wallet:hold_resolved");
  EXPECT_EQ(Entries(), after_post);
  EXPECT_EQ(Scalar("SELECT count(*) FROM wallet.hold_resolutions"), 1);
  EXPECT_EQ(Get(alice).balance, 40000);
  EXPECT_EQ(Get(escrow).balance, 60000);
  // A resolution cannot be rewritten either.
  EXPECT_THROW(db_.Run(db_.GetPool().Query("UPDATE wallet.hold_resolutions SET outcome = 'voided'")),
               db::Error);
  ExpectConserved();

  // A voided hold gives the money back and cannot be posted afterwards.
  static_cast<TransferInput&>(input) = Move(alice, escrow, 30000);
  const auto second = db_.Run(ledger_.PlaceHold(input));
  EXPECT_EQ(Get(alice).Available(), 10000);
  db_.Run(ledger_.VoidHold(second.id));
  EXPECT_EQ(Get(alice).Available(), 40000);
  EXPECT_EQ(ErrorOf(db_, ledger_.PostHold(second.id)).GetMessage().key, "wallet:hold_resolved");
  EXPECT_EQ(ErrorOf(db_, ledger_.VoidHold(second.id)).GetMessage().key, "wallet:hold_resolved");
  EXPECT_EQ(Entries(), after_post);
  EXPECT_EQ(ErrorOf(db_, ledger_.PostHold(999999)).Code(), ErrorCode::kNotFound);
  ExpectConserved();
}

TEST_F(LedgerTest, ConcurrentDebitsOfTheWholeBalanceMoveItOnce) {
  const auto alice = Wallet(alice_);
  const auto bob = Wallet(bob_);
  Fund(alice, 100000);
  constexpr int kDebits = 30;
  int succeeded = 0;
  int refused = 0;
  int other = 0;
  for (int i = 0; i < kDebits; ++i) {
    boost::asio::co_spawn(
        db_.Io(),
        [&, i]() -> awaitable<void> {
          auto input = Move(alice, bob, 100000);
          input.reference = "race:" + std::to_string(i);
          try {
            co_await ledger_.Transfer(input);
            ++succeeded;
          } catch (const Error& error) {
            if (error.GetMessage().key == "wallet:insufficient_funds") {
              ++refused;
            } else {
              ++other;
            }
          } catch (...) {
            ++other;
          }
        },
        boost::asio::detached);
  }
  db_.Io().restart();
  db_.Io().run();
  EXPECT_EQ(succeeded, 1);
  EXPECT_EQ(refused, kDebits - 1);
  EXPECT_EQ(other, 0);
  EXPECT_EQ(Get(alice).balance, 0);
  EXPECT_EQ(Get(bob).balance, 100000);
  EXPECT_EQ(Entries(), 2);
  ExpectConserved();
}

}  // namespace
}  // namespace artel::wallet
