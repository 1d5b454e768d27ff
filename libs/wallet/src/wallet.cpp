#include "artel/wallet/wallet.hpp"

#include <boost/asio/co_spawn.hpp>
#include <boost/asio/detached.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/this_coro.hpp>
#include <boost/asio/use_awaitable.hpp>
#include <boost/json/parse.hpp>
#include <boost/json/serialize.hpp>

#include "artel/core/crypto.hpp"
#include "artel/core/error.hpp"
#include "artel/core/log.hpp"
#include "artel/db/pool.hpp"
#include "artel/kernel/cursor.hpp"
#include "artel/kernel/json.hpp"
#include "artel/kernel/money.hpp"
#include "artel/platform/idempotency.hpp"

namespace artel::wallet {
namespace {

using boost::asio::awaitable;

constexpr db::Statement kInsertPayment{"wallet.insert_payment", R"sql(
INSERT INTO wallet.payments (user_id, amount, currency, gateway) VALUES ($1, $2, $3, $4)
RETURNING id, amount, currency, status, gateway, card_last4, decline_reason, external_id, confirmation_url, created_at, updated_at
)sql"};
constexpr db::Statement kOwnPayment{"wallet.own_payment", R"sql(
SELECT id, amount, currency, status, gateway, card_last4, decline_reason, external_id, confirmation_url, created_at, updated_at
FROM wallet.payments WHERE id = $1 AND user_id = $2
)sql"};
constexpr db::Statement kLockOwnPayment{"wallet.lock_own_payment", R"sql(
SELECT id, amount, currency, status, gateway, card_last4, decline_reason, external_id, confirmation_url, created_at, updated_at
FROM wallet.payments WHERE id = $1 AND user_id = $2 FOR UPDATE
)sql"};
constexpr db::Statement kSandboxStep{"wallet.sandbox_step", R"sql(
UPDATE wallet.payments SET status = $2, card_last4 = $3, updated_at = now() WHERE id = $1
RETURNING id, amount, currency, status, gateway, card_last4, decline_reason, external_id, confirmation_url, created_at, updated_at
)sql"};
constexpr db::Statement kLockGatewayPayment{"wallet.lock_gateway_payment", R"sql(
SELECT user_id, amount, currency, status, external_id FROM wallet.payments WHERE id = $1 AND gateway = $2
FOR UPDATE
)sql"};
constexpr db::Statement kPaymentById{"wallet.payment_by_id", R"sql(
SELECT id, amount, currency, status, gateway, card_last4, decline_reason, external_id, confirmation_url, created_at, updated_at
FROM wallet.payments WHERE id = $1
)sql"};
/// What the acquirer created for a payment; a concurrent retry that stored it first wins.
constexpr db::Statement kStarted{"wallet.payment_started", R"sql(
UPDATE wallet.payments SET external_id = $2, confirmation_url = $3, updated_at = now()
WHERE id = $1 AND external_id IS NULL
)sql"};
constexpr db::Statement kTakeEvent{"wallet.take_event", R"sql(
INSERT INTO wallet.gateway_events (gateway, event_id, payment_id) VALUES ($1, $2, $3)
ON CONFLICT (gateway, event_id) DO NOTHING
RETURNING 1
)sql"};
constexpr db::Statement kSucceeded{"wallet.payment_succeeded", R"sql(
UPDATE wallet.payments
SET status = 'succeeded', transfer_id = $2, card_last4 = coalesce($3, card_last4), updated_at = coalesce($4, now())
WHERE id = $1
)sql"};
constexpr db::Statement kDeclined{"wallet.payment_declined", R"sql(
UPDATE wallet.payments
SET status = 'declined', decline_reason = $2, card_last4 = coalesce($3, card_last4), updated_at = now()
WHERE id = $1
)sql"};
constexpr db::Statement kSeedPayment{"wallet.seed_payment", R"sql(
INSERT INTO wallet.payments (user_id, amount, currency, gateway, status, card_last4, created_at, updated_at)
VALUES ($1, $2, $3, 'sandbox', 'processing', $4, $5, $5)
RETURNING id
)sql"};
/// The user's entries, newest first, in keyset pages; the amount signed from the user's side.
constexpr db::Statement kStatement{"wallet.statement", R"sql(
SELECT t.id, t.created_at, t.kind, t.currency, t.reference,
       CASE WHEN t.credit_account = a.id THEN t.amount ELSE -t.amount END AS signed_amount,
       other.kind AS counterparty
FROM wallet.accounts a
JOIN wallet.transfers t ON t.credit_account = a.id OR t.debit_account = a.id
JOIN wallet.accounts other
  ON other.id = CASE WHEN t.credit_account = a.id THEN t.debit_account ELSE t.credit_account END
WHERE a.kind = 'user' AND a.user_id = $1
  AND ($2::text IS NULL OR t.currency = $2)
  AND ($3::text IS NULL OR t.kind = $3)
  AND ($4::text IS NULL OR ($4 = 'in') = (t.credit_account = a.id))
  AND ($5::timestamptz IS NULL OR t.created_at >= $5)
  AND ($6::timestamptz IS NULL OR t.created_at < $6)
  AND ($7::timestamptz IS NULL OR (t.created_at, t.id) < ($7, $8))
ORDER BY t.created_at DESC, t.id DESC
LIMIT $9
)sql"};

std::string AmountText(std::int64_t minor, std::string_view currency) {
  return kernel::FormatAmount(minor, kernel::CurrencyDigits(currency).value_or(2));
}

Topup ReadTopup(const db::Row& row, const Gateway& sandbox, std::string_view lang) {
  Topup topup;
  topup.id = row.Get<std::int64_t>("id");
  const auto amount = row.Get<std::int64_t>("amount");
  topup.currency = row.Get<std::string>("currency");
  topup.amount = AmountText(amount, topup.currency);
  topup.status = row.Get<std::string>("status");
  topup.gateway = row.Get<std::string>("gateway");
  // A remote acquirer's checkout is stored when it created the payment; the sandbox's is derived.
  if (auto stored = row.Get<std::optional<std::string>>("confirmation_url")) {
    topup.confirmation_url = std::move(*stored);
  } else if (topup.gateway == sandbox.Name()) {
    GatewayPayment payment;
    payment.id = topup.id;
    payment.amount = amount;
    payment.currency = topup.currency;
    topup.confirmation_url = sandbox.ConfirmationUrl(payment, lang);
  }
  topup.card_last4 = row.Get<std::optional<std::string>>("card_last4");
  topup.decline_reason = row.Get<std::optional<std::string>>("decline_reason");
  topup.created_at = row.Get<TimePoint>("created_at");
  topup.updated_at = row.Get<TimePoint>("updated_at");
  return topup;
}

/// A date (YYYY-MM-DD) as the start of its UTC day; 422 on `field` otherwise.
std::optional<TimePoint> DayStart(const std::optional<std::string>& text, std::string_view field,
                                  ValidationErrors& errors) {
  if (!text) return std::nullopt;
  auto parsed = text->size() == 10 ? ParseIsoTime(*text + "T00:00:00Z") : std::nullopt;
  if (!parsed) errors.Add(std::string(field), {"wallet:statement.date_invalid", {}});
  return parsed;
}

std::string Last4(std::string_view number) {
  std::string digits;
  for (const char c : number) {
    if (c >= '0' && c <= '9') digits += c;
  }
  return digits.size() >= 4 ? digits.substr(digits.size() - 4) : digits;
}

}  // namespace

Wallet::Wallet(db::Pool& pool, Ledger& ledger, std::shared_ptr<SandboxGateway> sandbox, Settings settings,
               const Clock& clock, std::shared_ptr<Gateway> gateway)
    : pool_(pool),
      ledger_(ledger),
      sandbox_(std::move(sandbox)),
      gateway_(gateway ? std::move(gateway) : std::shared_ptr<Gateway>(sandbox_)),
      settings_(std::move(settings)),
      clock_(clock) {
  while (!settings_.public_url.empty() && settings_.public_url.back() == '/') settings_.public_url.pop_back();
}

awaitable<std::vector<Balance>> Wallet::Balances(std::int64_t user_id) {
  auto accounts = co_await ledger_.Balances(user_id);
  std::vector<Balance> balances;
  for (const auto& account : accounts) {
    balances.push_back({account.currency, AmountText(account.Available(), account.currency),
                        AmountText(account.held, account.currency)});
  }
  co_return balances;
}

awaitable<StatementPage> Wallet::Statement(std::int64_t user_id, const StatementQuery& query) {
  ValidationErrors errors;
  auto from = DayStart(query.from, "from", errors);
  auto to = DayStart(query.to, "to", errors);
  if (to) *to += std::chrono::hours(24);
  std::optional<TimePoint> after_time;
  std::int64_t after_id = 0;
  if (query.cursor) {
    auto cursor = kernel::DecodeCursor("w", *query.cursor);
    if (!cursor) {
      errors.Add("cursor", {"wallet:statement.cursor_invalid", {}});
    } else {
      after_time = kernel::CursorTime(cursor->key);
      after_id = cursor->id;
    }
  }
  errors.ThrowIfAny();
  const std::int32_t limit = query.limit > 0 ? query.limit : 20;
  auto rows = co_await pool_.Query(kStatement, user_id, query.currency, query.kind, query.direction, from, to,
                                   after_time, after_id, static_cast<std::int32_t>(limit + 1));
  StatementPage page;
  for (const auto& row : rows) {
    if (static_cast<std::int32_t>(page.items.size()) == limit) {
      const auto& last = page.items.back();
      page.next_cursor = kernel::EncodeCursor("w", kernel::CursorKey(last.created_at), last.id);
      break;
    }
    StatementLine line;
    line.id = row.Get<std::int64_t>("id");
    line.created_at = row.Get<TimePoint>("created_at");
    line.kind = row.Get<std::string>("kind");
    line.currency = row.Get<std::string>("currency");
    line.amount = AmountText(row.Get<std::int64_t>("signed_amount"), line.currency);
    line.counterparty = row.Get<std::string>("counterparty");
    line.reference = row.Get<std::string>("reference");
    page.items.push_back(std::move(line));
  }
  co_return page;
}

awaitable<TopupAnswer> Wallet::CreateTopup(std::int64_t user_id, std::string_view lang, std::string key,
                                           std::string request_hash, TopupInput input) {
  ValidationErrors errors;
  std::int64_t amount = 0;
  const auto digits = kernel::CurrencyDigits(input.currency);
  if (!digits) {
    errors.Add("currency", {"wallet:currency_unknown", {}});
  } else {
    std::int64_t scale = 1;
    for (int i = 0; i < *digits; ++i) scale *= 10;
    const auto max_minor = static_cast<std::int64_t>(settings_.max_topup) * scale;
    const auto parsed = kernel::ParseAmount(input.amount, *digits, max_minor);
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
        errors.Add("amount",
                   {"wallet:amount.too_large",
                    {{"max", kernel::FormatAmount(max_minor, *digits)}, {"currency", input.currency}}});
        break;
    }
  }
  errors.ThrowIfAny();
  const std::string lang_text(lang);
  // 1. The payment and the key, in one transaction: a retry with the key finds this payment again.
  std::optional<TopupAnswer> first_answer;
  std::int64_t payment_id = 0;
  co_await ledger_.Atomically<void>([&, this](db::Transaction& tx) -> awaitable<void> {
    first_answer.reset();
    auto first = co_await platform::Idempotency::Claim(tx, user_id, key, request_hash);
    if (first) {
      Topup again;
      kernel::FromJson(boost::json::parse(first->body), again);
      payment_id = again.id;
      first_answer = TopupAnswer{std::move(again), first->status};
      co_return;
    }
    // The wallet of the currency exists from the first top-up on (the statement lists it at 0 meanwhile).
    co_await ledger_.UserAccount(tx, user_id, input.currency);
    const std::string gateway(gateway_->Name());
    auto inserted = co_await tx.Query(kInsertPayment, user_id, amount, input.currency, gateway);
    Topup topup = ReadTopup(inserted.One(), *sandbox_, lang_text);
    payment_id = topup.id;
    const std::string answer = boost::json::serialize(kernel::ToJson(topup));
    co_await platform::Idempotency::Remember(tx, user_id, key, 201, answer);
  });
  // The sandbox's answer is final (its checkout is a page of ours): the first answer again, as always.
  if (first_answer && first_answer->topup.gateway == sandbox_->Name()) co_return std::move(*first_answer);
  auto rows = co_await pool_.Query(kPaymentById, payment_id);
  auto row = rows.One();
  const std::string gateway_name = row.Get<std::string>("gateway");
  const int status = first_answer ? first_answer->status : 201;
  if (gateway_name == sandbox_->Name() || row.Get<std::optional<std::string>>("external_id")) {
    Topup topup = ReadTopup(row, *sandbox_, lang_text);
    co_return TopupAnswer{std::move(topup), status};
  }
  // 2. A remote acquirer: the payment is created there outside any transaction (a call out must not hold
  // locks). When it fails the payer gets wallet:gateway.* and the payment stays pending without an
  // external id: a retry with the same Idempotency-Key comes back here, and the acquirer's Idempotence-Key
  // (derived from our payment's id) makes it the same payment there too.
  Gateway& gateway = GatewayNamed(gateway_name);
  GatewayPayment payment;
  payment.id = payment_id;
  payment.amount = row.Get<std::int64_t>("amount");
  payment.currency = row.Get<std::string>("currency");
  payment.return_url = settings_.public_url + "/" + lang_text + "/bill?topup=" + std::to_string(payment_id);
  payment.description = "Artel: top-up #" + std::to_string(payment_id);
  auto started = co_await gateway.Start(std::move(payment));
  if (started) {
    const std::string external_id = std::move(started->external_id);
    const std::string url = std::move(started->confirmation_url);
    co_await pool_.Query(kStarted, payment_id, external_id, url);
  }
  auto now = co_await pool_.Query(kPaymentById, payment_id);
  Topup topup = ReadTopup(now.One(), *sandbox_, lang_text);
  co_return TopupAnswer{std::move(topup), status};
}

