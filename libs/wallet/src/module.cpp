#include "artel/wallet/module.hpp"

#include <memory>

#include "artel/core/crypto.hpp"
#include "artel/wallet/ledger.hpp"
#include "artel/wallet/sandbox.hpp"
#include "artel/wallet/wallet.hpp"
#include "demo.hpp"
#include "routes.hpp"

namespace artel::wallet {
namespace {

using boost::asio::awaitable;

void Install(platform::ModuleContext& context) {
  Settings settings;
  auto section = context.Section("wallet");
  section.Bind("max_topup", settings.max_topup);
  section.Bind("sandbox_secret", settings.sandbox_secret);
  section.Bind("webhook_tolerance", settings.webhook_tolerance);
  section.Bind("sandbox_delay", settings.sandbox_delay);
  const auto& config = context.PlatformConfig();
  // Without its own secret the sandbox signs with a key derived from the instance's secret: every instance of
  // one deployment shares that, and `make run` needs no setting.
  std::string secret = settings.sandbox_secret.empty()
                           ? ToHex(HmacSha256(config.security.secret, "wallet.sandbox_secret"))
                           : settings.sandbox_secret;
  auto sandbox = std::make_shared<SandboxGateway>(std::move(secret), config.server.public_url,
                                                  settings.webhook_tolerance);
  auto& ledger = context.GetServices().Emplace<Ledger>(context.Pool());
  auto& wallet = context.GetServices().Emplace<Wallet>(context.Pool(), ledger, std::move(sandbox),
                                                       std::move(settings), context.GetClock());
  Register(context.Web(), wallet);
  context.AddDemoSeeder(
      [&wallet](platform::DemoContext& demo) -> awaitable<void> { co_await SeedDemoWallets(demo, wallet); });
}

}  // namespace

platform::Module Module() {
  return {"wallet", {"identity", "catalog"}, &Install};
}

}  // namespace artel::wallet
