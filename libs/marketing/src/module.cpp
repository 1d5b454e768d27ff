#include "artel/marketing/module.hpp"

#include "artel/identity/identity.hpp"
#include "artel/marketing/marketing.hpp"
#include "artel/storage/pending_uploads.hpp"
#include "artel/storage/storage.hpp"
#include "landing.hpp"
#include "module_requires.hpp"
#include "routes.hpp"

namespace artel::marketing {
namespace {

using boost::asio::awaitable;

void Install(platform::ModuleContext& context) {
  auto& pool = context.Pool();
  Register(context.Web(), pool);
  context.Get<identity::Identity>().AddSignInListener(
      [&pool](const identity::SignIn& sign_in) -> boost::asio::awaitable<void> {
        co_await AttachSignedIn(pool, sign_in.cookie_header, sign_in.user_id);
      });

  // Landing pages: their images are this module's files.
  auto& files = context.Get<storage::FileStore>();
  auto& references = context.Get<storage::FileReferences>();
  references.Add("marketing",
                 "EXISTS (SELECT 1 FROM marketing.landing_pages p WHERE p.image = {name} OR "
                 "p.image_thumbnail = {name})");
  // Images a page stopped using are listed by a trigger (0039) in marketing.dropped_images; storage sweeps
  // them after the retention, each file once nothing uses it any more.
  context.Get<storage::PendingUploads>().Register({.owner = "marketing",
                                                   .table = "marketing.dropped_images",
                                                   .key = "name",
                                                   .created_at = "dropped_at",
                                                   .files = {"name"},
                                                   .rows_use_files = false});
  RegisterLandingPages(context.Web(), pool, files, context.Blocking(),
                       context.PlatformConfig().storage.max_avatar_bytes);
  context.AddDemoSeeder(
      [](platform::DemoContext& demo) -> awaitable<void> { co_await SeedDemoLandingPages(demo); });
}

}  // namespace

platform::Module Module() {
  return generated::ModuleOf(&Install);
}

}  // namespace artel::marketing
