// What each viewer sees of an order (artel/orders/views.hpp).

#include "artel/orders/views.hpp"

#include <fmt/format.h>

#include <boost/json/array.hpp>
#include <utility>

#include "artel/kernel/json.hpp"
#include "artel/web/json.hpp"

namespace artel::orders {

AttachmentView AttachmentViewOf(const Attachment& attachment) {
  // Private files: served by the attachment's own route after the order's visibility check.
  AttachmentView view;
  view.id = attachment.id;
  view.name = attachment.original_name;
  view.url = fmt::format("/api/orders/attachments/{}", attachment.id);
  if (attachment.thumbnail_name) view.thumbnail_url = view.url + "?thumbnail=1";
  view.content_type = attachment.content_type;
  view.size = attachment.size;
  return view;
}

namespace {

void FillSummary(const Order& order, TimePoint now, OrderSummaryView& view) {
  view.id = order.id;
  view.name = order.name;
  view.excerpt = std::string(web::Utf8Prefix(order.description, kExcerptLength));
  view.category_id = order.category_id;
  view.specialization_id = order.specialization_id;
  view.skill_ids = order.skill_ids;
  view.budget = order.budget;
  view.deadline_at = order.deadline;
  view.payment_option = std::string(PaymentOptionName(order.payment_option));
  view.country_id = order.country_id;
  view.city_id = order.city_id;
  view.state = std::string(StateName(order.StateAt(now)));
  view.personal = order.personal;
  view.customer = profiles::CardView(order.customer);
  if (order.performer) view.performer = profiles::CardView(*order.performer);
  view.bid_count = order.bid_count;
  view.portfolio_required = order.portfolio_required;
  view.created_at = order.created_at;
}

/// A contributor's key, or `fallback` when none wrote it.
boost::json::value Take(boost::json::object& contributed, std::string_view key, boost::json::value fallback) {
  if (auto* written = contributed.if_contains(key)) return std::move(*written);
  return fallback;
}

}  // namespace

OrderCountsView CountsOf(const std::vector<CategoryCount>& counts) {
  OrderCountsView view;
  for (const auto& count : counts) {
    view.total += count.count;
    view.categories.push_back({count.category_id, count.count});
  }
  return view;
}

OrderSummaryView SummaryView(const Order& order, TimePoint now) {
  OrderSummaryView view;
  FillSummary(order, now, view);
  return view;
}

OrderPageView PageView(const Page& page, TimePoint now) {
  OrderPageView view;
  view.items.reserve(page.items.size());
  for (const auto& order : page.items) view.items.push_back(SummaryView(order, now));
  view.next_cursor = page.next_cursor;
  return view;
}

OrderViewerView ViewerOf(const Order& order, std::optional<std::int64_t> viewer_id, TimePoint now) {
  const State state = order.StateAt(now);
  const bool customer = viewer_id && *viewer_id == order.customer.id;
  OrderViewerView viewer;
  viewer.is_customer = customer;
  viewer.is_performer = viewer_id && order.performer && order.performer->id == *viewer_id;
  viewer.can_edit = customer && IsAllowed(state, Action::kEdit);
  viewer.can_delete = customer && IsAllowed(state, Action::kDelete);
  viewer.can_close = customer && IsAllowed(state, Action::kClose);
  viewer.can_reopen = customer && IsAllowed(state, Action::kReopen);
  viewer.can_complete = customer && IsAllowed(state, Action::kComplete);
  viewer.can_bid = viewer_id.has_value() && !customer && !order.personal && IsAllowed(state, Action::kBid);
  viewer.can_review = false;
  viewer.can_invite = customer && IsAllowed(state, Action::kInvite);
  return viewer;
}

OrderDetailView DetailView(const Order& order, TimePoint now, boost::json::object contributed) {
  OrderDetailView view;
  FillSummary(order, now, view);
  view.description = order.description;
  view.attachments.reserve(order.attachments.size());
  for (const auto& attachment : order.attachments) view.attachments.push_back(AttachmentViewOf(attachment));
  view.updated_at = order.updated_at;
  // The flags as the contributors left them (Orders::Contributed starts them from ViewerOf).
  if (const auto* viewer = contributed.if_contains("viewer")) kernel::FromJson(*viewer, view.viewer);
  view.my_bid = Take(contributed, "my_bid", nullptr);
  view.invitation = Take(contributed, "invitation", nullptr);
  view.reviews = Take(contributed, "reviews", boost::json::array());
  view.customer_stats = Take(contributed, "customer_stats", nullptr);
  return view;
}

boost::asio::awaitable<OrderDetailView> Detail(Orders& orders, const Order& order,
                                               std::optional<std::int64_t> viewer_id) {
  auto contributed = co_await orders.Contributed(order, viewer_id);
  const TimePoint now = orders.GetClock().Now();
  co_return DetailView(order, now, std::move(contributed));
}

}  // namespace artel::orders
