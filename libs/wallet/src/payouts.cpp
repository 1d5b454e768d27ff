#include "artel/wallet/payouts.hpp"

#include <boost/json/object.hpp>
#include <boost/json/parse.hpp>
#include <boost/json/serialize.hpp>
#include <chrono>
#include <limits>

#include "artel/core/crypto.hpp"
#include "artel/core/error.hpp"
#include "artel/core/log.hpp"
#include "artel/db/pool.hpp"
#include "artel/kernel/json.hpp"
#include "artel/kernel/money.hpp"
#include "artel/platform/audit.hpp"
#include "artel/platform/idempotency.hpp"
#include "artel/wallet/ledger.hpp"
#include "artel/wallet/wallet.hpp"

namespace artel::wallet {
namespace {

using boost::asio::awaitable;

constexpr std::int64_t kMaxMethods = 10;
constexpr std::size_t kMaxReason = 1000;

constexpr db::Statement kMethods{"wallet.payout_methods", R"sql(
SELECT id, kind, masked, last4, created_at FROM wallet.payout_methods
WHERE user_id = $1 AND deleted_at IS NULL ORDER BY id
)sql"};
constexpr db::Statement kCountMethods{"wallet.count_payout_methods", R"sql(
SELECT count(*) FROM wallet.payout_methods WHERE user_id = $1 AND deleted_at IS NULL
)sql"};
constexpr db::Statement kInsertMethod{"wallet.insert_payout_method", R"sql(
INSERT INTO wallet.payout_methods (user_id, kind, masked, last4, token, created_at)
VALUES ($1, $2, $3, $4, $5, coalesce($6::timestamptz, now()))
RETURNING id, kind, masked, last4, created_at
)sql"};
constexpr db::Statement kDeleteMethod{"wallet.delete_payout_method", R"sql(
UPDATE wallet.payout_methods SET deleted_at = now() WHERE id = $1 AND user_id = $2 AND deleted_at IS NULL
RETURNING id
)sql"};
constexpr db::Statement kOwnMethod{"wallet.own_payout_method", R"sql(
SELECT id FROM wallet.payout_methods WHERE id = $1 AND user_id = $2 AND deleted_at IS NULL
)sql"};
/// Locks one account (the caller locks them in ascending id order, as the ledger does).
constexpr db::Statement kLockAccount{"wallet.payouts_lock_account", R"sql(
SELECT balance, held FROM wallet.accounts WHERE id = $1 FOR UPDATE
)sql"};
/// What the user's payouts in a currency took today and this month (the ones that did not come back).
constexpr db::Statement kUsed{"wallet.payouts_used", R"sql(
SELECT coalesce(sum(amount) FILTER (WHERE created_at >= $3), 0)::bigint AS today,
       count(*) FILTER (WHERE created_at >= $3) AS today_count,
       coalesce(sum(amount), 0)::bigint AS month
FROM wallet.payouts
WHERE user_id = $1 AND currency = $2 AND created_at >= $4 AND status NOT IN ('failed', 'rejected', 'canceled')
)sql"};
constexpr db::Statement kNextId{"wallet.next_payout_id", R"sql(
SELECT nextval(pg_get_serial_sequence('wallet.payouts', 'id'))
)sql"};
constexpr db::Statement kInsertPayout{"wallet.insert_payout", R"sql(
INSERT INTO wallet.payouts (id, user_id, method_id, amount, currency, status, gateway, needs_approvals, transfer_id,
                            created_at, updated_at)
VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $10)
)sql"};
/// A payout with its method, whose it is and who approved it first (the same columns in the three reads).
constexpr db::Statement kList{"wallet.list_payouts", R"sql(
SELECT p.id, p.user_id, p.amount, p.currency, p.status, p.method_id, m.kind AS method_kind,
       m.masked AS method_masked, p.needs_approvals, p.approved_by, p.second_approved_by, p.reason,
       p.failure_reason, p.created_at, p.updated_at,
       concat_ws(' ', u.name, nullif(u.lastname, '')) AS user_name,
       concat_ws(' ', a.name, nullif(a.lastname, '')) AS approver_name
FROM wallet.payouts p
JOIN wallet.payout_methods m ON m.id = p.method_id
JOIN identity.users u ON u.id = p.user_id
LEFT JOIN identity.users a ON a.id = p.approved_by
WHERE p.user_id = $1 ORDER BY p.created_at DESC, p.id DESC LIMIT 100
)sql"};
constexpr db::Statement kGet{"wallet.get_payout", R"sql(
SELECT p.id, p.user_id, p.amount, p.currency, p.status, p.method_id, m.kind AS method_kind,
       m.masked AS method_masked, p.needs_approvals, p.approved_by, p.second_approved_by, p.reason,
       p.failure_reason, p.created_at, p.updated_at,
       concat_ws(' ', u.name, nullif(u.lastname, '')) AS user_name,
       concat_ws(' ', a.name, nullif(a.lastname, '')) AS approver_name
FROM wallet.payouts p
JOIN wallet.payout_methods m ON m.id = p.method_id
JOIN identity.users u ON u.id = p.user_id
LEFT JOIN identity.users a ON a.id = p.approved_by
WHERE p.id = $1
)sql"};
constexpr db::Statement kPending{"wallet.pending_payouts", R"sql(
SELECT p.id, p.user_id, p.amount, p.currency, p.status, p.method_id, m.kind AS method_kind,
       m.masked AS method_masked, p.needs_approvals, p.approved_by, p.second_approved_by, p.reason,
       p.failure_reason, p.created_at, p.updated_at,
       concat_ws(' ', u.name, nullif(u.lastname, '')) AS user_name,
       concat_ws(' ', a.name, nullif(a.lastname, '')) AS approver_name
FROM wallet.payouts p
JOIN wallet.payout_methods m ON m.id = p.method_id
JOIN identity.users u ON u.id = p.user_id
LEFT JOIN identity.users a ON a.id = p.approved_by
WHERE p.status = 'pending_approval' ORDER BY p.created_at, p.id LIMIT 200
)sql"};
constexpr db::Statement kLockPayout{"wallet.lock_payout", R"sql(
SELECT id, user_id, amount, currency, status, needs_approvals, approved_by, gateway, external_id
FROM wallet.payouts WHERE id = $1 FOR UPDATE
)sql"};
constexpr db::Statement kSettled{"wallet.payout_settled", R"sql(
UPDATE wallet.payouts
SET status = $2, settled_transfer_id = $3, reason = coalesce($4, reason), failure_reason = $5,
    external_id = coalesce(external_id, $6), updated_at = now()
WHERE id = $1
)sql"};
constexpr db::Statement kFirstApproval{"wallet.payout_first_approval", R"sql(
UPDATE wallet.payouts SET approved_by = $2, status = $3, updated_at = now() WHERE id = $1
)sql"};
constexpr db::Statement kSecondApproval{"wallet.payout_second_approval", R"sql(
UPDATE wallet.payouts SET second_approved_by = $2, status = 'approved', updated_at = now() WHERE id = $1
)sql"};
/// The payouts the job sends: approved ones, and ones sent before whose outcome did not come in time.
constexpr db::Statement kToSend{"wallet.payouts_to_send", R"sql(
SELECT id FROM wallet.payouts
WHERE status = 'approved' OR (status = 'processing' AND sent_at < $1)
ORDER BY id LIMIT 50
)sql"};
/// One payout claimed for sending (conditional: a concurrent sender finds nothing).
constexpr db::Statement kClaimSend{"wallet.claim_payout", R"sql(
UPDATE wallet.payouts p SET status = 'processing', sent_at = $2, updated_at = now()
FROM wallet.payout_methods m
WHERE p.id = $1 AND m.id = p.method_id AND (p.status = 'approved' OR (p.status = 'processing' AND p.sent_at < $3))
RETURNING p.id, p.amount, p.currency, p.gateway, m.kind, m.token, m.last4
)sql"};
constexpr db::Statement kSent{"wallet.payout_sent", R"sql(
UPDATE wallet.payouts SET external_id = $2, updated_at = now() WHERE id = $1 AND external_id IS NULL
)sql"};
constexpr db::Statement kTakeEvent{"wallet.take_payout_event", R"sql(
INSERT INTO wallet.gateway_events (gateway, event_id, payout_id) VALUES ($1, $2, $3)
ON CONFLICT (gateway, event_id) DO NOTHING
RETURNING 1
)sql"};
constexpr db::Statement kSeedPayout{"wallet.seed_payout_status", R"sql(
UPDATE wallet.payouts SET status = $2, approved_by = $3, external_id = $4, sent_at = $5, updated_at = $5
WHERE id = $1
)sql"};

std::int64_t Scale(int digits) {
  std::int64_t scale = 1;
  for (int i = 0; i < digits; ++i) scale *= 10;
  return scale;
}

int DigitsOf(std::string_view currency) {
  return kernel::CurrencyDigits(currency).value_or(2);
}

std::int64_t Minor(std::uint64_t major, std::string_view currency) {
  const auto scale = Scale(DigitsOf(currency));
  const auto cap = static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max() / scale);
  return static_cast<std::int64_t>(std::min(major, cap)) * scale;
}

