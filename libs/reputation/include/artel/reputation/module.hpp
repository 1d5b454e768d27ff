#pragma once

#include "artel/platform/module.hpp"

namespace artel::reputation {

/// Subscribes profiles::Reputation to orders::OrderPosted, bids::BidPlaced (the performer's activity),
/// bids::BidSelected and bids::InvitationAccepted (a performer chosen), orders::OrderTransitioned (complete)
/// and reviews::ReviewPosted, each inside the event's transaction; adds `customer_stats` to the order detail;
/// and recomputes the demo users' figures after `artel seed-demo`'s other seeders.
platform::Module Module();

}  // namespace artel::reputation
