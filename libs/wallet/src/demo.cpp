// `artel seed-demo`'s wallets: top-ups through the service itself (a payment, its ledger entry clearing →
// wallet), back-dated over the last two months so the statement reads like a real one. The statement's words
// are the SPA's (i18n/en and i18n/ru, wallet.json): the ledger stores no text.

#include "demo.hpp"

#include <fmt/format.h>

#include <array>
#include <chrono>
#include <string_view>

#include "artel/core/clock.hpp"
#include "artel/db/pool.hpp"
#include "artel/identity/identity.hpp"
#include "artel/platform/module.hpp"
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

}  // namespace

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

}  // namespace artel::wallet
