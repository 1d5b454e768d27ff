#include "artel/orders/events.hpp"

#include "artel/notifications/notifications.hpp"

namespace artel::orders {

boost::json::object OrderPayload(std::int64_t order_id, std::string_view order_name,
                                 std::string_view user_name) {
  boost::json::object payload{{"order_id", order_id}, {"order_name", order_name}};
  if (!user_name.empty()) payload["user_name"] = user_name;
  return payload;
}

std::string OrderPath(const boost::json::object& payload) {
  const auto* id = payload.if_contains("order_id");
  if (id == nullptr || !id->is_int64()) return {};
  return "/order/" + std::to_string(id->get_int64());
}

void AddNotificationKinds(notifications::Notifier& notifier) {
  using notifications::Group;
  using notifications::Interval;
  using notifications::Notice;
  notifier.On<OrderTransitioned>(
      {.name = "order_completed", .group = Group::kDeals, .email = Interval::kImmediately, .path = OrderPath},
      [](const OrderTransitioned& e) {
        std::vector<Notice> notices;
        if (e.action == Action::kComplete && e.order.performer) {
          notices.push_back({e.order.performer->id, OrderPayload(e.order.id, e.order.name)});
        }
        return notices;
      });
  notifier.On<PersonalOrderOpened>(
      {.name = "order_opened", .group = Group::kOrders, .email = Interval::kImmediately, .path = OrderPath},
      [](const PersonalOrderOpened& e) {
        return std::vector<Notice>{{e.customer_id, OrderPayload(e.order_id, e.order_name)}};
      });
}

}  // namespace artel::orders
