#include "artel/reviews/reviews.hpp"

#include <algorithm>
#include <boost/json/array.hpp>

#include "artel/core/error.hpp"
#include "artel/core/text.hpp"
#include "artel/core/time.hpp"
#include "artel/db/pool.hpp"
#include "artel/kernel/cursor.hpp"
#include "artel/kernel/json.hpp"
#include "artel/platform/events.hpp"
#include "artel/profiles/profiles.hpp"
#include "artel/reviews/events.hpp"
#include "views.hpp"

namespace artel::reviews {
namespace {

using boost::asio::awaitable;

/// The tag of the reviews' cursors (newest first, keyed by created_at), the one of the orders' date lists.
constexpr std::string_view kDateTag = "d";

// ReadReview reads the columns of the review statements.
constexpr db::Statement kInsert{"reviews.insert", R"sql(
INSERT INTO reviews.reviews (order_id, author_id, target_id, author_role, rating, text, created_at)
VALUES ($1, $2, $3, $4, $5, $6, $7)
ON CONFLICT (order_id, author_id) DO NOTHING
RETURNING id
)sql"};
constexpr db::Statement kById{"reviews.by_id", R"sql(
SELECT r.id, r.order_id, o.name AS order_name, o.visibility = 'personal' AS order_personal, r.author_role, r.rating, r.text, r.reply, r.replied_at,
  r.created_at,
  a.id AS author_id, a.name AS author_name, a.lastname AS author_lastname, a.avatar AS author_avatar,
  t.id AS target_id, t.name AS target_name, t.lastname AS target_lastname, t.avatar AS target_avatar
FROM reviews.reviews r
JOIN orders.orders o ON o.id = r.order_id
JOIN identity.users a ON a.id = r.author_id
JOIN identity.users t ON t.id = r.target_id
WHERE r.id = $1
)sql"};
constexpr db::Statement kLock{"reviews.lock", R"sql(
SELECT r.id, r.order_id, o.name AS order_name, o.visibility = 'personal' AS order_personal, r.author_role, r.rating, r.text, r.reply, r.replied_at,
  r.created_at,
  a.id AS author_id, a.name AS author_name, a.lastname AS author_lastname, a.avatar AS author_avatar,
  t.id AS target_id, t.name AS target_name, t.lastname AS target_lastname, t.avatar AS target_avatar
FROM reviews.reviews r
JOIN orders.orders o ON o.id = r.order_id
JOIN identity.users a ON a.id = r.author_id
JOIN identity.users t ON t.id = r.target_id
WHERE r.id = $1
FOR UPDATE OF r
)sql"};
constexpr db::Statement kOfOrder{"reviews.of_order", R"sql(
SELECT r.id, r.order_id, o.name AS order_name, o.visibility = 'personal' AS order_personal, r.author_role, r.rating, r.text, r.reply, r.replied_at,
  r.created_at,
  a.id AS author_id, a.name AS author_name, a.lastname AS author_lastname, a.avatar AS author_avatar,
  t.id AS target_id, t.name AS target_name, t.lastname AS target_lastname, t.avatar AS target_avatar
FROM reviews.reviews r
JOIN orders.orders o ON o.id = r.order_id
JOIN identity.users a ON a.id = r.author_id
JOIN identity.users t ON t.id = r.target_id
WHERE r.order_id = $1
ORDER BY r.id
)sql"};
constexpr db::Statement kAbout{"reviews.about", R"sql(
SELECT r.id, r.order_id, o.name AS order_name, o.visibility = 'personal' AS order_personal, r.author_role, r.rating, r.text, r.reply, r.replied_at,
  r.created_at,
  a.id AS author_id, a.name AS author_name, a.lastname AS author_lastname, a.avatar AS author_avatar,
  t.id AS target_id, t.name AS target_name, t.lastname AS target_lastname, t.avatar AS target_avatar
FROM reviews.reviews r
JOIN orders.orders o ON o.id = r.order_id
JOIN identity.users a ON a.id = r.author_id
JOIN identity.users t ON t.id = r.target_id
WHERE r.target_id = $1 AND r.author_role = $2
ORDER BY r.created_at DESC, r.id DESC
LIMIT $3
)sql"};
constexpr db::Statement kAboutAfter{"reviews.about_after", R"sql(
SELECT r.id, r.order_id, o.name AS order_name, o.visibility = 'personal' AS order_personal, r.author_role, r.rating, r.text, r.reply, r.replied_at,
  r.created_at,
  a.id AS author_id, a.name AS author_name, a.lastname AS author_lastname, a.avatar AS author_avatar,
  t.id AS target_id, t.name AS target_name, t.lastname AS target_lastname, t.avatar AS target_avatar
FROM reviews.reviews r
JOIN orders.orders o ON o.id = r.order_id
JOIN identity.users a ON a.id = r.author_id
JOIN identity.users t ON t.id = r.target_id
WHERE r.target_id = $1 AND r.author_role = $2
  AND (r.created_at, r.id) < ($4::timestamptz, $5::bigint)
ORDER BY r.created_at DESC, r.id DESC
LIMIT $3
)sql"};
constexpr db::Statement kSummary{"reviews.summary", R"sql(
SELECT count(*) AS count, avg(rating)::float8 AS average
FROM reviews.reviews
WHERE target_id = $1 AND author_role = $2
)sql"};
constexpr db::Statement kReply{"reviews.reply", R"sql(
UPDATE reviews.reviews SET reply = $2, replied_at = $3 WHERE id = $1
)sql"};

/// Reviews about someone acting as `as` are written by the other side.
constexpr std::int32_t kMinRating = 1;
constexpr std::int32_t kMaxRating = 5;
constexpr std::size_t kMaxText = 2000;

/// A review's or a reply's text: spaces around it dropped, 1 to kMaxText characters (api.yaml states the
/// same for the edge).
void CheckText(std::string& text, ValidationErrors& errors) {
  text = std::string(Trim(text));
  errors.CheckLength("text", text, 1, kMaxText);
}

std::string_view AuthorRole(kernel::Side as) {
  return kernel::SideName(kernel::Opposite(as));
}

Review ReadReview(const db::Row& row) {
  Review review;
  review.id = row.Get<std::int64_t>("id");
  review.order_id = row.Get<std::int64_t>("order_id");
  review.order_name = row.Get<std::string>("order_name");
  review.order_personal = row.Get<bool>("order_personal");
  review.author_side =
      kernel::ParseSide(row.Get<std::string_view>("author_role")).value_or(kernel::Side::kPerformer);
  review.rating = row.Get<std::int16_t>("rating");
  review.text = row.Get<std::string>("text");
  review.reply = row.Get<std::optional<std::string>>("reply");
  review.replied_at = row.Get<std::optional<TimePoint>>("replied_at");
  review.created_at = row.Get<TimePoint>("created_at");
  review.author = kernel::ReadUserCard(row, "author");
  review.target = kernel::ReadUserCard(row, "target");
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
    page.next_cursor = kernel::EncodeCursor(kDateTag, kernel::CursorKey(last.created_at), last.id);
  }
  page.summary = summary;
  return page;
}

}  // namespace

