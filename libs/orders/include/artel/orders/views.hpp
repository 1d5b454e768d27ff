#pragma once

// What the contract-first edge answers about orders (api.yaml's OrderSummary, OrderDetail, OrderPage,
// Attachment, OrderViewer) as described types that kernel::ToJson writes and web::Api checks against the
// schemas. Public: bids answers an order's detail too (selectPerformer, acceptInvitation, createJobOffer).

#include <boost/asio/awaitable.hpp>
#include <boost/describe/class.hpp>
#include <boost/json/object.hpp>
#include <boost/json/value.hpp>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "artel/core/clock.hpp"
#include "artel/kernel/money.hpp"
#include "artel/orders/orders.hpp"
#include "artel/profiles/profiles.hpp"

namespace artel::orders {

/// An order's file; private, served by getOrderFile after the order's visibility check (never /api/files).
struct AttachmentView {
  std::int64_t id = 0;
  std::string name;
  std::string url;
  std::optional<std::string> thumbnail_url;
  std::string content_type;
  std::int64_t size = 0;
};
BOOST_DESCRIBE_STRUCT(AttachmentView, (), (id, name, url, thumbnail_url, content_type, size))

struct OrderSummaryView {
  std::int64_t id = 0;
  std::string name;
  std::string excerpt;
  std::int32_t category_id = 0;
  std::optional<std::int32_t> specialization_id;
  std::vector<std::int64_t> skill_ids;
  std::optional<kernel::Money> budget;
  std::optional<TimePoint> deadline_at;
  std::string payment_option;
  std::optional<std::int32_t> country_id;
  std::optional<std::int32_t> city_id;
  std::string state;
  bool personal = false;
  profiles::UserCardView customer;
  std::optional<profiles::UserCardView> performer;
  std::int32_t bid_count = 0;
  bool portfolio_required = false;
  TimePoint created_at;
};
BOOST_DESCRIBE_STRUCT(OrderSummaryView, (),
                      (id, name, excerpt, category_id, specialization_id, skill_ids, budget, deadline_at,
                       payment_option, country_id, city_id, state, personal, customer, performer, bid_count,
                       portfolio_required, created_at))

/// What the caller may do now (the service enforces the same rules). Bids set `can_bid`, reviews
/// `can_review` through their detail contributors.
struct OrderViewerView {
  bool is_customer = false;
  bool is_performer = false;
  bool can_edit = false;
  bool can_delete = false;
  bool can_close = false;
  bool can_reopen = false;
  bool can_complete = false;
  bool can_bid = false;
  bool can_review = false;
  bool can_invite = false;
};
BOOST_DESCRIBE_STRUCT(OrderViewerView, (),
                      (is_customer, is_performer, can_edit, can_delete, can_close, can_reopen, can_complete,
                       can_bid, can_review, can_invite))

/// The detail extends the summary as the schema's `allOf` does. `my_bid`, `invitation` (bids), `reviews`
/// (reviews) and `customer_stats` (reputation) are the other domains' keys, as their contributors wrote them
/// (Orders::Contributed), each from its own described type.
struct OrderDetailView : OrderSummaryView {
  std::string description;
  std::vector<AttachmentView> attachments;
  TimePoint updated_at;
  OrderViewerView viewer;
  boost::json::value my_bid;
  boost::json::value invitation;
  boost::json::value reviews;
  boost::json::value customer_stats;
};
BOOST_DESCRIBE_STRUCT(OrderDetailView, (OrderSummaryView),
                      (description, attachments, updated_at, viewer, my_bid, invitation, reviews,
                       customer_stats))

struct OrderPageView {
  std::vector<OrderSummaryView> items;
  std::optional<std::string> next_cursor;
};
BOOST_DESCRIBE_STRUCT(OrderPageView, (), (items, next_cursor))

struct CategoryCountView {
  std::int32_t category_id = 0;
  std::int64_t count = 0;
};
BOOST_DESCRIBE_STRUCT(CategoryCountView, (), (category_id, count))

/// The platform's OrderCounts: the total and each category's count.
struct OrderCountsView {
  std::int64_t total = 0;
  std::vector<CategoryCountView> categories;
};
BOOST_DESCRIBE_STRUCT(OrderCountsView, (), (total, categories))

OrderCountsView CountsOf(const std::vector<CategoryCount>& counts);
AttachmentView AttachmentViewOf(const Attachment& attachment);
/// The list card (`excerpt`: the description's first kExcerptLength characters; `state` at `now`).
OrderSummaryView SummaryView(const Order& order, TimePoint now);
OrderPageView PageView(const Page& page, TimePoint now);
/// What `viewer_id` may do to the order at `now`, before the contributors' flags.
OrderViewerView ViewerOf(const Order& order, std::optional<std::int64_t> viewer_id, TimePoint now);
/// The detail from the order and the keys the contributors wrote (Orders::Contributed).
OrderDetailView DetailView(const Order& order, TimePoint now, boost::json::object contributed);
/// GET /api/orders/{id}'s answer for `viewer_id`: the contributors' parts in one round trip.
boost::asio::awaitable<OrderDetailView> Detail(Orders& orders, const Order& order,
                                               std::optional<std::int64_t> viewer_id);

}  // namespace artel::orders
