#include "artel/help/module.hpp"

#include <fmt/format.h>

#include <chrono>
#include <stdexcept>

#include "artel/core/log.hpp"
#include "artel/help/help.hpp"
#include "artel/orders/module.hpp"
#include "artel/storage/private_move.hpp"
#include "artel/storage/storage.hpp"
#include "demo.hpp"
#include "module_requires.hpp"
#include "routes.hpp"

namespace artel::help {
namespace {

using boost::asio::awaitable;

HelpSettings BindSettings(ConfigSection section) {
  HelpSettings settings;
  section.Bind("support_address", settings.support_address);
  section.Bind("tickets_per_hour", settings.tickets_per_hour);
  section.Bind("tickets_per_ip_per_hour", settings.tickets_per_ip_per_hour);
  if (settings.support_address.find('@') == std::string::npos) {
    throw std::runtime_error(
        fmt::format("config {}: must be an e-mail address", section.Path("support_address")));
  }
  if (settings.tickets_per_hour < 1 || settings.tickets_per_ip_per_hour < settings.tickets_per_hour) {
    throw std::runtime_error(fmt::format("config {}: must be at least 1 and at most {}",
                                         section.Path("tickets_per_hour"),
                                         section.Path("tickets_per_ip_per_hour")));
  }
  return settings;
}

constexpr storage::PrivateTable kAttachmentsTable{"help", "help.attachments"};

/// Files stored before ticket attachments were private are moved first (a batch a round); then unattached
/// support uploads older than the retention go, and their private files when no private owner uses them.
awaitable<void> SweepUploads(db::Pool& pool, Help& help, const storage::FileStore& files,
                             const storage::FileReferences& references, std::chrono::seconds retention,
                             TimePoint now) {
  const auto moved = co_await storage::MovePrivateFiles(pool, files, references, kAttachmentsTable);
  if (moved > 0) log::Info("jobs: {} support attachments moved to private files", moved);
  const std::string others = references.OthersUse("help", "n.name", storage::Space::kPrivate);
  auto sweep = co_await help.SweepUploads(now - retention, others);
  if (sweep.removed == 0) co_return;
  const auto files_removed = files.RemoveUnused(sweep.unused_files, storage::Space::kPrivate);
  log::Info("jobs: {} unattached support uploads swept, {} files removed from disk", sweep.removed,
            files_removed);
}

void Install(platform::ModuleContext& context) {
  auto settings = BindSettings(context.Section("help"));
  auto& files = context.Get<storage::FileStore>();
  auto& references = context.Get<storage::FileReferences>();
  // A file a ticket uses is never removed by another domain's sweep: its private file, and the public one
  // of a row stored before ticket files were private until MovePrivateFiles has moved it.
  references.AddPrivateTable("help", "help.attachments");
  const auto& marketplace = context.Get<orders::MarketplaceSettings>();
  auto& help = context.GetServices().Emplace<Help>(context.Pool(), std::move(settings), context.GetClock());
  Register(context.Web(), help, files, context.PlatformConfig().storage.max_attachment_bytes,
           context.Blocking());
  context.AddJob({"help.sweep_uploads", marketplace.job_interval,
                  [&pool = context.Pool(), &help, &files, &references,
                   retention = marketplace.upload_retention](TimePoint now) -> awaitable<void> {
                    co_await SweepUploads(pool, help, files, references, retention, now);
                  }});
  context.AddDemoSeeder([](platform::DemoContext& demo) -> awaitable<void> {
    auto seeded = co_await SeedDemoHelp(demo.Pool(), demo.Get<Help>());
    if (seeded.questions > 0 || seeded.pages > 0 || seeded.tickets > 0) {
      demo.Report(fmt::format("Demo help: {} FAQ questions, {} pages, {} tickets", seeded.questions,
                              seeded.pages, seeded.tickets));
    }
  });
}

}  // namespace

platform::Module Module() {
  return generated::ModuleOf(&Install);
}

}  // namespace artel::help
