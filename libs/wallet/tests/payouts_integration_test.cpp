// Payouts against a real PostgreSQL (a fresh migrated database per test): the limits per payout, per day and
// per month at their boundaries, held money that cannot be withdrawn, a failure and a rejection that return
// the money by a new entry, the owner's cancel, the two-admin rule (the same admin twice refused, audited),
// the sandbox's signed payout webhook taken once, idempotent retries, and cards kept only masked. The books
// balance after each scenario.

#include <gtest/gtest.h>

#include <chrono>
#include <memory>

#include "artel/core/error.hpp"
#include "artel/core/time.hpp"
#include "artel/db/pool.hpp"
#include "artel/testing/testing.hpp"
#include "artel/wallet/ledger.hpp"
#include "artel/wallet/payouts.hpp"
#include "artel/wallet/sandbox.hpp"
#include "artel/wallet/wallet.hpp"

namespace artel::wallet {
namespace {

using boost::asio::awaitable;
using db::testing::TestDatabase;
using testing::ErrorOf;
using testing::FieldKey;
using testing::MakeUser;
using namespace std::chrono_literals;

PayoutSettings TestSettings() {
  PayoutSettings settings;
  settings.min_amount = 5;
  settings.max_amount = 1000;
  settings.daily_amount = 1500;
  settings.daily_count = 3;
  settings.monthly_amount = 2500;
  settings.approval_threshold = 300;
  settings.second_approval_threshold = 600;
  return settings;
}

Settings WalletSettings() {
  Settings settings;
  // The sandbox's webhook arrives within the same run of the test's event loop.
  settings.sandbox_delay = std::chrono::milliseconds(1);
  return settings;
}

class PayoutsTest : public ::testing::Test {
 protected:
  PayoutsTest()
      : ledger_(db_.GetPool()),
        clock_(*ParseIsoTime("2026-11-20T10:00:00Z")),
        sandbox_(std::make_shared<SandboxGateway>("payout-test-secret", "http://127.0.0.1", 300s)),
        wallet_(db_.GetPool(), ledger_, sandbox_, WalletSettings(), clock_),
        payouts_(db_.GetPool(), ledger_, wallet_, TestSettings(), clock_) {
    wallet_.OnPayoutEvent([this](std::string gateway, GatewayEvent event) -> awaitable<bool> {
      co_return co_await payouts_.Settle(std::move(gateway), std::move(event));
    });
    user_ = MakeUser(db_, "payee");
    other_ = MakeUser(db_, "other");
    admin_ = Actor{MakeUser(db_, "admin"), 1, 0, std::nullopt, true};
    second_admin_ = Actor{MakeUser(db_, "second_admin"), 1, 0, std::nullopt, true};
    card_ = AddCard(user_, "4242 4242 4242 4242");
  }

  std::int64_t Scalar(std::string_view sql) {
    return db_.Run(db_.GetPool().Query(sql)).One().Get<std::int64_t>(0);
  }

  std::int64_t AddCard(std::int64_t user_id, std::string number) {
    return db_.Run(payouts_.AddMethod(user_id, PayoutMethodInput{"bank_card", std::move(number)})).id;
  }

  /// Money in the wallet as a card top-up (clearing → wallet), in minor units.
  void Fund(std::int64_t user_id, std::int64_t amount) {
    db_.Run(ledger_.Atomically<void>([&](db::Transaction& tx) -> awaitable<void> {
      TransferInput in;
      in.debit = co_await ledger_.PlatformAccount(tx, AccountKind::kClearing, "RUB");
      in.credit = co_await ledger_.UserAccount(tx, user_id, "RUB");
      in.amount = amount;
      in.currency = "RUB";
      in.kind = "topup";
      in.reference = "test:" + std::to_string(amount);
      co_await ledger_.Transfer(tx, in);
    }));
  }

  std::int64_t Available(std::int64_t user_id) {
    auto accounts = db_.Run(ledger_.Balances(user_id));
    return accounts.empty() ? 0 : accounts.front().Available();
  }

  PayoutAnswer Withdraw(std::string amount, std::int64_t method = 0, std::string key = "") {
    if (key.empty()) key = "key-" + std::to_string(++keys_);
    PayoutInput input{method == 0 ? card_ : method, std::move(amount), "RUB"};
    std::string hash = "hash-" + input.amount + "-" + std::to_string(input.method_id);
    return db_.Run(payouts_.Request(user_, std::move(key), std::move(hash), std::move(input)));
  }

