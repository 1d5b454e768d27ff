// What bids answer (views.hpp).

#include "views.hpp"

namespace artel::bids {

BidView ViewOf(const Bid& bid) {
  BidView view;
  view.id = bid.id;
  view.order_id = bid.order_id;
  view.performer = profiles::CardView(bid.performer);
  view.kind = std::string(KindName(bid.kind));
  view.comment = bid.comment;
  view.term_days = bid.term_days;
  view.price = bid.price;
  view.status = std::string(BidStatusName(bid.status));
  view.created_at = bid.created_at;
  view.updated_at = bid.updated_at;
  return view;
}

InvitationView ViewOf(const Invitation& invitation) {
  InvitationView view;
  view.id = invitation.id;
  view.order_id = invitation.order_id;
  view.order_name = invitation.order_name;
  view.customer = profiles::CardView(invitation.customer);
  view.performer = profiles::CardView(invitation.performer);
  view.status = std::string(InvitationStatusName(invitation.status));
  view.created_at = invitation.created_at;
  view.expires_at = invitation.expires_at;
  return view;
}

BidListView ViewOf(const std::vector<Bid>& bids) {
  BidListView view;
  view.items.reserve(bids.size());
  for (const auto& bid : bids) view.items.push_back(ViewOf(bid));
  return view;
}

InvitationListView ViewOf(const std::vector<Invitation>& invitations) {
  InvitationListView view;
  view.items.reserve(invitations.size());
  for (const auto& invitation : invitations) view.items.push_back(ViewOf(invitation));
  return view;
}

}  // namespace artel::bids
