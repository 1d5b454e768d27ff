// Bids, selection, invitations, the 24-hour rule and reviews against a real PostgreSQL: the order lifecycle
// as the domain libraries see it (each test on a fresh migrated database).

#include <gtest/gtest.h>

#include <boost/asio/experimental/awaitable_operators.hpp>

#include "artel/bids/bids.hpp"
#include "artel/bids/events.hpp"
#include "artel/catalog/catalog.hpp"
#include "artel/core/error.hpp"
#include "artel/core/time.hpp"
#include "artel/notifications/notifications.hpp"
#include "artel/orders/events.hpp"
#include "artel/orders/orders.hpp"
#include "artel/orders/views.hpp"
#include "artel/reviews/events.hpp"
#include "artel/reviews/reviews.hpp"
#include "artel/testing/testing.hpp"

namespace artel::bids {
namespace {

using db::testing::TestDatabase;
using testing::ErrorOf;
using testing::MakeUser;
using namespace std::chrono_literals;

class BidsTest : public ::testing::Test {
 protected:
  BidsTest()
      : clock_(*ParseIsoTime("2026-11-22T12:00:00Z")),
        catalog_(db_.GetPool()),
        notifier_(events_),
        orders_(db_.GetPool(), catalog_, events_, clock_),
        bids_(db_.GetPool(), orders_, events_, clock_),
        reviews_(db_.GetPool(), orders_, events_, clock_) {
    // As the modules wire them.
    orders::AddNotificationKinds(notifier_);
    AddNotificationKinds(notifier_);
    reviews::AddNotificationKinds(notifier_);
    customer_ = MakeUser(db_, "customer");
    alice_ = MakeUser(db_, "alice");
    bob_ = MakeUser(db_, "bob");
  }

  orders::OrderInput Input() {
    orders::OrderInput input;
    input.name = "Mobile app for a fitness club";
    input.description = "Schedule, bookings and push notifications; iOS and Android.";
    input.category_id = 1;
    input.payment_option = orders::PaymentOption::kSafeDeal;
    input.deadline = clock_.Now() + 24h * 30;
    return input;
  }

  std::int64_t CreateOrder() { return db_.Run(orders_.Create(customer_, Input())); }

  BidInput Final(std::int64_t amount = 30000000) {
    BidInput input;
    input.kind = Kind::kFinal;
    input.comment = "I have built three apps like this one.";
    input.term_days = 45;
    input.price = kernel::Money{amount, "RUB"};
    return input;
  }

  BidInput Preliminary() {
    BidInput input;
    input.kind = Kind::kPreliminary;
    input.comment = "Roughly two months; the price after we talk.";
    input.term_days = 60;
    return input;
  }

  std::int64_t Notifications(std::int64_t user_id, std::string_view kind) {
    return db_
        .Run(db_.GetPool().Query(
            "SELECT count(*) FROM notifications.notifications WHERE user_id = $1 AND kind = $2", user_id,
            kind))
        .One()
        .Get<std::int64_t>(0);
  }

  orders::Order Order(std::int64_t id) { return db_.Run(orders_.GetVisible(id, customer_)); }

