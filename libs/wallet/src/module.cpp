#include "artel/wallet/module.hpp"

#include <chrono>
#include <memory>
#include <stdexcept>

#include "artel/core/crypto.hpp"
#include "artel/core/log.hpp"
#include "artel/net/http_client.hpp"
#include "artel/notifications/notifications.hpp"
#include "artel/wallet/deals.hpp"
#include "artel/wallet/ledger.hpp"
#include "artel/wallet/payouts.hpp"
#include "artel/wallet/sandbox.hpp"
#include "artel/wallet/wallet.hpp"
#include "artel/wallet/yookassa.hpp"
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
  PayoutSettings payout_settings;
  section.Bind("payouts.min_amount", payout_settings.min_amount);
  section.Bind("payouts.max_amount", payout_settings.max_amount);
  section.Bind("payouts.daily_amount", payout_settings.daily_amount);
  section.Bind("payouts.daily_count", payout_settings.daily_count);
  section.Bind("payouts.monthly_amount", payout_settings.monthly_amount);
  section.Bind("payouts.approval_threshold", payout_settings.approval_threshold);
  section.Bind("payouts.second_approval_threshold", payout_settings.second_approval_threshold);
  section.Bind("payouts.resend_after", payout_settings.resend_after);
  std::chrono::seconds payout_job_interval{5};
  section.Bind("payouts.job_interval", payout_job_interval);
  if (payout_settings.min_amount == 0 || payout_settings.min_amount > payout_settings.max_amount)
    throw std::invalid_argument("wallet.payouts.min_amount must be 1..wallet.payouts.max_amount");
  if (payout_settings.second_approval_threshold < payout_settings.approval_threshold)
    throw std::invalid_argument(
        "wallet.payouts.second_approval_threshold must be at least wallet.payouts.approval_threshold");
  // The gateway that starts new top-ups: the embedded sandbox (the default, offline) or YooKassa.
  std::string gateway_name = "sandbox";
  section.Bind("gateway", gateway_name);
  YooKassaSettings yookassa;
  std::string webhook_ips;
  section.Bind("yookassa.api_url", yookassa.api_url);
  section.Bind("yookassa.shop_id", yookassa.shop_id);
  section.Bind("yookassa.secret_key", yookassa.secret_key);
  section.Bind("yookassa.webhook_ips", webhook_ips);
  std::chrono::milliseconds yookassa_timeout{15'000};
  section.Bind("yookassa.timeout", yookassa_timeout);
  std::string yookassa_ca_file;
  section.Bind("yookassa.ca_file", yookassa_ca_file);
  if (!webhook_ips.empty()) yookassa.webhook_ips = SplitList(webhook_ips);
  std::shared_ptr<Gateway> gateway;
  if (gateway_name == "yookassa") {
    if (yookassa.shop_id.empty() || yookassa.secret_key.empty()) {
      throw std::invalid_argument(
          "wallet.gateway yookassa needs wallet.yookassa.shop_id and wallet.yookassa.secret_key "
          "(ARTEL_WALLET_YOOKASSA_SECRET_KEY)");
    }
    if (!net::ParseTarget(yookassa.api_url)) {
      throw std::invalid_argument("wallet.yookassa.api_url must be an http(s) URL");
    }
    net::HttpClientOptions client_options;
    client_options.timeout = yookassa_timeout;
    client_options.ca_file = yookassa_ca_file;
    auto client = std::make_shared<net::HttpClient>(client_options);
    log::Info("wallet: top-ups through YooKassa at {} (shop {})", yookassa.api_url, yookassa.shop_id);
    gateway = std::make_shared<YooKassaGateway>(std::move(yookassa), std::move(client));
  } else if (gateway_name != "sandbox") {
    throw std::invalid_argument("wallet.gateway must be sandbox or yookassa");
  }
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
  settings.public_url = config.server.public_url;
  auto& wallet =
      context.GetServices().Emplace<Wallet>(context.Pool(), ledger, std::move(sandbox), std::move(settings),
                                            context.GetClock(), std::move(gateway));
  auto& deals = context.GetServices().Emplace<Deals>(context.Pool(), ledger, context.Events(), deal_settings,
                                                     context.GetClock());
  auto& payouts = context.GetServices().Emplace<Payouts>(context.Pool(), ledger, wallet, payout_settings,
                                                         context.GetClock());
  wallet.OnPayoutEvent([&payouts](std::string gateway, GatewayEvent event) -> awaitable<bool> {
    co_return co_await payouts.Settle(std::move(gateway), std::move(event));
  });
  Register(context.Web(), wallet, deals, payouts);
  AddDealNotificationKinds(context.Get<notifications::Notifier>());
  context.AddJob({"wallet.auto_release", job_interval, [&deals](TimePoint now) -> awaitable<void> {
                    auto released = co_await deals.AutoRelease(now);
                    if (released != 0) log::Info("jobs: {} milestones released automatically", released);
                  }});
  context.AddJob({"wallet.remind_auto_release", job_interval, [&deals](TimePoint now) -> awaitable<void> {
                    auto reminded = co_await deals.RemindAutoRelease(now);
                    if (reminded != 0) log::Info("jobs: {} customers reminded of an auto-release", reminded);
                  }});
  context.AddJob({"wallet.send_payouts", payout_job_interval, [&payouts](TimePoint now) -> awaitable<void> {
                    auto sent = co_await payouts.SendApproved(now);
                    if (sent != 0) log::Info("jobs: {} payouts sent to the gateway", sent);
                  }});
  context.AddDemoSeeder([&wallet, &deals, &payouts](platform::DemoContext& demo) -> awaitable<void> {
    co_await SeedDemoWallets(demo, wallet);
    co_await SeedDemoDeals(demo, wallet, deals);
    co_await SeedDemoPayouts(demo, payouts);
  });
}

}  // namespace

platform::Module Module() {
  return generated::ModuleOf(&Install);
}

}  // namespace artel::wallet
