#pragma once

#include <boost/asio/awaitable.hpp>

namespace artel::platform {
class DemoContext;
}  // namespace artel::platform

namespace artel::wallet {

class Wallet;

/// `artel seed-demo`'s wallets: every demo account gets a few card top-ups over the last two months (in
/// roubles, tenge for the Kazakhstan accounts, dollars or euros for the English ones). Does nothing when they
/// exist.
boost::asio::awaitable<void> SeedDemoWallets(platform::DemoContext& demo, Wallet& wallet);

}  // namespace artel::wallet
