#include "artel/bids/bids.hpp"

#include <boost/json/array.hpp>

#include "artel/bids/events.hpp"
#include "artel/catalog/catalog.hpp"
#include "artel/core/error.hpp"
#include "artel/core/text.hpp"
#include "artel/core/time.hpp"
#include "artel/db/pool.hpp"
#include "artel/kernel/json.hpp"
#include "artel/platform/events.hpp"
#include "artel/profiles/profiles.hpp"
#include "views.hpp"

namespace artel::bids {
namespace {

using boost::asio::awaitable;

// ReadBid reads the columns of the bid statements, ReadInvitation those of the invitation statements.
constexpr db::Statement kBidById{"bids.bid_by_id", R"sql(
SELECT b.id, b.order_id, b.kind, b.comment, b.term_days, b.price_amount, b.price_currency, b.status,
  b.created_at, b.updated_at,
  u.id AS performer_id, u.name AS performer_name, u.lastname AS performer_lastname,
  u.avatar AS performer_avatar
FROM bids.bids b
JOIN identity.users u ON u.id = b.performer_id
WHERE b.id = $1
)sql"};
constexpr db::Statement kLockBid{"bids.lock_bid", R"sql(
SELECT b.id, b.order_id, b.kind, b.comment, b.term_days, b.price_amount, b.price_currency, b.status,
  b.created_at, b.updated_at,
  u.id AS performer_id, u.name AS performer_name, u.lastname AS performer_lastname,
  u.avatar AS performer_avatar
FROM bids.bids b
JOIN identity.users u ON u.id = b.performer_id
WHERE b.id = $1
FOR UPDATE OF b
)sql"};
constexpr db::Statement kBidOfPerformer{"bids.bid_of_performer", R"sql(
SELECT b.id, b.order_id, b.kind, b.comment, b.term_days, b.price_amount, b.price_currency, b.status,
  b.created_at, b.updated_at,
  u.id AS performer_id, u.name AS performer_name, u.lastname AS performer_lastname,
  u.avatar AS performer_avatar
FROM bids.bids b
JOIN identity.users u ON u.id = b.performer_id
WHERE b.order_id = $1 AND b.performer_id = $2
)sql"};
constexpr db::Statement kBidsOfOrder{"bids.bids_of_order", R"sql(
SELECT b.id, b.order_id, b.kind, b.comment, b.term_days, b.price_amount, b.price_currency, b.status,
  b.created_at, b.updated_at,
  u.id AS performer_id, u.name AS performer_name, u.lastname AS performer_lastname,
  u.avatar AS performer_avatar
FROM bids.bids b
JOIN identity.users u ON u.id = b.performer_id
WHERE b.order_id = $1
ORDER BY b.created_at, b.id
)sql"};
constexpr db::Statement kHasBids{"bids.has_bids", R"sql(
SELECT EXISTS (SELECT 1 FROM bids.bids WHERE performer_id = $1) AS has_bids
)sql"};
/// Portfolio projects of a performer (profiles.freelancers.project_count; no row: none).
constexpr db::Statement kProjectCount{"bids.project_count", R"sql(
SELECT COALESCE((SELECT project_count FROM profiles.freelancers WHERE user_id = $1), 0) AS project_count
)sql"};
constexpr db::Statement kInsertBid{"bids.insert_bid", R"sql(
INSERT INTO bids.bids (order_id, performer_id, kind, comment, term_days, price_amount, price_currency,
  created_at, updated_at)
VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $8)
ON CONFLICT (order_id, performer_id) DO NOTHING
RETURNING id
)sql"};
constexpr db::Statement kUpdateBid{"bids.update_bid", R"sql(
UPDATE bids.bids
SET kind = $2, comment = $3, term_days = $4, price_amount = $5, price_currency = $6, updated_at = $7
WHERE id = $1
)sql"};
constexpr db::Statement kDeleteBid{"bids.delete_bid", R"sql(
DELETE FROM bids.bids WHERE id = $1
)sql"};
constexpr db::Statement kMarkSelected{"bids.mark_selected", R"sql(
UPDATE bids.bids SET status = 'selected', updated_at = $2 WHERE id = $1
)sql"};
constexpr db::Statement kSelectPerformersBid{"bids.select_performers_bid", R"sql(
UPDATE bids.bids
SET status = 'selected', updated_at = $3
WHERE order_id = $1 AND performer_id = $2
)sql"};
constexpr db::Statement kRejectOthers{"bids.reject_others", R"sql(
UPDATE bids.bids
SET status = 'rejected', updated_at = $3
WHERE order_id = $1 AND performer_id <> $2 AND status = 'active'
RETURNING performer_id
)sql"};
constexpr db::Statement kUserExists{"bids.user_exists", R"sql(
SELECT EXISTS (SELECT 1 FROM identity.users WHERE id = $1) AS user_exists
)sql"};
constexpr db::Statement kInsertInvitation{"bids.insert_invitation", R"sql(
INSERT INTO bids.invitations (order_id, customer_id, performer_id, created_at, expires_at)
VALUES ($1, $2, $3, $4, $5)
ON CONFLICT (order_id, performer_id) DO NOTHING
RETURNING id
)sql"};
constexpr db::Statement kInvitationById{"bids.invitation_by_id", R"sql(
SELECT i.id, i.order_id, o.name AS order_name, i.status, i.created_at, i.expires_at,
  c.id AS customer_id, c.name AS customer_name, c.lastname AS customer_lastname, c.avatar AS customer_avatar,
  p.id AS performer_id, p.name AS performer_name, p.lastname AS performer_lastname,
  p.avatar AS performer_avatar
FROM bids.invitations i
JOIN orders.orders o ON o.id = i.order_id
JOIN identity.users c ON c.id = i.customer_id
JOIN identity.users p ON p.id = i.performer_id
WHERE i.id = $1
)sql"};
constexpr db::Statement kLockInvitation{"bids.lock_invitation", R"sql(
SELECT i.id, i.order_id, o.name AS order_name, i.status, i.created_at, i.expires_at,
  c.id AS customer_id, c.name AS customer_name, c.lastname AS customer_lastname, c.avatar AS customer_avatar,
  p.id AS performer_id, p.name AS performer_name, p.lastname AS performer_lastname,
  p.avatar AS performer_avatar
FROM bids.invitations i
JOIN orders.orders o ON o.id = i.order_id
JOIN identity.users c ON c.id = i.customer_id
JOIN identity.users p ON p.id = i.performer_id
WHERE i.id = $1
FOR UPDATE OF i
)sql"};
constexpr db::Statement kInvitationOfPerformer{"bids.invitation_of_performer", R"sql(
SELECT i.id, i.order_id, o.name AS order_name, i.status, i.created_at, i.expires_at,
  c.id AS customer_id, c.name AS customer_name, c.lastname AS customer_lastname, c.avatar AS customer_avatar,
  p.id AS performer_id, p.name AS performer_name, p.lastname AS performer_lastname,
  p.avatar AS performer_avatar
FROM bids.invitations i
JOIN orders.orders o ON o.id = i.order_id
JOIN identity.users c ON c.id = i.customer_id
JOIN identity.users p ON p.id = i.performer_id
WHERE i.order_id = $1 AND i.performer_id = $2
)sql"};
constexpr db::Statement kInvitationsOfPerformer{"bids.invitations_of_performer", R"sql(
SELECT i.id, i.order_id, o.name AS order_name, i.status, i.created_at, i.expires_at,
  c.id AS customer_id, c.name AS customer_name, c.lastname AS customer_lastname, c.avatar AS customer_avatar,
  p.id AS performer_id, p.name AS performer_name, p.lastname AS performer_lastname,
  p.avatar AS performer_avatar
FROM bids.invitations i
JOIN orders.orders o ON o.id = i.order_id
JOIN identity.users c ON c.id = i.customer_id
JOIN identity.users p ON p.id = i.performer_id
WHERE i.performer_id = $1
ORDER BY i.created_at DESC, i.id DESC
LIMIT 100
)sql"};
constexpr db::Statement kInvitationsOfCustomer{"bids.invitations_of_customer", R"sql(
SELECT i.id, i.order_id, o.name AS order_name, i.status, i.created_at, i.expires_at,
  c.id AS customer_id, c.name AS customer_name, c.lastname AS customer_lastname, c.avatar AS customer_avatar,
  p.id AS performer_id, p.name AS performer_name, p.lastname AS performer_lastname,
  p.avatar AS performer_avatar
FROM bids.invitations i
JOIN orders.orders o ON o.id = i.order_id
JOIN identity.users c ON c.id = i.customer_id
JOIN identity.users p ON p.id = i.performer_id
WHERE i.customer_id = $1
ORDER BY i.created_at DESC, i.id DESC
LIMIT 100
)sql"};
constexpr db::Statement kAnswerInvitation{"bids.answer_invitation", R"sql(
UPDATE bids.invitations SET status = $2, answered_at = $3 WHERE id = $1
)sql"};
constexpr db::Statement kCloseOtherInvitations{"bids.close_other_invitations", R"sql(
UPDATE bids.invitations
SET status = 'expired', answered_at = $3
WHERE order_id = $1 AND performer_id <> $2 AND status = 'pending'
)sql"};
// Locks the orders first (the rule every path here follows: an order's row, then its bids and invitations).
constexpr db::Statement kExpireDue{"bids.expire_due", R"sql(
WITH due AS (
  SELECT o.id FROM orders.orders o
  WHERE o.id IN (SELECT order_id FROM bids.invitations WHERE status = 'pending' AND expires_at <= $1)
  ORDER BY o.id
  LIMIT $2
  FOR UPDATE OF o SKIP LOCKED
)
UPDATE bids.invitations i
SET status = 'expired', answered_at = $1
FROM due
WHERE i.order_id = due.id AND i.status = 'pending' AND i.expires_at <= $1
RETURNING i.order_id, i.customer_id
)sql"};
constexpr db::Statement kOrderName{"bids.order_name", R"sql(
SELECT name FROM orders.orders WHERE id = $1
)sql"};

Error BidNotFound() {
  return NotFound({"bids:not_found", {}});
}

Error InvitationNotFound() {
  return NotFound({"bids:invitations.not_found", {}});
}

Bid ReadBid(const db::Row& row) {
  Bid bid;
  bid.id = row.Get<std::int64_t>("id");
  bid.order_id = row.Get<std::int64_t>("order_id");
  bid.kind = ParseKind(row.Get<std::string_view>("kind")).value_or(Kind::kFinal);
  bid.comment = row.Get<std::string>("comment");
  bid.term_days = row.Get<std::int32_t>("term_days");
  bid.price = kernel::ReadMoney(row, "price");
  bid.status = kBidStatusNames.Parse(row.Get<std::string_view>("status")).value_or(BidStatus::kActive);
  bid.created_at = row.Get<TimePoint>("created_at");
  bid.updated_at = row.Get<TimePoint>("updated_at");
  bid.performer = kernel::ReadUserCard(row, "performer");
  return bid;
}

std::vector<Bid> ReadBids(const db::Result& rows) {
  std::vector<Bid> bids;
  for (auto row : rows) bids.push_back(ReadBid(row));
  return bids;
}

Invitation ReadInvitation(const db::Row& row) {
  Invitation invitation;
  invitation.id = row.Get<std::int64_t>("id");
  invitation.order_id = row.Get<std::int64_t>("order_id");
  invitation.order_name = row.Get<std::string>("order_name");
  invitation.status =
      kInvitationStatusNames.Parse(row.Get<std::string_view>("status")).value_or(InvitationStatus::kPending);
  invitation.created_at = row.Get<TimePoint>("created_at");
  invitation.expires_at = row.Get<TimePoint>("expires_at");
  invitation.customer = kernel::ReadUserCard(row, "customer");
  invitation.performer = kernel::ReadUserCard(row, "performer");
  return invitation;
}

std::vector<Invitation> ReadInvitations(const db::Result& rows) {
  std::vector<Invitation> invitations;
  for (auto row : rows) invitations.push_back(ReadInvitation(row));
  return invitations;
}

JobOffer MakeJobOffer(std::int64_t order_id, Invitation invitation) {
  JobOffer offer;
  offer.order_id = order_id;
  offer.invitation = std::move(invitation);
  return offer;
}

NewBid MakeNewBid(Bid bid, bool first_bid) {
  NewBid created;
  created.bid = std::move(bid);
  created.first_bid = first_bid;
  return created;
}

}  // namespace

