#include "artel/reviews/reviews.hpp"

#include <boost/json/array.hpp>

#include "artel/core/error.hpp"
#include "artel/core/time.hpp"
#include "artel/db/pool.hpp"
#include "artel/platform/events.hpp"
#include "artel/reviews/events.hpp"

namespace artel::reviews {
namespace {

using boost::asio::awaitable;

#define ARTEL_REVIEW_SELECT                                                                                 \
  "SELECT r.id, r.order_id, o.name, r.author_role, r.rating, r.text, r.reply, r.replied_at, r.created_at, " \
  "a.id, a.name, a.lastname, a.avatar, t.id, t.name, t.lastname, t.avatar FROM reviews.reviews r "          \
  "JOIN orders.orders o ON o.id = r.order_id JOIN identity.users a ON a.id = r.author_id "                  \
  "JOIN identity.users t ON t.id = r.target_id "

constexpr db::Statement kInsert{
    "reviews.insert",
    "INSERT INTO reviews.reviews (order_id, author_id, target_id, author_role, rating, text, created_at) "
    "VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (order_id, author_id) DO NOTHING RETURNING id"};
constexpr db::Statement kById{"reviews.by_id", ARTEL_REVIEW_SELECT "WHERE r.id = $1"};
constexpr db::Statement kLock{"reviews.lock", ARTEL_REVIEW_SELECT "WHERE r.id = $1 FOR UPDATE OF r"};
constexpr db::Statement kOfOrder{"reviews.of_order",
                                 ARTEL_REVIEW_SELECT "WHERE r.order_id = $1 ORDER BY r.id"};
constexpr db::Statement kAbout{"reviews.about", ARTEL_REVIEW_SELECT
                               "WHERE r.target_id = $1 AND r.author_role = $2 "
                               "ORDER BY r.created_at DESC, r.id DESC LIMIT $3"};
constexpr db::Statement kAboutAfter{"reviews.about_after", ARTEL_REVIEW_SELECT
                                    "WHERE r.target_id = $1 AND r.author_role = $2 "
                                    "AND (r.created_at, r.id) < ($4::timestamptz, $5::bigint) "
                                    "ORDER BY r.created_at DESC, r.id DESC LIMIT $3"};
constexpr db::Statement kSummary{
    "reviews.summary",
    "SELECT count(*), avg(rating)::float8 FROM reviews.reviews WHERE target_id = $1 AND author_role = $2"};
constexpr db::Statement kReply{"reviews.reply",
                               "UPDATE reviews.reviews SET reply = $2, replied_at = $3 WHERE id = $1"};

/// Reviews about someone acting as `as` are written by the other side.
std::string_view AuthorRole(orders::Side as) {
  return orders::SideName(as == orders::Side::kPerformer ? orders::Side::kCustomer
                                                         : orders::Side::kPerformer);
}

Review ReadReview(const db::Row& row) {
  Review review;
  review.id = row.Get<std::int64_t>(0);
  review.order_id = row.Get<std::int64_t>(1);
  review.order_name = row.Get<std::string>(2);
  review.author_side =
      row.Get<std::string_view>(3) == "customer" ? orders::Side::kCustomer : orders::Side::kPerformer;
  review.rating = row.Get<std::int16_t>(4);
  review.text = row.Get<std::string>(5);
  review.reply = row.Get<std::optional<std::string>>(6);
  review.replied_at = row.Get<std::optional<TimePoint>>(7);
  review.created_at = row.Get<TimePoint>(8);
  review.author = orders::ReadUserCard(row, 9);
  review.target = orders::ReadUserCard(row, 13);
  return review;
}

std::vector<Review> ReadReviews(const db::Result& rows, std::size_t limit) {
  std::vector<Review> reviews;
  for (std::size_t i = 0; i < rows.Size() && i < limit; ++i) reviews.push_back(ReadReview(rows[i]));
  return reviews;
}

ReviewPage MakePage(std::vector<Review> items, bool more, RatingSummary summary) {
  ReviewPage page;
  page.items = std::move(items);
  if (more && !page.items.empty()) {
    const auto& last = page.items.back();
    page.next_cursor = orders::EncodeCursor(orders::Sort::kDate, orders::CursorKey(last.created_at), last.id);
  }
  page.summary = summary;
  return page;
}

}  // namespace

boost::json::object ReviewJson(const Review& review) {
  boost::json::value reply = nullptr;
  if (review.reply) reply = boost::json::string(*review.reply);
  boost::json::value replied_at = nullptr;
  if (review.replied_at) replied_at = boost::json::string(IsoTime(*review.replied_at));
  return {{"id", review.id},
          {"order_id", review.order_id},
          {"order_name", review.order_name},
          {"author", orders::UserCardJson(review.author)},
          {"target", orders::UserCardJson(review.target)},
          {"author_role", orders::SideName(review.author_side)},
          {"rating", review.rating},
          {"text", review.text},
          {"reply", std::move(reply)},
          {"replied_at", std::move(replied_at)},
          {"created_at", IsoTime(review.created_at)}};
}

struct Reviews::Impl {
  Impl(db::Pool& p, orders::Orders& o, platform::EventBus& e, const Clock& c)
      : pool(p), orders(o), events(e), clock(c) {}

