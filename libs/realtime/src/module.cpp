#include "artel/realtime/module.hpp"

#include "artel/realtime/channels.hpp"
#include "artel/realtime/publisher.hpp"

namespace artel::realtime {
namespace {

void Install(platform::ModuleContext& context) {
  context.GetServices().Emplace<Publisher>(context.Pool());
  context.GetServices().Emplace<Channels>();
}

}  // namespace

platform::Module Module() {
  return {"realtime", {}, &Install};
}

}  // namespace artel::realtime