void CheckRules(BidInput& input, const catalog::Snapshot& catalog, ValidationErrors& errors) {
  input.comment = std::string(Trim(input.comment));
  errors.CheckLength("comment", input.comment, 1, kMaxComment);
  if (input.term_days < 1 || input.term_days > kMaxTermDays) {
    errors.Add("term_days", {"validation:range", {{"min", "1"}, {"max", std::to_string(kMaxTermDays)}}});
  }
  if (input.price) {
    if (input.price->amount <= 0) {
      errors.Add("price", {"orders:budget_positive", {}});
    } else if (input.price->amount > orders::kMaxAmount) {
      errors.Add("price", {"orders:budget_too_large", {}});
    } else if (catalog.FindCurrency(input.price->currency) == nullptr) {
      errors.Add("price", {"catalog:currency_unknown", {}});
    }
  } else if (input.kind == Kind::kFinal) {
    errors.Add("price", {"bids:price_required", {}});
  }
}

struct Bids::Impl {
  Impl(db::Pool& p, orders::Orders& o, platform::EventBus& e, const Clock& c)
      : pool(p), orders(o), events(e), clock(c) {}

  db::Pool& pool;
  orders::Orders& orders;
  platform::EventBus& events;
  const Clock& clock;

  /// The bid with its rules checked (CheckRules; ValidationFailed otherwise), whoever calls.
  awaitable<BidInput> Checked(const BidInput& form) {
    auto catalog = co_await orders.Catalog().Get();
    BidInput input = form;
    ValidationErrors errors;
    CheckRules(input, *catalog, errors);
    errors.ThrowIfAny();
    co_return input;
  }

