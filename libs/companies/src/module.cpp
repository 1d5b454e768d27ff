#include "artel/companies/module.hpp"

#include <chrono>

#include "artel/catalog/catalog.hpp"
#include "artel/companies/companies.hpp"
#include "artel/companies/events.hpp"
#include "artel/core/log.hpp"
#include "artel/notifications/notifications.hpp"
#include "artel/storage/storage.hpp"
#include "demo.hpp"
#include "module_requires.hpp"
#include "routes.hpp"

namespace artel::companies {
namespace {

using boost::asio::awaitable;

void Install(platform::ModuleContext& context) {
  auto& companies = context.GetServices().Emplace<Companies>(context.Pool(), context.Get<catalog::Catalog>(),
                                                             context.Events(), context.GetClock());
  auto& files = context.Get<storage::FileStore>();
  auto& references = context.Get<storage::FileReferences>();
  references.Add(
      "companies",
      "EXISTS (SELECT 1 FROM companies.companies c WHERE c.logo = {name} OR c.logo_thumbnail = {name})");
  companies.UseFileReferences(references);
  Register(context.Web(), companies, files, context.Blocking(),
           context.PlatformConfig().storage.max_avatar_bytes);
  AddNotificationKinds(context.Get<notifications::Notifier>());

  // Logos a company stopped using are swept like the portfolio's unattached uploads, on the marketplace's
  // schedule: once nothing uses a file any more, it leaves the disk.
  std::chrono::seconds interval{60};
  std::chrono::seconds retention{24 * 60 * 60};
  auto section = context.Section("marketplace");
  section.Bind("job_interval", interval);
  section.Bind("upload_retention", retention);
  context.AddJob(
      {"companies.sweep_logos", interval, [&companies, &files, retention](TimePoint now) -> awaitable<void> {
         auto unused = co_await companies.SweepLogos(now - retention);
         if (unused.empty()) co_return;
         const auto removed = files.RemoveUnused(unused);
         log::Info("jobs: dropped company logos swept, {} files removed from disk", removed);
       }});

  context.AddDemoSeeder(
      [](platform::DemoContext& demo) -> awaitable<void> { co_await SeedDemoCompanies(demo); });
}

}  // namespace

platform::Module Module() {
  return generated::ModuleOf(&Install);
}

}  // namespace artel::companies
