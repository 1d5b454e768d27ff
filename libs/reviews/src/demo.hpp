#pragma once

#include <boost/asio/awaitable.hpp>
#include <cstddef>

namespace artel::db {
class Pool;
}  // namespace artel::db

namespace artel::orders {
class Orders;
}  // namespace artel::orders

namespace artel::reviews {

class Reviews;

struct DemoReviews {
  std::size_t completed = 0;
  std::size_t reviews = 0;
};

/// Completes most demo orders in progress and reviews them (idempotent: nothing when the demo orders have
/// reviews already).
boost::asio::awaitable<DemoReviews> SeedDemoReviews(db::Pool& pool, Reviews& reviews, orders::Orders& orders);

}  // namespace artel::reviews
