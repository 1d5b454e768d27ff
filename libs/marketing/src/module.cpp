#include "artel/marketing/module.hpp"

#include "artel/identity/identity.hpp"
#include "artel/marketing/marketing.hpp"
#include "routes.hpp"

namespace artel::marketing {
namespace {

void Install(platform::ModuleContext& context) {
  auto& pool = context.Pool();
  Register(context.Web(), pool);
  context.Get<identity::Identity>().AddSignInListener(
      [&pool](const identity::SignIn& sign_in) -> boost::asio::awaitable<void> {
        co_await AttachSignedIn(pool, sign_in.cookie_header, sign_in.user_id);
      });
}

}  // namespace

platform::Module Module() {
  return {"marketing", {"identity"}, &Install};
}

}  // namespace artel::marketing