  /// Selects `performer_id` on the locked `order`: their bid (if any) selected, the other active bids
  /// rejected with a notification, other pending invitations closed.
  awaitable<void> SelectOn(db::Transaction& tx, const orders::Order& order, std::int64_t performer_id,
                           TimePoint now) {
    co_await orders.SelectPerformer(tx, order, performer_id);
    co_await tx.Query(kSelectPerformersBid, order.id, performer_id, now);
    auto rejected = co_await tx.Query(kRejectOthers, order.id, performer_id, now);
    BidsRejected event;
    event.order = order;
    for (auto row : rejected) event.performer_ids.push_back(row.Get<std::int64_t>("performer_id"));
    event.at = now;
    co_await events.Publish(tx, event);
    co_await tx.Query(kCloseOtherInvitations, order.id, performer_id, now);
  }

  awaitable<void> CheckPerformer(db::Transaction& tx, std::int64_t customer_id, std::int64_t performer_id) {
    if (performer_id == customer_id) throw ValidationFailed("performer_id", {"bids:invitations.self", {}});
    auto exists = co_await tx.Query(kUserExists, performer_id);
    if (!exists.One().Get<bool>("user_exists")) {
      throw ValidationFailed("performer_id", {"bids:invitations.performer_unknown", {}});
    }
    // An invitation or a personal offer to a blocked account: 409, nothing written.
    co_await profiles::RequireContactable(tx, performer_id);
  }

