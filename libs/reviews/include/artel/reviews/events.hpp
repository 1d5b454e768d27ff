#pragma once

// What the reviews domain tells the rest of the system, inside the transaction of the change.

#include <cstdint>

#include "artel/core/clock.hpp"
#include "artel/orders/orders.hpp"
#include "artel/reviews/reviews.hpp"

namespace artel::notifications {
class Notifier;
}  // namespace artel::notifications

namespace artel::reviews {

/// One side of a completed order reviewed the other (`target_id`).
struct ReviewPosted {
  orders::Order order;
  Review review;
  std::int64_t target_id = 0;
  TimePoint at;
};

/// Registers review_received (to the reviewed side). The module does this at install; tests that build
/// the services by hand call it too.
void AddNotificationKinds(notifications::Notifier& notifier);

}  // namespace artel::reviews
