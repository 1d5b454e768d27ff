#pragma once

#include "artel/bids/bids.hpp"

namespace artel::web {
class App;
class JsonReader;
}  // namespace artel::web

namespace artel::catalog {
class Snapshot;
}  // namespace artel::catalog

namespace artel::bids {

/// Reads a bid form; every problem is recorded in `reader` under its field (call reader.Finish() after).
BidInput ReadBidInput(web::JsonReader& reader, const catalog::Snapshot& catalog);

/// Adds the bids, selection, invitation and job offer routes, and bids' part of the order detail.
void Register(web::App& app, Bids& bids, orders::Orders& orders);

}  // namespace artel::bids
