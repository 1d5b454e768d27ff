#include "artel/notifications/module.hpp"

#include <fmt/format.h>

#include <stdexcept>

#include "artel/core/crypto.hpp"
#include "artel/notifications/digests.hpp"
#include "artel/notifications/notifications.hpp"
#include "artel/realtime/publisher.hpp"
#include "demo.hpp"
#include "inbox.hpp"
#include "module_requires.hpp"
#include "routes.hpp"
#include "settings.hpp"

namespace artel::notifications {
namespace {

/// notifications.unsubscribe_secret: the HMAC key of the one-click unsubscribe links. Empty (the default):
/// derived from security.secret, so rotating that one also voids the links already mailed.
std::string UnsubscribeKey(platform::ModuleContext& context) {
  std::string secret;
  auto section = context.Section("notifications");
  section.Bind("unsubscribe_secret", secret);
  if (!secret.empty() && secret.size() < 32) {
    throw std::runtime_error("config " + section.Path("unsubscribe_secret") + ": at least 32 characters");
  }
  if (secret.empty())
    return HmacSha256(context.PlatformConfig().security.secret, "artel.notifications.unsubscribe");
  return secret;
}

void Install(platform::ModuleContext& context) {
  auto& notifier =
      context.GetServices().Emplace<Notifier>(context.Events(), &context.Get<realtime::Publisher>());
  notifier.UseMail({context.PlatformConfig().server.public_url, UnsubscribeKey(context), &context.Catalog()});
  const auto& settings =
      context.GetServices().Emplace<Settings>(context.Pool(), notifier, context.GetClock());
  const auto& inbox = context.GetServices().Emplace<Inbox>(context.Pool(), context.GetClock());
  Register(context.Web(), settings, inbox);
  context.AddDemoSeeder(SeedDemoPreferences);

  // notifications.digest_interval: how often the digest job looks for users whose period is due (a digest
  // goes out within one interval of the user's local morning or hour).
  std::chrono::seconds digest_interval{300};
  auto section = context.Section("notifications");
  section.Bind("digest_interval", digest_interval);
  if (digest_interval < std::chrono::seconds(1)) {
    throw std::runtime_error(
        fmt::format("config {}: must be at least 1 second", section.Path("digest_interval")));
  }
  const auto& digests = context.GetServices().Emplace<Digests>(context.Pool(), notifier, context.GetClock());
  context.AddJob({"notifications.digests", digest_interval,
                  [&digests](TimePoint) -> boost::asio::awaitable<void> { co_await digests.RunRound(); }});
}

}  // namespace

platform::Module Module() {
  return generated::ModuleOf(&Install);
}

}  // namespace artel::notifications