Gateway& Wallet::GatewayNamed(std::string_view name) {
  if (name == sandbox_->Name()) return *sandbox_;
  if (gateway_ && name == gateway_->Name()) return *gateway_;
  throw NotFound({"wallet:webhook.unknown_gateway", {}});
}

awaitable<Topup> Wallet::GetTopup(std::int64_t user_id, std::int64_t payment_id, std::string_view lang) {
  auto rows = co_await pool_.Query(kOwnPayment, payment_id, user_id);
  if (rows.Empty()) throw NotFound({"wallet:topup_not_found", {}});
  co_return ReadTopup(rows.One(), *sandbox_, lang);
}

awaitable<Topup> Wallet::SandboxPay(std::int64_t user_id, std::int64_t payment_id, std::string card_number,
                                    std::string_view lang) {
  const SandboxCard card = ClassifySandboxCard(card_number);
  if (card == SandboxCard::kUnknown) {
    throw ValidationFailed("card_number", {"wallet:sandbox.card_unknown", {}});
  }
  const std::string last4 = Last4(card_number);
  const std::string lang_text(lang);
  std::optional<GatewayEvent> outcome;
  Topup topup = co_await ledger_.Atomically<Topup>([&, this](db::Transaction& tx) -> awaitable<Topup> {
    outcome.reset();
    auto locked = co_await tx.Query(kLockOwnPayment, payment_id, user_id);
    if (locked.Empty()) throw NotFound({"wallet:topup_not_found", {}});
    const auto row = locked.One();
    if (row.Get<std::string>("gateway") != sandbox_->Name()) throw NotFound({"wallet:topup_not_found", {}});
    if (row.Get<std::string>("status") != "pending") throw Conflict({"wallet:sandbox.not_pending", {}});
    const std::string_view status =
        card == SandboxCard::kNeedsConfirmation ? "waiting_for_confirmation" : "processing";
    auto updated = co_await tx.Query(kSandboxStep, payment_id, status, last4);
    Topup now = ReadTopup(updated.One(), *sandbox_, lang_text);
    if (card != SandboxCard::kNeedsConfirmation) {
      GatewayEvent event;
      event.event_id = "evt_" + RandomToken(12);
      event.payment_id = payment_id;
      event.succeeded = card == SandboxCard::kSucceeds;
      event.amount = row.Get<std::int64_t>("amount");
      event.currency = row.Get<std::string>("currency");
      event.card_last4 = last4;
      if (!event.succeeded) event.decline_reason = "card_declined";
      outcome = std::move(event);
    }
    co_return now;
  });
  if (outcome) Deliver(std::move(*outcome));
  co_return topup;
}

