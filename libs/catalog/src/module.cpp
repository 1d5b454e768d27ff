#include "artel/catalog/module.hpp"

#include "artel/catalog/catalog.hpp"
#include "module_requires.hpp"
#include "routes.hpp"

namespace artel::catalog {
namespace {

void Install(platform::ModuleContext& context) {
  auto& catalog = context.GetServices().Emplace<Catalog>(context.Pool());
  Register(context.Web(), catalog);
}

}  // namespace

platform::Module Module() {
  return generated::ModuleOf(&Install);
}

}  // namespace artel::catalog
