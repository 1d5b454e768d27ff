// The safe deal against a real PostgreSQL (a fresh migrated database per test): funding holds the money,
// accepting releases it minus the fee in one transaction, a refund voids the hold, a dispute freezes it until
// an admin splits it (audited), the job releases what nobody answered, idempotent retries move nothing twice,
// only the two sides see the deal, and of 30 concurrent accepts and refunds of one milestone exactly one
// wins. The books balance after each step.

#include <gtest/gtest.h>

#include <boost/asio/co_spawn.hpp>
#include <boost/asio/detached.hpp>
#include <chrono>

#include "artel/core/error.hpp"
#include "artel/core/time.hpp"
#include "artel/db/pool.hpp"
#include "artel/notifications/notifications.hpp"
#include "artel/platform/events.hpp"
#include "artel/testing/testing.hpp"
#include "artel/wallet/deals.hpp"
#include "artel/wallet/ledger.hpp"

namespace artel::wallet {
namespace {

using boost::asio::awaitable;
using db::testing::TestDatabase;
using testing::ErrorOf;
using testing::MakeUser;
using namespace std::chrono_literals;

class DealsTest : public ::testing::Test {
 protected:
  DealsTest()
      : ledger_(db_.GetPool()),
        notifier_(events_),
        clock_(*ParseIsoTime("2026-11-20T10:00:00Z")),
        deals_(db_.GetPool(), ledger_, events_, DealSettings{}, clock_) {
    AddDealNotificationKinds(notifier_);
    customer_ = Actor{MakeUser(db_, "customer"), 0, 0, std::nullopt, true};
    performer_ = Actor{MakeUser(db_, "performer"), 0, 0, std::nullopt, true};
    stranger_ = Actor{MakeUser(db_, "stranger"), 0, 0, std::nullopt, true};
    admin_ = Actor{MakeUser(db_, "admin"), 1, 0, std::nullopt, true};
    order_ = Order("safe_deal");
  }

  std::int64_t Scalar(std::string_view sql) {
    return db_.Run(db_.GetPool().Query(sql)).One().Get<std::int64_t>(0);
  }

  std::int64_t Order(std::string_view payment_option, std::string_view status = "in_progress") {
    return db_
        .Run(db_.GetPool().Query(
            "INSERT INTO orders.orders (customer_id, name, description, category_id, payment_option, status, "
            "performer_id, created_at, updated_at) VALUES ($1, 'A bakery site', 'Five pages', 1, $2, $3, $4, "
            "now(), now()) "
            "RETURNING id",
            customer_.user_id, payment_option, status, performer_.user_id))
        .One()
        .Get<std::int64_t>(0);
  }

  std::int64_t Account(std::int64_t user_id) {
    return db_.Run(ledger_.Atomically<std::int64_t>([&](db::Transaction& tx) -> awaitable<std::int64_t> {
      co_return co_await ledger_.UserAccount(tx, user_id, "RUB");
    }));
  }
  std::int64_t PlatformAccount(AccountKind kind) {
    return db_.Run(ledger_.Atomically<std::int64_t>([&](db::Transaction& tx) -> awaitable<std::int64_t> {
      co_return co_await ledger_.PlatformAccount(tx, kind, "RUB");
    }));
  }
  wallet::Account Get(std::int64_t account) { return db_.Run(ledger_.GetAccount(account)); }

  /// A top-up as the gateway's webhook makes it.
  void TopUp(std::int64_t user_id, std::int64_t amount) {
    TransferInput input{PlatformAccount(AccountKind::kClearing),  Account(user_id), amount, "RUB", "topup",
                        "payment:" + std::to_string(++payments_), std::nullopt};
    db_.Run(ledger_.Transfer(input));
  }

  std::int64_t AddMilestone(std::string amount, std::string title = "Design") {
    MilestoneInput input{std::move(title), std::move(amount), "RUB", std::string("2026-12-01")};
    const Deal deal = db_.Run(deals_.AddMilestone(customer_, order_, input));
    return deal.milestones.back().id;
  }

  DealAnswer Act(const Actor& actor, std::int64_t milestone, MilestoneAction action,
                 std::optional<std::string> message = std::nullopt, std::string key = "") {
    if (key.empty()) key = "key-" + std::to_string(++keys_);
    std::string hash = "hash-" + std::string(MilestoneActionName(action)) + std::to_string(milestone);
    return db_.Run(deals_.Act(actor, milestone, action, std::move(message), std::move(key), std::move(hash)));
  }

