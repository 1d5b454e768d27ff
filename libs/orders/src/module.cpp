#include "artel/orders/module.hpp"

#include <fmt/format.h>

#include "artel/catalog/catalog.hpp"
#include "artel/core/log.hpp"
#include "artel/notifications/notifications.hpp"
#include "artel/orders/events.hpp"
#include "artel/orders/orders.hpp"
#include "artel/orders/saved_searches.hpp"
#include "artel/searches/searches.hpp"
#include "artel/storage/pending_uploads.hpp"
#include "artel/storage/storage.hpp"
#include "demo.hpp"
#include "module_requires.hpp"
#include "routes.hpp"

namespace artel::orders {
namespace {

using boost::asio::awaitable;

void Install(platform::ModuleContext& context) {
  auto& files = context.Get<storage::FileStore>();
  auto& orders = context.GetServices().Emplace<Orders>(context.Pool(), context.Get<catalog::Catalog>(),
                                                       context.Events(), context.GetClock());
  // Uploads wait in orders.attachments until an order lists them; storage sweeps the unattached ones. A file
  // an order uses is never removed by another domain's sweep: its private file, and the public one of a row
  // stored before order files were private until MovePrivateFiles has moved it.
  context.Get<storage::PendingUploads>().Register({.owner = "orders",
                                                   .table = "orders.attachments",
                                                   .attached_by = "order_id",
                                                   .files = {"file_name", "thumbnail_name"},
                                                   .space = storage::Space::kPrivate,
                                                   .moves_from_public = true});
  Register(context.Web(), orders, files, context.PlatformConfig().storage.max_attachment_bytes,
           context.Blocking());
  AddNotificationKinds(context.Get<notifications::Notifier>());
  AddSavedSearchScope(context.Get<searches::Searches>(), orders, context.Events());

  context.AddJob({"orders.open_personal", context.PlatformConfig().jobs.interval,
                  [&orders](TimePoint now) -> awaitable<void> {
                    auto opened = co_await orders.OpenDuePersonalOrders(now);
                    if (!opened.empty()) log::Info("jobs: {} personal orders opened", opened.size());
                  }});
  context.AddDemoSeeder([](platform::DemoContext& demo) -> awaitable<void> {
    auto& service = demo.Get<Orders>();
    auto seeded = co_await SeedDemoOrders(demo.Pool(), service, demo.Get<catalog::Catalog>());
    if (seeded > 0) demo.Report(fmt::format("Demo orders: {}", seeded));
  });
}

}  // namespace

platform::Module Module() {
  return generated::ModuleOf(&Install);
}

}  // namespace artel::orders