  awaitable<Invitation> InsertInvitation(db::Transaction& tx, std::int64_t order_id,
                                         std::string_view order_name, std::int64_t customer_id,
                                         std::int64_t performer_id, TimePoint now) {
    const TimePoint expires_at = now + kInvitationLifetime;
    auto inserted =
        co_await tx.Query(kInsertInvitation, order_id, customer_id, performer_id, now, expires_at);
    if (inserted.Empty()) throw Conflict({"bids:invitations.duplicate", {}});
    const auto invitation_id = inserted.One().Get<std::int64_t>("id");
    auto row = co_await tx.Query(kInvitationById, invitation_id);
    InvitationSent event;
    event.order_id = order_id;
    event.order_name = std::string(order_name);
    event.invitation = ReadInvitation(row.One());
    event.at = now;
    co_await events.Publish(tx, event);
    co_return std::move(event.invitation);
  }

  // Every path takes the order's row lock before the rows of its bids and invitations; the opposite order
  // would deadlock against a selection. These read the bid or invitation unlocked to learn its order.

  awaitable<orders::Order> LockOrderOfBid(db::Transaction& tx, std::int64_t user_id, std::int64_t bid_id) {
    auto rows = co_await tx.Query(kBidById, bid_id);
    if (rows.Empty()) throw BidNotFound();
    auto bid = ReadBid(rows[0]);
    if (bid.performer.id != user_id) throw BidNotFound();
    co_return co_await orders.Lock(tx, bid.order_id);
  }

