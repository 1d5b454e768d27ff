#pragma once

// Orders' scope of saved searches (libs/searches): the list's filters, plus competition and customer quality
// (`max_bids`: fewer than N bids; `min_rating`: the customer's rating at least X), matched against each order
// when it becomes public (posted public, a personal offer opened, a closed order reopened).

namespace artel::platform {
class EventBus;
}  // namespace artel::platform

namespace artel::searches {
class Searches;
}  // namespace artel::searches

namespace artel::orders {

class Orders;

/// Registers the "orders" scope with `searches` and subscribes its matching to orders' events on `events`.
/// The module does this at install; tests that build the services by hand call it too.
void AddSavedSearchScope(searches::Searches& searches, Orders& orders, platform::EventBus& events);

}  // namespace artel::orders
