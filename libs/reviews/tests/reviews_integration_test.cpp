// Reviews against a real PostgreSQL, driven as the bids library and the demo seeder drive them: an order is
// created, its performer selected (orders::Orders::SelectPerformer, what bids does), completed, and then
// reviewed. Each test on a fresh migrated database.

#include <gtest/gtest.h>

#include "artel/catalog/catalog.hpp"
#include "artel/core/error.hpp"
#include "artel/core/time.hpp"
#include "artel/db/pool.hpp"
#include "artel/kernel/side.hpp"
#include "artel/orders/orders.hpp"
#include "artel/platform/events.hpp"
#include "artel/reviews/events.hpp"
#include "artel/reviews/reviews.hpp"
#include "artel/testing/testing.hpp"

namespace artel::reviews {
namespace {

using boost::asio::awaitable;
using db::testing::TestDatabase;
using testing::ErrorOf;
using testing::FieldKey;
using testing::MakeUser;
using namespace std::chrono_literals;

class ReviewsTest : public ::testing::Test {
 protected:
  ReviewsTest()
      : clock_(*ParseIsoTime("2026-11-22T12:00:00Z")),
        catalog_(db_.GetPool()),
        orders_(db_.GetPool(), catalog_, events_, clock_),
        reviews_(db_.GetPool(), orders_, events_, clock_) {
    customer_ = MakeUser(db_, "customer");
    performer_ = MakeUser(db_, "performer");
    stranger_ = MakeUser(db_, "stranger");
    events_.Subscribe<ReviewPosted>([this](db::Transaction&, const ReviewPosted& e) -> awaitable<void> {
      posted_.push_back(e.target_id);
      co_return;
    });
  }

  /// An order of customer_ taken by performer_ (as bids selects), completed unless `complete` is false.
  std::int64_t Order(bool complete = true) {
    orders::OrderInput input;
    input.name = "Landing page for a bakery";
    input.description = "Five sections, a contact form and a map; responsive.";
    input.category_id = 1;
    input.payment_option = orders::PaymentOption::kSafeDeal;
    input.deadline = clock_.Now() + 24h * 30;
    const auto id = db_.Run(orders_.Create(customer_, input));
    db_.Run([&]() -> awaitable<void> {
      auto tx = co_await db_.GetPool().Begin();
      auto order = co_await orders_.Lock(tx, id);
      co_await orders_.SelectPerformer(tx, order, performer_);
      co_await tx.Commit();
    }());
    if (complete) db_.Run(orders_.Transition(customer_, id, orders::Action::kComplete));
    return id;
  }