  awaitable<Bid> LockOwnBid(db::Transaction& tx, std::int64_t user_id, std::int64_t bid_id) {
    auto rows = co_await tx.Query(kLockBid, bid_id);
    if (rows.Empty()) throw BidNotFound();  // withdrawn meanwhile
    auto bid = ReadBid(rows[0]);
    if (bid.performer.id != user_id) throw BidNotFound();
    co_return bid;
  }

  awaitable<orders::Order> LockOrderOfInvitation(db::Transaction& tx, std::int64_t user_id,
                                                 std::int64_t invitation_id) {
    auto rows = co_await tx.Query(kInvitationById, invitation_id);
    if (rows.Empty()) throw InvitationNotFound();
    auto invitation = ReadInvitation(rows[0]);
    if (invitation.performer.id != user_id) throw InvitationNotFound();
    co_return co_await orders.Lock(tx, invitation.order_id);
  }

  awaitable<Invitation> LockOwnInvitation(db::Transaction& tx, std::int64_t user_id,
                                          std::int64_t invitation_id, TimePoint now) {
    auto rows = co_await tx.Query(kLockInvitation, invitation_id);
    if (rows.Empty()) throw InvitationNotFound();
    auto invitation = ReadInvitation(rows[0]);
    if (invitation.performer.id != user_id) throw InvitationNotFound();
    if (invitation.status != InvitationStatus::kPending) throw Conflict({"bids:invitations.answered", {}});
    if (invitation.expires_at <= now) throw Conflict({"bids:invitations.expired", {}});
    co_return invitation;
  }
};

Bids::Bids(db::Pool& pool, orders::Orders& orders, platform::EventBus& events, const Clock& clock)
    : impl_(std::make_unique<Impl>(pool, orders, events, clock)) {}

Bids::~Bids() = default;

awaitable<NewBid> Bids::Create(std::int64_t user_id, std::int64_t order_id, const BidInput& form) {
  const BidInput input = co_await impl_->Checked(form);
  auto tx = co_await impl_->pool.Begin();
  // A personal order the caller may not see stays a 404.
  auto order = co_await impl_->orders.LockVisible(tx, order_id, user_id);
  if (order.customer.id == user_id) throw Forbidden({"bids:own_order", {}});
  const TimePoint now = impl_->clock.Now();
  orders::Apply(order.StateAt(now), orders::Action::kBid);
  if (order.personal) throw Conflict({"orders:not_open", {}});
  // A bid is an offer to the customer: a blocked customer's order takes none (409).
  co_await profiles::RequireContactable(tx, order.customer.id);
  if (order.portfolio_required) {
    // The customer's option "only performers with a portfolio" (orders.portfolio_required).
    auto portfolio = co_await tx.Query(kProjectCount, user_id);
    if (portfolio.One().Get<std::int32_t>("project_count") == 0)
      throw ValidationFailed("portfolio", {"bids:portfolio_required", {}});
  }
  auto had_bids = co_await tx.Query(kHasBids, user_id);
  const bool first_bid = !had_bids.One().Get<bool>("has_bids");
  const std::string_view kind = KindName(input.kind);
  const auto amount = kernel::AmountOf(input.price);
  const auto currency = kernel::CurrencyOf(input.price);
  auto inserted = co_await tx.Query(kInsertBid, order_id, user_id, kind, input.comment, input.term_days,
                                    amount, currency, now);
  if (inserted.Empty()) throw Conflict({"bids:duplicate", {}});
  const auto bid_id = inserted.One().Get<std::int64_t>("id");
  co_await impl_->orders.AdjustBidCount(tx, order_id, 1);
  auto bid_row = co_await tx.Query(kBidById, bid_id);
  BidPlaced event;
  event.order = std::move(order);
  event.bid = ReadBid(bid_row.One());
  event.at = now;
  co_await impl_->events.Publish(tx, event);
  co_await tx.Commit();
  co_return MakeNewBid(std::move(event.bid), first_bid);
}