std::string Text(std::int64_t minor, std::string_view currency) {
  return kernel::FormatAmount(minor, DigitsOf(currency));
}

TimePoint DayStart(TimePoint at) {
  return std::chrono::floor<std::chrono::days>(at);
}

TimePoint MonthStart(TimePoint at) {
  const std::chrono::year_month_day day{std::chrono::floor<std::chrono::days>(at)};
  return std::chrono::sys_days{day.year() / day.month() / std::chrono::day{1}};
}

std::string DigitsOnly(std::string_view text) {
  std::string digits;
  for (const char c : text) {
    if (c >= '0' && c <= '9') {
      digits += c;
    } else if (c != ' ' && c != '-') {
      return {};
    }
  }
  return digits;
}

bool Luhn(std::string_view digits) {
  int sum = 0;
  bool twice = false;
  for (auto it = digits.rbegin(); it != digits.rend(); ++it) {
    int digit = *it - '0';
    if (twice) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
    twice = !twice;
  }
  return sum % 10 == 0;
}

PayoutMethod ReadMethod(const db::Row& row) {
  PayoutMethod method;
  method.id = row.Get<std::int64_t>("id");
  method.kind = row.Get<std::string>("kind");
  method.masked = row.Get<std::string>("masked");
  method.last4 = row.Get<std::string>("last4");
  method.created_at = row.Get<TimePoint>("created_at");
  return method;
}

