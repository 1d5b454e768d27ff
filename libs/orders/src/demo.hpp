#pragma once

#include <boost/asio/awaitable.hpp>
#include <cstddef>

namespace artel::db {
class Pool;
}  // namespace artel::db

namespace artel::catalog {
class Catalog;
}  // namespace artel::catalog

namespace artel::orders {

class Orders;

/// The demo orders (idempotent: nothing when the demo customer has orders already). Returns how many.
boost::asio::awaitable<std::size_t> SeedDemoOrders(db::Pool& pool, Orders& orders,
                                                   catalog::Catalog& taxonomy);

}  // namespace artel::orders
