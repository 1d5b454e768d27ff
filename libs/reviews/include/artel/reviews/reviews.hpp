#pragma once

#include <boost/asio/awaitable.hpp>
#include <boost/describe/class.hpp>
#include <boost/json/object.hpp>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "artel/core/clock.hpp"
#include "artel/kernel/side.hpp"
#include "artel/kernel/user_card.hpp"
#include "artel/orders/orders.hpp"
#include "artel/profiles/profiles.hpp"

namespace artel::db {
class Pool;
}  // namespace artel::db

namespace artel::platform {
class EventBus;
}  // namespace artel::platform

namespace artel::reviews {

struct Review {
  std::int64_t id = 0;
  std::int64_t order_id = 0;
  std::string order_name;
  /// The order was personal (offered to one performer): seen by its two parties only.
  bool order_personal = false;
  kernel::UserCard author;
  kernel::UserCard target;
  /// The author's side of the order.
  kernel::Side author_side = kernel::Side::kCustomer;
  std::int32_t rating = 0;
  std::string text;
  std::optional<std::string> reply;
  std::optional<TimePoint> replied_at;
  TimePoint created_at;
};

/// The RatingSummary of the reviews' part of the contract (api.yaml), written as it is (kernel::ToJson).
struct RatingSummary {
  std::int64_t count = 0;
  std::optional<double> average;
};
BOOST_DESCRIBE_STRUCT(RatingSummary, (), (count, average))

struct ReviewPage {
  std::vector<Review> items;
  std::optional<std::string> next_cursor;
  RatingSummary summary;
};

/// Whether `viewer_id` may see the review's order: always a public one; a personal one only its two parties
/// (the review's author and target).
bool OrderShownTo(const Review& review, std::optional<std::int64_t> viewer_id);

/// Reviews after a completed order: each side reviews the other once (a unique constraint backs this), the
/// reviewed side replies once. Only the customer and the performer of a completed order may review
/// ("Only customers who have worked with a freelancer can leave a review").
class Reviews final {
 public:
  /// A new review publishes ReviewPosted (artel/reviews/events.hpp) on `events` inside its transaction.
  Reviews(db::Pool& pool, orders::Orders& orders, platform::EventBus& events,
          const Clock& clock = DefaultClock());
  ~Reviews();
  Reviews(const Reviews&) = delete;
  Reviews& operator=(const Reviews&) = delete;

  /// The rating is 1 to 5 (reviews:rating_range) and the text 1 to 2,000 characters, spaces
  /// around it dropped: 422 ValidationFailed otherwise, whoever calls (the HTTP edge checks the same first).
  boost::asio::awaitable<Review> Create(std::int64_t user_id, std::int64_t order_id, std::int32_t rating,
                                        std::string text);
  /// The text as for Create.
  boost::asio::awaitable<Review> Reply(std::int64_t user_id, std::int64_t review_id, std::string text);
  /// Reviews about `user_id` in the role `as` (a performer's come from customers), newest first.
  boost::asio::awaitable<ReviewPage> ListAbout(std::int64_t user_id, kernel::Side as,
                                               std::optional<std::string> cursor, std::int32_t limit);
  boost::asio::awaitable<RatingSummary> Summary(std::int64_t user_id, kernel::Side as);
  /// Summary() as one query of a caller's pipeline, and the reading of its result.
  static db::PipelineQuery SummaryQuery(std::int64_t user_id, kernel::Side as);
  static RatingSummary ReadSummary(const db::Result& rows);

  /// For Orders::AddDetailContributor: the order's `reviews` and the `can_review` flag.
  orders::DetailContributor DetailPart();
  /// For Profiles::AddCardContributor: the public card's `as_performer` and `as_customer` summaries.
  static profiles::CardContributor CardPart();

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace artel::reviews