  TestDatabase db_;
  ManualClock clock_;
  catalog::Catalog catalog_;
  platform::EventBus events_;
  orders::Orders orders_;
  Reviews reviews_;
  std::int64_t customer_ = 0;
  std::int64_t performer_ = 0;
  std::int64_t stranger_ = 0;
  std::vector<std::int64_t> posted_;
};

TEST_F(ReviewsTest, EachSideReviewsTheOtherOnceAfterCompletion) {
  const auto order_id = Order();
  auto about_performer = db_.Run(reviews_.Create(customer_, order_id, 5, "  Quick and careful.  "));
  EXPECT_EQ(about_performer.author.id, customer_);
  EXPECT_EQ(about_performer.target.id, performer_);
  EXPECT_EQ(about_performer.author_side, kernel::Side::kCustomer);
  EXPECT_EQ(about_performer.text, "Quick and careful.");
  auto about_customer = db_.Run(reviews_.Create(performer_, order_id, 4, "A clear brief."));
  EXPECT_EQ(about_customer.target.id, customer_);
  EXPECT_EQ(about_customer.author_side, kernel::Side::kPerformer);
  // The event went out once per review, in its transaction, naming whom it rates.
  EXPECT_EQ(posted_, (std::vector<std::int64_t>{performer_, customer_}));

  auto twice = ErrorOf(db_, reviews_.Create(customer_, order_id, 1, "Changed my mind."));
  EXPECT_EQ(twice.Code(), ErrorCode::kConflict);
  EXPECT_EQ(twice.GetMessage().key, "reviews:duplicate");
  auto rows = db_.Run(
      db_.GetPool().Query("SELECT count(*), min(rating) FROM reviews.reviews WHERE order_id = $1", order_id));
  EXPECT_EQ(rows.One().Get<std::int64_t>(0), 2);
  EXPECT_EQ(rows.One().Get<std::int16_t>(1), 4);
  EXPECT_EQ(posted_.size(), 2u);
}

TEST_F(ReviewsTest, OnlyThePartiesOfACompletedOrderReview) {
  const auto in_progress = Order(false);
  auto early = ErrorOf(db_, reviews_.Create(customer_, in_progress, 5, "Not done yet."));
  EXPECT_EQ(early.Code(), ErrorCode::kForbidden);
  EXPECT_EQ(early.GetMessage().key, "reviews:not_participant");

  const auto done = Order();
  auto outsider = ErrorOf(db_, reviews_.Create(stranger_, done, 5, "Heard good things."));
  EXPECT_EQ(outsider.Code(), ErrorCode::kForbidden);
  EXPECT_EQ(outsider.GetMessage().key, "reviews:not_participant");
  EXPECT_TRUE(posted_.empty());
}

TEST_F(ReviewsTest, TheRatingIsOneToFiveAndTheTextNotBlank) {
  const auto order_id = Order();
  for (std::int32_t rating : {0, 6, -1}) {
    auto error = ErrorOf(db_, reviews_.Create(customer_, order_id, rating, "Fine."));
    EXPECT_EQ(error.Code(), ErrorCode::kValidationFailed) << rating;
    EXPECT_EQ(FieldKey(error, "rating"), "reviews:rating_range") << rating;
  }
  auto blank = ErrorOf(db_, reviews_.Create(customer_, order_id, 3, "   "));
  EXPECT_EQ(blank.Code(), ErrorCode::kValidationFailed);
  EXPECT_NE(FieldKey(blank, "text"), "<no error on field>");
  auto too_long = ErrorOf(db_, reviews_.Create(customer_, order_id, 3, std::string(2001, 'a')));
  EXPECT_NE(FieldKey(too_long, "text"), "<no error on field>");
  // None of them was stored: the boundaries still go in.
  EXPECT_EQ(db_.Run(reviews_.Create(customer_, order_id, 1, std::string(2000, 'a'))).rating, 1);
  EXPECT_EQ(db_.Run(reviews_.Create(performer_, order_id, 5, "x")).rating, 5);
}

TEST_F(ReviewsTest, TheReviewedSideRepliesOnce) {
  const auto order_id = Order();
  auto review = db_.Run(reviews_.Create(customer_, order_id, 4, "Good, a little late."));
  auto author = ErrorOf(db_, reviews_.Reply(customer_, review.id, "Replying to myself."));
  EXPECT_EQ(author.Code(), ErrorCode::kForbidden);
  EXPECT_EQ(author.GetMessage().key, "reviews:not_target");

  clock_.Advance(1h);
  auto replied = db_.Run(reviews_.Reply(performer_, review.id, "Thank you; the delay was the hosting's."));
  ASSERT_TRUE(replied.reply);
  EXPECT_EQ(*replied.reply, "Thank you; the delay was the hosting's.");
  ASSERT_TRUE(replied.replied_at);
  EXPECT_EQ(*replied.replied_at, clock_.Now());

  auto again = ErrorOf(db_, reviews_.Reply(performer_, review.id, "One more thing."));
  EXPECT_EQ(again.Code(), ErrorCode::kConflict);
  EXPECT_EQ(again.GetMessage().key, "reviews:reply_duplicate");
  EXPECT_EQ(ErrorOf(db_, reviews_.Reply(performer_, review.id + 1000, "Nothing there.")).Code(),
            ErrorCode::kNotFound);
}

TEST_F(ReviewsTest, TheSummaryCountsAndAveragesTheReviewsOfOneRole) {
  EXPECT_EQ(db_.Run(reviews_.Summary(performer_, kernel::Side::kPerformer)).count, 0);
  EXPECT_FALSE(db_.Run(reviews_.Summary(performer_, kernel::Side::kPerformer)).average);
  for (std::int32_t rating : {5, 4, 3}) {
    const auto order_id = Order();
    db_.Run(reviews_.Create(customer_, order_id, rating, "Done."));
    db_.Run(reviews_.Create(performer_, order_id, 5, "Paid on time."));
  }
  auto as_performer = db_.Run(reviews_.Summary(performer_, kernel::Side::kPerformer));
  EXPECT_EQ(as_performer.count, 3);
  ASSERT_TRUE(as_performer.average);
  EXPECT_DOUBLE_EQ(*as_performer.average, 4.0);
  // The performer's reviews of the customer count for the customer's side only.
  EXPECT_EQ(db_.Run(reviews_.Summary(performer_, kernel::Side::kCustomer)).count, 0);
  auto as_customer = db_.Run(reviews_.Summary(customer_, kernel::Side::kCustomer));
  EXPECT_EQ(as_customer.count, 3);
  EXPECT_DOUBLE_EQ(*as_customer.average, 5.0);

  auto page = db_.Run(reviews_.ListAbout(performer_, kernel::Side::kPerformer, std::nullopt, 2));
  ASSERT_EQ(page.items.size(), 2u);
  EXPECT_TRUE(page.next_cursor);
  EXPECT_EQ(page.summary.count, 3);
  auto rest = db_.Run(reviews_.ListAbout(performer_, kernel::Side::kPerformer, page.next_cursor, 2));
  ASSERT_EQ(rest.items.size(), 1u);
  EXPECT_FALSE(rest.next_cursor);
  EXPECT_NE(rest.items[0].id, page.items[0].id);
  EXPECT_NE(rest.items[0].id, page.items[1].id);
}

}  // namespace
}  // namespace artel::reviews