  Error Refused(std::string amount) {
    PayoutInput input{card_, std::move(amount), "RUB"};
    std::string key = "key-" + std::to_string(++keys_);
    return ErrorOf(db_, payouts_.Request(user_, std::move(key), "hash", std::move(input)));
  }

  std::string StatusOf(std::int64_t payout_id) {
    auto list = db_.Run(payouts_.List(user_));
    for (const auto& payout : list) {
      if (payout.id == payout_id) return payout.status;
    }
    return "<none>";
  }

  /// The sandbox's webhook about a payout, signed, through the wallet's webhook path.
  bool DeliverOutcome(std::int64_t payout_id, std::int64_t amount, bool succeeded) {
    GatewayEvent event;
    event.event_id = "sandbox-payout-" + std::to_string(payout_id);
    event.payout_id = payout_id;
    event.external_id = "sandbox-payout-" + std::to_string(payout_id);
    event.succeeded = succeeded;
    event.amount = amount;
    event.currency = "RUB";
    if (!succeeded) event.decline_reason = "card_declined";
    const std::string body = SandboxGateway::EventBody(event);
    std::optional<std::string> signature = sandbox_->Sign(body, clock_.Now());
    return db_.Run(wallet_.ReceiveWebhook("sandbox", body, std::move(signature), "127.0.0.1"));
  }

  /// The invariants every state of the ledger keeps, and the payouts account holds exactly the money of the
  /// payouts on their way out.
  void ExpectConserved() {
    EXPECT_EQ(Scalar("SELECT count(*) FROM (SELECT currency FROM wallet.accounts GROUP BY currency "
                     "HAVING sum(balance) <> 0) unbalanced"),
              0);
    EXPECT_EQ(Scalar("SELECT count(*) FROM wallet.accounts a WHERE a.balance <> "
                     "coalesce((SELECT sum(amount) FROM wallet.transfers WHERE credit_account = a.id), 0) - "
                     "coalesce((SELECT sum(amount) FROM wallet.transfers WHERE debit_account = a.id), 0)"),
              0);
    EXPECT_EQ(Scalar("SELECT count(*) FROM wallet.accounts WHERE kind = 'user' AND balance - held < 0"), 0);
    EXPECT_EQ(Scalar("SELECT coalesce(sum(balance), 0)::bigint FROM wallet.accounts WHERE kind = 'payouts'"),
              Scalar("SELECT coalesce(sum(amount), 0)::bigint FROM wallet.payouts "
                     "WHERE status IN ('pending_approval', 'approved', 'processing')"));
    // Every payout left the wallet once, and an ended one came back or went out once.
    EXPECT_EQ(Scalar("SELECT count(*) FROM wallet.payouts p WHERE (SELECT count(*) FROM wallet.transfers t "
                     "WHERE t.reference = 'payout:' || p.id) <> CASE WHEN p.status IN ('pending_approval', "
                     "'approved', 'processing') THEN 1 ELSE 2 END"),
              0);
  }

