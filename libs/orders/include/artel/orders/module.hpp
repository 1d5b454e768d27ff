#pragma once

#include "artel/platform/module.hpp"

namespace artel::orders {

/// Orders: provides orders::Orders, its routes, the 24-hour rule (on the platform's jobs.interval), its
/// pending uploads (orders.attachments, registered with storage::PendingUploads), the notification kinds
/// order_completed and order_opened, and the demo orders.
platform::Module Module();

}  // namespace artel::orders
