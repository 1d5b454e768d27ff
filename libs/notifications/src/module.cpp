#include "artel/notifications/module.hpp"

#include "artel/notifications/notifications.hpp"
#include "artel/realtime/publisher.hpp"
#include "routes.hpp"

namespace artel::notifications {
namespace {

void Install(platform::ModuleContext& context) {
  context.GetServices().Emplace<Notifier>(context.Events(), &context.Get<realtime::Publisher>());
  Register(context.Web(), context.Pool(), context.GetClock());
}

}  // namespace

platform::Module Module() {
  return {"notifications", {"realtime"}, &Install};
}

}  // namespace artel::notifications