Payout ReadPayout(const db::Row& row, bool admin_view) {
  Payout payout;
  payout.id = row.Get<std::int64_t>("id");
  payout.currency = row.Get<std::string>("currency");
  payout.amount = Text(row.Get<std::int64_t>("amount"), payout.currency);
  payout.status = row.Get<std::string>("status");
  payout.method_id = row.Get<std::int64_t>("method_id");
  payout.method_kind = row.Get<std::string>("method_kind");
  payout.method_masked = row.Get<std::string>("method_masked");
  payout.approvals_needed = row.Get<std::int16_t>("needs_approvals");
  const auto first = row.Get<std::optional<std::int64_t>>("approved_by");
  const auto second = row.Get<std::optional<std::int64_t>>("second_approved_by");
  payout.approvals = (first ? 1 : 0) + (second ? 1 : 0);
  payout.reason = row.Get<std::optional<std::string>>("reason");
  payout.failure_reason = row.Get<std::optional<std::string>>("failure_reason");
  if (admin_view) {
    payout.user_id = row.Get<std::int64_t>("user_id");
    payout.user_name = row.Get<std::string>("user_name");
    payout.first_approver_id = first;
    if (first) payout.first_approver_name = row.Get<std::string>("approver_name");
  }
  payout.created_at = row.Get<TimePoint>("created_at");
  payout.updated_at = row.Get<TimePoint>("updated_at");
  return payout;
}

awaitable<Payout> Load(db::Transaction& tx, std::int64_t payout_id, bool admin_view) {
  auto rows = co_await tx.Query(kGet, payout_id);
  co_return ReadPayout(rows.One(), admin_view);
}

struct Used {
  std::int64_t today = 0;
  std::int64_t today_count = 0;
  std::int64_t month = 0;
};

template <class Executor>
awaitable<Used> UsedOf(Executor& executor, std::int64_t user_id, const std::string& currency, TimePoint now) {
  const TimePoint day = DayStart(now);
  const TimePoint month = MonthStart(now);
  auto rows = co_await executor.Query(kUsed, user_id, currency, day, month);
  const auto row = rows.One();
  Used used;
  used.today = row.template Get<std::int64_t>("today");
  used.today_count = row.template Get<std::int64_t>("today_count");
  used.month = row.template Get<std::int64_t>("month");
  co_return used;
}

/// The money of a payout that did not go out returns: payouts → the user's wallet, a new entry.
awaitable<std::int64_t> GiveBack(db::Transaction& tx, Ledger& ledger, std::int64_t payout_id,
                                 std::int64_t user_id, std::int64_t amount, const std::string& currency) {
  TransferInput back;
  back.debit = co_await ledger.PlatformAccount(tx, AccountKind::kPayouts, currency);
  back.credit = co_await ledger.UserAccount(tx, user_id, currency);
  back.amount = amount;
  back.currency = currency;
  back.kind = "payout_returned";
  back.reference = "payout:" + std::to_string(payout_id);
  const Entry entry = co_await ledger.Transfer(tx, back);
  co_return entry.id;
}

struct Locked {
  std::int64_t id = 0;
  std::int64_t user_id = 0;
  std::int64_t amount = 0;
  std::string currency;
  std::string status;
  std::int32_t needs_approvals = 0;
  std::optional<std::int64_t> approved_by;
  std::string gateway;
  std::optional<std::string> external_id;
};

