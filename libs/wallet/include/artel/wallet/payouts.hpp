#pragma once

// Payouts (docs/architecture.md, "Wallet and ledger", "Payouts"; db/migrations/wallet/0088_payouts.sql): a
// user withdraws the available balance of a currency to a saved bank card or YooMoney wallet.
//
// Requesting one moves the money user → payouts at once (kind `payout`), in the transaction that claims the
// Idempotency-Key and checks the limits (per payout, per day, per month, payouts a day) under the lock of the
// user's wallet, so held money and money already on its way out can never be withdrawn twice. From there it
// leaves for good (payouts → clearing, `payout_sent`) when the gateway paid it, or comes back (payouts →
// user, `payout_returned`) when the gateway failed it, an admin rejected it or its owner canceled it.
//
// Above `approval_threshold` a payout waits for an admin's approval; at or above
// `second_approval_threshold` for two different admins'. Approved payouts are sent by a job (once per
// cluster) whose gateway Idempotence-Key is the payout's id: a crash between approval and sending neither
// loses nor doubles one.

#include <boost/asio/awaitable.hpp>
#include <boost/describe/class.hpp>
#include <chrono>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "artel/core/actor.hpp"
#include "artel/core/clock.hpp"
#include "artel/core/time.hpp"
#include "artel/wallet/gateway.hpp"

namespace artel::db {
class Pool;
class Transaction;
}  // namespace artel::db

namespace artel::wallet {

class Ledger;
class Wallet;

/// wallet.payouts.*: amounts in major units of the payout's currency. The defaults are YooKassa's documented
/// limits of payouts to bank cards (docs/operations.md says which and from where).
struct PayoutSettings {
  std::uint64_t min_amount = 5;
  std::uint64_t max_amount = 500'000;
  std::uint64_t daily_amount = 500'000;
  std::uint32_t daily_count = 20;
  std::uint64_t monthly_amount = 1'500'000;
  /// Above this, an admin approves the payout first.
  std::uint64_t approval_threshold = 15'000;
  /// At or above this, two different admins do.
  std::uint64_t second_approval_threshold = 150'000;
  /// How long a payout may stay `processing` without the gateway's outcome before the job asks again.
  std::chrono::seconds resend_after{300};
};

/// POST /api/wallet/payout-methods.
struct PayoutMethodInput {
  /// bank_card | yoo_money
  std::string kind;
  /// The card's number (Luhn-checked; never stored) or the YooMoney wallet's number.
  std::string number;
};
BOOST_DESCRIBE_STRUCT(PayoutMethodInput, (), (kind, number))

struct PayoutMethod {
  std::int64_t id = 0;
  std::string kind;
  /// "•••• 4242" or "4100 •••• 1234".
  std::string masked;
  std::string last4;
  TimePoint created_at;
};
BOOST_DESCRIBE_STRUCT(PayoutMethod, (), (id, kind, masked, last4, created_at))

/// POST /api/wallet/payouts.
struct PayoutInput {
  std::int64_t method_id = 0;
  /// A decimal string ("1500.00").
  std::string amount;
  std::string currency;
};
BOOST_DESCRIBE_STRUCT(PayoutInput, (), (method_id, amount, currency))

struct Payout {
  std::int64_t id = 0;
  std::string amount;
  std::string currency;
  /// pending_approval | approved | processing | succeeded | failed | rejected | canceled
  std::string status;
  std::int64_t method_id = 0;
  std::string method_kind;
  std::string method_masked;
  /// How many admins must approve it (0, 1 or 2) and how many have.
  std::int32_t approvals_needed = 0;
  std::int32_t approvals = 0;
  /// An admin's reason of a rejection.
  std::optional<std::string> reason;
  /// The gateway's reason of a failure.
  std::optional<std::string> failure_reason;
  /// The admins' view only: whose payout it is and who approved it first.
  std::optional<std::int64_t> user_id;
  std::optional<std::string> user_name;
  std::optional<std::int64_t> first_approver_id;
  std::optional<std::string> first_approver_name;
  TimePoint created_at;
  TimePoint updated_at;
};
BOOST_DESCRIBE_STRUCT(Payout, (),
                      (id, amount, currency, status, method_id, method_kind, method_masked, approvals_needed,
                       approvals, reason, failure_reason, user_id, user_name, first_approver_id,
                       first_approver_name, created_at, updated_at))

/// What is left to withdraw in a currency now.
struct PayoutLimits {
  std::string currency;
  std::string available;
  std::string min;
  std::string max;
  std::string left_today;
  std::string left_this_month;
  std::int32_t payouts_left_today = 0;
  /// Above this an admin approves it first.
  std::string approval_threshold;
};
BOOST_DESCRIBE_STRUCT(PayoutLimits, (),
                      (currency, available, min, max, left_today, left_this_month, payouts_left_today,
                       approval_threshold))

struct PayoutAnswer {
  Payout payout;
  int status = 201;
};

class Payouts final {
 public:
  Payouts(db::Pool& pool, Ledger& ledger, Wallet& wallet, PayoutSettings settings,
          const Clock& clock = DefaultClock());

