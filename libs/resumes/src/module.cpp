#include "artel/resumes/module.hpp"

#include "artel/catalog/catalog.hpp"
#include "artel/resumes/resumes.hpp"
#include "artel/storage/storage.hpp"
#include "demo.hpp"
#include "module_requires.hpp"
#include "routes.hpp"

namespace artel::resumes {
namespace {

using boost::asio::awaitable;

void Install(platform::ModuleContext& context) {
  auto& resumes = context.GetServices().Emplace<Resumes>(context.Pool(), context.Get<catalog::Catalog>(),
                                                         context.GetClock());
  // Photos are stored files like avatars: nobody sweeps a file a resume still shows.
  context.Get<storage::FileReferences>().Add(
      "resumes",
      "EXISTS (SELECT 1 FROM resumes.resumes r WHERE r.photo = {name} OR r.photo_thumbnail = {name})");
  Register(context.Web(), resumes, context.Get<storage::FileStore>(), context.Blocking(),
           context.PlatformConfig().storage.max_attachment_bytes);
  context.AddDemoSeeder(
      [](platform::DemoContext& demo) -> awaitable<void> { co_await SeedDemoResumes(demo); });
}

}  // namespace

platform::Module Module() {
  return generated::ModuleOf(&Install);
}

}  // namespace artel::resumes
