#include "artel/identity/module.hpp"

#include <fmt/format.h>

#include "artel/identity/identity.hpp"
#include "artel/identity/user_info.hpp"
#include "artel/storage/storage.hpp"
#include "artel/web/app.hpp"
#include "module_requires.hpp"
#include "routes.hpp"

namespace artel::identity {
namespace {

using boost::asio::awaitable;

void Install(platform::ModuleContext& context) {
  const auto options = OptionsFrom(context.PlatformConfig());
  auto& identity = context.GetServices().Emplace<Identity>(context.Pool(), options, context.GetClock());
  context.Get<storage::FileReferences>().Add(
      "identity", "EXISTS (SELECT 1 FROM identity.users u WHERE u.avatar = {name})");
  auto& extensions = context.GetServices().Emplace<UserInfoExtensions>();
  Register(context.Web(), identity, context.Get<storage::FileStore>(), context.Blocking(), extensions);
  // Sessions end here (logout, a password change or reset, a block, impersonation, expiry); whoever holds
  // something a session authorised (the realtime module's sockets) asks through the web app which ended.
  context.Web().SetSessionCheck([&identity](std::vector<std::int64_t> session_ids) {
    return identity.EndedSessions(std::move(session_ids));
  });
  context.AddDemoSeeder([options](platform::DemoContext& demo) -> awaitable<void> {
    auto accounts = co_await SeedDemoAccounts(demo.Pool(), options);
    demo.Report("Demo accounts (e-mail / password):");
    for (const auto& account : accounts) {
      demo.Report(fmt::format("  {:<26} {:<16} {}", account.email, account.password,
                              account.role >= 1 ? "admin" : account.name));
    }
    auto people = co_await SeedDemoPeople(demo.Pool(), options);
    demo.Report(fmt::format("Demo people: {} customers and performers, password Demo#Artel2026", people));
  });
}

}  // namespace

IdentityOptions OptionsFrom(const Config& config) {
  IdentityOptions options;
  options.security = config.security;
  options.public_url = config.server.public_url;
  options.languages = config.i18n.languages;
  options.default_language = config.i18n.default_language;
  options.max_avatar_bytes = config.storage.max_avatar_bytes;
  return options;
}

platform::Module Module() {
  return generated::ModuleOf(&Install);
}

}  // namespace artel::identity
