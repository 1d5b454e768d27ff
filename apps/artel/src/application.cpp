#include "application.hpp"

#include "artel/bids/module.hpp"
#include "artel/catalog/module.hpp"
#include "artel/identity/module.hpp"
#include "artel/mail/module.hpp"
#include "artel/marketing/module.hpp"
#include "artel/notifications/module.hpp"
#include "artel/orders/module.hpp"
#include "artel/profiles/module.hpp"
#include "artel/reviews/module.hpp"
#include "artel/storage/module.hpp"

namespace artel::app {

std::span<const platform::Module> Modules() {
  static const std::vector<platform::Module> kModules{
      mail::Module(),          storage::Module(),  identity::Module(), marketing::Module(),
      catalog::Module(),       notifications::Module(), profiles::Module(), orders::Module(),
      bids::Module(),          reviews::Module(),
  };
  return kModules;
}

std::unique_ptr<platform::Host> MakeApplication(const Config& config, ConfigSource& config_source,
                                                std::shared_ptr<db::Pool> pool) {
  auto host = std::make_unique<platform::Host>(config, config_source, std::move(pool));
  host->Install(Modules());
  return host;
}

}  // namespace artel::app
