#include "artel/orders/module.hpp"

#include <fmt/format.h>

#include <chrono>
#include <stdexcept>

#include "artel/catalog/catalog.hpp"
#include "artel/core/log.hpp"
#include "artel/notifications/notifications.hpp"
#include "artel/orders/events.hpp"
#include "artel/orders/orders.hpp"
#include "artel/orders/saved_searches.hpp"
#include "artel/searches/searches.hpp"
#include "artel/storage/private_move.hpp"
#include "artel/storage/storage.hpp"
#include "demo.hpp"
#include "module_requires.hpp"
#include "routes.hpp"

namespace artel::orders {
namespace {

using boost::asio::awaitable;

constexpr storage::PrivateTable kAttachmentsTable{"orders", "orders.attachments"};

/// Files stored before order attachments were private are moved first (a batch a round). Then unattached
/// uploads older than the retention go, and their private files with them when nothing else uses them and
/// nobody stored the same bytes within the last hour (FileStore::RemoveUnused).
awaitable<void> SweepUploads(db::Pool& pool, Orders& orders, const storage::FileStore& files,
                             const storage::FileReferences& references, std::chrono::seconds retention,
                             TimePoint now) {
  const auto moved = co_await storage::MovePrivateFiles(pool, files, references, kAttachmentsTable);
  if (moved > 0) log::Info("jobs: {} order attachments moved to private files", moved);
  auto sweep = co_await orders.SweepUploads(now - retention);
  if (sweep.removed == 0) co_return;
  const auto files_removed = files.RemoveUnused(sweep.unused_files, storage::Space::kPrivate);
  log::Info("jobs: {} unattached uploads swept, {} files removed from disk", sweep.removed, files_removed);
}

void Install(platform::ModuleContext& context) {
  auto& settings =
      context.GetServices().Emplace<MarketplaceSettings>(BindSettings(context.Section("marketplace")));
  auto& files = context.Get<storage::FileStore>();
  auto& orders = context.GetServices().Emplace<Orders>(context.Pool(), context.Get<catalog::Catalog>(),
                                                       context.Events(), context.GetClock());
  auto& references = context.Get<storage::FileReferences>();
  // A file an order uses is never removed by another domain's sweep: its private file, and the public one of
  // a row stored before order files were private until MovePrivateFiles has moved it.
  references.AddPrivateTable("orders", "orders.attachments");
  orders.UseFileReferences(references);
  Register(context.Web(), orders, files, context.PlatformConfig().storage.max_attachment_bytes,
           context.Blocking());
  AddNotificationKinds(context.Get<notifications::Notifier>());
  AddSavedSearchScope(context.Get<searches::Searches>(), orders, context.Events());

  context.AddJob({"orders.open_personal", settings.job_interval, [&orders](TimePoint now) -> awaitable<void> {
                    auto opened = co_await orders.OpenDuePersonalOrders(now);
                    if (!opened.empty()) log::Info("jobs: {} personal orders opened", opened.size());
                  }});
  context.AddJob({"orders.sweep_uploads", settings.job_interval,
                  [&pool = context.Pool(), &orders, &files, &references,
                   retention = settings.upload_retention](TimePoint now) -> awaitable<void> {
                    co_await SweepUploads(pool, orders, files, references, retention, now);
                  }});
  context.AddDemoSeeder([](platform::DemoContext& demo) -> awaitable<void> {
    auto& service = demo.Get<Orders>();
    auto seeded = co_await SeedDemoOrders(demo.Pool(), service, demo.Get<catalog::Catalog>());
    if (seeded > 0) demo.Report(fmt::format("Demo orders: {}", seeded));
  });
}

}  // namespace

MarketplaceSettings BindSettings(ConfigSection section) {
  MarketplaceSettings settings;
  section.Bind("job_interval", settings.job_interval);
  section.Bind("upload_retention", settings.upload_retention);
  if (settings.job_interval < std::chrono::seconds(1)) {
    throw std::runtime_error(
        fmt::format("config {}: must be at least 1 second", section.Path("job_interval")));
  }
  if (settings.upload_retention < std::chrono::hours(1)) {
    // Shorter would sweep files users are still filling an order form with.
    throw std::runtime_error(
        fmt::format("config {}: must be at least 3600 seconds", section.Path("upload_retention")));
  }
  return settings;
}

platform::Module Module() {
  return generated::ModuleOf(&Install);
}

}  // namespace artel::orders
