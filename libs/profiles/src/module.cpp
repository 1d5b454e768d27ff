#include "artel/profiles/module.hpp"

#include "artel/catalog/catalog.hpp"
#include "artel/profiles/profiles.hpp"
#include "catalogue.hpp"
#include "routes.hpp"

namespace artel::profiles {
namespace {

void Install(platform::ModuleContext& context) {
  auto& profiles = context.GetServices().Emplace<Profiles>(context.Pool());
  Register(context.Web(), profiles);
  RegisterCatalogue(context.Web(), context.GetServices().Emplace<Catalogue>(context.Pool(),
                                                                            context.Get<catalog::Catalog>()));
}

}  // namespace

platform::Module Module() {
  return {"profiles", {"identity", "catalog"}, &Install};
}

}  // namespace artel::profiles
