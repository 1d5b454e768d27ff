#pragma once

namespace artel::web {
class App;
}  // namespace artel::web

namespace artel::wallet {

class Wallet;
class Deals;
class Payouts;

/// The routes of tags `wallet`, `deals`, `payouts` and `webhooks` (libs/wallet/api.yaml).
void Register(web::App& app, Wallet& wallet, Deals& deals, Payouts& payouts);

}  // namespace artel::wallet