  db::Pool& pool;
  orders::Orders& orders;
  platform::EventBus& events;
  const Clock& clock;
};

Reviews::Reviews(db::Pool& pool, orders::Orders& orders, platform::EventBus& events, const Clock& clock)
    : impl_(std::make_unique<Impl>(pool, orders, events, clock)) {}

Reviews::~Reviews() = default;

awaitable<Review> Reviews::Create(std::int64_t user_id, std::int64_t order_id, std::int32_t rating,
                                  std::string text) {
  auto tx = co_await impl_->pool.Begin();
  auto order = co_await impl_->orders.LockVisible(tx, order_id, user_id);
  const TimePoint now = impl_->clock.Now();
  const bool customer = order.customer.id == user_id;
  const bool performer = order.performer && order.performer->id == user_id;
  if (order.StateAt(now) != orders::State::kCompleted || (!customer && !performer)) {
    throw Forbidden({"marketplace:reviews.not_participant", {}});
  }
  const std::int64_t target_id = customer ? order.performer->id : order.customer.id;
  const std::string_view role =
      orders::SideName(customer ? orders::Side::kCustomer : orders::Side::kPerformer);
  const auto rating16 = static_cast<std::int16_t>(rating);
  auto inserted = co_await tx.Query(kInsert, order_id, user_id, target_id, role, rating16, text, now);
  if (inserted.Empty()) throw Conflict({"marketplace:reviews.duplicate", {}});
  const auto review_id = inserted.One().Get<std::int64_t>(0);
  auto row = co_await tx.Query(kById, review_id);
  ReviewPosted event;
  event.order = std::move(order);
  event.review = ReadReview(row.One());
  event.target_id = target_id;
  event.at = now;
  co_await impl_->events.Publish(tx, event);
  co_await tx.Commit();
  co_return std::move(event.review);
}

awaitable<Review> Reviews::Reply(std::int64_t user_id, std::int64_t review_id, std::string text) {
  auto tx = co_await impl_->pool.Begin();
  auto rows = co_await tx.Query(kLock, review_id);
  if (rows.Empty()) throw NotFound({"marketplace:reviews.not_found", {}});
  auto review = ReadReview(rows[0]);
  if (review.target.id != user_id) throw Forbidden({"marketplace:reviews.not_target", {}});
  if (review.reply) throw Conflict({"marketplace:reviews.reply_duplicate", {}});
  const TimePoint now = impl_->clock.Now();
  co_await tx.Query(kReply, review_id, text, now);
  auto row = co_await tx.Query(kById, review_id);
  auto result = ReadReview(row.One());
  co_await tx.Commit();
  co_return result;
}

awaitable<ReviewPage> Reviews::ListAbout(std::int64_t user_id, orders::Side as,
                                         std::optional<std::string> cursor, std::int32_t limit) {
  const std::string_view role = AuthorRole(as);
  const std::int64_t fetch = limit + 1;
  db::Result rows;
  if (cursor) {
    auto decoded = orders::DecodeCursor(orders::Sort::kDate, *cursor);
    if (!decoded || decoded->fuzzy)
      throw ValidationFailed("cursor", {"marketplace:orders.cursor_invalid", {}});
    const TimePoint after = orders::CursorTime(decoded->key);
    rows = co_await impl_->pool.Query(kAboutAfter, user_id, role, fetch, after, decoded->id);
  } else {
    rows = co_await impl_->pool.Query(kAbout, user_id, role, fetch);
  }
  auto summary = co_await Summary(user_id, as);
  const bool more = rows.Size() > static_cast<std::size_t>(limit);
  co_return MakePage(ReadReviews(rows, static_cast<std::size_t>(limit)), more, summary);
}

db::PipelineQuery Reviews::SummaryQuery(std::int64_t user_id, orders::Side as) {
  return {kSummary, db::MakeParams(user_id, AuthorRole(as))};
}

RatingSummary Reviews::ReadSummary(const db::Result& rows) {
  RatingSummary summary;
  auto row = rows.One();
  summary.count = row.Get<std::int64_t>(0);
  summary.average = row.Get<std::optional<double>>(1);
  return summary;
}

awaitable<RatingSummary> Reviews::Summary(std::int64_t user_id, orders::Side as) {
  const std::string_view role = AuthorRole(as);
  auto rows = co_await impl_->pool.Query(kSummary, user_id, role);
  co_return ReadSummary(rows);
}

orders::DetailContributor Reviews::DetailPart() {
  orders::DetailContributor part;
  // Reviews exist only for completed orders (Create refuses any other): nothing to ask before that.
  part.queries = [this](const orders::Order& order, std::optional<std::int64_t>) {
    std::vector<db::PipelineQuery> queries;
    if (order.StateAt(impl_->clock.Now()) == orders::State::kCompleted) {
      queries.push_back({kOfOrder, db::MakeParams(order.id)});
    }
    return queries;
  };
  part.apply = [](const orders::Order& order, std::optional<std::int64_t> viewer_id,
                  std::span<const db::Result> results, boost::json::object& detail) {
    boost::json::array reviews;
    bool reviewed = false;
    if (!results.empty()) {
      for (auto row : results[0]) {
        auto review = ReadReview(row);
        if (viewer_id && review.author.id == *viewer_id) reviewed = true;
        reviews.push_back(ReviewJson(review));
      }
    }
    detail["reviews"] = std::move(reviews);
    const bool participant = viewer_id && (order.customer.id == *viewer_id ||
                                           (order.performer && order.performer->id == *viewer_id));
    // The order is completed exactly when its queries asked for the reviews.
    detail["viewer"].as_object()["can_review"] = participant && !results.empty() && !reviewed;
  };
  return part;
}

}  // namespace artel::reviews