awaitable<std::optional<Locked>> LockPayout(db::Transaction& tx, std::int64_t payout_id) {
  auto rows = co_await tx.Query(kLockPayout, payout_id);
  if (rows.Empty()) co_return std::nullopt;
  const auto row = rows.One();
  Locked locked;
  locked.id = row.Get<std::int64_t>("id");
  locked.user_id = row.Get<std::int64_t>("user_id");
  locked.amount = row.Get<std::int64_t>("amount");
  locked.currency = row.Get<std::string>("currency");
  locked.status = row.Get<std::string>("status");
  locked.needs_approvals = row.Get<std::int16_t>("needs_approvals");
  locked.approved_by = row.Get<std::optional<std::int64_t>>("approved_by");
  locked.gateway = row.Get<std::string>("gateway");
  locked.external_id = row.Get<std::optional<std::string>>("external_id");
  co_return locked;
}

boost::json::object StateJson(const Locked& payout, std::string_view status, int approvals) {
  return boost::json::object{{"status", status},
                             {"amount", payout.amount},
                             {"currency", payout.currency},
                             {"approvals", approvals},
                             {"approvals_needed", payout.needs_approvals}};
}

}  // namespace

Payouts::Payouts(db::Pool& pool, Ledger& ledger, Wallet& wallet, PayoutSettings settings, const Clock& clock)
    : pool_(pool), ledger_(ledger), wallet_(wallet), settings_(settings), clock_(clock) {}

awaitable<std::vector<PayoutMethod>> Payouts::Methods(std::int64_t user_id) {
  auto rows = co_await pool_.Query(kMethods, user_id);
  std::vector<PayoutMethod> methods;
  for (const auto& row : rows) methods.push_back(ReadMethod(row));
  co_return methods;
}

awaitable<PayoutMethod> Payouts::AddMethod(std::int64_t user_id, PayoutMethodInput input) {
  const std::string digits = DigitsOnly(input.number);
  std::string masked;
  std::string token;
  if (input.kind == "bank_card") {
    if (digits.size() < 13 || digits.size() > 19 || !Luhn(digits)) {
      throw ValidationFailed("number", {"wallet:payout.card_invalid", {}});
    }
    token = wallet_.PayoutGateway().CardToken(digits);
    if (token.empty()) throw ValidationFailed("kind", {"wallet:payout.card_unsupported", {}});
    masked = "•••• " + digits.substr(digits.size() - 4);
  } else if (input.kind == "yoo_money") {
    if (digits.size() < 11 || digits.size() > 20 || !digits.starts_with("4100")) {
      throw ValidationFailed("number", {"wallet:payout.wallet_invalid", {}});
    }
    // A wallet's number is where YooKassa pays to (payout_destination_data.account_number), not a secret.
    token = digits;
    masked = digits.substr(0, 4) + " •••• " + digits.substr(digits.size() - 4);
  } else {
    throw ValidationFailed("kind", {"wallet:payout.kind_unknown", {}});
  }
  const std::string last4 = digits.substr(digits.size() - 4);
  co_return co_await ledger_.Atomically<PayoutMethod>(
      [&, this](db::Transaction& tx) -> awaitable<PayoutMethod> {
        auto counted = co_await tx.Query(kCountMethods, user_id);
        if (counted.One().Get<std::int64_t>(0) >= kMaxMethods) {
          throw Conflict({"wallet:payout.too_many_methods", {{"count", std::to_string(kMaxMethods)}}});
        }
        const std::optional<TimePoint> now;
        auto inserted = co_await tx.Query(kInsertMethod, user_id, input.kind, masked, last4, token, now);
        co_return ReadMethod(inserted.One());
      });
}

awaitable<void> Payouts::DeleteMethod(std::int64_t user_id, std::int64_t method_id) {
  auto deleted = co_await pool_.Query(kDeleteMethod, method_id, user_id);
  if (deleted.Empty()) throw NotFound({"wallet:payout.method_not_found", {}});
}

awaitable<std::vector<Payout>> Payouts::List(std::int64_t user_id) {
  auto rows = co_await pool_.Query(kList, user_id);
  std::vector<Payout> payouts;
  for (const auto& row : rows) payouts.push_back(ReadPayout(row, false));
  co_return payouts;
}

awaitable<std::vector<PayoutLimits>> Payouts::Limits(std::int64_t user_id) {
  auto accounts = co_await ledger_.Balances(user_id);
  const TimePoint now = clock_.Now();
  std::vector<PayoutLimits> limits;
  for (const auto& account : accounts) {
    const std::string& currency = account.currency;
    const Used used = co_await UsedOf(pool_, user_id, currency, now);
    PayoutLimits limit;
    limit.currency = currency;
    limit.available = Text(account.Available(), currency);
    limit.min = Text(Minor(settings_.min_amount, currency), currency);
    limit.max = Text(Minor(settings_.max_amount, currency), currency);
    limit.left_today =
        Text(std::max<std::int64_t>(0, Minor(settings_.daily_amount, currency) - used.today), currency);
    limit.left_this_month =
        Text(std::max<std::int64_t>(0, Minor(settings_.monthly_amount, currency) - used.month), currency);
    limit.payouts_left_today =
        static_cast<std::int32_t>(std::max<std::int64_t>(0, settings_.daily_count - used.today_count));
    limit.approval_threshold = Text(Minor(settings_.approval_threshold, currency), currency);
    limits.push_back(std::move(limit));
  }
  co_return limits;
}