  const PayoutSettings& GetSettings() const noexcept { return settings_; }

  boost::asio::awaitable<std::vector<PayoutMethod>> Methods(std::int64_t user_id);
  /// 422 on `number` for a card that fails the Luhn check or a wallet number that is not one; 409
  /// wallet:payout.too_many_methods past 10.
  boost::asio::awaitable<PayoutMethod> AddMethod(std::int64_t user_id, PayoutMethodInput input);
  /// The owner's method (404 for anyone else's); its payouts keep it.
  boost::asio::awaitable<void> DeleteMethod(std::int64_t user_id, std::int64_t method_id);

  /// The user's payouts, newest first (at most 100).
  boost::asio::awaitable<std::vector<Payout>> List(std::int64_t user_id);
  /// What is left in each currency of the user's wallets.
  boost::asio::awaitable<std::vector<PayoutLimits>> Limits(std::int64_t user_id);

  /// Requests a payout; `key`/`request_hash` as Wallet::CreateTopup. 422 on `amount` below the minimum,
  /// above the maximum or the available balance, past the day's or the month's limit; on `method_id` for a
  /// method that is not the user's.
  boost::asio::awaitable<PayoutAnswer> Request(std::int64_t user_id, std::string key,
                                               std::string request_hash, PayoutInput input);
  /// The owner cancels a payout waiting for approval (the money returns).
  boost::asio::awaitable<PayoutAnswer> Cancel(std::int64_t user_id, std::int64_t payout_id, std::string key,
                                              std::string request_hash);

  /// The admins' queue: payouts waiting for approval, oldest first.
  boost::asio::awaitable<std::vector<Payout>> Pending(const Actor& admin);
  /// An admin approves (audited). 409 wallet:payout.same_approver when this admin approved it already, 403
  /// wallet:payout.own_payout for an admin's own payout, 409 wallet:payout.not_pending.
  boost::asio::awaitable<Payout> Approve(const Actor& admin, std::int64_t payout_id);
  /// An admin rejects with a reason (audited; the money returns).
  boost::asio::awaitable<PayoutAnswer> Reject(const Actor& admin, std::int64_t payout_id, std::string reason,
                                              std::string key, std::string request_hash);

  /// The job: sends approved payouts (and asks again about ones the gateway has not answered). The count
  /// sent.
  boost::asio::awaitable<int> SendApproved(TimePoint now);
  /// A gateway's word on a payout (Wallet::ReceiveWebhook hands payout events here): settled exactly once.
  boost::asio::awaitable<bool> Settle(std::string gateway, GatewayEvent event);

  /// Demo data: a method, and a payout made `when` in `status` (pending_approval, succeeded, failed or
  /// rejected with `reason`), its entries as the service would write them.
  boost::asio::awaitable<std::int64_t> SeedMethod(std::int64_t user_id, std::string kind, std::string number,
                                                  TimePoint when);
  boost::asio::awaitable<void> SeedPayout(std::int64_t user_id, std::int64_t method_id, std::int64_t amount,
                                          std::string currency, std::string status, TimePoint when,
                                          std::optional<std::string> reason = std::nullopt);

 private:
  db::Pool& pool_;
  Ledger& ledger_;
  Wallet& wallet_;
  PayoutSettings settings_;
  const Clock& clock_;
};

}  // namespace artel::wallet
