#include "artel/home/module.hpp"

#include <fmt/format.h>

#include <stdexcept>

#include "artel/home/home.hpp"
#include "artel/orders/orders.hpp"
#include "artel/profiles/catalogue.hpp"
#include "artel/vacancies/vacancies.hpp"
#include "module_requires.hpp"
#include "routes.hpp"

namespace artel::home {
namespace {

Settings BindSettings(ConfigSection section) {
  Settings settings;
  section.Bind("ttl", settings.ttl);
  section.Bind("items", settings.items);
  if (settings.ttl.count() < 0 || settings.ttl.count() > 3600) {
    throw std::runtime_error(
        fmt::format("config {}: must be between 0 and 3600 seconds", section.Path("ttl")));
  }
  if (settings.items < 1 || settings.items > 20) {
    throw std::runtime_error(fmt::format("config {}: must be between 1 and 20", section.Path("items")));
  }
  return settings;
}

void Install(platform::ModuleContext& context) {
  auto settings = BindSettings(context.Section("home"));
  const Domains domains{.orders = context.Get<orders::Orders>(),
                        .vacancies = context.Get<vacancies::Vacancies>(),
                        .catalogue = context.Get<profiles::Catalogue>()};
  auto& home = context.GetServices().Emplace<Home>(domains, settings, context.GetClock());
  Register(context.Web(), home);
}

}  // namespace

platform::Module Module() {
  return generated::ModuleOf(&Install);
}

}  // namespace artel::home
