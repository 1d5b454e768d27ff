#include "artel/wallet/module.hpp"

#include <memory>
#include <stdexcept>

#include "artel/core/crypto.hpp"
#include "artel/core/log.hpp"
#include "artel/notifications/notifications.hpp"
#include "artel/wallet/deals.hpp"
#include "artel/wallet/ledger.hpp"
#include "artel/wallet/sandbox.hpp"
#include "artel/wallet/wallet.hpp"
#include "demo.hpp"
#include "module_requires.hpp"
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
  DealSettings deal_settings;
  section.Bind("deal_fee_percent", deal_settings.fee_percent);
  section.Bind("auto_release_days", deal_settings.auto_release_days);
  section.Bind("auto_release_reminder_days", deal_settings.auto_release_reminder_days);
  section.Bind("max_milestone", deal_settings.max_milestone);
  if (deal_settings.fee_percent > 100) throw std::invalid_argument("wallet.deal_fee_percent must be 0..100");
  if (deal_settings.auto_release_days == 0)
    throw std::invalid_argument("wallet.auto_release_days must be ≥ 1");
  if (deal_settings.auto_release_reminder_days >= deal_settings.auto_release_days)
    throw std::invalid_argument(
        "wallet.auto_release_reminder_days must be less than wallet.auto_release_days");
  std::chrono::seconds job_interval{60};
  section.Bind("deal_job_interval", job_interval);
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
  auto& deals = context.GetServices().Emplace<Deals>(context.Pool(), ledger, context.Events(), deal_settings,
                                                     context.GetClock());
  Register(context.Web(), wallet, deals);
  AddDealNotificationKinds(context.Get<notifications::Notifier>());
  context.AddJob({"wallet.auto_release", job_interval, [&deals](TimePoint now) -> awaitable<void> {
                    auto released = co_await deals.AutoRelease(now);
                    if (released != 0) log::Info("jobs: {} milestones released automatically", released);
                  }});
  context.AddJob({"wallet.remind_auto_release", job_interval, [&deals](TimePoint now) -> awaitable<void> {
                    auto reminded = co_await deals.RemindAutoRelease(now);
                    if (reminded != 0) log::Info("jobs: {} customers reminded of an auto-release", reminded);
                  }});
  context.AddDemoSeeder([&wallet, &deals](platform::DemoContext& demo) -> awaitable<void> {
    co_await SeedDemoWallets(demo, wallet);
    co_await SeedDemoDeals(demo, wallet, deals);
  });
}

}  // namespace

platform::Module Module() {
  return generated::ModuleOf(&Install);
}

}  // namespace artel::wallet
