#pragma once

#include <boost/asio/awaitable.hpp>

namespace artel::platform {
class DemoContext;
}  // namespace artel::platform

namespace artel::wallet {

class Wallet;
class Deals;
class Payouts;

/// `artel seed-demo`'s wallets: every demo account gets a few card top-ups over the last two months (in
/// roubles, tenge for the Kazakhstan accounts, dollars or euros for the English ones). Does nothing when they
/// exist.
boost::asio::awaitable<void> SeedDemoWallets(platform::DemoContext& demo, Wallet& wallet);

/// `artel seed-demo`'s safe deals: up to five demo orders whose payment option is the safe deal and that are
/// in progress get milestones (in the customer's language) in different states — released, funded, delivered,
/// disputed, refunded, not funded yet — through the service itself, so the ledger's holds and entries are
/// real. Does nothing when demo deals exist.
boost::asio::awaitable<void> SeedDemoDeals(platform::DemoContext& demo, Wallet& wallet, Deals& deals);

/// `artel seed-demo`'s payouts: a few demo accounts get a saved card and a YooMoney wallet and payouts that
/// succeeded, failed (the money came back), were rejected by an admin (with a reason in the owner's language)
/// and one waiting for the admins' approval. Does nothing when demo payouts exist.
boost::asio::awaitable<void> SeedDemoPayouts(platform::DemoContext& demo, Payouts& payouts);

}  // namespace artel::wallet
