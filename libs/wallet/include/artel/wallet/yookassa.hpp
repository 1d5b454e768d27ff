#pragma once

// The YooKassa gateway: YooKassa's API v3 (https://yookassa.ru/developers/api) spoken over HTTPS.
//
//   start     POST {api_url}/v3/payments, HTTP Basic (shop_id:secret_key), `Idempotence-Key:
//   artel-payment-<id>`
//             (so a retry of ours never makes a second payment), {amount: {value: "123.00", currency},
//             capture: true, confirmation: {type: redirect, return_url}, description, metadata:
//             {payment_id}}; the answer's `id` and `confirmation.confirmation_url` are stored on our payment.
//   webhooks  {type: notification, event: payment.succeeded | payment.canceled, object: {id, ...}} is NOT
//             signed: it is believed only from YooKassa's published addresses (`webhook_ips`), and then only
//             as far as GET {api_url}/v3/payments/{id} confirms it: the event is read from that answer
//             (status, amount, metadata.payment_id), never from the notification's body.

#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "artel/wallet/gateway.hpp"

namespace artel::net {
class HttpClient;
}  // namespace artel::net

namespace artel::wallet {

struct YooKassaSettings {
  /// Without a trailing slash.
  std::string api_url = "https://api.yookassa.ru";
  std::string shop_id;
  /// Never logged.
  std::string secret_key;
  /// Where notifications may come from: addresses and CIDR ranges (YooKassa's published list by default).
  std::vector<std::string> webhook_ips = DefaultWebhookIps();

  static std::vector<std::string> DefaultWebhookIps();
};

/// Whether `ip` is one of `ranges` ("185.71.76.0/27", "77.75.156.11", "2a02:5180::/32"); an IPv4-mapped IPv6
/// address counts as its IPv4 one. False for anything unparsable.
bool AddressInRanges(std::string_view ip, const std::vector<std::string>& ranges);

/// "a, b ,c" → {"a", "b", "c"}.
std::vector<std::string> SplitList(std::string_view text);

// The JSON mapping, without the network (unit-tested).

/// The body of POST /v3/payments.
std::string YooKassaCreateBody(const GatewayPayment& payment);
/// The answer of POST /v3/payments; ServiceUnavailable wallet:gateway.unavailable when it is not a payment
/// with a redirect confirmation.
StartedPayment ReadYooKassaCreated(std::string_view body);

/// The notification's event and YooKassa's payment id; 400 wallet:webhook.malformed when it is not one.
struct YooKassaNotification {
  std::string event;
  std::string payment_id;
};
YooKassaNotification ReadYooKassaNotification(std::string_view body);

/// The answer of GET /v3/payments/{id} as an event: succeeded or canceled (declined), with our payment id
/// from metadata.payment_id; 400 wallet:webhook.unconfirmed for a payment in any other state, 400
/// wallet:webhook.malformed for an answer that is not a payment of ours.
GatewayEvent ReadYooKassaPayment(std::string_view body);

/// The body of POST /v3/payouts.
std::string YooKassaPayoutBody(const GatewayPayout& payout);
/// A payout object (the answer of POST /v3/payouts and GET /v3/payouts/{id}) as an event when it is final
/// (succeeded or canceled), nullopt while it is pending; our payout's id from metadata.payout_id. 400
/// wallet:webhook.malformed for an answer that is not a payout of ours.
std::optional<GatewayEvent> ReadYooKassaPayout(std::string_view body);

class YooKassaGateway final : public Gateway {
 public:
  YooKassaGateway(YooKassaSettings settings, std::shared_ptr<net::HttpClient> client);
  ~YooKassaGateway() override;

  std::string_view Name() const noexcept override { return "yookassa"; }
  boost::asio::awaitable<std::optional<StartedPayment>> Start(GatewayPayment payment) override;
  std::string ConfirmationUrl(const GatewayPayment& payment, std::string_view lang) const override;
  boost::asio::awaitable<std::optional<GatewayEvent>> ReadNotification(WebhookRequest request) override;
  /// POST /v3/payouts: to a YooMoney wallet by `payout_destination_data`, to a card by the `payout_token` its
  /// payout widget gave.
  boost::asio::awaitable<StartedPayout> StartPayout(GatewayPayout payout) override;
  /// Empty: YooKassa tokenizes cards only in its payout widget, never from a number sent by us.
  std::string CardToken(std::string_view number) const override;

  /// The `Idempotence-Key` of our payout `id`.
  static std::string PayoutIdempotenceKey(std::int64_t id);

  /// The `Idempotence-Key` of our payment `id`.
  static std::string IdempotenceKey(std::int64_t id);

 private:
  YooKassaSettings settings_;
  std::shared_ptr<net::HttpClient> client_;
  std::string authorization_;
};

}  // namespace artel::wallet
