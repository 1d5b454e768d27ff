#pragma once

namespace artel::web {
class App;
}  // namespace artel::web

namespace artel::wallet {

class Wallet;

/// The routes of tags `wallet` and `webhooks` (libs/wallet/api.yaml).
void Register(web::App& app, Wallet& wallet);

}  // namespace artel::wallet