  Error ActError(const Actor& actor, std::int64_t milestone, MilestoneAction action,
                 std::optional<std::string> message = std::nullopt) {
    std::string key = "key-" + std::to_string(++keys_);
    return ErrorOf(db_, deals_.Act(actor, milestone, action, std::move(message), std::move(key), "hash"));
  }

  std::string StatusOf(std::int64_t milestone) {
    return db_.Run(db_.GetPool().Query("SELECT status FROM wallet.milestones WHERE id = $1", milestone))
        .One()
        .Get<std::string>(0);
  }

  std::int64_t Notifications(std::int64_t user_id, std::string_view kind) {
    return db_
        .Run(db_.GetPool().Query(
            "SELECT count(*) FROM notifications.notifications WHERE user_id = $1 AND kind = $2", user_id,
            kind))
        .One()
        .Get<std::int64_t>(0);
  }

  /// The ledger's invariants (as in ledger_integration_test.cpp) and the deal's: escrow holds exactly what
  /// the posted-but-unpaid milestones hold (nothing: a release empties it in the same transaction).
  void ExpectBalanced() {
    EXPECT_EQ(Scalar("SELECT count(*) FROM (SELECT currency FROM wallet.accounts GROUP BY currency "
                     "HAVING sum(balance) <> 0) unbalanced"),
              0);
    EXPECT_EQ(Scalar("SELECT count(*) FROM wallet.accounts a WHERE a.balance <> "
                     "coalesce((SELECT sum(amount) FROM wallet.transfers WHERE credit_account = a.id), 0) - "
                     "coalesce((SELECT sum(amount) FROM wallet.transfers WHERE debit_account = a.id), 0)"),
              0);
    EXPECT_EQ(
        Scalar("SELECT count(*) FROM wallet.accounts a WHERE a.held <> "
               "coalesce((SELECT sum(h.amount) FROM wallet.holds h WHERE h.debit_account = a.id AND NOT "
               "EXISTS (SELECT 1 FROM wallet.hold_resolutions r WHERE r.hold_id = h.id)), 0)"),
        0);
    EXPECT_EQ(Scalar("SELECT count(*) FROM wallet.accounts WHERE kind = 'user' AND balance - held < 0"), 0);
    EXPECT_EQ(Get(PlatformAccount(AccountKind::kEscrow)).balance, 0);
    // The customer's money on hold is exactly the funded, delivered and disputed milestones.
    EXPECT_EQ(Get(Account(customer_.user_id)).held,
              Scalar("SELECT coalesce(sum(amount), 0)::bigint FROM wallet.milestones "
                     "WHERE status IN ('funded', 'delivered', 'disputed')"));
  }

