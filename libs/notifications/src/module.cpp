#include "artel/notifications/module.hpp"

#include "artel/notifications/notifications.hpp"
#include "routes.hpp"

namespace artel::notifications {
namespace {

void Install(platform::ModuleContext& context) {
  context.GetServices().Emplace<Notifier>(context.Events());
  Register(context.Web(), context.Pool(), context.GetClock());
}

}  // namespace

platform::Module Module() {
  return {"notifications", {}, &Install};
}

}  // namespace artel::notifications
