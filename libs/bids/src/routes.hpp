#pragma once

#include "artel/bids/bids.hpp"

namespace artel::web {
class App;
}  // namespace artel::web

namespace artel::bids {

/// Adds the bids, selection, invitation and job offer routes (libs/bids/api.yaml).
void Register(web::App& app, Bids& bids, orders::Orders& orders);

}  // namespace artel::bids
