#pragma once

#include <boost/asio/awaitable.hpp>
#include <cstddef>

#include "artel/core/config.hpp"
#include "artel/db/pool.hpp"

namespace artel::app {

struct DemoMarketplace {
  std::size_t customers = 0;
  std::size_t performers = 0;
  std::size_t orders = 0;
  std::size_t bids = 0;
  std::size_t reviews = 0;
  /// False when an earlier run already seeded the marketplace (nothing was added).
  bool created = false;
};

/// `artel seed-demo`'s marketplace part: believable customers and performers, about 200 orders in Russian
/// and English across the catalog with bids, selections, completed orders with reviews, closed orders and a
/// personal offer to performer@artel.local — all made through the domain services, as a user would. The
/// demo accounts (identity::SeedDemoAccounts) must exist. Idempotent: does nothing when the demo customer
/// already has orders.
boost::asio::awaitable<DemoMarketplace> SeedDemoMarketplace(db::Pool& pool, const Config& config);

}  // namespace artel::app
