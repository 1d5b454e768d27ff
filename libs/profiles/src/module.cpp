#include "artel/profiles/module.hpp"

#include "artel/profiles/profiles.hpp"
#include "routes.hpp"

namespace artel::profiles {
namespace {

void Install(platform::ModuleContext& context) {
  auto& profiles = context.GetServices().Emplace<Profiles>(context.Pool());
  Register(context.Web(), profiles);
}

}  // namespace

platform::Module Module() {
  return {"profiles", {"identity"}, &Install};
}

}  // namespace artel::profiles
