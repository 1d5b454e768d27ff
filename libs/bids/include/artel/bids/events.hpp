#pragma once

// What the bids domain tells the rest of the system, inside the transaction of the change (published on
// platform::EventBus).

#include <cstdint>
#include <vector>

#include "artel/bids/bids.hpp"
#include "artel/core/clock.hpp"
#include "artel/orders/orders.hpp"

namespace artel::notifications {
class Notifier;
}  // namespace artel::notifications

namespace artel::bids {

/// A performer bid on an order.
struct BidPlaced {
  orders::Order order;
  Bid bid;
  TimePoint at;
};

/// The customer selected this bid's performer.
struct BidSelected {
  orders::Order order;
  Bid bid;
  TimePoint at;
};

/// A performer was selected (by bid or by accepting an invitation): the other active bids were rejected.
struct BidsRejected {
  orders::Order order;
  std::vector<std::int64_t> performer_ids;
  TimePoint at;
};

/// A customer invited a performer (to an order, or with a personal job offer).
struct InvitationSent {
  std::int64_t order_id = 0;
  std::string order_name;
  Invitation invitation;
  TimePoint at;
};

struct InvitationAccepted {
  orders::Order order;
  Invitation invitation;
  TimePoint at;
};

struct InvitationDeclined {
  Invitation invitation;
  TimePoint at;
};

/// An invitation nobody answered in 24 hours; `order_opened` when its personal order became public.
struct InvitationExpired {
  std::int64_t order_id = 0;
  std::int64_t customer_id = 0;
  std::string order_name;
  bool order_opened = false;
  TimePoint at;
};

/// Registers bids' notification kinds (bid_received, bid_selected, bid_rejected, invitation_received,
/// invitation_accepted, invitation_declined) and adds order_opened for expired invitations. The module does
/// this at install; tests that build the services by hand call it too.
void AddNotificationKinds(notifications::Notifier& notifier);

}  // namespace artel::bids
