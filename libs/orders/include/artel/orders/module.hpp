#pragma once

#include <chrono>
#include <cstddef>

#include "artel/platform/module.hpp"

namespace artel::orders {

/// The marketplace's settings (section `marketplace` of artel.yaml), bound and checked by the module.
struct MarketplaceSettings {
  /// How often the marketplace's jobs run (personal orders opening after 24 hours, invitation expiry, the
  /// upload sweep); each round runs on one instance.
  std::chrono::seconds job_interval{60};
  /// How long an upload may wait unattached (never sent with an order, dropped by an edit, left by a
  /// deleted order) before the sweep deletes it, and its file when nothing else uses it.
  std::chrono::seconds upload_retention{24 * 60 * 60};
};

/// Binds and checks `marketplace.*`: upload_retention of at least an hour (shorter would sweep files of
/// forms still being filled). std::runtime_error naming the key otherwise.
MarketplaceSettings BindSettings(ConfigSection section);

/// Orders: provides orders::Orders and MarketplaceSettings, its routes, the 24-hour rule and the upload
/// sweep jobs, the notification kinds order_completed and order_opened, and the demo orders.
platform::Module Module();

}  // namespace artel::orders
