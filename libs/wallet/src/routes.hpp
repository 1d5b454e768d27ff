#pragma once

namespace artel::web {
class App;
}  // namespace artel::web

namespace artel::wallet {

class Wallet;
class Deals;

/// The routes of tags `wallet`, `deals` and `webhooks` (libs/wallet/api.yaml).
void Register(web::App& app, Wallet& wallet, Deals& deals);

}  // namespace artel::wallet
