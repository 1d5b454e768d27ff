// `artel seed-demo`'s wallets: top-ups through the service itself (a payment, its ledger entry clearing →
// wallet), back-dated over the last two months so the statement reads like a real one. The statement's words
// are the SPA's (i18n/en and i18n/ru, wallet.json): the ledger stores no text.

#include "demo.hpp"

#include <fmt/format.h>

#include <array>
#include <chrono>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "artel/core/clock.hpp"
#include "artel/db/pool.hpp"
#include "artel/identity/identity.hpp"
#include "artel/kernel/money.hpp"
#include "artel/platform/module.hpp"
#include "artel/wallet/deals.hpp"
#include "artel/wallet/payouts.hpp"
#include "artel/wallet/wallet.hpp"

namespace artel::wallet {
namespace {

using boost::asio::awaitable;

constexpr db::Statement kSeeded{"wallet.demo_seeded", R"sql(
SELECT EXISTS (SELECT 1 FROM wallet.payments p JOIN identity.users u ON u.id = p.user_id
               WHERE u.email LIKE '%@demo.artel.local') AS seeded
)sql"};

struct DemoTopup {
  std::int64_t amount;  // minor units
  int days_ago;
  std::string_view card_last4;
};

struct DemoWallet {
  std::string_view email;
  std::string_view currency;
  std::array<DemoTopup, 3> topups;
};

constexpr std::array<DemoWallet, 10> kWallets{{
    {"anna.smirnova@demo.artel.local",
     "RUB",
     {{{1500000, 52, "4242"}, {3500000, 23, "4242"}, {750000, 4, "4242"}}}},
    {"igor.volkov@demo.artel.local",
     "RUB",
     {{{5000000, 40, "1881"}, {1200000, 18, "1881"}, {2500000, 2, "1881"}}}},
    {"aigerim.nurlanova@demo.artel.local",
     "KZT",
     {{{25000000, 35, "5105"}, {12000000, 12, "5105"}, {8000000, 1, "5105"}}}},
    {"james.carter@demo.artel.local",
     "USD",
     {{{50000, 44, "4242"}, {120000, 20, "4242"}, {30000, 6, "4242"}}}},
    {"sofia.mueller@demo.artel.local",
     "EUR",
     {{{80000, 38, "4000"}, {45000, 15, "4000"}, {20000, 3, "4000"}}}},
    {"dmitry.kozlov@demo.artel.local",
     "RUB",
     {{{300000, 30, "2200"}, {150000, 9, "2200"}, {99000, 1, "2200"}}}},
    {"maria.ivanova@demo.artel.local",
     "RUB",
     {{{500000, 27, "4276"}, {250000, 11, "4276"}, {120000, 5, "4276"}}}},
    {"nurlan.abenov@demo.artel.local",
     "KZT",
     {{{5000000, 25, "4400"}, {3000000, 8, "4400"}, {1500000, 2, "4400"}}}},
    {"kate.wilson@demo.artel.local", "USD", {{{20000, 33, "4242"}, {15000, 14, "4242"}, {5000, 2, "4242"}}}},
    {"lucas.martin@demo.artel.local",
     "EUR",
     {{{30000, 29, "4242"}, {10000, 10, "4242"}, {25000, 3, "4242"}}}},
}};

constexpr db::Statement kDealsSeeded{"wallet.demo_deals_seeded", R"sql(
SELECT EXISTS (SELECT 1 FROM wallet.deals d JOIN identity.users u ON u.id = d.customer_id
               WHERE u.email LIKE '%@demo.artel.local') AS seeded
)sql"};
constexpr db::Statement kDealOrders{"wallet.demo_deal_orders", R"sql(
SELECT o.id, o.customer_id, o.performer_id, u.lang,
       coalesce(o.budget_currency, CASE WHEN u.lang = 'ru' THEN 'RUB' ELSE 'USD' END) AS currency
FROM orders.orders o JOIN identity.users u ON u.id = o.customer_id
WHERE o.payment_option = 'safe_deal' AND o.status = 'in_progress' AND o.performer_id IS NOT NULL
  AND u.email LIKE '%@demo.artel.local'
  AND coalesce(o.budget_currency, 'RUB') IN (SELECT code FROM wallet.currencies)
ORDER BY o.id
LIMIT 5
)sql"};

struct DemoMilestone {
  std::string_view en;
  std::string_view ru;
  std::int64_t amount;  // minor units
};

constexpr std::array<DemoMilestone, 3> kMilestones{{
    {"Design of the main screens", "Дизайн основных экранов", 1500000},
    {"Development and testing", "Разработка и тестирование", 3000000},
    {"Launch and a week of support", "Запуск и неделя поддержки", 800000},
}};

constexpr std::string_view kDelivered[] = {
    "Done: the mock-ups are in the shared folder, three variants of the main page.",
    "Готово: макеты в общей папке, три варианта главной страницы."};
constexpr std::string_view kDispute[] = {
    "Half of the agreed screens are missing and the performer does not answer.",
    "Половины согласованных экранов нет, исполнитель не отвечает."};

}  // namespace

awaitable<void> SeedDemoDeals(platform::DemoContext& demo, Wallet& wallet, Deals& deals) {
  auto& pool = demo.Pool();
  auto seeded = co_await pool.Query(kDealsSeeded);
  if (seeded.One().Get<bool>("seeded")) co_return;
  auto orders = co_await pool.Query(kDealOrders);
  const TimePoint now = wallet.GetClock().Now();
  int count = 0;
  int milestones = 0;
  for (const auto& row : orders) {
    const auto order_id = row.Get<std::int64_t>("id");
    const Actor customer{row.Get<std::int64_t>("customer_id"), 0, 0, std::nullopt, true};
    const Actor performer{row.Get<std::int64_t>("performer_id"), 0, 0, std::nullopt, true};
    const bool ru = row.Get<std::string>("lang") == "ru";
    const auto currency = row.Get<std::string>("currency");
    // Enough money for every milestone.
    co_await wallet.SeedTopup(customer.user_id, 6000000, currency, "4242", now - std::chrono::hours(2));
    // Three milestones a deal; between two deals every state but the admin's resolution shows.
    std::vector<std::int64_t> ids;
    for (const auto& item : kMilestones) {
      MilestoneInput input;
      input.title = std::string(ru ? item.ru : item.en);
      input.amount = kernel::FormatAmount(item.amount, 2);
      input.currency = currency;
      Deal deal = co_await deals.AddMilestone(customer, order_id, std::move(input));
      ids.push_back(deal.milestones.back().id);
      ++milestones;
    }
    auto act = [&](const Actor& actor, std::int64_t id, MilestoneAction action,
                   const std::optional<std::string>& text) -> awaitable<void> {
      std::optional<std::string> message = text;
      std::string key = fmt::format("demo-{}-{}-{}", order_id, id, MilestoneActionName(action));
      std::string hash = key;
      co_await deals.Act(actor, id, action, std::move(message), std::move(key), std::move(hash));
    };
    const std::optional<std::string> delivered = std::string(kDelivered[ru ? 1 : 0]);
    const std::optional<std::string> dispute = std::string(kDispute[ru ? 1 : 0]);
    const std::optional<std::string> none;
    if (count % 2 == 0) {
      // The first part paid, the second in work, the third not funded yet.
      co_await act(customer, ids[0], MilestoneAction::kFund, none);
      co_await act(performer, ids[0], MilestoneAction::kDeliver, delivered);
      co_await act(customer, ids[0], MilestoneAction::kAccept, none);
      co_await act(customer, ids[1], MilestoneAction::kFund, none);
    } else {
      // Delivered and waiting for the customer; a dispute for the admin; one refunded by the performer.
      for (const auto id : ids) co_await act(customer, id, MilestoneAction::kFund, none);
      co_await act(performer, ids[0], MilestoneAction::kDeliver, delivered);
      co_await act(performer, ids[1], MilestoneAction::kDeliver, delivered);
      co_await act(customer, ids[1], MilestoneAction::kDispute, dispute);
      co_await act(performer, ids[2], MilestoneAction::kRefund, none);
    }
    ++count;
  }
  if (count > 0) demo.Report(fmt::format("Demo safe deals: {} ({} milestones)", count, milestones));
}

awaitable<void> SeedDemoWallets(platform::DemoContext& demo, Wallet& wallet) {
  auto& pool = demo.Pool();
  auto seeded = co_await pool.Query(kSeeded);
  if (seeded.One().Get<bool>("seeded")) co_return;
  const TimePoint now = wallet.GetClock().Now();
  int wallets = 0;
  int topups = 0;
  for (const auto& item : kWallets) {
    auto user_id = co_await identity::FindUserId(pool, item.email);
    if (!user_id) continue;
    ++wallets;
    for (const auto& topup : item.topups) {
      const TimePoint when =
          now - std::chrono::hours(24 * topup.days_ago) - std::chrono::minutes(37 * topups);
      co_await wallet.SeedTopup(*user_id, topup.amount, std::string(item.currency),
                                std::string(topup.card_last4), when);
      ++topups;
    }
  }
  demo.Report(fmt::format("Demo wallets: {} ({} top-ups)", wallets, topups));
}

namespace {

constexpr db::Statement kPayoutsSeeded{"wallet.demo_payouts_seeded", R"sql(
SELECT EXISTS (SELECT 1 FROM wallet.payouts p JOIN identity.users u ON u.id = p.user_id
               WHERE u.email LIKE '%@demo.artel.local') AS seeded
)sql"};

struct DemoPayouts {
  std::string_view email;
  std::string_view currency;
  bool ru;
  std::string_view card;
  std::string_view yoo_money;
};

constexpr std::array<DemoPayouts, 4> kPayoutAccounts{{
    {"anna.smirnova@demo.artel.local", "RUB", true, "2200 7001 2345 6789", "410011234567890"},
    {"igor.volkov@demo.artel.local", "RUB", true, "4276 3800 1234 5672", "410019876543210"},
    {"maria.ivanova@demo.artel.local", "RUB", true, "5536 9137 1234 5671", "410015555512345"},
    {"james.carter@demo.artel.local", "USD", false, "4242 4242 4242 4242", "410012222233333"},
}};

constexpr std::string_view kRejected[] = {
    "The card's holder does not match the account's name: add a card in your own name.",
    "Владелец карты не совпадает с именем в профиле: добавьте карту на своё имя."};

}  // namespace

awaitable<void> SeedDemoPayouts(platform::DemoContext& demo, Payouts& payouts) {
  auto& pool = demo.Pool();
  auto seeded = co_await pool.Query(kPayoutsSeeded);
  if (seeded.One().Get<bool>("seeded")) co_return;
  const TimePoint now = DefaultClock().Now();
  int accounts = 0;
  int made = 0;
  for (const auto& item : kPayoutAccounts) {
    auto user_id = co_await identity::FindUserId(pool, item.email);
    if (!user_id) continue;
    ++accounts;
    const std::string currency(item.currency);
    const auto card = co_await payouts.SeedMethod(*user_id, "bank_card", std::string(item.card),
                                                  now - std::chrono::hours(24 * 30));
    const auto purse = co_await payouts.SeedMethod(*user_id, "yoo_money", std::string(item.yoo_money),
                                                   now - std::chrono::hours(24 * 29));
    // Amounts a top-up history of the demo wallets covers (SeedDemoWallets runs first).
    const std::int64_t unit = currency == "RUB" ? 100 : 1;
    co_await payouts.SeedPayout(*user_id, card, 5000 * unit, currency, "succeeded",
                                now - std::chrono::hours(24 * 21));
    co_await payouts.SeedPayout(*user_id, purse, 2500 * unit, currency, "failed",
                                now - std::chrono::hours(24 * 12));
    const std::optional<std::string> reason = std::string(kRejected[item.ru ? 1 : 0]);
    co_await payouts.SeedPayout(*user_id, card, 3000 * unit, currency, "rejected",
                                now - std::chrono::hours(24 * 6), reason);
    made += 3;
    if (accounts <= 2) {
      // Above the approval threshold: the admins' queue has something to decide.
      co_await payouts.SeedPayout(*user_id, card, 20000 * unit, currency, "pending_approval",
                                  now - std::chrono::hours(3 + accounts));
      ++made;
    }
  }
  if (accounts > 0) demo.Report(fmt::format("Demo payouts: {} ({} accounts)", made, accounts));
}

}  // namespace artel::wallet
