#include "artel/bids/module.hpp"

#include <fmt/format.h>

#include "artel/bids/bids.hpp"
#include "artel/bids/events.hpp"
#include "artel/core/log.hpp"
#include "artel/notifications/notifications.hpp"
#include "artel/orders/orders.hpp"
#include "demo.hpp"
#include "module_requires.hpp"
#include "routes.hpp"

namespace artel::bids {
namespace {

using boost::asio::awaitable;

void Install(platform::ModuleContext& context) {
  auto& orders = context.Get<orders::Orders>();
  auto& bids =
      context.GetServices().Emplace<Bids>(context.Pool(), orders, context.Events(), context.GetClock());
  orders.AddDetailContributor(bids.DetailPart());
  Register(context.Web(), bids, orders);
  AddNotificationKinds(context.Get<notifications::Notifier>());
  const auto interval = context.PlatformConfig().jobs.interval;
  context.AddJob({"bids.expire_invitations", interval, [&bids](TimePoint now) -> awaitable<void> {
                    auto expired = co_await bids.ExpireInvitations(now);
                    if (expired != 0) log::Info("jobs: {} invitations expired", expired);
                  }});
  context.AddDemoSeeder([](platform::DemoContext& demo) -> awaitable<void> {
    auto seeded = co_await SeedDemoBids(demo.Pool(), demo.Get<Bids>(), demo.Get<orders::Orders>());
    if (seeded.bids > 0) {
      demo.Report(fmt::format("Demo bids: {}; {} performers selected, {} orders closed, {} personal offer",
                              seeded.bids, seeded.selected, seeded.closed, seeded.offers));
    }
  });
}

}  // namespace

platform::Module Module() {
  return generated::ModuleOf(&Install);
}

}  // namespace artel::bids
