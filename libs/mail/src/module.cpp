#include "artel/mail/module.hpp"

#include "artel/mail/mail.hpp"

namespace artel::mail {
namespace {

void Install(platform::ModuleContext& context) {
  auto& worker = context.GetServices().Emplace<Worker>(context.Pool(), context.Catalog(),
                                                       context.PlatformConfig().mail, context.GetClock());
  context.AddBackgroundTask({"mail", [&worker] { return worker.Run(); }, [&worker] { worker.Stop(); }});
}

}  // namespace

platform::Module Module() {
  return {"mail", {}, &Install};
}

}  // namespace artel::mail
