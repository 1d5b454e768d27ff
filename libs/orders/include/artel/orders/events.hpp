#pragma once

// What the orders domain tells the rest of the system, inside the transaction of the change (published on
// platform::EventBus). Listeners: the notification kinds below (orders' module), and later real time, the
// wallet's escrow and the digests.

#include <boost/json/object.hpp>
#include <cstdint>
#include <string>
#include <string_view>

#include "artel/core/clock.hpp"
#include "artel/orders/orders.hpp"

namespace artel::notifications {
class Notifier;
}  // namespace artel::notifications

namespace artel::orders {

/// A customer posted an order (public, or a personal job offer), in the transaction that created it.
struct OrderPosted {
  std::int64_t order_id = 0;
  std::int64_t customer_id = 0;
  bool personal = false;
  TimePoint at;
};

/// The customer moved the order through the state machine (close, reopen, complete). `order` is as it was
/// before the action.
struct OrderTransitioned {
  Order order;
  Action action = Action::kClose;
  Status next = Status::kSearch;
  TimePoint at;
};

/// A personal order became public because nobody answered the offer within 24 hours.
struct PersonalOrderOpened {
  std::int64_t order_id = 0;
  std::int64_t customer_id = 0;
  std::string order_name;
  TimePoint at;
};

/// The payload every notification about an order carries: the order's id and name, and who did it when
/// somebody did (their full name; left out when empty).
boost::json::object OrderPayload(std::int64_t order_id, std::string_view order_name,
                                 std::string_view user_name = {});

/// The order's page (`/order/12`) from an OrderPayload: the link of its notification mails.
std::string OrderPath(const boost::json::object& payload);

/// Registers orders' notification kinds: order_completed (to the performer) and order_opened (to the
/// customer of a personal order nobody answered). The module does this at install; tests that build the
/// services by hand call it too.
void AddNotificationKinds(notifications::Notifier& notifier);

}  // namespace artel::orders
