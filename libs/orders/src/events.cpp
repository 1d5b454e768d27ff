#include "artel/orders/events.hpp"

#include "artel/notifications/notifications.hpp"

namespace artel::orders {

boost::json::object OrderPayload(std::int64_t order_id, std::string_view order_name,
                                 std::string_view user_name) {
  boost::json::object payload{{"order_id", order_id}, {"order_name", order_name}};
  if (!user_name.empty()) payload["user_name"] = user_name;
  return payload;
}

void AddNotificationKinds(notifications::Notifier& notifier) {
  using notifications::Notice;
  notifier.On<OrderTransitioned>("order_completed", [](const OrderTransitioned& e) {
    std::vector<Notice> notices;
    if (e.action == Action::kComplete && e.order.performer) {
      notices.push_back({e.order.performer->id, OrderPayload(e.order.id, e.order.name)});
    }
    return notices;
  });
  notifier.On<PersonalOrderOpened>("order_opened", [](const PersonalOrderOpened& e) {
    return std::vector<Notice>{{e.customer_id, OrderPayload(e.order_id, e.order_name)}};
  });
}

}  // namespace artel::orders