awaitable<Bid> Bids::Update(std::int64_t user_id, std::int64_t bid_id, const BidInput& form) {
  const BidInput input = co_await impl_->Checked(form);
  auto tx = co_await impl_->pool.Begin();
  auto order = co_await impl_->LockOrderOfBid(tx, user_id, bid_id);
  auto bid = co_await impl_->LockOwnBid(tx, user_id, bid_id);
  const TimePoint now = impl_->clock.Now();
  orders::Apply(order.StateAt(now), orders::Action::kBid);
  if (bid.status != BidStatus::kActive) throw Conflict({"bids:not_active", {}});
  const std::string_view kind = KindName(input.kind);
  const auto amount = kernel::AmountOf(input.price);
  const auto currency = kernel::CurrencyOf(input.price);
  co_await tx.Query(kUpdateBid, bid_id, kind, input.comment, input.term_days, amount, currency, now);
  auto updated = co_await tx.Query(kBidById, bid_id);
  auto result = ReadBid(updated.One());
  co_await tx.Commit();
  co_return result;
}

awaitable<void> Bids::Withdraw(std::int64_t user_id, std::int64_t bid_id) {
  auto tx = co_await impl_->pool.Begin();
  auto order = co_await impl_->LockOrderOfBid(tx, user_id, bid_id);
  auto bid = co_await impl_->LockOwnBid(tx, user_id, bid_id);
  orders::Apply(order.StateAt(impl_->clock.Now()), orders::Action::kBid);
  if (bid.status != BidStatus::kActive) throw Conflict({"bids:not_active", {}});
  co_await tx.Query(kDeleteBid, bid_id);
  co_await impl_->orders.AdjustBidCount(tx, bid.order_id, -1);
  co_await tx.Commit();
}

awaitable<std::vector<Bid>> Bids::ListForOrder(std::int64_t user_id, std::int64_t order_id) {
  auto order = co_await impl_->orders.GetVisible(order_id, user_id);
  if (order.customer.id == user_id) {
    auto rows = co_await impl_->pool.Query(kBidsOfOrder, order_id);
    co_return ReadBids(rows);
  }
  auto rows = co_await impl_->pool.Query(kBidOfPerformer, order_id, user_id);
  co_return ReadBids(rows);
}

awaitable<void> Bids::Select(std::int64_t user_id, std::int64_t order_id, std::int64_t bid_id) {
  auto tx = co_await impl_->pool.Begin();
  auto order = co_await impl_->orders.LockVisible(tx, order_id, user_id);
  if (order.customer.id != user_id) throw Forbidden({"orders:not_customer", {}});
  auto rows = co_await tx.Query(kLockBid, bid_id);
  if (rows.Empty()) throw BidNotFound();
  auto bid = ReadBid(rows[0]);
  if (bid.order_id != order_id) throw ValidationFailed("bid_id", {"bids:wrong_order", {}});
  const TimePoint now = impl_->clock.Now();
  // The order's state first: on an order already taken, every selection is the same 409.
  orders::Apply(order.StateAt(now), orders::Action::kSelectPerformer);
  if (bid.kind == Kind::kPreliminary) throw Conflict({"bids:preliminary", {}});
  if (bid.status != BidStatus::kActive) throw Conflict({"bids:not_active", {}});
  co_await impl_->SelectOn(tx, order, bid.performer.id, now);
  co_await tx.Query(kMarkSelected, bid_id, now);
  BidSelected event;
  event.order = std::move(order);
  event.bid = std::move(bid);
  event.at = now;
  co_await impl_->events.Publish(tx, event);
  co_await tx.Commit();
}

awaitable<Invitation> Bids::Invite(std::int64_t user_id, std::int64_t order_id, std::int64_t performer_id) {
  auto tx = co_await impl_->pool.Begin();
  auto order = co_await impl_->orders.LockVisible(tx, order_id, user_id);
  if (order.customer.id != user_id) throw Forbidden({"orders:not_customer", {}});
  const TimePoint now = impl_->clock.Now();
  orders::Apply(order.StateAt(now), orders::Action::kInvite);
  co_await impl_->CheckPerformer(tx, user_id, performer_id);
  auto invitation = co_await impl_->InsertInvitation(tx, order_id, order.name, user_id, performer_id, now);
  co_await tx.Commit();
  co_return invitation;
}

awaitable<JobOffer> Bids::CreateJobOffer(std::int64_t user_id, const orders::OrderInput& input,
                                         std::int64_t performer_id) {
  auto tx = co_await impl_->pool.Begin();
  co_await impl_->CheckPerformer(tx, user_id, performer_id);
  const TimePoint now = impl_->clock.Now();
  const TimePoint opens_at = now + kInvitationLifetime;
  const auto order_id = co_await impl_->orders.Create(tx, user_id, input, opens_at);
  auto invitation = co_await impl_->InsertInvitation(tx, order_id, input.name, user_id, performer_id, now);
  co_await tx.Commit();
  co_return MakeJobOffer(order_id, std::move(invitation));
}

