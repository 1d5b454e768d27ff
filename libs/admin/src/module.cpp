#include "artel/admin/module.hpp"

#include "admin.hpp"
#include "artel/identity/identity.hpp"
#include "module_requires.hpp"

namespace artel::admin {
namespace {

void Install(platform::ModuleContext& context) {
  Register(context.Web(), context.Pool(), context.Get<identity::Identity>());
}

}  // namespace

platform::Module Module() {
  return generated::ModuleOf(&Install);
}

}  // namespace artel::admin