awaitable<PayoutAnswer> Payouts::Request(std::int64_t user_id, std::string key, std::string request_hash,
                                         PayoutInput input) {
  ValidationErrors errors;
  std::int64_t amount = 0;
  const auto digits = kernel::CurrencyDigits(input.currency);
  if (!digits) {
    errors.Add("currency", {"wallet:currency_unknown", {}});
  } else {
    const auto parsed =
        kernel::ParseAmount(input.amount, *digits, std::numeric_limits<std::int64_t>::max() / 100);
    switch (parsed.problem) {
      case kernel::AmountProblem::kNone:
        amount = parsed.minor;
        break;
      case kernel::AmountProblem::kNotANumber:
        errors.Add("amount", {"wallet:amount.not_a_number", {}});
        break;
      case kernel::AmountProblem::kNotPositive:
        errors.Add("amount", {"wallet:amount.not_positive", {}});
        break;
      case kernel::AmountProblem::kTooManyDecimals:
        errors.Add("amount", {"wallet:amount.too_many_decimals", {{"count", std::to_string(*digits)}}});
        break;
      case kernel::AmountProblem::kTooLarge:
        errors.Add("amount", {"wallet:payout.above_maximum",
                              {{"max", Text(Minor(settings_.max_amount, input.currency), input.currency)},
                               {"currency", input.currency}}});
        break;
    }
  }
  errors.ThrowIfAny();
  const std::string& currency = input.currency;
  const std::int64_t min = Minor(settings_.min_amount, currency);
  const std::int64_t max = Minor(settings_.max_amount, currency);
  if (amount < min) {
    throw ValidationFailed(
        "amount", {"wallet:payout.below_minimum", {{"min", Text(min, currency)}, {"currency", currency}}});
  }
  if (amount > max) {
    throw ValidationFailed(
        "amount", {"wallet:payout.above_maximum", {{"max", Text(max, currency)}, {"currency", currency}}});
  }
  const std::string gateway(wallet_.PayoutGateway().Name());
  const std::int32_t needs = amount >= Minor(settings_.second_approval_threshold, currency) ? 2
                             : amount > Minor(settings_.approval_threshold, currency)       ? 1
                                                                                            : 0;
  co_return co_await ledger_.Atomically<PayoutAnswer>([&,
                                                       this](db::Transaction& tx) -> awaitable<PayoutAnswer> {
    auto first = co_await platform::Idempotency::Claim(tx, user_id, key, request_hash);
    if (first) {
      Payout again;
      kernel::FromJson(boost::json::parse(first->body), again);
      co_return PayoutAnswer{std::move(again), first->status};
    }
    auto method = co_await tx.Query(kOwnMethod, input.method_id, user_id);
    if (method.Empty()) throw ValidationFailed("method_id", {"wallet:payout.method_unknown", {}});
    // The user's wallet is locked (after the payouts account: ascending ids, as every movement locks them)
    // before the limits are read, so concurrent requests of one user are checked one after another.
    const std::int64_t payouts_account =
        co_await ledger_.PlatformAccount(tx, AccountKind::kPayouts, currency);
    const std::int64_t wallet = co_await ledger_.UserAccount(tx, user_id, currency);
    co_await tx.Query(kLockAccount, std::min(payouts_account, wallet));
    auto locked = co_await tx.Query(kLockAccount, std::max(payouts_account, wallet));
    const auto account = locked.One();
    const std::int64_t available = account.Get<std::int64_t>("balance") - account.Get<std::int64_t>("held");
    if (amount > available) {
      throw ValidationFailed("amount", {"wallet:payout.more_than_available",
                                        {{"available", Text(std::max<std::int64_t>(available, 0), currency)},
                                         {"currency", currency}}});
    }
    const TimePoint now = clock_.Now();
    const Used used = co_await UsedOf(tx, user_id, currency, now);
    if (used.today_count >= settings_.daily_count) {
      throw ValidationFailed(
          "amount", {"wallet:payout.daily_count", {{"count", std::to_string(settings_.daily_count)}}});
    }
    const std::int64_t day_left =
        std::max<std::int64_t>(0, Minor(settings_.daily_amount, currency) - used.today);
    if (amount > day_left) {
      throw ValidationFailed("amount", {"wallet:payout.daily_limit",
                                        {{"left", Text(day_left, currency)}, {"currency", currency}}});
    }
    const std::int64_t month_left =
        std::max<std::int64_t>(0, Minor(settings_.monthly_amount, currency) - used.month);
    if (amount > month_left) {
      throw ValidationFailed("amount", {"wallet:payout.monthly_limit",
                                        {{"left", Text(month_left, currency)}, {"currency", currency}}});
    }
    auto next = co_await tx.Query(kNextId);
    const std::int64_t payout_id = next.One().Get<std::int64_t>(0);
    TransferInput out;
    out.debit = wallet;
    out.credit = payouts_account;
    out.amount = amount;
    out.currency = currency;
    out.kind = "payout";
    out.reference = "payout:" + std::to_string(payout_id);
    out.at = now;
    const Entry entry = co_await ledger_.Transfer(tx, out);
    const std::string_view status = needs == 0 ? "approved" : "pending_approval";
    const auto needs_approvals = static_cast<std::int16_t>(needs);
    co_await tx.Query(kInsertPayout, payout_id, user_id, input.method_id, amount, currency, status, gateway,
                      needs_approvals, entry.id, now);
    Payout payout = co_await Load(tx, payout_id, false);
    const std::string answer = boost::json::serialize(kernel::ToJson(payout));
    co_await platform::Idempotency::Remember(tx, user_id, key, 201, answer);
    co_return PayoutAnswer{std::move(payout), 201};
  });
}

