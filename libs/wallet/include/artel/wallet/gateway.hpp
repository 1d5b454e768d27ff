#pragma once

// The seam between the wallet and a payment gateway (docs/architecture.md, "Wallet and ledger"). A gateway
// starts a payment (it answers where to send the payer to confirm it) and reads its webhooks: it
// authenticates the sender (a signature over the raw body) and says what happened to which payment. `sandbox`
// is the embedded default (sandbox.hpp), so `make run` works offline; a YooKassa adapter will be another
// implementation.

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
};

/// What a webhook says.
struct GatewayEvent {
  /// Unique per gateway: a second delivery of the same event changes nothing.
  std::string event_id;
  std::int64_t payment_id = 0;
  bool succeeded = false;
  std::int64_t amount = 0;
  std::string currency;
  std::optional<std::string> card_last4;
  std::optional<std::string> decline_reason;
};

class Gateway {
 public:
  virtual ~Gateway() = default;
  /// "sandbox", "yookassa": the `gateway` column of payments and the last segment of the webhook's path.
  virtual std::string_view Name() const noexcept = 0;
  /// Where the payer confirms the payment (the acquirer's hosted checkout), in the page language `lang`.
  virtual std::string ConfirmationUrl(const GatewayPayment& payment, std::string_view lang) const = 0;
  /// Authenticates and reads a webhook: 400 wallet:webhook.signature for a missing, forged or stale
  /// signature, 400 wallet:webhook.malformed for a body that is not an event.
  virtual GatewayEvent ReadWebhook(std::string_view body, std::optional<std::string_view> signature,
                                   TimePoint now) const = 0;
};

}  // namespace artel::wallet