  TestDatabase db_;
  Ledger ledger_;
  platform::EventBus events_;
  notifications::Notifier notifier_;
  ManualClock clock_;
  Deals deals_;
  Actor customer_;
  Actor performer_;
  Actor stranger_;
  Actor admin_;
  std::int64_t order_ = 0;
  int payments_ = 0;
  int keys_ = 0;
};

TEST_F(DealsTest, FundDeliverAcceptPaysThePerformerMinusTheFee) {
  TopUp(customer_.user_id, 100000);
  const auto milestone = AddMilestone("500.00");
  ExpectBalanced();
  auto funded = Act(customer_, milestone, MilestoneAction::kFund);
  EXPECT_EQ(funded.deal.milestones.at(0).status, "funded");
  EXPECT_EQ(funded.deal.milestones.at(0).fee, "50.00");
  EXPECT_EQ(funded.deal.milestones.at(0).payout, "450.00");
  EXPECT_EQ(funded.deal.in_escrow, "500.00");
  EXPECT_EQ(Get(Account(customer_.user_id)).Available(), 50000);
  EXPECT_EQ(Get(Account(customer_.user_id)).held, 50000);
  EXPECT_EQ(Notifications(performer_.user_id, "deal_funded"), 1);
  ExpectBalanced();

  auto delivered =
      Act(performer_, milestone, MilestoneAction::kDeliver, std::string("Done, see the mock-ups"));
  EXPECT_EQ(delivered.deal.milestones.at(0).status, "delivered");
  EXPECT_EQ(delivered.deal.role, "performer");
  EXPECT_EQ(delivered.deal.milestones.at(0).actions, (std::vector<std::string>{"refund", "dispute"}));
  EXPECT_EQ(Notifications(customer_.user_id, "deal_delivered"), 1);

  auto accepted = Act(customer_, milestone, MilestoneAction::kAccept);
  EXPECT_EQ(accepted.deal.milestones.at(0).status, "released");
  EXPECT_EQ(accepted.deal.milestones.at(0).fee_taken, "50.00");
  EXPECT_EQ(accepted.deal.released, "500.00");
  EXPECT_EQ(Get(Account(customer_.user_id)).balance, 50000);
  EXPECT_EQ(Get(Account(customer_.user_id)).held, 0);
  EXPECT_EQ(Get(Account(performer_.user_id)).balance, 45000);
  EXPECT_EQ(Get(PlatformAccount(AccountKind::kFeeRevenue)).balance, 5000);
  EXPECT_EQ(Notifications(performer_.user_id, "deal_released"), 1);
  ExpectBalanced();
  // Released is final.
  EXPECT_EQ(ActError(customer_, milestone, MilestoneAction::kAccept).GetMessage().key,
            "wallet:deal.illegal_transition");
  EXPECT_EQ(ActError(performer_, milestone, MilestoneAction::kRefund).GetMessage().key,
            "wallet:deal.illegal_transition");
}

TEST_F(DealsTest, TheFeeIsRoundedDownToTheMinorUnit) {
  EXPECT_EQ(deals_.Fee(50000), 5000);
  EXPECT_EQ(deals_.Fee(12345), 1234);
  EXPECT_EQ(deals_.Fee(9), 0);
  EXPECT_EQ(deals_.Fee(100), 10);
}

TEST_F(DealsTest, AnIdempotentRetryMovesNothingTwice) {
  TopUp(customer_.user_id, 100000);
  const auto milestone = AddMilestone("300.00");
  auto first = Act(customer_, milestone, MilestoneAction::kFund, std::nullopt, "fund-key-1");
  auto again = Act(customer_, milestone, MilestoneAction::kFund, std::nullopt, "fund-key-1");
  EXPECT_EQ(again.deal.milestones.at(0).status, "funded");
  EXPECT_EQ(again.deal.in_escrow, first.deal.in_escrow);
  EXPECT_EQ(Scalar("SELECT count(*) FROM wallet.holds"), 1);
  EXPECT_EQ(Get(Account(customer_.user_id)).held, 30000);
  // Another key is another request: the state machine refuses it.
  EXPECT_EQ(ActError(customer_, milestone, MilestoneAction::kFund).GetMessage().key,
            "wallet:deal.illegal_transition");
  ExpectBalanced();
}

TEST_F(DealsTest, FundingNeedsTheMoney) {
  TopUp(customer_.user_id, 10000);
  const auto milestone = AddMilestone("500.00");
  EXPECT_EQ(ActError(customer_, milestone, MilestoneAction::kFund).GetMessage().key,
            "wallet:insufficient_funds");
  EXPECT_EQ(StatusOf(milestone), "draft");
  EXPECT_EQ(Scalar("SELECT count(*) FROM wallet.holds"), 0);
  ExpectBalanced();
}

TEST_F(DealsTest, ThePerformerRefundsAndTheCustomerHasItAllBack) {
  TopUp(customer_.user_id, 100000);
  const auto milestone = AddMilestone("700.00");
  Act(customer_, milestone, MilestoneAction::kFund);
  EXPECT_EQ(ActError(customer_, milestone, MilestoneAction::kRefund).Code(), ErrorCode::kForbidden);
  auto refunded = Act(performer_, milestone, MilestoneAction::kRefund);
  EXPECT_EQ(refunded.deal.milestones.at(0).status, "refunded");
  EXPECT_EQ(refunded.deal.refunded, "700.00");
  EXPECT_EQ(Get(Account(customer_.user_id)).Available(), 100000);
  EXPECT_EQ(Get(Account(customer_.user_id)).held, 0);
  EXPECT_EQ(Get(PlatformAccount(AccountKind::kFeeRevenue)).balance, 0);
  EXPECT_EQ(Notifications(customer_.user_id, "deal_refunded"), 1);
  ExpectBalanced();
}

TEST_F(DealsTest, RequestedChangesSendTheMilestoneBack) {
  TopUp(customer_.user_id, 100000);
  const auto milestone = AddMilestone("100.00");
  Act(customer_, milestone, MilestoneAction::kFund);
  Act(performer_, milestone, MilestoneAction::kDeliver, std::string("Here"));
  auto back = Act(customer_, milestone, MilestoneAction::kRequestChanges, std::string("Bigger logo"));
  EXPECT_EQ(back.deal.milestones.at(0).status, "funded");
  EXPECT_EQ(back.deal.milestones.at(0).changes_message, "Bigger logo");
  EXPECT_EQ(Notifications(performer_.user_id, "deal_changes_requested"), 1);
  EXPECT_EQ(ActError(customer_, milestone, MilestoneAction::kDeliver, std::string("x")).Code(),
            ErrorCode::kForbidden);
  EXPECT_EQ(ActError(performer_, milestone, MilestoneAction::kDeliver, std::nullopt).Code(),
            ErrorCode::kValidationFailed);
  ExpectBalanced();
}

TEST_F(DealsTest, ADisputeFreezesTheHoldUntilAnAdminSplitsIt) {
  TopUp(customer_.user_id, 100000);
  const auto milestone = AddMilestone("1000.00");
  Act(customer_, milestone, MilestoneAction::kFund);
  Act(performer_, milestone, MilestoneAction::kDeliver, std::string("Done"));
  auto disputed = Act(customer_, milestone, MilestoneAction::kDispute, std::string("Half of it is missing"));
  EXPECT_EQ(disputed.deal.milestones.at(0).status, "disputed");
  EXPECT_EQ(Notifications(performer_.user_id, "deal_disputed"), 1);
  EXPECT_EQ(Notifications(customer_.user_id, "deal_disputed"), 0);
  // Frozen: no accept, refund or auto-release.
  EXPECT_EQ(ActError(customer_, milestone, MilestoneAction::kAccept).GetMessage().key,
            "wallet:deal.illegal_transition");
  EXPECT_EQ(ActError(performer_, milestone, MilestoneAction::kRefund).GetMessage().key,
            "wallet:deal.illegal_transition");
  clock_.Advance(30 * 24h);
  EXPECT_EQ(db_.Run(deals_.AutoRelease(clock_.Now())), 0);
  // Only an admin resolves, within the milestone's amount.
  EXPECT_EQ(ErrorOf(db_, deals_.Resolve(customer_, milestone, "600.00", "resolve-0", "h")).Code(),
            ErrorCode::kForbidden);
  EXPECT_EQ(ErrorOf(db_, deals_.Resolve(admin_, milestone, "1000.01", "resolve-1", "h")).Code(),
            ErrorCode::kValidationFailed);
  // The admin sees the deal.
  EXPECT_EQ(db_.Run(deals_.Get(admin_, order_)).role, "admin");
  auto resolved = db_.Run(deals_.Resolve(admin_, milestone, "600.00", "resolve-2", "h2"));
  EXPECT_EQ(resolved.deal.milestones.at(0).status, "resolved");
  EXPECT_EQ(resolved.deal.milestones.at(0).released, "600.00");
  EXPECT_EQ(resolved.deal.milestones.at(0).fee_taken, "60.00");
  EXPECT_EQ(resolved.deal.milestones.at(0).refunded, "400.00");
  EXPECT_EQ(Get(Account(performer_.user_id)).balance, 54000);
  EXPECT_EQ(Get(PlatformAccount(AccountKind::kFeeRevenue)).balance, 6000);
  EXPECT_EQ(Get(Account(customer_.user_id)).balance, 40000);
  EXPECT_EQ(Get(Account(customer_.user_id)).held, 0);
  EXPECT_EQ(Scalar("SELECT count(*) FROM platform.audit WHERE action = 'deals.resolve'"), 1);
  EXPECT_EQ(Notifications(performer_.user_id, "deal_resolved"), 1);
  EXPECT_EQ(Notifications(customer_.user_id, "deal_resolved"), 1);
  ExpectBalanced();
  // A second resolution with another key is refused; the same key answers the first answer.
  EXPECT_EQ(ErrorOf(db_, deals_.Resolve(admin_, milestone, "0", "resolve-3", "h3")).GetMessage().key,
            "wallet:deal.illegal_transition");
  EXPECT_EQ(db_.Run(deals_.Resolve(admin_, milestone, "600.00", "resolve-2", "h2")).deal.released, "600.00");
}

TEST_F(DealsTest, AResolutionOfZeroRefundsEverything) {
  TopUp(customer_.user_id, 100000);
  const auto milestone = AddMilestone("250.00");
  Act(customer_, milestone, MilestoneAction::kFund);
  Act(performer_, milestone, MilestoneAction::kDispute, std::string("The customer went silent"));
  auto resolved = db_.Run(deals_.Resolve(admin_, milestone, "0", "resolve-zero", "h"));
  EXPECT_EQ(resolved.deal.milestones.at(0).refunded, "250.00");
  EXPECT_EQ(Get(Account(customer_.user_id)).Available(), 100000);
  ExpectBalanced();
}

TEST_F(DealsTest, TheJobReleasesWhatNobodyAnsweredInTime) {
  TopUp(customer_.user_id, 100000);
  const auto milestone = AddMilestone("200.00");
  const auto other = AddMilestone("300.00", "Development");
  Act(customer_, milestone, MilestoneAction::kFund);
  Act(customer_, other, MilestoneAction::kFund);
  Act(performer_, milestone, MilestoneAction::kDeliver, std::string("Done"));
  const auto delivered_at = clock_.Now();
  EXPECT_EQ(db_.Run(deals_.AutoRelease(delivered_at + 14 * 24h - 1s)), 0);
  EXPECT_EQ(StatusOf(milestone), "delivered");
  EXPECT_EQ(db_.Run(deals_.AutoRelease(delivered_at + 14 * 24h)), 1);
  EXPECT_EQ(StatusOf(milestone), "released");
  // Funded but not delivered: nothing to release.
  EXPECT_EQ(StatusOf(other), "funded");
  EXPECT_EQ(Get(Account(performer_.user_id)).balance, 18000);
  EXPECT_EQ(Get(PlatformAccount(AccountKind::kFeeRevenue)).balance, 2000);
  EXPECT_EQ(Notifications(performer_.user_id, "deal_released"), 1);
  EXPECT_EQ(db_.Run(deals_.AutoRelease(delivered_at + 30 * 24h)), 0);
  ExpectBalanced();
}

TEST_F(DealsTest, TheCustomerIsRemindedOncePerDeliveryBeforeTheAutoRelease) {
  TopUp(customer_.user_id, 100000);
  const auto milestone = AddMilestone("200.00");
  Act(customer_, milestone, MilestoneAction::kFund);
  Act(performer_, milestone, MilestoneAction::kDeliver, std::string("Done"));
  const auto delivered_at = clock_.Now();
  // Released after 14 days; reminded 3 days before that.
  EXPECT_EQ(db_.Run(deals_.RemindAutoRelease(delivered_at + 11 * 24h - 1s)), 0);
  EXPECT_EQ(db_.Run(deals_.RemindAutoRelease(delivered_at + 11 * 24h)), 1);
  EXPECT_EQ(Notifications(customer_.user_id, "deal_release_soon"), 1);
  EXPECT_EQ(Notifications(performer_.user_id, "deal_release_soon"), 0) << "the performer has nothing to do";
  const auto payload = db_.Run(db_.GetPool().Query(
      "SELECT payload->>'release_at', payload->>'milestone' FROM notifications.notifications "
      "WHERE user_id = $1 AND kind = 'deal_release_soon'",
      customer_.user_id));
  EXPECT_EQ(payload.One().Get<std::string>(0), IsoTime(delivered_at + 14 * 24h));
  EXPECT_EQ(db_.Run(deals_.RemindAutoRelease(delivered_at + 13 * 24h)), 0) << "once per delivery";

  // Reminded, the customer asks for changes the next day and gets the work again: a new delivery, reminded
  // again when its time comes.
  clock_.Set(delivered_at + 12 * 24h);
  Act(customer_, milestone, MilestoneAction::kRequestChanges, std::string("The logo, please"));
  Act(performer_, milestone, MilestoneAction::kDeliver, std::string("Done again"));
  const auto again = clock_.Now();
  EXPECT_EQ(db_.Run(deals_.RemindAutoRelease(again + 11 * 24h - 1s)), 0);
  EXPECT_EQ(db_.Run(deals_.RemindAutoRelease(again + 11 * 24h)), 1);
  EXPECT_EQ(Notifications(customer_.user_id, "deal_release_soon"), 2);
  // Accepted: nothing left to remind of.
  Act(customer_, milestone, MilestoneAction::kAccept);
  EXPECT_EQ(db_.Run(deals_.RemindAutoRelease(again + 20 * 24h)), 0);
}

TEST_F(DealsTest, OnlyTheTwoSidesSeeTheDeal) {
  const auto deal = db_.Run(deals_.Get(customer_, order_));
  EXPECT_FALSE(deal.id.has_value());
  EXPECT_TRUE(deal.milestones.empty());
  EXPECT_EQ(db_.Run(deals_.Get(performer_, order_)).role, "performer");
  EXPECT_EQ(ErrorOf(db_, deals_.Get(stranger_, order_)).GetMessage().key, "wallet:deal_not_found");
  const auto milestone = AddMilestone("100.00");
  EXPECT_EQ(ActError(stranger_, milestone, MilestoneAction::kFund).Code(), ErrorCode::kNotFound);
  EXPECT_EQ(ActError(stranger_, milestone, MilestoneAction::kDispute, std::string("x")).Code(),
            ErrorCode::kNotFound);
  // Another payment option has no deal.
  const auto contract = Order("contract");
  EXPECT_EQ(ErrorOf(db_, deals_.Get(customer_, contract)).Code(), ErrorCode::kNotFound);
  // The performer does not add milestones; an order no longer in progress takes none.
  MilestoneInput input{"More", "10.00", "RUB", std::nullopt};
  EXPECT_EQ(ErrorOf(db_, deals_.AddMilestone(performer_, order_, input)).Code(), ErrorCode::kForbidden);
  const auto done = Order("safe_deal", "completed");
  EXPECT_EQ(ErrorOf(db_, deals_.AddMilestone(customer_, done, input)).GetMessage().key,
            "wallet:deal.order_not_eligible");
  // One currency per deal; amounts as the top-up's.
  MilestoneInput dollars{"More", "10.00", "USD", std::nullopt};
  EXPECT_EQ(testing::FieldKey(ErrorOf(db_, deals_.AddMilestone(customer_, order_, dollars)), "currency"),
            "wallet:deal.currency_mismatch");
  MilestoneInput bad{"", "10.001", "RUB", std::string("tomorrow")};
  const auto error = ErrorOf(db_, deals_.AddMilestone(customer_, order_, bad));
  EXPECT_EQ(testing::FieldKey(error, "title"), "wallet:deal.title_invalid");
  EXPECT_EQ(testing::FieldKey(error, "amount"), "wallet:amount.too_many_decimals");
  EXPECT_EQ(testing::FieldKey(error, "deadline"), "wallet:deal.deadline_invalid");
}

TEST_F(DealsTest, OfThirtyConcurrentAcceptsAndRefundsExactlyOneWins) {
  TopUp(customer_.user_id, 100000);
  const auto milestone = AddMilestone("800.00");
  Act(customer_, milestone, MilestoneAction::kFund);
  Act(performer_, milestone, MilestoneAction::kDeliver, std::string("Done"));
  constexpr int kCalls = 30;
  int accepted = 0;
  int refunded = 0;
  int refused = 0;
  int other = 0;
  for (int i = 0; i < kCalls; ++i) {
    boost::asio::co_spawn(
        db_.Io(),
        [&, i]() -> awaitable<void> {
          const bool accept = i % 2 == 0;
          const Actor& actor = accept ? customer_ : performer_;
          const auto action = accept ? MilestoneAction::kAccept : MilestoneAction::kRefund;
          std::string key = "race-" + std::to_string(i);
          std::string hash = "race-hash-" + std::to_string(i);
          try {
            co_await deals_.Act(actor, milestone, action, std::nullopt, std::move(key), std::move(hash));
            ++(accept ? accepted : refunded);
          } catch (const Error& error) {
            ++(error.GetMessage().key == "wallet:deal.illegal_transition" ? refused : other);
          } catch (...) {
            ++other;
          }
        },
        boost::asio::detached);
  }
  db_.Io().restart();
  db_.Io().run();
  EXPECT_EQ(accepted + refunded, 1);
  EXPECT_EQ(refused, kCalls - 1);
  EXPECT_EQ(other, 0);
  EXPECT_EQ(Scalar("SELECT count(*) FROM wallet.hold_resolutions"), 1);
  if (accepted == 1) {
    EXPECT_EQ(Get(Account(performer_.user_id)).balance, 72000);
  } else {
    EXPECT_EQ(Get(Account(customer_.user_id)).Available(), 100000);
  }
  ExpectBalanced();
}

}  // namespace
}  // namespace artel::wallet
