#include "artel/marketing/module.hpp"

#include <chrono>

#include "artel/core/log.hpp"
#include "artel/identity/identity.hpp"
#include "artel/marketing/marketing.hpp"
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

  // Landing pages: their images are this module's files; the ones a page stopped using are swept like
  // companies' logos, on the marketplace's schedule.
  auto& files = context.Get<storage::FileStore>();
  auto& references = context.Get<storage::FileReferences>();
  references.Add("marketing",
                 "EXISTS (SELECT 1 FROM marketing.landing_pages p WHERE p.image = {name} OR "
                 "p.image_thumbnail = {name})");
  RegisterLandingPages(context.Web(), pool, files, context.Blocking(),
                       context.PlatformConfig().storage.max_avatar_bytes);
  std::chrono::seconds interval{60};
  std::chrono::seconds retention{24 * 60 * 60};
  auto section = context.Section("marketplace");
  section.Bind("job_interval", interval);
  section.Bind("upload_retention", retention);
  context.AddJob({"marketing.sweep_landing_images", interval,
                  [&pool, &files, &references, retention](TimePoint now) -> awaitable<void> {
                    auto unused = co_await SweepLandingImages(pool, references, now - retention);
                    if (unused.empty()) co_return;
                    const auto removed = files.RemoveUnused(unused);
                    log::Info("jobs: dropped landing page images swept, {} files removed from disk", removed);
                  }});
  context.AddDemoSeeder(
      [](platform::DemoContext& demo) -> awaitable<void> { co_await SeedDemoLandingPages(demo); });
}

}  // namespace

platform::Module Module() {
  return generated::ModuleOf(&Install);
}

}  // namespace artel::marketing
