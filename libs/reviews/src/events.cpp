#include "artel/reviews/events.hpp"

#include "artel/notifications/notifications.hpp"
#include "artel/orders/events.hpp"

namespace artel::reviews {

void AddNotificationKinds(notifications::Notifier& notifier) {
  notifier.On<ReviewPosted>(
      {.name = "review_received",
       .group = notifications::Group::kDeals,
       .email = notifications::Interval::kImmediately,
       .path = orders::OrderPath},
      [](const ReviewPosted& e) {
        return std::vector<notifications::Notice>{
            {e.target_id, orders::OrderPayload(e.order.id, e.order.name, kernel::FullName(e.review.author))}};
      });
}

}  // namespace artel::reviews
