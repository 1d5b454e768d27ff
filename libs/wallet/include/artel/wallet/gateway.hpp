#pragma once

// The seam between the wallet and a payment gateway (docs/architecture.md, "Wallet and ledger"). A gateway
// starts a payment (it answers where to send the payer to confirm it) and reads its webhooks: it
// authenticates the sender and says what happened to which payment. `sandbox` (sandbox.hpp) is the embedded
// default, so `make run` works offline: its checkout is a page of Artel, its webhooks are signed with HMAC.
// `yookassa` (yookassa.hpp) speaks YooKassa's API v3 over HTTPS: a payment is created there, and its unsigned
// notifications are believed only from YooKassa's addresses and only as far as its API confirms them.

#include <boost/asio/awaitable.hpp>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "artel/core/time.hpp"

namespace artel::wallet {

/// A payment as the gateway sees it.
struct GatewayPayment {
  std::int64_t id = 0;
  std::int64_t amount = 0;
  std::string currency;
  /// Where the acquirer sends the payer back (Artel's /{lang}/bill?topup=<id>).
  std::string return_url;
  std::string description;
};

/// A payment created at a remote acquirer.
struct StartedPayment {
  /// The acquirer's id of the payment (stored in wallet.payments.external_id).
  std::string external_id;
  /// Where the payer confirms it (stored in wallet.payments.confirmation_url).
  std::string confirmation_url;
};

/// What a webhook says.
struct GatewayEvent {
  /// Unique per gateway: a second delivery of the same event changes nothing.
  std::string event_id;
  std::int64_t payment_id = 0;
  /// Set when the event is about a payout (payouts.hpp) rather than a top-up (`payment_id` is then 0).
  std::optional<std::int64_t> payout_id;
  /// The acquirer's id of the payment, when it has one: it must be the one stored for `payment_id`.
  std::optional<std::string> external_id;
  bool succeeded = false;
  std::int64_t amount = 0;
  std::string currency;
  std::optional<std::string> card_last4;
  std::optional<std::string> decline_reason;
};

/// A payout as the gateway sees it (payouts.hpp).
struct GatewayPayout {
  /// Ours: the gateway's Idempotence-Key derives from it, so sending it again never pays twice.
  std::int64_t id = 0;
  std::int64_t amount = 0;
  std::string currency;
  /// bank_card | yoo_money
  std::string destination_kind;
  /// The gateway's token of the card, or the YooMoney wallet's number.
  std::string destination;
  std::string last4;
  std::string description;
};

/// A payout the gateway took.
struct StartedPayout {
  /// The gateway's id of the payout (stored in wallet.payouts.external_id).
  std::string external_id;
  /// An acquirer that already knows the outcome (the sandbox) gives its webhook's event here: the wallet
  /// delivers it asynchronously through the webhook path, signed, as the acquirer would.
  std::optional<GatewayEvent> event;
};

/// A webhook as it arrived.
struct WebhookRequest {
  std::string_view body;
  /// The gateway's signature header, when it signs.
  std::optional<std::string_view> signature;
  /// The sender's address (the server resolves trusted proxies).
  std::string_view remote_ip;
  TimePoint now;
};

class Gateway {
 public:
  virtual ~Gateway() = default;
  /// "sandbox", "yookassa": the `gateway` column of payments and the last segment of the webhook's path.
  virtual std::string_view Name() const noexcept = 0;
  /// Starts `payment` at the acquirer. nullopt: nothing to start remotely (the sandbox's checkout is derived
  /// from the payment by ConfirmationUrl). Throws ServiceUnavailable (wallet:gateway.*) when the acquirer
  /// could not be asked or refused; calling it again for the same payment never makes a second one.
  virtual boost::asio::awaitable<std::optional<StartedPayment>> Start(GatewayPayment payment) = 0;
  /// The checkout of a payment that was not started remotely, in the page language `lang` ("" otherwise).
  virtual std::string ConfirmationUrl(const GatewayPayment& payment, std::string_view lang) const = 0;
  /// Authenticates and reads a webhook. nullopt: an authentic notification about nothing the wallet tracks.
  /// 400 wallet:webhook.signature (forged or stale), 403 wallet:webhook.sender (a sender the gateway does not
  /// send from), 400 wallet:webhook.malformed, 400 wallet:webhook.unconfirmed (the acquirer's API does not
  /// confirm it), 503 wallet:gateway.unavailable (the acquirer could not be asked: the sender retries).
  virtual boost::asio::awaitable<std::optional<GatewayEvent>> ReadNotification(WebhookRequest request) = 0;
  /// Sends `payout` (Idempotence-Key: its id: a second call for the same payout is the same payout there).
  /// Throws ServiceUnavailable (wallet:gateway.*) when the acquirer could not be asked; the job asks again.
  virtual boost::asio::awaitable<StartedPayout> StartPayout(GatewayPayout payout) = 0;
  /// A token of the card that stands for it in StartPayout (the full number is never stored).
  virtual std::string CardToken(std::string_view number) const = 0;
};

}  // namespace artel::wallet