awaitable<Topup> Wallet::SandboxConfirm(std::int64_t user_id, std::int64_t payment_id, std::string code,
                                        std::string_view lang) {
  const std::string lang_text(lang);
  std::optional<GatewayEvent> outcome;
  Topup topup = co_await ledger_.Atomically<Topup>([&, this](db::Transaction& tx) -> awaitable<Topup> {
    outcome.reset();
    auto locked = co_await tx.Query(kLockOwnPayment, payment_id, user_id);
    if (locked.Empty()) throw NotFound({"wallet:topup_not_found", {}});
    const auto row = locked.One();
    if (row.Get<std::string>("gateway") != sandbox_->Name()) throw NotFound({"wallet:topup_not_found", {}});
    if (row.Get<std::string>("status") != "waiting_for_confirmation") {
      throw Conflict({"wallet:sandbox.not_waiting", {}});
    }
    if (code != SandboxGateway::kConfirmationCode) {
      throw ValidationFailed("code", {"wallet:sandbox.code_wrong", {}});
    }
    const auto last4 = row.Get<std::optional<std::string>>("card_last4");
    auto updated = co_await tx.Query(kSandboxStep, payment_id, std::string_view("processing"), last4);
    Topup now = ReadTopup(updated.One(), *sandbox_, lang_text);
    GatewayEvent event;
    event.event_id = "evt_" + RandomToken(12);
    event.payment_id = payment_id;
    event.succeeded = true;
    event.amount = row.Get<std::int64_t>("amount");
    event.currency = row.Get<std::string>("currency");
    event.card_last4 = last4;
    outcome = std::move(event);
    co_return now;
  });
  if (outcome) Deliver(std::move(*outcome));
  co_return topup;
}