awaitable<std::vector<Invitation>> Bids::ListInvitations(std::int64_t user_id, kernel::Side side) {
  const auto& statement = side == kernel::Side::kPerformer ? kInvitationsOfPerformer : kInvitationsOfCustomer;
  auto rows = co_await impl_->pool.Query(statement, user_id);
  co_return ReadInvitations(rows);
}

awaitable<std::int64_t> Bids::Accept(std::int64_t user_id, std::int64_t invitation_id) {
  auto tx = co_await impl_->pool.Begin();
  const TimePoint now = impl_->clock.Now();
  auto order = co_await impl_->LockOrderOfInvitation(tx, user_id, invitation_id);
  auto invitation = co_await impl_->LockOwnInvitation(tx, user_id, invitation_id, now);
  co_await impl_->SelectOn(tx, order, user_id, now);
  const std::string_view accepted = InvitationStatusName(InvitationStatus::kAccepted);
  co_await tx.Query(kAnswerInvitation, invitation_id, accepted, now);
  InvitationAccepted event;
  event.order = std::move(order);
  event.invitation = std::move(invitation);
  event.at = now;
  co_await impl_->events.Publish(tx, event);
  co_await tx.Commit();
  co_return event.invitation.order_id;
}

awaitable<Invitation> Bids::Decline(std::int64_t user_id, std::int64_t invitation_id) {
  auto tx = co_await impl_->pool.Begin();
  const TimePoint now = impl_->clock.Now();
  co_await impl_->LockOrderOfInvitation(tx, user_id, invitation_id);
  auto invitation = co_await impl_->LockOwnInvitation(tx, user_id, invitation_id, now);
  const std::string_view declined = InvitationStatusName(InvitationStatus::kDeclined);
  co_await tx.Query(kAnswerInvitation, invitation_id, declined, now);
  co_await impl_->orders.MakePublic(tx, invitation.order_id);
  InvitationDeclined event;
  event.invitation = std::move(invitation);
  event.at = now;
  co_await impl_->events.Publish(tx, event);
  auto row = co_await tx.Query(kInvitationById, invitation_id);
  auto result = ReadInvitation(row.One());
  co_await tx.Commit();
  co_return result;
}

awaitable<std::size_t> Bids::ExpireInvitations(TimePoint now, int batch) {
  auto tx = co_await impl_->pool.Begin();
  auto expired = co_await tx.Query(kExpireDue, now, batch);
  for (auto row : expired) {
    const auto order_id = row.Get<std::int64_t>("order_id");
    const auto customer_id = row.Get<std::int64_t>("customer_id");
    if (co_await impl_->orders.MakePublic(tx, order_id)) {
      auto name = co_await tx.Query(kOrderName, order_id);
      InvitationExpired event;
      event.order_id = order_id;
      event.customer_id = customer_id;
      event.order_name = name.One().Get<std::string>("name");
      event.order_opened = true;
      event.at = now;
      co_await impl_->events.Publish(tx, event);
    }
  }
  co_await tx.Commit();
  co_return expired.Size();
}

orders::DetailContributor Bids::DetailPart() {
  orders::DetailContributor part;
  // A guest has no bid and no invitation: nothing to ask.
  part.queries = [](const orders::Order& order, std::optional<std::int64_t> viewer_id) {
    std::vector<db::PipelineQuery> queries;
    if (!viewer_id) return queries;
    queries.push_back({kBidOfPerformer, db::MakeParams(order.id, *viewer_id)});
    queries.push_back({kInvitationOfPerformer, db::MakeParams(order.id, *viewer_id)});
    return queries;
  };
  part.apply = [](const orders::Order&, std::optional<std::int64_t> viewer_id,
                  std::span<const db::Result> results, boost::json::object& detail) {
    if (!viewer_id) return;
    if (!results[0].Empty()) {
      detail["my_bid"] = kernel::ToJson(ViewOf(ReadBid(results[0][0])));
      detail["viewer"].as_object()["can_bid"] = false;
    }
    if (!results[1].Empty()) {
      detail["invitation"] = kernel::ToJson(ViewOf(ReadInvitation(results[1][0])));
    }
  };
  return part;
}

}  // namespace artel::bids
