#pragma once

#include <boost/asio/awaitable.hpp>
#include <chrono>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "artel/core/clock.hpp"
#include "artel/core/error.hpp"
#include "artel/kernel/enum_names.hpp"
#include "artel/kernel/money.hpp"
#include "artel/kernel/side.hpp"
#include "artel/kernel/user_card.hpp"
#include "artel/orders/orders.hpp"

namespace artel::db {
class Pool;
}  // namespace artel::db

namespace artel::platform {
class EventBus;
}  // namespace artel::platform

namespace artel::catalog {
class Snapshot;
}  // namespace artel::catalog

namespace artel::bids {

/// A preliminary bid is an estimate: it cannot be selected until the performer makes it final (SPEC §4).
enum class Kind : std::uint8_t { kFinal, kPreliminary };
enum class BidStatus : std::uint8_t { kActive, kSelected, kRejected };
enum class InvitationStatus : std::uint8_t { kPending, kAccepted, kDeclined, kExpired };

inline constexpr kernel::EnumNames<Kind, 2> kKindNames{
    {{Kind::kFinal, "final"}, {Kind::kPreliminary, "preliminary"}}};
inline constexpr kernel::EnumNames<BidStatus, 3> kBidStatusNames{{
    {BidStatus::kActive, "active"},
    {BidStatus::kSelected, "selected"},
    {BidStatus::kRejected, "rejected"},
}};
inline constexpr kernel::EnumNames<InvitationStatus, 4> kInvitationStatusNames{{
    {InvitationStatus::kPending, "pending"},
    {InvitationStatus::kAccepted, "accepted"},
    {InvitationStatus::kDeclined, "declined"},
    {InvitationStatus::kExpired, "expired"},
}};

constexpr std::string_view KindName(Kind kind) noexcept {
  return kKindNames.Name(kind);
}
constexpr std::optional<Kind> ParseKind(std::string_view name) noexcept {
  return kKindNames.Parse(name);
}
constexpr std::string_view BidStatusName(BidStatus status) noexcept {
  return kBidStatusNames.Name(status);
}
constexpr std::string_view InvitationStatusName(InvitationStatus status) noexcept {
  return kInvitationStatusNames.Name(status);
}

/// An unanswered invitation expires, and a personal order opens to everybody, after this long (SPEC §9).
inline constexpr std::chrono::hours kInvitationLifetime{24};

struct BidInput {
  Kind kind = Kind::kFinal;
  std::string comment;
  std::int32_t term_days = 1;
  /// Required on a final bid.
  std::optional<kernel::Money> price;
};

struct Bid {
  std::int64_t id = 0;
  std::int64_t order_id = 0;
  kernel::UserCard performer;
  Kind kind = Kind::kFinal;
  std::string comment;
  std::int32_t term_days = 0;
  std::optional<kernel::Money> price;
  BidStatus status = BidStatus::kActive;
  TimePoint created_at;
  TimePoint updated_at;
};

struct Invitation {
  std::int64_t id = 0;
  std::int64_t order_id = 0;
  std::string order_name;
  kernel::UserCard customer;
  kernel::UserCard performer;
  InvitationStatus status = InvitationStatus::kPending;
  TimePoint created_at;
  TimePoint expires_at;
};

struct NewBid {
  Bid bid;
  /// The performer's first bid ever (the SPA then asks them to complete their profile).
  bool first_bid = false;
};

struct JobOffer {
  std::int64_t order_id = 0;
  Invitation invitation;
};

inline constexpr std::size_t kMaxComment = 5000;
inline constexpr std::int32_t kMaxTermDays = 365;

/// A bid's rules, each problem added to `errors` under its field: the comment trimmed and 1–5000 characters,
/// 1–365 days, a price within orders::kMaxAmount in a currency `catalog` has, required on a final bid.
/// Bids::Create and Update run it whoever calls (the HTTP edge, the demo seeder, tests).
void CheckRules(BidInput& input, const catalog::Snapshot& catalog, ValidationErrors& errors);

/// Bids, performer selection and personal invitations. Knows nothing of HTTP. Every change runs in one
/// transaction that holds the order's row lock, so concurrent selections and bids serialize on the order:
/// of two customers' clicks exactly one selection wins and the other gets Conflict. Notifications are
/// written in the same transactions.
class Bids final {
 public:
  /// Changes are published on `events` (artel/bids/events.hpp) inside their transactions.
  Bids(db::Pool& pool, orders::Orders& orders, platform::EventBus& events,
       const Clock& clock = DefaultClock());
  ~Bids();
  Bids(const Bids&) = delete;
  Bids& operator=(const Bids&) = delete;

  /// Forbidden on one's own order; Conflict for a second bid or an order not open to bids.
  boost::asio::awaitable<NewBid> Create(std::int64_t user_id, std::int64_t order_id, const BidInput& input);
  /// The performer's own bid while the order is in search; NotFound for anybody else's.
  boost::asio::awaitable<Bid> Update(std::int64_t user_id, std::int64_t bid_id, const BidInput& input);
  boost::asio::awaitable<void> Withdraw(std::int64_t user_id, std::int64_t bid_id);
  /// Every bid for the order's customer; the caller's own one for anybody else.
  boost::asio::awaitable<std::vector<Bid>> ListForOrder(std::int64_t user_id, std::int64_t order_id);

  /// The customer selects a final bid: the order goes to in_progress, the bid is selected, the others are
  /// rejected and their performers notified.
  boost::asio::awaitable<void> Select(std::int64_t user_id, std::int64_t order_id, std::int64_t bid_id);

  /// Offers an open order of the customer to a performer. Conflict ("You have already sent an invitation for
  /// this order") for a second invitation of the same performer.
  boost::asio::awaitable<Invitation> Invite(std::int64_t user_id, std::int64_t order_id,
                                            std::int64_t performer_id);
  /// The job offer form: a personal order and its invitation in one transaction.
  boost::asio::awaitable<JobOffer> CreateJobOffer(std::int64_t user_id, const orders::OrderInput& input,
                                                  std::int64_t performer_id);
  boost::asio::awaitable<std::vector<Invitation>> ListInvitations(std::int64_t user_id, kernel::Side side);
  /// The invited performer takes the order: search → in_progress. Returns the order id.
  boost::asio::awaitable<std::int64_t> Accept(std::int64_t user_id, std::int64_t invitation_id);
  /// The invited performer declines; a personal order opens to everybody.
  boost::asio::awaitable<Invitation> Decline(std::int64_t user_id, std::int64_t invitation_id);

  /// The 24-hour rule for invitations: marks unanswered ones past expires_at as expired and opens their
  /// personal orders, at most `batch` per call, skipping rows another instance holds (SKIP LOCKED).
  /// Returns how many expired.
  boost::asio::awaitable<std::size_t> ExpireInvitations(TimePoint now, int batch = 100);

  /// For Orders::AddDetailContributor: `my_bid`, `invitation` and the `can_bid` flag.
  orders::DetailContributor DetailPart();

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace artel::bids