awaitable<PayoutAnswer> Payouts::Cancel(std::int64_t user_id, std::int64_t payout_id, std::string key,
                                        std::string request_hash) {
  co_return co_await ledger_.Atomically<PayoutAnswer>(
      [&, this](db::Transaction& tx) -> awaitable<PayoutAnswer> {
        auto first = co_await platform::Idempotency::Claim(tx, user_id, key, request_hash);
        if (first) {
          Payout again;
          kernel::FromJson(boost::json::parse(first->body), again);
          co_return PayoutAnswer{std::move(again), first->status};
        }
        auto locked = co_await LockPayout(tx, payout_id);
        if (!locked || locked->user_id != user_id) throw NotFound({"wallet:payout_not_found", {}});
        if (locked->status != "pending_approval") throw Conflict({"wallet:payout.not_cancelable", {}});
        const std::int64_t back =
            co_await GiveBack(tx, ledger_, locked->id, user_id, locked->amount, locked->currency);
        const std::optional<std::string> none;
        co_await tx.Query(kSettled, payout_id, std::string_view("canceled"), back, none, none, none);
        Payout payout = co_await Load(tx, payout_id, false);
        const std::string answer = boost::json::serialize(kernel::ToJson(payout));
        co_await platform::Idempotency::Remember(tx, user_id, key, 200, answer);
        co_return PayoutAnswer{std::move(payout), 200};
      });
}

awaitable<std::vector<Payout>> Payouts::Pending(const Actor& admin) {
  if (!admin.IsAdmin()) throw Forbidden({"wallet:payout.admins_only", {}});
  auto rows = co_await pool_.Query(kPending);
  std::vector<Payout> payouts;
  for (const auto& row : rows) payouts.push_back(ReadPayout(row, true));
  co_return payouts;
}

awaitable<Payout> Payouts::Approve(const Actor& admin, std::int64_t payout_id) {
  if (!admin.IsAdmin()) throw Forbidden({"wallet:payout.admins_only", {}});
  co_return co_await ledger_.Atomically<Payout>([&, this](db::Transaction& tx) -> awaitable<Payout> {
    auto locked = co_await LockPayout(tx, payout_id);
    if (!locked) throw NotFound({"wallet:payout_not_found", {}});
    if (locked->status != "pending_approval") throw Conflict({"wallet:payout.not_pending", {}});
    if (locked->user_id == admin.user_id) throw Forbidden({"wallet:payout.own_payout", {}});
    int approvals_before = 0;
    std::string_view status = "approved";
    if (!locked->approved_by) {
      if (locked->needs_approvals > 1) status = "pending_approval";
      co_await tx.Query(kFirstApproval, payout_id, admin.user_id, status);
    } else {
      // The second approval of a large payout: another admin's.
      if (*locked->approved_by == admin.user_id) throw Conflict({"wallet:payout.same_approver", {}});
      approvals_before = 1;
      co_await tx.Query(kSecondApproval, payout_id, admin.user_id);
    }
    platform::AuditEntry entry;
    entry.action = "payouts.approve";
    entry.object_type = "payout";
    entry.object_id = payout_id;
    entry.before = StateJson(*locked, locked->status, approvals_before);
    entry.after = StateJson(*locked, status, approvals_before + 1);
    co_await platform::RecordAudit(tx, admin, std::move(entry));
    co_return co_await Load(tx, payout_id, true);
  });
}

