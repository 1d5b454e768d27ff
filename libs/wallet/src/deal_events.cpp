// The safe deal's notification kinds (group `deals`): each step tells the other side.

#include <algorithm>

#include "artel/core/time.hpp"
#include "artel/notifications/notifications.hpp"
#include "artel/orders/events.hpp"
#include "artel/wallet/deals.hpp"

namespace artel::wallet {
namespace {

using notifications::Notice;

boost::json::object Payload(const MilestoneChanged& e) {
  auto payload = orders::OrderPayload(e.order_id, e.order_name);
  payload["milestone"] = e.title;
  payload["milestone_id"] = e.milestone_id;
  return payload;
}

/// A kind sent to `to` (the customer, the performer, or whoever did not act) on `actions`.
enum class To { kCustomer, kPerformer, kOtherSide, kBoth };

void Kind(notifications::Notifier& notifier, std::string name, notifications::Interval email,
          std::vector<MilestoneAction> actions, To to) {
  notifier.On<MilestoneChanged>({.name = std::move(name),
                                 .group = notifications::Group::kDeals,
                                 .email = email,
                                 .path = orders::OrderPath},
                                [actions = std::move(actions), to](const MilestoneChanged& e) {
                                  std::vector<Notice> notices;
                                  if (std::find(actions.begin(), actions.end(), e.action) == actions.end())
                                    return notices;
                                  const bool customer = to == To::kCustomer || to == To::kBoth ||
                                                        (to == To::kOtherSide && e.actor_id != e.customer_id);
                                  const bool performer =
                                      to == To::kPerformer || to == To::kBoth ||
                                      (to == To::kOtherSide && e.actor_id != e.performer_id);
                                  if (customer) notices.push_back({e.customer_id, Payload(e)});
                                  if (performer) notices.push_back({e.performer_id, Payload(e)});
                                  return notices;
                                });
}

}  // namespace

void AddDealNotificationKinds(notifications::Notifier& notifier) {
  using notifications::Interval;
  using A = MilestoneAction;
  Kind(notifier, "deal_funded", Interval::kImmediately, {A::kFund}, To::kPerformer);
  Kind(notifier, "deal_delivered", Interval::kImmediately, {A::kDeliver}, To::kCustomer);
  Kind(notifier, "deal_changes_requested", Interval::kImmediately, {A::kRequestChanges}, To::kPerformer);
  Kind(notifier, "deal_released", Interval::kImmediately, {A::kAccept, A::kAutoRelease}, To::kPerformer);
  Kind(notifier, "deal_refunded", Interval::kImmediately, {A::kRefund}, To::kCustomer);
  Kind(notifier, "deal_disputed", Interval::kImmediately, {A::kDispute}, To::kOtherSide);
  Kind(notifier, "deal_resolved", Interval::kImmediately, {A::kResolve}, To::kBoth);
  // Days before the auto-release: the customer may still accept, ask for changes or dispute.
  notifier.On<AutoReleaseDue>({.name = "deal_release_soon",
                               .group = notifications::Group::kDeals,
                               .email = Interval::kImmediately,
                               .path = orders::OrderPath},
                              [](const AutoReleaseDue& e) {
                                auto payload = orders::OrderPayload(e.order_id, e.order_name);
                                payload["milestone"] = e.title;
                                payload["milestone_id"] = e.milestone_id;
                                payload["release_at"] = IsoTime(e.release_at);
                                return std::vector<Notice>{{e.customer_id, std::move(payload)}};
                              });
}

}  // namespace artel::wallet
