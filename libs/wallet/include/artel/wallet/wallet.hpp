#pragma once

// The wallet as users see it: balances, the statement, top-ups through a gateway (gateway.hpp) credited from
// the gateway's signed webhooks, and the sandbox acquirer's checkout (sandbox.hpp). Money moves only through
// the Ledger (ledger.hpp); every money-moving request is idempotent (platform::Idempotency).

#include <boost/asio/awaitable.hpp>
#include <boost/describe/class.hpp>
#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "artel/core/clock.hpp"
#include "artel/core/time.hpp"
#include "artel/wallet/gateway.hpp"
#include "artel/wallet/ledger.hpp"
#include "artel/wallet/sandbox.hpp"

namespace artel::wallet {

struct Settings {
  /// The largest top-up, in major units of its currency.
  std::uint64_t max_topup = 1'000'000;
  /// The sandbox acquirer's HMAC key; empty: derived from security.secret.
  std::string sandbox_secret;
  /// How old (or how far ahead) a webhook's signature may be.
  std::chrono::seconds webhook_tolerance{300};
  /// How long the sandbox acquirer waits before it sends its webhook (an acquirer is never instant).
  std::chrono::milliseconds sandbox_delay{300};
  /// Where the payer comes back from a remote acquirer's checkout (server.public_url, no trailing slash).
  std::string public_url;
};

/// POST /api/wallet/topups.
struct TopupInput {
  /// A decimal string ("1500.00").
  std::string amount;
  std::string currency;
};
BOOST_DESCRIBE_STRUCT(TopupInput, (), (amount, currency))

/// A top-up as its owner sees it (the answer of createTopup and getTopup).
struct Topup {
  std::int64_t id = 0;
  std::string amount;
  std::string currency;
  /// pending | waiting_for_confirmation | processing | succeeded | declined
  std::string status;
  std::string gateway;
  std::string confirmation_url;
  std::optional<std::string> card_last4;
  std::optional<std::string> decline_reason;
  TimePoint created_at;
  TimePoint updated_at;
};
BOOST_DESCRIBE_STRUCT(Topup, (),
                      (id, amount, currency, status, gateway, confirmation_url, card_last4, decline_reason,
                       created_at, updated_at))

struct Balance {
  std::string currency;
  std::string available;
  std::string on_hold;
};
BOOST_DESCRIBE_STRUCT(Balance, (), (currency, available, on_hold))

struct StatementQuery {
  std::optional<std::string> currency;
  std::optional<std::string> kind;
  /// in | out
  std::optional<std::string> direction;
  /// Dates (YYYY-MM-DD, UTC), `to` inclusive.
  std::optional<std::string> from;
  std::optional<std::string> to;
  std::optional<std::string> cursor;
  std::int32_t limit = 0;
};

struct StatementLine {
  std::int64_t id = 0;
  TimePoint created_at;
  std::string kind;
  /// Signed: positive when money came in.
  std::string amount;
  std::string currency;
  /// The other side's account kind (clearing: a card top-up; user: another user; escrow: a safe deal).
  std::string counterparty;
  std::string reference;
};
BOOST_DESCRIBE_STRUCT(StatementLine, (), (id, created_at, kind, amount, currency, counterparty, reference))

struct StatementPage {
  std::vector<StatementLine> items;
  std::optional<std::string> next_cursor;
};
BOOST_DESCRIBE_STRUCT(StatementPage, (), (items, next_cursor))

/// An idempotent answer: the first one, or this one.
struct TopupAnswer {
  Topup topup;
  int status = 201;
};

class Wallet final {
 public:
  /// `gateway` starts new top-ups (`sandbox` itself by default); the sandbox keeps reading its own webhooks
  /// and serving its checkout for the payments made through it.
  Wallet(db::Pool& pool, Ledger& ledger, std::shared_ptr<SandboxGateway> sandbox, Settings settings,
         const Clock& clock = DefaultClock(), std::shared_ptr<Gateway> gateway = nullptr);

  Ledger& GetLedger() noexcept { return ledger_; }
  const Clock& GetClock() const noexcept { return clock_; }
  const Settings& GetSettings() const noexcept { return settings_; }
  SandboxGateway& Sandbox() noexcept { return *sandbox_; }

  boost::asio::awaitable<std::vector<Balance>> Balances(std::int64_t user_id);
  boost::asio::awaitable<StatementPage> Statement(std::int64_t user_id, const StatementQuery& query);

  /// Starts a top-up: a pending payment and where to confirm it. `key`/`request_hash`: the Idempotency-Key
  /// and platform::Idempotency::RequestHash of the request; claimed in the payment's transaction. With a
  /// remote gateway the payment is then created there (Gateway::Start); when that fails (503
  /// wallet:gateway.*) a retry with the same key resumes the same payment.
  boost::asio::awaitable<TopupAnswer> CreateTopup(std::int64_t user_id, std::string_view lang,
                                                  std::string key, std::string request_hash,
                                                  TopupInput input);
  /// The owner's top-up (404 for anyone else's).
  boost::asio::awaitable<Topup> GetTopup(std::int64_t user_id, std::int64_t payment_id,
                                         std::string_view lang);

  /// The sandbox acquirer's checkout: pays with a test card (or confirms 3-D Secure with `code`). The outcome
  /// is sent as a signed webhook after Settings::sandbox_delay; the answer is the payment as it is now.
  boost::asio::awaitable<Topup> SandboxPay(std::int64_t user_id, std::int64_t payment_id,
                                           std::string card_number, std::string_view lang);
  boost::asio::awaitable<Topup> SandboxConfirm(std::int64_t user_id, std::int64_t payment_id,
                                               std::string code, std::string_view lang);

  /// A gateway's webhook (POST /api/wallet/webhooks/{gateway}): authenticated and read by the gateway, taken
  /// once per event, and a successful payment credited clearing → the payer's wallet exactly once. True when
  /// the event changed something, false for a repeated delivery (or an event about nothing tracked).
  boost::asio::awaitable<bool> ReceiveWebhook(std::string_view gateway, std::string body,
                                              std::optional<std::string> signature, std::string remote_ip);

  /// The gateway new payouts go through (the configured one), and a gateway by its name (404
  /// wallet:webhook.unknown_gateway for another).
  Gateway& PayoutGateway() noexcept { return *gateway_; }
  Gateway& GatewayNamed(std::string_view name);
  /// Where ReceiveWebhook hands the events about payouts (Payouts::Settle); set once at start-up.
  void OnPayoutEvent(std::function<boost::asio::awaitable<bool>(std::string, GatewayEvent)> handler) {
    payout_events_ = std::move(handler);
  }
  /// Sends the sandbox's event to ReceiveWebhook after the delay, off the request (retried a few times).
  void Deliver(GatewayEvent event);

  /// Demo data: a top-up that succeeded `when`, credited as the webhook would.
  boost::asio::awaitable<void> SeedTopup(std::int64_t user_id, std::int64_t amount, std::string currency,
                                         std::string card_last4, TimePoint when);

 private:
  std::function<boost::asio::awaitable<bool>(std::string, GatewayEvent)> payout_events_;

  db::Pool& pool_;
  Ledger& ledger_;
  std::shared_ptr<SandboxGateway> sandbox_;
  std::shared_ptr<Gateway> gateway_;
  Settings settings_;
  const Clock& clock_;
};

}  // namespace artel::wallet
