#pragma once

namespace artel::web {
class App;
}  // namespace artel::web

namespace artel::orders {
class Orders;
}  // namespace artel::orders

namespace artel::reviews {

class Reviews;

/// Adds POST /api/orders/{id}/reviews, POST /api/reviews/{id}/reply, GET /api/users/{id}/reviews and the
/// public user card GET /api/users/{id}.
void Register(web::App& app, Reviews& reviews, orders::Orders& orders);

}  // namespace artel::reviews
