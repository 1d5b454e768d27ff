#pragma once

// What bids answer (the contract's Bid, Invitation, the bid lists, a new bid and a job offer) as described
// types that kernel::ToJson writes and web::Api checks against the schemas; the order detail's `my_bid` and
// `invitation` are written from the same types (Bids::DetailPart).

#include <boost/describe/class.hpp>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "artel/bids/bids.hpp"
#include "artel/orders/views.hpp"
#include "artel/profiles/profiles.hpp"

namespace artel::bids {

struct BidView {
  std::int64_t id = 0;
  std::int64_t order_id = 0;
  profiles::UserCardView performer;
  std::string kind;
  std::string comment;
  std::int32_t term_days = 0;
  std::optional<kernel::Money> price;
  std::string status;
  TimePoint created_at;
  TimePoint updated_at;
};
BOOST_DESCRIBE_STRUCT(BidView, (),
                      (id, order_id, performer, kind, comment, term_days, price, status, created_at,
                       updated_at))

struct InvitationView {
  std::int64_t id = 0;
  std::int64_t order_id = 0;
  std::string order_name;
  profiles::UserCardView customer;
  profiles::UserCardView performer;
  std::string status;
  TimePoint created_at;
  TimePoint expires_at;
};
BOOST_DESCRIBE_STRUCT(InvitationView, (),
                      (id, order_id, order_name, customer, performer, status, created_at, expires_at))

struct BidListView {
  std::vector<BidView> items;
};
BOOST_DESCRIBE_STRUCT(BidListView, (), (items))

struct InvitationListView {
  std::vector<InvitationView> items;
};
BOOST_DESCRIBE_STRUCT(InvitationListView, (), (items))

struct NewBidView {
  BidView bid;
  bool first_bid = false;
};
BOOST_DESCRIBE_STRUCT(NewBidView, (), (bid, first_bid))

struct JobOfferView {
  orders::OrderDetailView order;
  InvitationView invitation;
};
BOOST_DESCRIBE_STRUCT(JobOfferView, (), (order, invitation))

BidView ViewOf(const Bid& bid);
InvitationView ViewOf(const Invitation& invitation);
BidListView ViewOf(const std::vector<Bid>& bids);
InvitationListView ViewOf(const std::vector<Invitation>& invitations);

}  // namespace artel::bids
