#pragma once

// The sandbox gateway: the embedded test acquirer. Its hosted checkout is a page of Artel itself
// (/{lang}/bill/sandbox/{payment_id}, marked as a TEST payment page) where the payer enters a test card:
//
//   4242 4242 4242 4242   succeeds
//   4000 0000 0000 0002   is declined (card_declined)
//   4000 0000 0000 3220   asks for 3-D Secure: the code 1234 confirms it, any other code is refused
//
// The outcome reaches the wallet as an acquirer would send it: an event signed with HMAC-SHA256 under the
// sandbox secret (`Sandbox-Signature: t=<unix seconds>,v1=<hex HMAC of "<t>.<body>">`), delivered
// asynchronously to the same code path as POST /api/wallet/webhooks/sandbox (see Wallet::Deliver).
//
// Payouts (payouts.hpp) complete the same way: `payout.succeeded`, or `payout.canceled` for a card or wallet
// whose number ends in 0002 (4000 0000 0000 0002 passes the Luhn check).

#include <chrono>
#include <string>
#include <string_view>

#include "artel/wallet/gateway.hpp"

namespace artel::wallet {

/// What the sandbox does with a card number.
enum class SandboxCard { kUnknown, kSucceeds, kDeclined, kNeedsConfirmation };

SandboxCard ClassifySandboxCard(std::string_view number) noexcept;

class SandboxGateway final : public Gateway {
 public:
  static constexpr std::string_view kSignatureHeader = "Sandbox-Signature";
  static constexpr std::string_view kConfirmationCode = "1234";

  /// `public_url` without a trailing slash; signatures older or newer than `tolerance` are refused.
  SandboxGateway(std::string secret, std::string public_url, std::chrono::seconds tolerance);

  std::string_view Name() const noexcept override { return "sandbox"; }
  boost::asio::awaitable<std::optional<StartedPayment>> Start(GatewayPayment payment) override;
  std::string ConfirmationUrl(const GatewayPayment& payment, std::string_view lang) const override;
  boost::asio::awaitable<std::optional<GatewayEvent>> ReadNotification(WebhookRequest request) override;
  /// Pays out at once: to a destination ending in 0002 it fails (`card_declined`), to any other it succeeds;
  /// the outcome is the answer's event, which the wallet delivers as this acquirer's signed webhook.
  boost::asio::awaitable<StartedPayout> StartPayout(GatewayPayout payout) override;
  /// A random stand-in ("sandbox_card_…"): the sandbox pays out by the last four digits alone.
  std::string CardToken(std::string_view number) const override;
  /// Authenticates and reads a webhook: 400 wallet:webhook.signature for a missing, forged or stale
  /// signature, 400 wallet:webhook.malformed for a body that is not an event.
  GatewayEvent ReadWebhook(std::string_view body, std::optional<std::string_view> signature,
                           TimePoint now) const;

  /// The acquirer's side: the signature header of `body` sent at `now`.
  std::string Sign(std::string_view body, TimePoint now) const;
  /// The acquirer's side: the event's JSON body.
  static std::string EventBody(const GatewayEvent& event);

 private:
  std::string secret_;
  std::string public_url_;
  std::chrono::seconds tolerance_;
};

}  // namespace artel::wallet
