#pragma once

#include <boost/asio/awaitable.hpp>
#include <cstddef>

namespace artel::db {
class Pool;
}  // namespace artel::db

namespace artel::orders {
class Orders;
}  // namespace artel::orders

namespace artel::bids {

class Bids;

struct DemoBids {
  std::size_t bids = 0;
  std::size_t selected = 0;
  std::size_t closed = 0;
  std::size_t offers = 0;
};

/// Bids on the demo orders, selections, closed orders and a personal offer to performer@artel.local.
/// Idempotent: nothing when the demo orders have bids already.
boost::asio::awaitable<DemoBids> SeedDemoBids(db::Pool& pool, Bids& bids, orders::Orders& orders);

}  // namespace artel::bids