bool OrderShownTo(const Review& review, std::optional<std::int64_t> viewer_id) {
  if (!review.order_personal) return true;
  return viewer_id && (*viewer_id == review.author.id || *viewer_id == review.target.id);
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
  ValidationErrors errors;
  if (rating < kMinRating || rating > kMaxRating) {
    errors.Add("rating", {"reviews:rating_range", {}});
  }
  CheckText(text, errors);
  errors.ThrowIfAny();
  auto tx = co_await impl_->pool.Begin();
  auto order = co_await impl_->orders.LockVisible(tx, order_id, user_id);
  const TimePoint now = impl_->clock.Now();
  const bool customer = order.customer.id == user_id;
  const bool performer = order.performer && order.performer->id == user_id;
  if (order.StateAt(now) != orders::State::kCompleted || (!customer && !performer)) {
    throw Forbidden({"reviews:not_participant", {}});
  }
  const std::int64_t target_id = customer ? order.performer->id : order.customer.id;
  const std::string_view role =
      kernel::SideName(customer ? kernel::Side::kCustomer : kernel::Side::kPerformer);
  const auto rating16 = static_cast<std::int16_t>(rating);
  auto inserted = co_await tx.Query(kInsert, order_id, user_id, target_id, role, rating16, text, now);
  if (inserted.Empty()) throw Conflict({"reviews:duplicate", {}});
  const auto review_id = inserted.One().Get<std::int64_t>("id");
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
  ValidationErrors errors;
  CheckText(text, errors);
  errors.ThrowIfAny();
  auto tx = co_await impl_->pool.Begin();
  auto rows = co_await tx.Query(kLock, review_id);
  if (rows.Empty()) throw NotFound({"reviews:not_found", {}});
  auto review = ReadReview(rows[0]);
  if (review.target.id != user_id) throw Forbidden({"reviews:not_target", {}});
  if (review.reply) throw Conflict({"reviews:reply_duplicate", {}});
  const TimePoint now = impl_->clock.Now();
  co_await tx.Query(kReply, review_id, text, now);
  auto row = co_await tx.Query(kById, review_id);
  auto result = ReadReview(row.One());
  co_await tx.Commit();
  co_return result;
}

