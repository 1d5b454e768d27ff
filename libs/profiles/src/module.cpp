#include "artel/profiles/module.hpp"

#include "artel/catalog/catalog.hpp"
#include "artel/profiles/editor.hpp"
#include "artel/profiles/profiles.hpp"
#include "artel/storage/pending_uploads.hpp"
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
  // Images wait in profiles.portfolio_images until a project lists them (a save detaches the ones it drops);
  // storage sweeps the unattached ones. Every row, attached or waiting, keeps its files from other sweeps.
  context.Get<storage::PendingUploads>().Register({.owner = "profiles",
                                                   .table = "profiles.portfolio_images",
                                                   .attached_by = "project_id",
                                                   .files = {"file_name", "thumbnail_name"}});
  RegisterEditor(context.Web(), editor, files, context.Blocking(),
                 context.PlatformConfig().storage.max_attachment_bytes);

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