  TestDatabase db_;
  ManualClock clock_;
  catalog::Catalog catalog_;
  platform::EventBus events_;
  notifications::Notifier notifier_;
  orders::Orders orders_;
  Bids bids_;
  reviews::Reviews reviews_;
  std::int64_t customer_ = 0;
  std::int64_t alice_ = 0;
  std::int64_t bob_ = 0;
};

TEST_F(BidsTest, APreliminaryBidMustBecomeFinalBeforeItIsSelected) {
  auto order_id = CreateOrder();
  auto created = db_.Run(bids_.Create(alice_, order_id, Preliminary()));
  EXPECT_TRUE(created.first_bid);
  EXPECT_EQ(Order(order_id).bid_count, 1);
  EXPECT_EQ(Notifications(customer_, "bid_received"), 1);

  auto preliminary = ErrorOf(db_, bids_.Select(customer_, order_id, created.bid.id));
  EXPECT_EQ(preliminary.Code(), ErrorCode::kConflict);
  EXPECT_EQ(preliminary.GetMessage().key, "bids:preliminary");
  EXPECT_EQ(Order(order_id).status, orders::Status::kSearch);

  auto updated = db_.Run(bids_.Update(alice_, created.bid.id, Final()));
  EXPECT_EQ(updated.kind, Kind::kFinal);
  auto bob_bid = db_.Run(bids_.Create(bob_, order_id, Final(25000000)));
  EXPECT_TRUE(bob_bid.first_bid);
  auto second = db_.Run(bids_.Create(bob_, CreateOrder(), Final()));
  EXPECT_FALSE(second.first_bid);

  db_.Run(bids_.Select(customer_, order_id, created.bid.id));
  auto order = Order(order_id);
  EXPECT_EQ(order.status, orders::Status::kInProgress);
  EXPECT_EQ(order.performer->id, alice_);
  auto list = db_.Run(bids_.ListForOrder(customer_, order_id));
  ASSERT_EQ(list.size(), 2u);
  EXPECT_EQ(list[0].status, BidStatus::kSelected);
  EXPECT_EQ(list[1].status, BidStatus::kRejected);
  EXPECT_EQ(Notifications(alice_, "bid_selected"), 1);
  EXPECT_EQ(Notifications(bob_, "bid_rejected"), 1);

  // After the selection nothing about the bids moves any more.
  EXPECT_EQ(ErrorOf(db_, bids_.Withdraw(bob_, bob_bid.bid.id)).Code(), ErrorCode::kConflict);
  EXPECT_EQ(ErrorOf(db_, bids_.Select(customer_, order_id, bob_bid.bid.id)).Code(), ErrorCode::kConflict);
  EXPECT_EQ(ErrorOf(db_,
                    [&]() -> boost::asio::awaitable<void> {
                      co_await bids_.Update(alice_, created.bid.id, Final(1));
                    }())
                .Code(),
            ErrorCode::kConflict);
}

TEST_F(BidsTest, OneBidPerPerformerAndNeverOnOnesOwnOrder) {
  auto order_id = CreateOrder();
  db_.Run(bids_.Create(alice_, order_id, Final()));
  auto duplicate = ErrorOf(
      db_, [&]() -> boost::asio::awaitable<void> { co_await bids_.Create(alice_, order_id, Final()); }());
  EXPECT_EQ(duplicate.Code(), ErrorCode::kConflict);
  EXPECT_EQ(duplicate.GetMessage().key, "bids:duplicate");
  auto own = ErrorOf(
      db_, [&]() -> boost::asio::awaitable<void> { co_await bids_.Create(customer_, order_id, Final()); }());
  EXPECT_EQ(own.Code(), ErrorCode::kForbidden);
  EXPECT_EQ(Order(order_id).bid_count, 1);

  // Others see only their own bid; a stranger's edit of Alice's bid finds nothing.
  auto alice_view = db_.Run(bids_.ListForOrder(alice_, order_id));
  ASSERT_EQ(alice_view.size(), 1u);
  EXPECT_TRUE(db_.Run(bids_.ListForOrder(bob_, order_id)).empty());
  EXPECT_EQ(ErrorOf(db_,
                    [&]() -> boost::asio::awaitable<void> {
                      co_await bids_.Update(bob_, alice_view[0].id, Final());
                    }())
                .Code(),
            ErrorCode::kNotFound);
  EXPECT_EQ(ErrorOf(db_, bids_.Withdraw(bob_, alice_view[0].id)).Code(), ErrorCode::kNotFound);

  db_.Run(bids_.Withdraw(alice_, alice_view[0].id));
  EXPECT_EQ(Order(order_id).bid_count, 0);
  db_.Run(orders_.Transition(customer_, order_id, orders::Action::kClose));
  auto closed = ErrorOf(
      db_, [&]() -> boost::asio::awaitable<void> { co_await bids_.Create(bob_, order_id, Final()); }());
  EXPECT_EQ(closed.Code(), ErrorCode::kConflict);
}

TEST_F(BidsTest, OfTwoConcurrentSelectionsExactlyOneWins) {
  for (int round = 0; round < 5; ++round) {
    auto order_id = CreateOrder();
    auto alice_bid = db_.Run(bids_.Create(alice_, order_id, Final())).bid.id;
    auto bob_bid = db_.Run(bids_.Create(bob_, order_id, Final())).bid.id;
    auto attempt = [&](std::int64_t bid_id) -> boost::asio::awaitable<int> {
      try {
        co_await bids_.Select(customer_, order_id, bid_id);
        co_return 200;
      } catch (const Error& error) {
        co_return HttpStatus(error.Code());
      }
    };
    using namespace boost::asio::experimental::awaitable_operators;
    auto [a, b] = db_.Run([&]() -> boost::asio::awaitable<std::tuple<int, int>> {
      auto [x, y] = co_await (attempt(alice_bid) && attempt(bob_bid));
      co_return std::make_tuple(x, y);
    }());
    EXPECT_EQ(std::min(a, b), 200);
    EXPECT_EQ(std::max(a, b), 409);
    auto selected = db_.Run(db_.GetPool().Query(
        "SELECT count(*) FROM bids.bids WHERE order_id = $1 AND status = 'selected'", order_id));
    EXPECT_EQ(selected.One().Get<std::int64_t>(0), 1);
    EXPECT_EQ(Order(order_id).performer->id, a == 200 ? alice_ : bob_);
  }
}

TEST_F(BidsTest, InvitationsAreSentOncePerPerformerAndOrder) {
  auto order_id = CreateOrder();
  auto invitation = db_.Run(bids_.Invite(customer_, order_id, alice_));
  EXPECT_EQ(invitation.status, InvitationStatus::kPending);
  EXPECT_EQ(invitation.expires_at, clock_.Now() + 24h);
  EXPECT_EQ(Notifications(alice_, "invitation_received"), 1);
  auto duplicate = ErrorOf(
      db_, [&]() -> boost::asio::awaitable<void> { co_await bids_.Invite(customer_, order_id, alice_); }());
  EXPECT_EQ(duplicate.Code(), ErrorCode::kConflict);
  EXPECT_EQ(duplicate.GetMessage().key, "bids:invitations.duplicate");
  EXPECT_EQ(
      ErrorOf(db_, [&]() -> boost::asio::awaitable<void> { co_await bids_.Invite(bob_, order_id, alice_); }())
          .Code(),
      ErrorCode::kForbidden);
  EXPECT_EQ(ErrorOf(db_,
                    [&]() -> boost::asio::awaitable<void> {
                      co_await bids_.Invite(customer_, order_id, customer_);
                    }())
                .Code(),
            ErrorCode::kValidationFailed);

  // Accepting selects Alice; Bob's bid is rejected.
  db_.Run(bids_.Create(bob_, order_id, Final()));
  EXPECT_EQ(db_.Run(bids_.Accept(alice_, invitation.id)), order_id);
  EXPECT_EQ(Order(order_id).performer->id, alice_);
  EXPECT_EQ(Notifications(bob_, "bid_rejected"), 1);
  EXPECT_EQ(Notifications(customer_, "invitation_accepted"), 1);
  EXPECT_EQ(
      ErrorOf(db_, [&]() -> boost::asio::awaitable<void> { co_await bids_.Accept(alice_, invitation.id); }())
          .Code(),
      ErrorCode::kConflict);
}

TEST_F(BidsTest, AJobOfferIsPrivateUntilDeclinedOrUnansweredFor24Hours) {
  auto stranger = MakeUser(db_, "stranger");
  auto offer = db_.Run(bids_.CreateJobOffer(customer_, Input(), alice_));
  EXPECT_TRUE(Order(offer.order_id).personal);
  EXPECT_EQ(ErrorOf(db_,
                    [&]() -> boost::asio::awaitable<void> {
                      co_await orders_.GetVisible(offer.order_id, stranger);
                    }())
                .Code(),
            ErrorCode::kNotFound);
  EXPECT_EQ(db_.Run(orders_.GetVisible(offer.order_id, alice_)).id, offer.order_id);
  EXPECT_EQ(ErrorOf(db_,
                    [&]() -> boost::asio::awaitable<void> {
                      co_await bids_.Create(stranger, offer.order_id, Final());
                    }())
                .Code(),
            ErrorCode::kNotFound);

  // One second short of 24 hours nothing happens; at 24 hours the invitation expires and the order opens.
  EXPECT_EQ(db_.Run(bids_.ExpireInvitations(clock_.Now() + 24h - 1s)), 0u);
  clock_.Advance(24h);
  EXPECT_EQ(db_.Run(bids_.ExpireInvitations(clock_.Now())), 1u);
  EXPECT_FALSE(Order(offer.order_id).personal);
  EXPECT_EQ(db_.Run(orders_.GetVisible(offer.order_id, stranger)).id, offer.order_id);
  EXPECT_EQ(Notifications(customer_, "order_opened"), 1);
  // The order job finds nothing left to open (and sends no second notification).
  EXPECT_TRUE(db_.Run(orders_.OpenDuePersonalOrders(clock_.Now())).empty());
  EXPECT_EQ(Notifications(customer_, "order_opened"), 1);
  auto late = ErrorOf(
      db_, [&]() -> boost::asio::awaitable<void> { co_await bids_.Accept(alice_, offer.invitation.id); }());
  EXPECT_EQ(late.Code(), ErrorCode::kConflict);

  auto second = db_.Run(bids_.CreateJobOffer(customer_, Input(), bob_));
  auto declined = db_.Run(bids_.Decline(bob_, second.invitation.id));
  EXPECT_EQ(declined.status, InvitationStatus::kDeclined);
  EXPECT_FALSE(Order(second.order_id).personal);
  EXPECT_EQ(Notifications(customer_, "invitation_declined"), 1);
}

TEST_F(BidsTest, BothSidesReviewACompletedOrderOnce) {
  auto stranger = MakeUser(db_, "stranger");
  auto order_id = CreateOrder();
  auto bid = db_.Run(bids_.Create(alice_, order_id, Final())).bid;
  db_.Run(bids_.Select(customer_, order_id, bid.id));
  auto early = ErrorOf(db_, [&]() -> boost::asio::awaitable<void> {
    co_await reviews_.Create(customer_, order_id, 5, "Great");
  }());
  EXPECT_EQ(early.Code(), ErrorCode::kForbidden);
  EXPECT_EQ(early.GetMessage().key, "reviews:not_participant");
  db_.Run(orders_.Transition(customer_, order_id, orders::Action::kComplete));

  auto about_alice = db_.Run(reviews_.Create(customer_, order_id, 5, "Fast and careful."));
  EXPECT_EQ(about_alice.target.id, alice_);
  auto about_customer = db_.Run(reviews_.Create(alice_, order_id, 4, "Clear brief, quick answers."));
  EXPECT_EQ(about_customer.target.id, customer_);
  EXPECT_EQ(ErrorOf(db_,
                    [&]() -> boost::asio::awaitable<void> {
                      co_await reviews_.Create(customer_, order_id, 1, "Again");
                    }())
                .Code(),
            ErrorCode::kConflict);
  EXPECT_EQ(ErrorOf(db_,
                    [&]() -> boost::asio::awaitable<void> {
                      co_await reviews_.Create(stranger, order_id, 1, "Who?");
                    }())
                .Code(),
            ErrorCode::kForbidden);

  EXPECT_EQ(ErrorOf(db_,
                    [&]() -> boost::asio::awaitable<void> {
                      co_await reviews_.Reply(customer_, about_alice.id, "x");
                    }())
                .Code(),
            ErrorCode::kForbidden);
  auto replied = db_.Run(reviews_.Reply(alice_, about_alice.id, "Thank you!"));
  EXPECT_EQ(replied.reply, "Thank you!");
  EXPECT_EQ(ErrorOf(db_,
                    [&]() -> boost::asio::awaitable<void> {
                      co_await reviews_.Reply(alice_, about_alice.id, "Again");
                    }())
                .Code(),
            ErrorCode::kConflict);

  auto page = db_.Run(reviews_.ListAbout(alice_, kernel::Side::kPerformer, std::nullopt, 20));
  ASSERT_EQ(page.items.size(), 1u);
  EXPECT_EQ(page.summary.count, 1);
  EXPECT_DOUBLE_EQ(*page.summary.average, 5.0);
  EXPECT_EQ(db_.Run(reviews_.Summary(customer_, kernel::Side::kCustomer)).average, 4.0);
  EXPECT_EQ(Notifications(alice_, "review_received"), 1);

  // The order detail's parts, as Register() wires them: one pipeline for bids' and reviews' queries.
  auto order = Order(order_id);
  EXPECT_EQ(db_.Run(orders::Detail(orders_, order, alice_)).reviews.as_array().size(), 0u);
  orders_.AddDetailContributor(bids_.DetailPart());
  orders_.AddDetailContributor(reviews_.DetailPart());
  auto for_alice = db_.Run(orders::Detail(orders_, order, alice_));
  EXPECT_EQ(for_alice.reviews.as_array().size(), 2u);
  EXPECT_EQ(for_alice.my_bid.as_object()["id"].as_int64(), bid.id);
  EXPECT_FALSE(for_alice.viewer.can_review);
  auto for_guest = db_.Run(orders::Detail(orders_, order, std::nullopt));
  EXPECT_TRUE(for_guest.my_bid.is_null());
  EXPECT_EQ(for_guest.reviews.as_array().size(), 2u);
  EXPECT_FALSE(for_guest.viewer.can_review);
}

TEST_F(BidsTest, OrderDetailPartsBeforeCompletion) {
  orders_.AddDetailContributor(bids_.DetailPart());
  orders_.AddDetailContributor(reviews_.DetailPart());
  auto order_id = CreateOrder();
  auto bid = db_.Run(bids_.Create(alice_, order_id, Final())).bid;
  auto order = Order(order_id);
  auto for_alice = db_.Run(orders::Detail(orders_, order, alice_));
  EXPECT_EQ(for_alice.my_bid.as_object()["id"].as_int64(), bid.id);
  EXPECT_FALSE(for_alice.viewer.can_bid);
  EXPECT_TRUE(for_alice.invitation.is_null());
  EXPECT_TRUE(for_alice.reviews.as_array().empty());
  EXPECT_FALSE(for_alice.viewer.can_review);
  auto for_customer = db_.Run(orders::Detail(orders_, order, customer_));
  EXPECT_TRUE(for_customer.my_bid.is_null());
}

}  // namespace
}  // namespace artel::bids