awaitable<ReviewPage> Reviews::ListAbout(std::int64_t user_id, kernel::Side as,
                                         std::optional<std::string> cursor, std::int32_t limit) {
  const std::string_view role = AuthorRole(as);
  const std::int64_t fetch = limit + 1;
  db::Result rows;
  if (cursor) {
    auto decoded = kernel::DecodeCursor(kDateTag, *cursor);
    if (!decoded || !decoded->flags.empty()) throw ValidationFailed("cursor", {"orders:cursor_invalid", {}});
    const TimePoint after = kernel::CursorTime(decoded->key);
    rows = co_await impl_->pool.Query(kAboutAfter, user_id, role, fetch, after, decoded->id);
  } else {
    rows = co_await impl_->pool.Query(kAbout, user_id, role, fetch);
  }
  auto summary = co_await Summary(user_id, as);
  const bool more = rows.Size() > static_cast<std::size_t>(limit);
  co_return MakePage(ReadReviews(rows, static_cast<std::size_t>(limit)), more, summary);
}

db::PipelineQuery Reviews::SummaryQuery(std::int64_t user_id, kernel::Side as) {
  return {kSummary, db::MakeParams(user_id, AuthorRole(as))};
}

RatingSummary Reviews::ReadSummary(const db::Result& rows) {
  RatingSummary summary;
  auto row = rows.One();
  summary.count = row.Get<std::int64_t>("count");
  summary.average = row.Get<std::optional<double>>("average");
  return summary;
}

awaitable<RatingSummary> Reviews::Summary(std::int64_t user_id, kernel::Side as) {
  const std::string_view role = AuthorRole(as);
  auto rows = co_await impl_->pool.Query(kSummary, user_id, role);
  co_return ReadSummary(rows);
}

profiles::CardContributor Reviews::CardPart() {
  profiles::CardContributor part;
  part.queries = [](std::int64_t user_id) {
    std::vector<db::PipelineQuery> queries;
    queries.push_back(SummaryQuery(user_id, kernel::Side::kPerformer));
    queries.push_back(SummaryQuery(user_id, kernel::Side::kCustomer));
    return queries;
  };
  part.apply = [](std::int64_t, std::span<const db::Result> results, boost::json::object& card) {
    card["as_performer"] = kernel::ToJson(ReadSummary(results[0]));
    card["as_customer"] = kernel::ToJson(ReadSummary(results[1]));
  };
  return part;
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
        reviews.push_back(kernel::ToJson(View(review, viewer_id)));
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
