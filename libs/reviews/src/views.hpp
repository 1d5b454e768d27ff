#pragma once

// The reviews' answers (api.yaml: Review, RatingSummary and the page of GET /api/users/{id}/reviews) as plain
// described structs: web::Api writes them (kernel::ToJson) and checks them against their schemas when the
// routes are bound; an order's detail (orders::DetailContributor) gets the same shape. What a viewer may see
// of a review's order is decided here, once.

#include <boost/describe/class.hpp>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "artel/core/clock.hpp"
#include "artel/profiles/profiles.hpp"
#include "artel/reviews/reviews.hpp"

namespace artel::reviews {

struct ReviewView {
  std::int64_t id = 0;
  /// Null for a personal order the viewer is no party to (OrderShownTo).
  std::optional<std::int64_t> order_id;
  std::optional<std::string> order_name;
  bool order_personal = false;
  profiles::UserCardView author;
  profiles::UserCardView target;
  std::string author_role;
  std::int32_t rating = 0;
  std::string text;
  std::optional<std::string> reply;
  std::optional<TimePoint> replied_at;
  TimePoint created_at;
};
BOOST_DESCRIBE_STRUCT(ReviewView, (),
                      (id, order_id, order_name, order_personal, author, target, author_role, rating, text,
                       reply, replied_at, created_at))

struct ReviewPageView {
  std::vector<ReviewView> items;
  std::optional<std::string> next_cursor;
  RatingSummary summary;
};
BOOST_DESCRIBE_STRUCT(ReviewPageView, (), (items, next_cursor, summary))

/// The review as `viewer_id` sees it: the order's id and name are null when OrderShownTo is false, and
/// `order_personal` tells why (issue 14, finding 3).
ReviewView View(const Review& review, std::optional<std::int64_t> viewer_id);
ReviewPageView PageView(const ReviewPage& page, std::optional<std::int64_t> viewer_id);

}  // namespace artel::reviews
