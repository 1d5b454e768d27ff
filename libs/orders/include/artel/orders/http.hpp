#pragma once

// Readers of orders' request fields, for the routes of orders and of the domains built on it (the job offer
// form of bids is an order form). Only routes include this header: it is the one public part of orders that
// speaks HTTP, and its users link artel::web themselves.

#include <optional>
#include <string_view>

#include "artel/core/clock.hpp"
#include "artel/orders/orders.hpp"

namespace artel::web {
class JsonReader;
struct Request;
}  // namespace artel::web

namespace artel::catalog {
class Snapshot;
}  // namespace artel::catalog

namespace artel::orders {

/// Reads an order form from a request body against the catalog; every problem is recorded in `reader`
/// under its field (call reader.Finish() after). `now` is the reference for "deadline in the future".
OrderInput ReadOrderInput(web::JsonReader& reader, const catalog::Snapshot& catalog, TimePoint now);

/// Reads an optional Money field ({amount, currency}); problems go to `reader` under `field`. Absent or
/// null reads as nullopt.
std::optional<Money> ReadMoney(web::JsonReader& reader, std::string_view field,
                               const catalog::Snapshot& catalog);

/// The `as` query parameter (performer or customer, `fallback` when absent); ValidationFailed otherwise.
Side ReadSide(const web::Request& request, Side fallback);

}  // namespace artel::orders