awaitable<PayoutAnswer> Payouts::Reject(const Actor& admin, std::int64_t payout_id, std::string reason,
                                        std::string key, std::string request_hash) {
  if (!admin.IsAdmin()) throw Forbidden({"wallet:payout.admins_only", {}});
  while (!reason.empty() && (reason.back() == ' ' || reason.back() == '\n')) reason.pop_back();
  while (!reason.empty() && (reason.front() == ' ' || reason.front() == '\n')) reason.erase(0, 1);
  if (reason.empty() || reason.size() > kMaxReason) {
    throw ValidationFailed("reason", {"wallet:payout.reason_invalid", {{"max", std::to_string(kMaxReason)}}});
  }
  co_return co_await ledger_.Atomically<PayoutAnswer>(
      [&, this](db::Transaction& tx) -> awaitable<PayoutAnswer> {
        auto first = co_await platform::Idempotency::Claim(tx, admin.user_id, key, request_hash);
        if (first) {
          Payout again;
          kernel::FromJson(boost::json::parse(first->body), again);
          co_return PayoutAnswer{std::move(again), first->status};
        }
        auto locked = co_await LockPayout(tx, payout_id);
        if (!locked) throw NotFound({"wallet:payout_not_found", {}});
        if (locked->status != "pending_approval") throw Conflict({"wallet:payout.not_pending", {}});
        const std::int64_t back =
            co_await GiveBack(tx, ledger_, locked->id, locked->user_id, locked->amount, locked->currency);
        const std::optional<std::string> why = reason;
        const std::optional<std::string> none;
        co_await tx.Query(kSettled, payout_id, std::string_view("rejected"), back, why, none, none);
        platform::AuditEntry entry;
        entry.action = "payouts.reject";
        entry.object_type = "payout";
        entry.object_id = payout_id;
        const int approvals = locked->approved_by ? 1 : 0;
        entry.before = StateJson(*locked, locked->status, approvals);
        auto after = StateJson(*locked, "rejected", approvals);
        after["reason"] = reason;
        entry.after = std::move(after);
        co_await platform::RecordAudit(tx, admin, std::move(entry));
        Payout payout = co_await Load(tx, payout_id, true);
        const std::string answer = boost::json::serialize(kernel::ToJson(payout));
        co_await platform::Idempotency::Remember(tx, admin.user_id, key, 200, answer);
        co_return PayoutAnswer{std::move(payout), 200};
      });
}

awaitable<int> Payouts::SendApproved(TimePoint now) {
  const TimePoint stale = now - settings_.resend_after;
  auto due = co_await pool_.Query(kToSend, stale);
  std::vector<std::int64_t> ids;
  for (const auto& row : due) ids.push_back(row.Get<std::int64_t>("id"));
  int sent = 0;
  for (const auto id : ids) {
    // Claimed (processing, sent_at) and committed BEFORE the gateway is asked: a crash after this leaves a
    // `processing` payout that the job asks about again after resend_after, under the same Idempotence-Key.
    auto claimed = co_await pool_.Query(kClaimSend, id, now, stale);
    if (claimed.Empty()) continue;
    const auto row = claimed.One();
    GatewayPayout payout;
    payout.id = id;
    payout.amount = row.Get<std::int64_t>("amount");
    payout.currency = row.Get<std::string>("currency");
    payout.destination_kind = row.Get<std::string>("kind");
    payout.destination = row.Get<std::string>("token");
    payout.last4 = row.Get<std::string>("last4");
    payout.description = "Artel: payout #" + std::to_string(id);
    const std::string gateway_name = row.Get<std::string>("gateway");
    std::optional<StartedPayout> started;
    bool refused = false;
    try {
      Gateway& gateway = wallet_.GatewayNamed(gateway_name);
      started = co_await gateway.StartPayout(payout);
    } catch (const Error& error) {
      log::Warning("wallet: payout {} was not sent: {}", id, error.what());
      refused = error.GetMessage().key == "wallet:gateway.refused";
    }
    if (refused) {
      // The gateway will never take it (a destination it refuses): the money returns.
      GatewayEvent failure;
      failure.event_id = "refused:" + std::to_string(id);
      failure.payout_id = id;
      failure.amount = payout.amount;
      failure.currency = payout.currency;
      failure.decline_reason = "refused";
      co_await Settle(gateway_name, failure);
      continue;
    }
    if (!started) continue;
    const std::string external_id = started->external_id;
    co_await pool_.Query(kSent, id, external_id);
    if (started->event) wallet_.Deliver(std::move(*started->event));
    ++sent;
  }
  co_return sent;
}

