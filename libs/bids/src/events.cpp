#include "artel/bids/events.hpp"

#include "artel/notifications/notifications.hpp"
#include "artel/orders/events.hpp"

namespace artel::bids {

void AddNotificationKinds(notifications::Notifier& notifier) {
  using notifications::Group;
  using notifications::Interval;
  using notifications::Notice;
  using orders::OrderPath;
  using orders::OrderPayload;
  notifier.On<BidPlaced>(
      {.name = "bid_received", .group = Group::kOrders, .email = Interval::kImmediately, .path = OrderPath},
      [](const BidPlaced& e) {
        return std::vector<Notice>{
            {e.order.customer.id, OrderPayload(e.order.id, e.order.name, kernel::FullName(e.bid.performer))}};
      });
  notifier.On<BidSelected>(
      {.name = "bid_selected", .group = Group::kOrders, .email = Interval::kImmediately, .path = OrderPath},
      [](const BidSelected& e) {
        return std::vector<Notice>{{e.bid.performer.id, OrderPayload(e.order.id, e.order.name)}};
      });
  notifier.On<BidsRejected>(
      {.name = "bid_rejected", .group = Group::kOrders, .email = Interval::kDaily, .path = OrderPath},
      [](const BidsRejected& e) {
        std::vector<Notice> notices;
        for (auto performer_id : e.performer_ids) {
          notices.push_back({performer_id, OrderPayload(e.order.id, e.order.name)});
        }
        return notices;
      });
  notifier.On<InvitationSent>(
      {.name = "invitation_received",
       .group = Group::kOrders,
       .email = Interval::kImmediately,
       .path = OrderPath},
      [](const InvitationSent& e) {
        return std::vector<Notice>{
            {e.invitation.performer.id,
             OrderPayload(e.order_id, e.order_name, kernel::FullName(e.invitation.customer))}};
      });
  notifier.On<InvitationAccepted>(
      {.name = "invitation_accepted",
       .group = Group::kOrders,
       .email = Interval::kImmediately,
       .path = OrderPath},
      [](const InvitationAccepted& e) {
        return std::vector<Notice>{
            {e.order.customer.id,
             OrderPayload(e.order.id, e.order.name, kernel::FullName(e.invitation.performer))}};
      });
  notifier.On<InvitationDeclined>(
      {.name = "invitation_declined", .group = Group::kOrders, .email = Interval::kDaily, .path = OrderPath},
      [](const InvitationDeclined& e) {
        const auto& invitation = e.invitation;
        return std::vector<Notice>{
            {invitation.customer.id, OrderPayload(invitation.order_id, invitation.order_name,
                                                  kernel::FullName(invitation.performer))}};
      });
  notifier.AlsoOn<InvitationExpired>("order_opened", [](const InvitationExpired& e) {
    std::vector<Notice> notices;
    if (e.order_opened) notices.push_back({e.customer_id, OrderPayload(e.order_id, e.order_name)});
    return notices;
  });
}

}  // namespace artel::bids
