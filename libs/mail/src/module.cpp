#include "artel/mail/module.hpp"

#include "artel/mail/mail.hpp"
#include "module_requires.hpp"

namespace artel::mail {
namespace {

void Install(platform::ModuleContext& context) {
  auto& worker = context.GetServices().Emplace<Worker>(context.Pool(), context.Catalog(),
                                                       context.PlatformConfig().mail, context.GetClock());
  context.AddBackgroundTask({"mail", [&worker] { return worker.Run(); }, [&worker] { worker.Stop(); }});
}

}  // namespace

platform::Module Module() {
  return generated::ModuleOf(&Install);
}

}  // namespace artel::mail
