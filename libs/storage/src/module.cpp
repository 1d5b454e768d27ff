#include "artel/storage/module.hpp"

#include "artel/storage/storage.hpp"

namespace artel::storage {
namespace {

void Install(platform::ModuleContext& context) {
  auto& files = context.GetServices().Emplace<FileStore>(context.PlatformConfig().storage.dir);
  context.GetServices().Emplace<FileReferences>();
  Register(context.Web(), files);
}

}  // namespace

platform::Module Module() {
  return {"storage", {}, &Install};
}

}  // namespace artel::storage
