#include "artel/wallet/deals.hpp"

#include <boost/json/parse.hpp>
#include <boost/json/serialize.hpp>

#include "artel/core/error.hpp"
#include "artel/db/pool.hpp"
#include "artel/kernel/json.hpp"
#include "artel/kernel/money.hpp"
#include "artel/platform/audit.hpp"
#include "artel/platform/events.hpp"
#include "artel/platform/idempotency.hpp"

namespace artel::wallet {
namespace {

using boost::asio::awaitable;

constexpr db::Statement kOrder{"wallet.deal_order", R"sql(
SELECT o.id, o.name, o.customer_id, o.performer_id, o.status, o.payment_option,
       d.id AS deal_id, d.currency, d.performer_id AS deal_performer_id
FROM orders.orders o LEFT JOIN wallet.deals d ON d.order_id = o.id
WHERE o.id = $1
)sql"};
constexpr db::Statement kOpenDeal{"wallet.open_deal", R"sql(
INSERT INTO wallet.deals (order_id, customer_id, performer_id, currency) VALUES ($1, $2, $3, $4)
ON CONFLICT (order_id) DO NOTHING
)sql"};
constexpr db::Statement kLockDeal{"wallet.lock_deal", R"sql(
SELECT id, currency FROM wallet.deals WHERE order_id = $1 FOR UPDATE
)sql"};
constexpr db::Statement kInsertMilestone{"wallet.insert_milestone", R"sql(
INSERT INTO wallet.milestones (deal_id, title, amount, deadline) VALUES ($1, $2, $3, $4::date)
)sql"};
constexpr db::Statement kCountMilestones{"wallet.count_milestones", R"sql(
SELECT count(*) FROM wallet.milestones WHERE deal_id = $1
)sql"};
constexpr db::Statement kMilestones{"wallet.deal_milestones", R"sql(
SELECT id, title, amount, deadline::text AS deadline, status, hold_id, delivery_message, delivered_at,
       changes_message, disputed_by, dispute_reason, released, fee, refunded, created_at, updated_at
FROM wallet.milestones WHERE deal_id = $1 ORDER BY id
)sql"};
constexpr db::Statement kLockMilestone{"wallet.lock_milestone", R"sql(
SELECT m.id, m.title, m.amount, m.deadline::text AS deadline, m.status, m.hold_id, m.delivery_message,
       m.delivered_at, m.changes_message, m.disputed_by, m.dispute_reason, m.released, m.fee, m.refunded,
       m.created_at, m.updated_at, d.order_id, d.customer_id, d.performer_id, d.currency,
       o.name AS order_name, o.status AS order_status
FROM wallet.milestones m
JOIN wallet.deals d ON d.id = m.deal_id
JOIN orders.orders o ON o.id = d.order_id
WHERE m.id = $1
FOR UPDATE OF m
)sql"};
constexpr db::Statement kUpdateMilestone{"wallet.update_milestone", R"sql(
UPDATE wallet.milestones
SET status = $2, hold_id = $3, delivery_message = $4, delivered_at = $5, changes_message = $6, disputed_by = $7,
    dispute_reason = $8, released = $9, fee = $10, refunded = $11, updated_at = $12
WHERE id = $1
)sql"};
constexpr db::Statement kDue{"wallet.due_milestones", R"sql(
SELECT id FROM wallet.milestones
WHERE status = 'delivered' AND delivered_at <= $1
ORDER BY delivered_at, id
LIMIT 100
FOR UPDATE SKIP LOCKED
)sql"};
constexpr db::Statement kReminderDue{"wallet.release_reminder_due", R"sql(
SELECT id FROM wallet.milestones
WHERE status = 'delivered' AND delivered_at <= $1
  AND (release_reminded_at IS NULL OR release_reminded_at < delivered_at)
ORDER BY delivered_at, id
LIMIT 100
FOR UPDATE SKIP LOCKED
)sql"};
constexpr db::Statement kReminded{"wallet.release_reminded", R"sql(
UPDATE wallet.milestones SET release_reminded_at = $2 WHERE id = $1
)sql"};
constexpr db::Statement kList{"wallet.list_deals", R"sql(
SELECT d.id, d.order_id, o.name AS order_name, d.currency,
       CASE WHEN d.customer_id = $1 THEN 'customer' ELSE 'performer' END AS role,
       coalesce(sum(m.amount) FILTER (WHERE m.status IN ('funded', 'delivered', 'disputed')), 0) AS in_escrow,
       count(m.id) AS milestones,
       count(m.id) FILTER (WHERE m.status IN ('draft', 'funded', 'delivered', 'disputed')) AS open_milestones
FROM wallet.deals d
JOIN orders.orders o ON o.id = d.order_id
LEFT JOIN wallet.milestones m ON m.deal_id = d.id
WHERE d.customer_id = $1 OR d.performer_id = $1
GROUP BY d.id, o.name
ORDER BY d.created_at DESC, d.id DESC
LIMIT 100
)sql"};

constexpr db::Statement kDisputes{"wallet.list_disputes", R"sql(
SELECT m.id AS milestone_id, d.order_id, o.name AS order_name, m.title, m.amount, d.currency,
       d.customer_id, concat_ws(' ', c.name, nullif(c.lastname, '')) AS customer_name,
       d.performer_id, concat_ws(' ', p.name, nullif(p.lastname, '')) AS performer_name,
       CASE WHEN m.disputed_by = d.customer_id THEN 'customer' ELSE 'performer' END AS opened_by,
       coalesce(m.dispute_reason, '') AS reason, m.updated_at AS disputed_at
FROM wallet.milestones m
JOIN wallet.deals d ON d.id = m.deal_id
JOIN orders.orders o ON o.id = d.order_id
JOIN identity.users c ON c.id = d.customer_id
JOIN identity.users p ON p.id = d.performer_id
WHERE m.status = 'disputed'
ORDER BY m.updated_at, m.id
LIMIT $1
)sql"};

constexpr std::size_t kMaxMilestones = 20;
constexpr std::size_t kMaxTitle = 200;
constexpr std::size_t kMaxMessage = 4000;

std::string Money(std::int64_t minor, std::string_view currency) {
  return kernel::FormatAmount(minor, kernel::CurrencyDigits(currency).value_or(2));
}

/// A milestone as stored, with its deal.
struct MilestoneRow {
  std::int64_t id = 0;
  std::string title;
  std::int64_t amount = 0;
  std::optional<std::string> deadline;
  MilestoneStatus status = MilestoneStatus::kDraft;
  std::optional<std::int64_t> hold_id;
  std::optional<std::string> delivery_message;
  std::optional<TimePoint> delivered_at;
  std::optional<std::string> changes_message;
  std::optional<std::int64_t> disputed_by;
  std::optional<std::string> dispute_reason;
  std::optional<std::int64_t> released;
  std::optional<std::int64_t> fee;
  std::optional<std::int64_t> refunded;
  TimePoint created_at;
  TimePoint updated_at;
  // The deal's.
  std::int64_t order_id = 0;
  std::int64_t customer_id = 0;
  std::int64_t performer_id = 0;
  std::string currency;
  std::string order_name;
  std::string order_status;
};

MilestoneRow ReadMilestone(const db::Row& row, bool with_deal) {
  MilestoneRow m;
  m.id = row.Get<std::int64_t>("id");
  m.title = row.Get<std::string>("title");
  m.amount = row.Get<std::int64_t>("amount");
  m.deadline = row.Get<std::optional<std::string>>("deadline");
  m.status = ParseMilestoneStatus(row.Get<std::string>("status")).value_or(MilestoneStatus::kDraft);
  m.hold_id = row.Get<std::optional<std::int64_t>>("hold_id");
  m.delivery_message = row.Get<std::optional<std::string>>("delivery_message");
  m.delivered_at = row.Get<std::optional<TimePoint>>("delivered_at");
  m.changes_message = row.Get<std::optional<std::string>>("changes_message");
  m.disputed_by = row.Get<std::optional<std::int64_t>>("disputed_by");
  m.dispute_reason = row.Get<std::optional<std::string>>("dispute_reason");
  m.released = row.Get<std::optional<std::int64_t>>("released");
  m.fee = row.Get<std::optional<std::int64_t>>("fee");
  m.refunded = row.Get<std::optional<std::int64_t>>("refunded");
  m.created_at = row.Get<TimePoint>("created_at");
  m.updated_at = row.Get<TimePoint>("updated_at");
  if (with_deal) {
    m.order_id = row.Get<std::int64_t>("order_id");
    m.customer_id = row.Get<std::int64_t>("customer_id");
    m.performer_id = row.Get<std::int64_t>("performer_id");
    m.currency = row.Get<std::string>("currency");
    m.order_name = row.Get<std::string>("order_name");
    m.order_status = row.Get<std::string>("order_status");
  }
  return m;
}

/// The side `actor` takes in a deal between `customer_id` and `performer_id`; 404 for outsiders.
DealSide SideOf(const Actor& actor, std::int64_t customer_id, std::int64_t performer_id) {
  if (actor.user_id == customer_id) return DealSide::kCustomer;
  if (actor.user_id == performer_id) return DealSide::kPerformer;
  if (actor.IsAdmin()) return DealSide::kAdmin;
  throw NotFound({"wallet:deal_not_found", {}});
}

std::string RoleName(DealSide side) {
  switch (side) {
    case DealSide::kCustomer:
      return "customer";
    case DealSide::kPerformer:
      return "performer";
    default:
      return "admin";
  }
}

constexpr MilestoneAction kOfferedActions[] = {
    MilestoneAction::kFund,           MilestoneAction::kDeliver, MilestoneAction::kAccept,
    MilestoneAction::kRequestChanges, MilestoneAction::kRefund,  MilestoneAction::kDispute,
    MilestoneAction::kResolve,
};

bool IsMoneyMoving(MilestoneAction action) noexcept {
  return action == MilestoneAction::kFund || action == MilestoneAction::kAccept ||
         action == MilestoneAction::kRefund || action == MilestoneAction::kResolve;
}

/// `text` in minor units of `currency` (0 < amount ≤ max major units, or 0 ≤ … with `allow_zero`); adds the
/// problem to `errors` on `field`.
std::int64_t ParseMoney(std::string_view text, std::string_view currency, std::int64_t max_minor,
                        std::string_view field, ValidationErrors& errors, bool allow_zero = false) {
  const auto digits = kernel::CurrencyDigits(currency).value_or(2);
  const auto parsed = kernel::ParseAmount(text, digits, max_minor);
  switch (parsed.problem) {
    case kernel::AmountProblem::kNone:
      return parsed.minor;
    case kernel::AmountProblem::kNotANumber:
      errors.Add(std::string(field), {"wallet:amount.not_a_number", {}});
      break;
    case kernel::AmountProblem::kNotPositive:
      // "0" and "0.00" are fine where zero is allowed; a negative never is.
      if (allow_zero && !text.empty() && text.front() != '-') return 0;
      errors.Add(std::string(field), {"wallet:amount.not_positive", {}});
      break;
    case kernel::AmountProblem::kTooManyDecimals:
      errors.Add(std::string(field),
                 {"wallet:amount.too_many_decimals", {{"count", std::to_string(digits)}}});
      break;
    case kernel::AmountProblem::kTooLarge:
      errors.Add(std::string(field),
                 {"wallet:amount.too_large",
                  {{"max", kernel::FormatAmount(max_minor, digits)}, {"currency", std::string(currency)}}});
      break;
  }
  return 0;
}

std::int64_t MaxMinor(std::uint64_t major, std::string_view currency) {
  std::int64_t scale = 1;
  for (int i = 0; i < kernel::CurrencyDigits(currency).value_or(2); ++i) scale *= 10;
  return static_cast<std::int64_t>(major) * scale;
}

}  // namespace

Deals::Deals(db::Pool& pool, Ledger& ledger, platform::EventBus& events, DealSettings settings,
             const Clock& clock)
    : pool_(pool), ledger_(ledger), events_(events), settings_(settings), clock_(clock) {}

std::int64_t Deals::Fee(std::int64_t amount) const noexcept {
  // Rounded down to the minor unit: the performer never gets less than the schedule says.
  return amount / 100 * static_cast<std::int64_t>(settings_.fee_percent) +
         amount % 100 * static_cast<std::int64_t>(settings_.fee_percent) / 100;
}

namespace {

/// Everything a Deal view needs, read in `tx`.
struct DealContext {
  std::int64_t order_id = 0;
  std::string order_name;
  std::int64_t customer_id = 0;
  std::optional<std::int64_t> performer_id;
  std::string order_status;
  std::string payment_option;
  std::optional<std::int64_t> deal_id;
  std::optional<std::string> currency;
};

awaitable<DealContext> ReadOrder(db::Transaction& tx, std::int64_t order_id) {
  auto rows = co_await tx.Query(kOrder, order_id);
  if (rows.Empty()) throw NotFound({"wallet:deal_not_found", {}});
  const auto row = rows.One();
  DealContext context;
  context.order_id = order_id;
  context.order_name = row.Get<std::string>("name");
  context.customer_id = row.Get<std::int64_t>("customer_id");
  context.performer_id = row.Get<std::optional<std::int64_t>>("performer_id");
  context.order_status = row.Get<std::string>("status");
  context.payment_option = row.Get<std::string>("payment_option");
  context.deal_id = row.Get<std::optional<std::int64_t>>("deal_id");
  context.currency = row.Get<std::optional<std::string>>("currency");
  // A deal keeps its performer; the order's columns only matter before it opens.
  if (context.deal_id) context.performer_id = row.Get<std::optional<std::int64_t>>("deal_performer_id");
  co_return context;
}

}  // namespace

namespace {

awaitable<Deal> LoadDeal(db::Transaction& tx, const Deals& deals, DealSide side, const DealContext& context) {
  Deal deal;
  deal.id = context.deal_id;
  deal.order_id = context.order_id;
  deal.order_name = context.order_name;
  deal.customer_id = context.customer_id;
  deal.performer_id = context.performer_id.value_or(0);
  deal.role = RoleName(side);
  deal.currency = context.currency;
  deal.fee_percent = static_cast<std::int64_t>(deals.GetSettings().fee_percent);
  deal.auto_release_days = static_cast<std::int64_t>(deals.GetSettings().auto_release_days);
  const std::string currency = context.currency.value_or("RUB");
  std::int64_t in_escrow = 0;
  std::int64_t released = 0;
  std::int64_t refunded = 0;
  if (context.deal_id) {
    auto rows = co_await tx.Query(kMilestones, *context.deal_id);
    for (const auto& row : rows) {
      const MilestoneRow m = ReadMilestone(row, false);
      Milestone view;
      view.id = m.id;
      view.title = m.title;
      view.amount = Money(m.amount, currency);
      const auto fee = deals.Fee(m.amount);
      view.fee = Money(fee, currency);
      view.payout = Money(m.amount - fee, currency);
      view.deadline = m.deadline;
      view.status = std::string(MilestoneStatusName(m.status));
      view.delivery_message = m.delivery_message;
      view.delivered_at = m.delivered_at;
      if (m.status == MilestoneStatus::kDelivered && m.delivered_at) {
        view.auto_release_at = *m.delivered_at + deals.GetSettings().AutoReleaseAfter();
      }
      view.changes_message = m.changes_message;
      view.disputed_by = m.disputed_by;
      view.dispute_reason = m.dispute_reason;
      if (m.released) view.released = Money(*m.released, currency);
      if (m.fee) view.fee_taken = Money(*m.fee, currency);
      if (m.refunded) view.refunded = Money(*m.refunded, currency);
      for (const auto action : kOfferedActions) {
        if (IsAllowed(m.status, action) && MayAct(side, action)) {
          view.actions.emplace_back(MilestoneActionName(action));
        }
      }
      view.created_at = m.created_at;
      view.updated_at = m.updated_at;
      if (m.status == MilestoneStatus::kFunded || m.status == MilestoneStatus::kDelivered ||
          m.status == MilestoneStatus::kDisputed) {
        in_escrow += m.amount;
      }
      released += m.released.value_or(0);
      refunded += m.refunded.value_or(0);
      deal.milestones.push_back(std::move(view));
    }
  }
  deal.in_escrow = Money(in_escrow, currency);
  deal.released = Money(released, currency);
  deal.refunded = Money(refunded, currency);
  co_return deal;
}

}  // namespace

namespace {

/// The deal is shown only for a safe-deal order with a performer.
void RequireDealOrder(const DealContext& context) {
  if (context.payment_option != "safe_deal" || !context.performer_id) {
    throw NotFound({"wallet:deal_not_found", {}});
  }
}

}  // namespace

awaitable<Deal> Deals::Get(const Actor& actor, std::int64_t order_id) {
  co_return co_await ledger_.Atomically<Deal>([&, this](db::Transaction& tx) -> awaitable<Deal> {
    const DealContext context = co_await ReadOrder(tx, order_id);
    const DealSide side = SideOf(actor, context.customer_id, context.performer_id.value_or(0));
    RequireDealOrder(context);
    co_return co_await LoadDeal(tx, *this, side, context);
  });
}

awaitable<std::vector<DealSummary>> Deals::List(std::int64_t user_id) {
  auto rows = co_await pool_.Query(kList, user_id);
  std::vector<DealSummary> list;
  for (const auto& row : rows) {
    DealSummary summary;
    summary.id = row.Get<std::int64_t>("id");
    summary.order_id = row.Get<std::int64_t>("order_id");
    summary.order_name = row.Get<std::string>("order_name");
    summary.role = row.Get<std::string>("role");
    summary.currency = row.Get<std::string>("currency");
    summary.in_escrow = Money(row.Get<std::int64_t>("in_escrow"), summary.currency);
    summary.milestones = row.Get<std::int64_t>("milestones");
    summary.open_milestones = row.Get<std::int64_t>("open_milestones");
    list.push_back(std::move(summary));
  }
  co_return list;
}

awaitable<std::vector<DisputeSummary>> Deals::Disputes(const Actor& admin) {
  if (!admin.IsAdmin()) throw Forbidden({"wallet:deal.not_your_action", {}});
  auto rows = co_await pool_.Query(kDisputes, static_cast<std::int64_t>(kMaxDisputes));
  std::vector<DisputeSummary> list;
  list.reserve(rows.Size());
  for (const auto& row : rows) {
    DisputeSummary item;
    item.milestone_id = row.Get<std::int64_t>("milestone_id");
    item.order_id = row.Get<std::int64_t>("order_id");
    item.order_name = row.Get<std::string>("order_name");
    item.title = row.Get<std::string>("title");
    item.currency = row.Get<std::string>("currency");
    item.amount = Money(row.Get<std::int64_t>("amount"), item.currency);
    item.customer_id = row.Get<std::int64_t>("customer_id");
    item.customer_name = row.Get<std::string>("customer_name");
    item.performer_id = row.Get<std::int64_t>("performer_id");
    item.performer_name = row.Get<std::string>("performer_name");
    item.opened_by = row.Get<std::string>("opened_by");
    item.reason = row.Get<std::string>("reason");
    item.disputed_at = row.Get<TimePoint>("disputed_at");
    list.push_back(std::move(item));
  }
  co_return list;
}

awaitable<Deal> Deals::AddMilestone(const Actor& actor, std::int64_t order_id, MilestoneInput input) {
  ValidationErrors errors;
  if (input.title.empty() || input.title.size() > kMaxTitle) {
    errors.Add("title", {"wallet:deal.title_invalid", {{"max", std::to_string(kMaxTitle)}}});
  }
  std::int64_t amount = 0;
  if (!kernel::CurrencyDigits(input.currency)) {
    errors.Add("currency", {"wallet:currency_unknown", {}});
  } else {
    amount = ParseMoney(input.amount, input.currency, MaxMinor(settings_.max_milestone, input.currency),
                        "amount", errors);
  }
  if (input.deadline && (input.deadline->size() != 10 || !ParseIsoTime(*input.deadline + "T00:00:00Z"))) {
    errors.Add("deadline", {"wallet:deal.deadline_invalid", {}});
  }
  errors.ThrowIfAny();
  co_return co_await ledger_.Atomically<Deal>([&, this](db::Transaction& tx) -> awaitable<Deal> {
    DealContext context = co_await ReadOrder(tx, order_id);
    const DealSide side = SideOf(actor, context.customer_id, context.performer_id.value_or(0));
    RequireDealOrder(context);
    if (side != DealSide::kCustomer) throw Forbidden({"wallet:deal.not_your_action", {}});
    if (context.order_status != "in_progress") throw Conflict({"wallet:deal.order_not_eligible", {}});
    co_await tx.Query(kOpenDeal, order_id, context.customer_id, *context.performer_id, input.currency);
    auto locked = co_await tx.Query(kLockDeal, order_id);
    const auto deal_row = locked.One();
    const auto deal_id = deal_row.Get<std::int64_t>("id");
    const auto currency = deal_row.Get<std::string>("currency");
    if (currency != input.currency) {
      throw ValidationFailed("currency", {"wallet:deal.currency_mismatch", {{"currency", currency}}});
    }
    auto counted = co_await tx.Query(kCountMilestones, deal_id);
    if (counted.One().Get<std::int64_t>(0) >= static_cast<std::int64_t>(kMaxMilestones)) {
      throw Conflict({"wallet:deal.too_many_milestones", {{"max", std::to_string(kMaxMilestones)}}});
    }
    co_await tx.Query(kInsertMilestone, deal_id, input.title, amount, input.deadline);
    context.deal_id = deal_id;
    context.currency = currency;
    co_return co_await LoadDeal(tx, *this, side, context);
  });
}

namespace {

/// Settles a milestone's hold: `release` (≤ amount) to the performer minus the fee, the fee to the platform,
/// the rest back to the customer. Writes the outcome into `m`.
awaitable<void> Settle(db::Transaction& tx, Ledger& ledger, const Deals& deals, MilestoneRow& m,
                       std::int64_t release) {
  const std::string reference = "milestone:" + std::to_string(m.id);
  if (release == 0) {
    co_await ledger.VoidHold(tx, *m.hold_id);
    m.released = 0;
    m.fee = 0;
    m.refunded = m.amount;
    co_return;
  }
  co_await ledger.PostHold(tx, *m.hold_id);
  const std::int64_t escrow = co_await ledger.PlatformAccount(tx, AccountKind::kEscrow, m.currency);
  const std::int64_t fee = deals.Fee(release);
  if (release - fee > 0) {
    TransferInput payout;
    payout.debit = escrow;
    payout.credit = co_await ledger.UserAccount(tx, m.performer_id, m.currency);
    payout.amount = release - fee;
    payout.currency = m.currency;
    payout.kind = "deal_release";
    payout.reference = reference;
    co_await ledger.Transfer(tx, payout);
  }
  if (fee > 0) {
    TransferInput revenue;
    revenue.debit = escrow;
    revenue.credit = co_await ledger.PlatformAccount(tx, AccountKind::kFeeRevenue, m.currency);
    revenue.amount = fee;
    revenue.currency = m.currency;
    revenue.kind = "deal_fee";
    revenue.reference = reference;
    co_await ledger.Transfer(tx, revenue);
  }
  if (m.amount - release > 0) {
    TransferInput back;
    back.debit = escrow;
    back.credit = co_await ledger.UserAccount(tx, m.customer_id, m.currency);
    back.amount = m.amount - release;
    back.currency = m.currency;
    back.kind = "deal_refund";
    back.reference = reference;
    co_await ledger.Transfer(tx, back);
  }
  m.released = release;
  m.fee = fee;
  m.refunded = m.amount - release;
}

awaitable<void> Store(db::Transaction& tx, const MilestoneRow& m, TimePoint now) {
  const std::string status(MilestoneStatusName(m.status));
  co_await tx.Query(kUpdateMilestone, m.id, status, m.hold_id, m.delivery_message, m.delivered_at,
                    m.changes_message, m.disputed_by, m.dispute_reason, m.released, m.fee, m.refunded, now);
}

}  // namespace

namespace {

/// One step on a locked milestone, in `tx`: the state machine, the money, the row, the event.
awaitable<void> Step(db::Transaction& tx, Ledger& ledger, const Deals& deals, platform::EventBus& events,
                     MilestoneRow& m, MilestoneAction action, std::int64_t actor_id,
                     const std::optional<std::string>& message, std::int64_t release, TimePoint now) {
  const MilestoneStatus next = Apply(m.status, action);
  switch (action) {
    case MilestoneAction::kFund: {
      if (m.order_status != "in_progress") throw Conflict({"wallet:deal.order_not_eligible", {}});
      HoldInput hold;
      hold.debit = co_await ledger.UserAccount(tx, m.customer_id, m.currency);
      hold.credit = co_await ledger.PlatformAccount(tx, AccountKind::kEscrow, m.currency);
      hold.amount = m.amount;
      hold.currency = m.currency;
      hold.kind = "deal_fund";
      hold.reference = "milestone:" + std::to_string(m.id);
      const Hold placed = co_await ledger.PlaceHold(tx, hold);
      m.hold_id = placed.id;
      break;
    }
    case MilestoneAction::kDeliver:
      m.delivery_message = message;
      m.delivered_at = now;
      break;
    case MilestoneAction::kRequestChanges:
      m.changes_message = message;
      m.delivered_at.reset();
      break;
    case MilestoneAction::kAccept:
    case MilestoneAction::kAutoRelease:
      co_await Settle(tx, ledger, deals, m, m.amount);
      break;
    case MilestoneAction::kRefund:
      co_await Settle(tx, ledger, deals, m, 0);
      break;
    case MilestoneAction::kDispute:
      m.disputed_by = actor_id;
      m.dispute_reason = message;
      break;
    case MilestoneAction::kResolve:
      co_await Settle(tx, ledger, deals, m, release);
      break;
  }
  m.status = next;
  co_await Store(tx, m, now);
  MilestoneChanged event;
  event.order_id = m.order_id;
  event.order_name = m.order_name;
  event.customer_id = m.customer_id;
  event.performer_id = m.performer_id;
  event.milestone_id = m.id;
  event.title = m.title;
  event.action = action;
  event.actor_id = actor_id;
  event.at = now;
  co_await events.Publish(tx, event);
}

}  // namespace

namespace {

awaitable<MilestoneRow> LockMilestone(db::Transaction& tx, std::int64_t milestone_id) {
  auto rows = co_await tx.Query(kLockMilestone, milestone_id);
  if (rows.Empty()) throw NotFound({"wallet:deal_not_found", {}});
  co_return ReadMilestone(rows.One(), true);
}

awaitable<DealContext> ContextOf(db::Transaction& tx, const MilestoneRow& m) {
  co_return co_await ReadOrder(tx, m.order_id);
}

}  // namespace

awaitable<DealAnswer> Deals::Act(const Actor& actor, std::int64_t milestone_id, MilestoneAction action,
                                 std::optional<std::string> message, std::string key,
                                 std::string request_hash) {
  if (action == MilestoneAction::kResolve || action == MilestoneAction::kAutoRelease) {
    throw Forbidden({"wallet:deal.not_your_action", {}});
  }
  const bool needs_message = action == MilestoneAction::kDeliver ||
                             action == MilestoneAction::kRequestChanges ||
                             action == MilestoneAction::kDispute;
  if (needs_message && (!message || message->empty() || message->size() > kMaxMessage)) {
    throw ValidationFailed("message",
                           {"wallet:deal.message_invalid", {{"max", std::to_string(kMaxMessage)}}});
  }
  const bool idempotent = IsMoneyMoving(action) && !key.empty();
  co_return co_await ledger_.Atomically<DealAnswer>([&, this](db::Transaction& tx) -> awaitable<DealAnswer> {
    if (idempotent) {
      auto first = co_await platform::Idempotency::Claim(tx, actor.user_id, key, request_hash);
      if (first) {
        Deal again;
        kernel::FromJson(boost::json::parse(first->body), again);
        co_return DealAnswer{std::move(again), first->status};
      }
    }
    MilestoneRow m = co_await LockMilestone(tx, milestone_id);
    const DealSide side = SideOf(actor, m.customer_id, m.performer_id);
    if (!MayAct(side, action)) throw Forbidden({"wallet:deal.not_your_action", {}});
    const TimePoint now = clock_.Now();
    co_await Step(tx, ledger_, *this, events_, m, action, actor.user_id, message, 0, now);
    const DealContext context = co_await ContextOf(tx, m);
    Deal deal = co_await LoadDeal(tx, *this, side, context);
    if (idempotent) {
      const std::string answer = boost::json::serialize(kernel::ToJson(deal));
      co_await platform::Idempotency::Remember(tx, actor.user_id, key, 200, answer);
    }
    co_return DealAnswer{std::move(deal), 200};
  });
}

awaitable<DealAnswer> Deals::Resolve(const Actor& admin, std::int64_t milestone_id, std::string release,
                                     std::string key, std::string request_hash) {
  if (!admin.IsAdmin()) throw Forbidden({"wallet:deal.not_your_action", {}});
  co_return co_await ledger_.Atomically<DealAnswer>([&, this](db::Transaction& tx) -> awaitable<DealAnswer> {
    auto first = co_await platform::Idempotency::Claim(tx, admin.user_id, key, request_hash);
    if (first) {
      Deal again;
      kernel::FromJson(boost::json::parse(first->body), again);
      co_return DealAnswer{std::move(again), first->status};
    }
    MilestoneRow m = co_await LockMilestone(tx, milestone_id);
    ValidationErrors errors;
    const std::int64_t amount = ParseMoney(release, m.currency, m.amount, "release", errors, true);
    errors.ThrowIfAny();
    const MilestoneStatus before = m.status;
    const TimePoint now = clock_.Now();
    co_await Step(tx, ledger_, *this, events_, m, MilestoneAction::kResolve, admin.user_id, std::nullopt,
                  amount, now);
    platform::AuditEntry entry;
    entry.action = "deals.resolve";
    entry.object_type = "milestone";
    entry.object_id = m.id;
    entry.before = boost::json::object{{"status", MilestoneStatusName(before)}, {"amount", m.amount}};
    entry.after = boost::json::object{{"status", MilestoneStatusName(m.status)},
                                      {"released", m.released.value_or(0)},
                                      {"fee", m.fee.value_or(0)},
                                      {"refunded", m.refunded.value_or(0)}};
    co_await platform::RecordAudit(tx, admin, std::move(entry));
    const DealContext context = co_await ContextOf(tx, m);
    Deal deal = co_await LoadDeal(tx, *this, DealSide::kAdmin, context);
    const std::string answer = boost::json::serialize(kernel::ToJson(deal));
    co_await platform::Idempotency::Remember(tx, admin.user_id, key, 200, answer);
    co_return DealAnswer{std::move(deal), 200};
  });
}

awaitable<int> Deals::AutoRelease(TimePoint now) {
  const TimePoint due = now - settings_.AutoReleaseAfter();
  co_return co_await ledger_.Atomically<int>([&, this](db::Transaction& tx) -> awaitable<int> {
    auto rows = co_await tx.Query(kDue, due);
    int released = 0;
    for (const auto& row : rows) {
      const auto id = row.Get<std::int64_t>("id");
      MilestoneRow m = co_await LockMilestone(tx, id);
      const std::optional<std::string> none;
      co_await Step(tx, ledger_, *this, events_, m, MilestoneAction::kAutoRelease, 0, none, 0, now);
      ++released;
    }
    co_return released;
  });
}

awaitable<int> Deals::RemindAutoRelease(TimePoint now) {
  if (settings_.auto_release_reminder_days == 0) co_return 0;
  const TimePoint due = now - (settings_.AutoReleaseAfter() - settings_.ReminderAhead());
  co_return co_await ledger_.Atomically<int>([&, this](db::Transaction& tx) -> awaitable<int> {
    auto rows = co_await tx.Query(kReminderDue, due);
    int reminded = 0;
    for (const auto& row : rows) {
      const auto id = row.Get<std::int64_t>("id");
      const MilestoneRow m = co_await LockMilestone(tx, id);
      co_await tx.Query(kReminded, id, now);
      AutoReleaseDue event;
      event.order_id = m.order_id;
      event.order_name = m.order_name;
      event.customer_id = m.customer_id;
      event.milestone_id = m.id;
      event.title = m.title;
      event.release_at = m.delivered_at.value_or(now) + settings_.AutoReleaseAfter();
      event.at = now;
      co_await events_.Publish(tx, event);
      ++reminded;
    }
    co_return reminded;
  });
}

}  // namespace artel::wallet