void Wallet::Deliver(GatewayEvent event) {
  auto body = std::make_shared<const std::string>(SandboxGateway::EventBody(event));
  boost::asio::co_spawn(
      pool_.GetExecutor(),
      [this, body]() -> awaitable<void> {
        const auto executor = co_await boost::asio::this_coro::executor;
        for (int attempt = 1; attempt <= 5; ++attempt) {
          boost::asio::steady_timer timer(executor, settings_.sandbox_delay * attempt);
          co_await timer.async_wait(boost::asio::use_awaitable);
          std::optional<std::string> signature = sandbox_->Sign(*body, clock_.Now());
          std::string text = *body;
          bool delivered = false;
          try {
            const std::string local = "127.0.0.1";
            co_await ReceiveWebhook("sandbox", std::move(text), std::move(signature), local);
            delivered = true;
          } catch (const std::exception& error) {
            log::Warning("wallet: the sandbox's webhook failed (attempt {}): {}", attempt, error.what());
          }
          if (delivered) co_return;
        }
      },
      boost::asio::detached);
}

awaitable<bool> Wallet::ReceiveWebhook(std::string_view gateway, std::string body,
                                       std::optional<std::string> signature, std::string remote_ip) {
  Gateway& receiver = GatewayNamed(gateway);
  WebhookRequest request;
  request.body = body;
  if (signature) request.signature = *signature;
  request.remote_ip = remote_ip;
  request.now = clock_.Now();
  const std::optional<GatewayEvent> read = co_await receiver.ReadNotification(request);
  if (!read) co_return false;
  const GatewayEvent event = *read;
  const std::string gateway_name(gateway);
  if (event.payout_id) {
    if (!payout_events_) throw BadRequest({"wallet:webhook.unknown_payment", {}});
    co_return co_await payout_events_(gateway_name, event);
  }
  co_return co_await ledger_.Atomically<bool>([&, this](db::Transaction& tx) -> awaitable<bool> {
    auto locked = co_await tx.Query(kLockGatewayPayment, event.payment_id, gateway_name);
    if (locked.Empty()) throw BadRequest({"wallet:webhook.unknown_payment", {}});
    const auto row = locked.One();
    if (event.external_id && row.Get<std::optional<std::string>>("external_id") != event.external_id) {
      throw BadRequest({"wallet:webhook.mismatch", {}});
    }
    if (row.Get<std::int64_t>("amount") != event.amount ||
        row.Get<std::string>("currency") != event.currency) {
      throw BadRequest({"wallet:webhook.mismatch", {}});
    }
    auto taken = co_await tx.Query(kTakeEvent, gateway_name, event.event_id, event.payment_id);
    if (taken.Empty()) co_return false;  // delivered before
    const auto status = row.Get<std::string>("status");
    if (status == "succeeded" || status == "declined") co_return false;  // settled by another event
    if (!event.succeeded) {
      co_await tx.Query(kDeclined, event.payment_id, event.decline_reason, event.card_last4);
      co_return true;
    }
    const auto user_id = row.Get<std::int64_t>("user_id");
    TransferInput credit;
    credit.debit = co_await ledger_.PlatformAccount(tx, AccountKind::kClearing, event.currency);
    credit.credit = co_await ledger_.UserAccount(tx, user_id, event.currency);
    credit.amount = event.amount;
    credit.currency = event.currency;
    credit.kind = "topup";
    credit.reference = "payment:" + std::to_string(event.payment_id);
    const Entry entry = co_await ledger_.Transfer(tx, credit);
    const std::optional<TimePoint> now;
    co_await tx.Query(kSucceeded, event.payment_id, entry.id, event.card_last4, now);
    co_return true;
  });
}

awaitable<void> Wallet::SeedTopup(std::int64_t user_id, std::int64_t amount, std::string currency,
                                  std::string card_last4, TimePoint when) {
  co_await ledger_.Atomically<void>([&, this](db::Transaction& tx) -> awaitable<void> {
    auto inserted = co_await tx.Query(kSeedPayment, user_id, amount, currency, card_last4, when);
    const auto payment_id = inserted.One().Get<std::int64_t>("id");
    TransferInput credit;
    credit.debit = co_await ledger_.PlatformAccount(tx, AccountKind::kClearing, currency);
    credit.credit = co_await ledger_.UserAccount(tx, user_id, currency);
    credit.amount = amount;
    credit.currency = currency;
    credit.kind = "topup";
    credit.reference = "payment:" + std::to_string(payment_id);
    credit.at = when;
    const Entry entry = co_await ledger_.Transfer(tx, credit);
    const std::optional<std::string> last4 = card_last4;
    const std::optional<TimePoint> at = when;
    co_await tx.Query(kSucceeded, payment_id, entry.id, last4, at);
  });
}

}  // namespace artel::wallet