  TestDatabase db_;
  Ledger ledger_;
  ManualClock clock_;
  std::shared_ptr<SandboxGateway> sandbox_;
  Wallet wallet_;
  Payouts payouts_;
  std::int64_t user_ = 0;
  std::int64_t other_ = 0;
  Actor admin_;
  Actor second_admin_;
  std::int64_t card_ = 0;
  int keys_ = 0;
};

TEST_F(PayoutsTest, LimitsPerPayoutPerDayAndPerMonthHoldAtTheirBoundaries) {
  Fund(user_, 1'000'000);  // 10 000.00
  EXPECT_EQ(FieldKey(Refused("4.99"), "amount"), "wallet:payout.below_minimum");
  EXPECT_EQ(Withdraw("5.00").payout.status, "approved");
  EXPECT_EQ(FieldKey(Refused("1000.01"), "amount"), "wallet:payout.above_maximum");
  EXPECT_EQ(Withdraw("1000.00").payout.status, "pending_approval");
  // 1 005.00 of the day's 1 500.00 taken: 495.00 is left, one kopeck more is refused and says so.
  auto over_day = Refused("495.01");
  EXPECT_EQ(FieldKey(over_day, "amount"), "wallet:payout.daily_limit");
  EXPECT_EQ(over_day.Fields().at("amount").front().params.front().second, "495.00");
  EXPECT_EQ(Withdraw("295.00").payout.status, "approved");
  // Three payouts a day.
  EXPECT_EQ(FieldKey(Refused("5.00"), "amount"), "wallet:payout.daily_count");
  // The next day: 1 300.00 of the month's 2 500.00 taken.
  clock_.Advance(24h);
  EXPECT_EQ(FieldKey(Refused("1200.01"), "amount"), "wallet:payout.above_maximum");
  EXPECT_EQ(Withdraw("1000.00").payout.status, "pending_approval");
  auto over_month = Refused("200.01");
  EXPECT_EQ(FieldKey(over_month, "amount"), "wallet:payout.monthly_limit");
  EXPECT_EQ(over_month.Fields().at("amount").front().params.front().second, "200.00");
  EXPECT_EQ(Withdraw("200.00").payout.status, "approved");
  EXPECT_EQ(FieldKey(Refused("5.00"), "amount"), "wallet:payout.monthly_limit");
  auto limits = db_.Run(payouts_.Limits(user_));
  ASSERT_EQ(limits.size(), 1U);
  EXPECT_EQ(limits[0].left_this_month, "0.00");
  EXPECT_EQ(limits[0].left_today, "300.00");
  EXPECT_EQ(limits[0].payouts_left_today, 1);
  // A new month starts afresh.
  clock_.Set(*ParseIsoTime("2026-12-01T00:00:00Z"));
  EXPECT_EQ(Withdraw("5.00").payout.status, "approved");
  EXPECT_EQ(Available(user_), 1'000'000 - 500 - 100'000 - 29'500 - 100'000 - 20'000 - 500);
  ExpectConserved();
}

TEST_F(PayoutsTest, HeldMoneyAndMoneyAlreadyOnItsWayCannotBeWithdrawn) {
  Fund(user_, 100'000);  // 1 000.00
  db_.Run(ledger_.Atomically<void>([&](db::Transaction& tx) -> awaitable<void> {
    HoldInput hold;
    hold.debit = co_await ledger_.UserAccount(tx, user_, "RUB");
    hold.credit = co_await ledger_.PlatformAccount(tx, AccountKind::kEscrow, "RUB");
    hold.amount = 60'000;
    hold.currency = "RUB";
    hold.kind = "hold";
    hold.reference = "deal:1";
    co_await ledger_.PlaceHold(tx, hold);
  }));
  auto refused = Refused("400.01");
  EXPECT_EQ(FieldKey(refused, "amount"), "wallet:payout.more_than_available");
  EXPECT_EQ(refused.Fields().at("amount").front().params.front().second, "400.00");
  Withdraw("300.00");
  EXPECT_EQ(FieldKey(Refused("100.01"), "amount"), "wallet:payout.more_than_available");
  Withdraw("100.00");
  EXPECT_EQ(Available(user_), 0);
  ExpectConserved();
}

TEST_F(PayoutsTest, TheGatewaysOutcomeSettlesOnceAndAFailureReturnsTheMoney) {
  Fund(user_, 100'000);
  const auto declined_card = AddCard(user_, "4000 0000 0000 0002");
  const auto ok = Withdraw("100.00").payout;
  const auto failing = Withdraw("200.00", declined_card).payout;
  EXPECT_EQ(Available(user_), 70'000);
  // The job sends both; the sandbox's signed webhooks come back through the webhook path.
  EXPECT_EQ(db_.Run(payouts_.SendApproved(clock_.Now())), 2);
  EXPECT_EQ(StatusOf(ok.id), "succeeded");
  EXPECT_EQ(StatusOf(failing.id), "failed");
  // Asked again: nothing is sent twice, and a second delivery of an outcome changes nothing.
  EXPECT_EQ(db_.Run(payouts_.SendApproved(clock_.Now() + 1h)), 0);
  EXPECT_EQ(Scalar("SELECT count(*) FROM wallet.payouts WHERE external_id LIKE 'sandbox-payout-%'"), 2);
  EXPECT_FALSE(DeliverOutcome(ok.id, 10'000, true));
  EXPECT_FALSE(DeliverOutcome(failing.id, 20'000, true));
  EXPECT_EQ(StatusOf(failing.id), "failed");
  EXPECT_EQ(Available(user_), 90'000);
  // An unsigned webhook is refused.
  EXPECT_EQ(ErrorOf(db_, wallet_.ReceiveWebhook("sandbox", "{}", std::nullopt, "127.0.0.1")).Code(),
            ErrorCode::kBadRequest);
  // New entries only: out, out to the gateway, out and back.
  EXPECT_EQ(Scalar("SELECT count(*) FROM wallet.transfers WHERE kind = 'payout_sent'"), 1);
  EXPECT_EQ(Scalar("SELECT count(*) FROM wallet.transfers WHERE kind = 'payout_returned'"), 1);
  EXPECT_EQ(Scalar("SELECT balance FROM wallet.accounts WHERE kind = 'clearing' AND currency = 'RUB'"),
            -100'000 + 10'000);
  ExpectConserved();
}

TEST_F(PayoutsTest, APayoutClaimedBeforeACrashIsSentAgainOnceUnderTheSameId) {
  Fund(user_, 100'000);
  const auto payout = Withdraw("100.00").payout;
  // The job claimed it and the process died before the gateway heard of it.
  db_.Run(db_.GetPool().Query("UPDATE wallet.payouts SET status = 'processing', sent_at = $2 WHERE id = $1",
                              payout.id, clock_.Now() - 2min));
  // Within resend_after (5 minutes) the gateway may still answer: it is left alone.
  EXPECT_EQ(db_.Run(payouts_.SendApproved(clock_.Now())), 0);
  EXPECT_EQ(db_.Run(payouts_.SendApproved(clock_.Now() + 4min)), 1);
  EXPECT_EQ(StatusOf(payout.id), "succeeded");
  EXPECT_EQ(Scalar("SELECT count(*) FROM wallet.transfers WHERE kind = 'payout_sent'"), 1);
  ExpectConserved();
}

TEST_F(PayoutsTest, ARejectionAndACancelReturnTheMoney) {
  Fund(user_, 100'000);
  const auto rejected = Withdraw("400.00").payout;
  const auto canceled = Withdraw("350.00").payout;
  EXPECT_EQ(rejected.status, "pending_approval");
  EXPECT_EQ(rejected.approvals_needed, 1);
  EXPECT_EQ(Available(user_), 25'000);
  // Only admins reject, with a reason.
  const Actor owner{user_, 0, 0, std::nullopt, true};
  EXPECT_EQ(ErrorOf(db_, payouts_.Reject(owner, rejected.id, "no", "k-reject-0", "h")).Code(),
            ErrorCode::kForbidden);
  EXPECT_EQ(FieldKey(ErrorOf(db_, payouts_.Reject(admin_, rejected.id, "  ", "k-reject-1", "h")), "reason"),
            "wallet:payout.reason_invalid");
  auto answer =
      db_.Run(payouts_.Reject(admin_, rejected.id, "The card is not in your name", "k-reject-2", "h"));
  EXPECT_EQ(answer.payout.status, "rejected");
  EXPECT_EQ(answer.payout.reason, "The card is not in your name");
  // A retry of the same request gives the first answer; nothing moves twice.
  auto again =
      db_.Run(payouts_.Reject(admin_, rejected.id, "The card is not in your name", "k-reject-2", "h"));
  EXPECT_EQ(again.payout.status, "rejected");
  EXPECT_EQ(Conflict({}).Code(),
            ErrorOf(db_, payouts_.Reject(admin_, rejected.id, "again", "k-reject-3", "h")).Code());
  EXPECT_EQ(Scalar("SELECT count(*) FROM platform.audit WHERE action = 'payouts.reject'"), 1);
  // Someone else's payout is not there; the owner cancels while it waits.
  EXPECT_EQ(ErrorOf(db_, payouts_.Cancel(other_, canceled.id, "k-cancel-1", "h")).Code(),
            ErrorCode::kNotFound);
  EXPECT_EQ(db_.Run(payouts_.Cancel(user_, canceled.id, "k-cancel-2", "h")).payout.status, "canceled");
  EXPECT_EQ(ErrorOf(db_, payouts_.Cancel(user_, canceled.id, "k-cancel-3", "h")).Code(),
            ErrorCode::kConflict);
  EXPECT_EQ(Available(user_), 100'000);
  // An approved payout is no longer the owner's to cancel.
  const auto small = Withdraw("10.00").payout;
  EXPECT_EQ(ErrorOf(db_, payouts_.Cancel(user_, small.id, "k-cancel-4", "h")).Code(), ErrorCode::kConflict);
  ExpectConserved();
}

TEST_F(PayoutsTest, ALargePayoutNeedsTwoDifferentAdmins) {
  Fund(user_, 100'000);
  const auto large = Withdraw("600.00").payout;
  EXPECT_EQ(large.approvals_needed, 2);
  // An admin never approves their own payout.
  const std::int64_t admins_card = AddCard(admin_.user_id, "5555 5555 5555 4444");
  EXPECT_GT(admins_card, 0);
  auto first = db_.Run(payouts_.Approve(admin_, large.id));
  EXPECT_EQ(first.status, "pending_approval");
  EXPECT_EQ(first.approvals, 1);
  EXPECT_EQ(first.first_approver_id, admin_.user_id);
  const auto same = ErrorOf(db_, payouts_.Approve(admin_, large.id));
  EXPECT_EQ(same.Code(), ErrorCode::kConflict);
  EXPECT_EQ(same.GetMessage().key, "wallet:payout.same_approver");
  const Actor owner_as_admin{user_, 1, 0, std::nullopt, true};
  EXPECT_EQ(ErrorOf(db_, payouts_.Approve(owner_as_admin, large.id)).GetMessage().key,
            "wallet:payout.own_payout");
  auto queue = db_.Run(payouts_.Pending(second_admin_));
  ASSERT_EQ(queue.size(), 1U);
  EXPECT_EQ(queue[0].first_approver_id, admin_.user_id);
  auto second = db_.Run(payouts_.Approve(second_admin_, large.id));
  EXPECT_EQ(second.status, "approved");
  EXPECT_EQ(second.approvals, 2);
  EXPECT_EQ(ErrorOf(db_, payouts_.Approve(second_admin_, large.id)).GetMessage().key,
            "wallet:payout.not_pending");
  EXPECT_EQ(Scalar("SELECT count(*) FROM platform.audit WHERE action = 'payouts.approve'"), 2);
  // One approval is enough below the second threshold.
  const auto medium = Withdraw("301.00").payout;
  EXPECT_EQ(db_.Run(payouts_.Approve(second_admin_, medium.id)).status, "approved");
  EXPECT_EQ(db_.Run(payouts_.SendApproved(clock_.Now())), 2);
  ExpectConserved();
}

TEST_F(PayoutsTest, ARetryAnswersTheFirstAnswerAndAnotherBodyUnderTheKeyIsRefused) {
  Fund(user_, 100'000);
  const auto first = Withdraw("100.00", 0, "the-same-key");
  const auto again = Withdraw("100.00", 0, "the-same-key");
  EXPECT_EQ(first.payout.id, again.payout.id);
  EXPECT_EQ(Scalar("SELECT count(*) FROM wallet.payouts"), 1);
  PayoutInput other{card_, "200.00", "RUB"};
  auto reused = ErrorOf(db_, payouts_.Request(user_, "the-same-key", "another-hash", other));
  EXPECT_EQ(reused.Code(), ErrorCode::kValidationFailed);
  EXPECT_EQ(Available(user_), 90'000);
  ExpectConserved();
}

TEST_F(PayoutsTest, MethodsAreCheckedOwnedAndNeverKeepTheFullNumber) {
  auto invalid =
      ErrorOf(db_, payouts_.AddMethod(user_, PayoutMethodInput{"bank_card", "4242 4242 4242 4241"}));
  EXPECT_EQ(FieldKey(invalid, "number"), "wallet:payout.card_invalid");
  EXPECT_EQ(
      FieldKey(ErrorOf(db_, payouts_.AddMethod(user_, PayoutMethodInput{"yoo_money", "1234"})), "number"),
      "wallet:payout.wallet_invalid");
  auto purse = db_.Run(payouts_.AddMethod(user_, PayoutMethodInput{"yoo_money", "410011234567890"}));
  EXPECT_EQ(purse.masked, "4100 •••• 7890");
  auto methods = db_.Run(payouts_.Methods(user_));
  ASSERT_EQ(methods.size(), 2U);
  EXPECT_EQ(methods[0].masked, "•••• 4242");
  EXPECT_EQ(Scalar("SELECT count(*) FROM wallet.payout_methods WHERE token LIKE '%4242424242424242%' "
                   "OR masked LIKE '%4242424242424242%'"),
            0);
  // Another user's method is not theirs to delete nor to withdraw to.
  EXPECT_EQ(ErrorOf(db_, payouts_.DeleteMethod(other_, purse.id)).Code(), ErrorCode::kNotFound);
  Fund(other_, 10'000);
  PayoutInput input{purse.id, "10.00", "RUB"};
  EXPECT_EQ(FieldKey(ErrorOf(db_, payouts_.Request(other_, "k-other-1", "h", input)), "method_id"),
            "wallet:payout.method_unknown");
  db_.Run(payouts_.DeleteMethod(user_, purse.id));
  EXPECT_EQ(db_.Run(payouts_.Methods(user_)).size(), 1U);
}

}  // namespace
}  // namespace artel::wallet
