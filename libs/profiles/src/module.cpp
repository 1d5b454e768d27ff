#include "artel/profiles/module.hpp"

#include <chrono>

#include "artel/catalog/catalog.hpp"
#include "artel/core/log.hpp"
#include "artel/profiles/editor.hpp"
#include "artel/profiles/profiles.hpp"
#include "artel/storage/storage.hpp"
#include "catalogue.hpp"
#include "demo.hpp"
#include "module_requires.hpp"
#include "routes.hpp"

namespace artel::profiles {
namespace {

using boost::asio::awaitable;

void Install(platform::ModuleContext& context) {
  auto& profiles = context.GetServices().Emplace<Profiles>(context.Pool());
  Register(context.Web(), profiles);

  auto& editor = context.GetServices().Emplace<Editor>(context.Pool(), context.Get<catalog::Catalog>(),
                                                       context.GetClock());
  auto& files = context.Get<storage::FileStore>();
  auto& references = context.Get<storage::FileReferences>();
  references.Add("profiles",
                 "EXISTS (SELECT 1 FROM profiles.portfolio_images i WHERE i.file_name = {name} OR "
                 "i.thumbnail_name = {name})");
  editor.UseFileReferences(references);
  RegisterEditor(context.Web(), editor, files, context.Blocking(),
                 context.PlatformConfig().storage.max_attachment_bytes);

  // Portfolio uploads no project uses are swept like order uploads, on the marketplace's schedule.
  std::chrono::seconds interval{60};
  std::chrono::seconds retention{24 * 60 * 60};
  auto section = context.Section("marketplace");
  section.Bind("job_interval", interval);
  section.Bind("upload_retention", retention);
  context.AddJob(
      {"profiles.sweep_uploads", interval, [&editor, &files, retention](TimePoint now) -> awaitable<void> {
         auto unused = co_await editor.SweepUploads(now - retention);
         if (unused.empty()) co_return;
         const auto removed = files.RemoveUnused(unused);
         log::Info("jobs: portfolio uploads swept, {} files removed from disk", removed);
       }});

  context.AddDemoSeeder(
      [](platform::DemoContext& demo) -> awaitable<void> { co_await SeedDemoProfiles(demo); });

  RegisterCatalogue(context.Web(), context.GetServices().Emplace<Catalogue>(context.Pool(),
                                                                            context.Get<catalog::Catalog>()));
}

}  // namespace

platform::Module Module() {
  return generated::ModuleOf(&Install);
}

}  // namespace artel::profiles
