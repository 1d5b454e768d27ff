#include "artel/searches/module.hpp"

#include <fmt/format.h>

#include <stdexcept>

#include "artel/notifications/notifications.hpp"
#include "artel/searches/searches.hpp"
#include "demo.hpp"
#include "module_requires.hpp"
#include "routes.hpp"

namespace artel::searches {
namespace {

using boost::asio::awaitable;

Settings BindSettings(ConfigSection section) {
  Settings settings;
  section.Bind("max_per_user", settings.max_per_user);
  if (settings.max_per_user < 1 || settings.max_per_user > 1000) {
    throw std::runtime_error(
        fmt::format("config {}: must be between 1 and 1000", section.Path("max_per_user")));
  }
  return settings;
}

void Install(platform::ModuleContext& context) {
  auto settings = BindSettings(context.Section("searches"));
  auto& searches =
      context.GetServices().Emplace<Searches>(context.Pool(), context.Events(), settings, context.GetClock());
  AddNotificationKind(context.Get<notifications::Notifier>());
  Register(context.Web(), searches);
  context.AddDemoSeeder([](platform::DemoContext& demo) -> awaitable<void> {
    const auto saved = co_await SeedDemoSearches(demo.Pool(), demo.Get<Searches>());
    if (saved > 0) demo.Report(fmt::format("Demo saved searches: {}", saved));
  });
}

}  // namespace

platform::Module Module() {
  return generated::ModuleOf(&Install);
}

}  // namespace artel::searches
