#include "artel/favourites/module.hpp"

#include <fmt/format.h>

#include <stdexcept>

#include "artel/companies/companies.hpp"
#include "artel/favourites/favourites.hpp"
#include "artel/orders/orders.hpp"
#include "artel/profiles/profiles.hpp"
#include "artel/resumes/resumes.hpp"
#include "artel/vacancies/vacancies.hpp"
#include "demo.hpp"
#include "module_requires.hpp"
#include "readers.hpp"
#include "routes.hpp"

namespace artel::favourites {
namespace {

using boost::asio::awaitable;

Settings BindSettings(ConfigSection section) {
  Settings settings;
  section.Bind("max_per_user", settings.max_per_user);
  if (settings.max_per_user < 1 || settings.max_per_user > 100'000) {
    throw std::runtime_error(
        fmt::format("config {}: must be between 1 and 100000", section.Path("max_per_user")));
  }
  return settings;
}

void Install(platform::ModuleContext& context) {
  auto settings = BindSettings(context.Section("favourites"));
  const Domains domains{.orders = context.Get<orders::Orders>(),
                        .profiles = context.Get<profiles::Profiles>(),
                        .vacancies = context.Get<vacancies::Vacancies>(),
                        .resumes = context.Get<resumes::Resumes>(),
                        .companies = context.Get<companies::Companies>(),
                        .clock = context.GetClock()};
  auto& favourites =
      context.GetServices().Emplace<Favourites>(context.Pool(), DomainReaders(domains), settings);
  Register(context.Web(), favourites);
  context.AddDemoSeeder([](platform::DemoContext& demo) -> awaitable<void> {
    const auto added = co_await SeedDemoFavourites(demo.Pool(), demo.Get<Favourites>());
    if (added > 0) demo.Report(fmt::format("Demo favourites: {} bookmarks", added));
  });
}

}  // namespace

platform::Module Module() {
  return generated::ModuleOf(&Install);
}

}  // namespace artel::favourites
