#include "artel/reviews/module.hpp"

#include <fmt/format.h>

#include "artel/notifications/notifications.hpp"
#include "artel/orders/orders.hpp"
#include "artel/profiles/profiles.hpp"
#include "artel/reviews/events.hpp"
#include "artel/reviews/reviews.hpp"
#include "demo.hpp"
#include "module_requires.hpp"
#include "routes.hpp"

namespace artel::reviews {
namespace {

using boost::asio::awaitable;

void Install(platform::ModuleContext& context) {
  auto& orders = context.Get<orders::Orders>();
  auto& reviews =
      context.GetServices().Emplace<Reviews>(context.Pool(), orders, context.Events(), context.GetClock());
  orders.AddDetailContributor(reviews.DetailPart());
  auto& profiles = context.Get<profiles::Profiles>();
  profiles.AddCardContributor(Reviews::CardPart());
  Register(context.Web(), reviews, profiles);
  AddNotificationKinds(context.Get<notifications::Notifier>());
  context.AddDemoSeeder([](platform::DemoContext& demo) -> awaitable<void> {
    auto seeded = co_await SeedDemoReviews(demo.Pool(), demo.Get<Reviews>(), demo.Get<orders::Orders>());
    if (seeded.reviews > 0) {
      demo.Report(
          fmt::format("Demo reviews: {} orders completed, {} reviews", seeded.completed, seeded.reviews));
    }
  });
}

}  // namespace

platform::Module Module() {
  return generated::ModuleOf(&Install);
}

}  // namespace artel::reviews