awaitable<bool> Payouts::Settle(std::string gateway, GatewayEvent event) {
  const std::int64_t payout_id = event.payout_id.value_or(0);
  co_return co_await ledger_.Atomically<bool>([&, this](db::Transaction& tx) -> awaitable<bool> {
    auto locked = co_await LockPayout(tx, payout_id);
    if (!locked || locked->gateway != gateway) throw BadRequest({"wallet:webhook.unknown_payment", {}});
    if (event.external_id && locked->external_id && *locked->external_id != *event.external_id) {
      throw BadRequest({"wallet:webhook.mismatch", {}});
    }
    if (locked->amount != event.amount || locked->currency != event.currency) {
      throw BadRequest({"wallet:webhook.mismatch", {}});
    }
    auto taken = co_await tx.Query(kTakeEvent, gateway, event.event_id, payout_id);
    if (taken.Empty()) co_return false;  // delivered before
    if (locked->status != "processing") co_return false;
    const std::optional<std::string> none;
    if (event.succeeded) {
      TransferInput out;
      out.debit = co_await ledger_.PlatformAccount(tx, AccountKind::kPayouts, locked->currency);
      out.credit = co_await ledger_.PlatformAccount(tx, AccountKind::kClearing, locked->currency);
      out.amount = locked->amount;
      out.currency = locked->currency;
      out.kind = "payout_sent";
      out.reference = "payout:" + std::to_string(payout_id);
      const Entry entry = co_await ledger_.Transfer(tx, out);
      co_await tx.Query(kSettled, payout_id, std::string_view("succeeded"), entry.id, none, none,
                        event.external_id);
      co_return true;
    }
    const std::int64_t back =
        co_await GiveBack(tx, ledger_, payout_id, locked->user_id, locked->amount, locked->currency);
    const std::optional<std::string> failure = event.decline_reason.value_or("failed");
    co_await tx.Query(kSettled, payout_id, std::string_view("failed"), back, none, failure,
                      event.external_id);
    co_return true;
  });
}

awaitable<std::int64_t> Payouts::SeedMethod(std::int64_t user_id, std::string kind, std::string number,
                                            TimePoint when) {
  const std::string digits = DigitsOnly(number);
  const std::string last4 = digits.substr(digits.size() - 4);
  const std::string masked = kind == "bank_card" ? "•••• " + last4 : digits.substr(0, 4) + " •••• " + last4;
  const std::string token = kind == "bank_card" ? "sandbox_card_" + RandomToken(12) : digits;
  const std::optional<TimePoint> at = when;
  auto inserted = co_await pool_.Query(kInsertMethod, user_id, kind, masked, last4, token, at);
  co_return inserted.One().Get<std::int64_t>("id");
}

awaitable<void> Payouts::SeedPayout(std::int64_t user_id, std::int64_t method_id, std::int64_t amount,
                                    std::string currency, std::string status, TimePoint when,
                                    std::optional<std::string> reason) {
  const std::string gateway(wallet_.PayoutGateway().Name());
  co_await ledger_.Atomically<void>([&, this](db::Transaction& tx) -> awaitable<void> {
    const std::int64_t payouts_account =
        co_await ledger_.PlatformAccount(tx, AccountKind::kPayouts, currency);
    const std::int64_t wallet = co_await ledger_.UserAccount(tx, user_id, currency);
    auto next = co_await tx.Query(kNextId);
    const std::int64_t payout_id = next.One().Get<std::int64_t>(0);
    TransferInput out;
    out.debit = wallet;
    out.credit = payouts_account;
    out.amount = amount;
    out.currency = currency;
    out.kind = "payout";
    out.reference = "payout:" + std::to_string(payout_id);
    out.at = when;
    const Entry entry = co_await ledger_.Transfer(tx, out);
    const std::int16_t needs = amount >= Minor(settings_.second_approval_threshold, currency) ? 2
                               : amount > Minor(settings_.approval_threshold, currency)       ? 1
                                                                                              : 0;
    const std::string_view first_status = status == "pending_approval" ? "pending_approval" : "approved";
    co_await tx.Query(kInsertPayout, payout_id, user_id, method_id, amount, currency, first_status, gateway,
                      needs, entry.id, when);
    if (status == "pending_approval") co_return;
    const std::optional<std::string> external = "seed-payout-" + std::to_string(payout_id);
    const std::optional<std::int64_t> no_admin;
    if (status != "rejected") {
      co_await tx.Query(kSeedPayout, payout_id, std::string_view("processing"), no_admin, external, when);
    }
    const std::optional<std::string> none;
    const std::int64_t clearing = co_await ledger_.PlatformAccount(tx, AccountKind::kClearing, currency);
    TransferInput settle;
    settle.debit = payouts_account;
    settle.credit = status == "succeeded" ? clearing : wallet;
    settle.amount = amount;
    settle.currency = currency;
    settle.kind = status == "succeeded" ? "payout_sent" : "payout_returned";
    settle.reference = "payout:" + std::to_string(payout_id);
    settle.at = when + std::chrono::minutes(5);
    const Entry settled = co_await ledger_.Transfer(tx, settle);
    const std::optional<std::string> failure =
        status == "failed" ? std::optional<std::string>("card_declined") : std::nullopt;
    co_await tx.Query(kSettled, payout_id, status, settled.id, reason, failure, none);
  });
}

}  // namespace artel::wallet
