#pragma once

// The stored form of an order and an edit merged onto it (Orders::Update; private to the library).

#include "artel/orders/orders.hpp"

namespace artel::orders {

/// The form of a stored order (what a patch is merged onto); its attachments are not part of it.
OrderInput FormOf(const Order& order);

/// The sent properties of `patch` over `form`.
void Merge(const OrderPatch& patch, OrderInput& form);

}  // namespace artel::orders
