#pragma once

// The safe deal (issue 24): escrow per order, in milestones, on top of the Ledger. An order whose payment
// option is the safe deal and that has its performer (in progress) gets a deal: the customer adds milestones
// and funds each (a hold customer wallet → escrow); the performer delivers; the customer accepts (the hold is
// posted, then escrow → performer minus the fee and escrow → fee revenue, in one transaction) or asks for
// changes; the performer may refund (the hold voided); either side may dispute (frozen) and an admin splits
// the hold. A job releases what was delivered Settings::auto_release_days ago and nobody answered.
//
// Only the order's customer and performer see the deal (404 for anyone else); admins see every deal. Every
// money-moving call is idempotent (platform::Idempotency, keyed per user, claimed in the movement's
// transaction). Each step publishes MilestoneChanged in its transaction.

#include <boost/asio/awaitable.hpp>
#include <boost/describe/class.hpp>
#include <chrono>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "artel/core/actor.hpp"
#include "artel/core/clock.hpp"
#include "artel/core/time.hpp"
#include "artel/wallet/deal_state.hpp"
#include "artel/wallet/ledger.hpp"

namespace artel::platform {
class EventBus;
}  // namespace artel::platform

namespace artel::notifications {
class Notifier;
}  // namespace artel::notifications

namespace artel::wallet {

struct DealSettings {
  /// The platform's fee on a release, in percent of the released amount (the tariffs page: 10%).
  std::uint64_t fee_percent = 10;
  /// Days after a delivery the customer neither accepted nor disputed before the job releases it.
  std::uint64_t auto_release_days = 14;
  /// Days before the auto-release the customer is reminded (notification deal_release_soon); 0: never.
  /// Less than auto_release_days.
  std::uint64_t auto_release_reminder_days = 3;
  /// The largest milestone, in major units of its currency.
  std::uint64_t max_milestone = 1'000'000;

  /// How long after its delivery an unanswered milestone is released: the deal's view, the job and the
  /// reminder all use this one rule.
  std::chrono::hours AutoReleaseAfter() const noexcept {
    return std::chrono::hours(24 * static_cast<std::int64_t>(auto_release_days));
  }
  /// The customer is reminded this long before the release.
  std::chrono::hours ReminderAhead() const noexcept {
    return std::chrono::hours(24 * static_cast<std::int64_t>(auto_release_reminder_days));
  }
};

/// POST /api/orders/{id}/deal/milestones.
struct MilestoneInput {
  std::string title;
  /// A decimal string ("15000.00").
  std::string amount;
  std::string currency;
  /// YYYY-MM-DD.
  std::optional<std::string> deadline;
};
BOOST_DESCRIBE_STRUCT(MilestoneInput, (), (title, amount, currency, deadline))

struct Milestone {
  std::int64_t id = 0;
  std::string title;
  std::string amount;
  /// The fee a release of the whole amount would take, and what the performer would get (shown before
  /// funding).
  std::string fee;
  std::string payout;
  std::optional<std::string> deadline;
  std::string status;
  std::optional<std::string> delivery_message;
  std::optional<TimePoint> delivered_at;
  /// When the job releases it (delivered milestones).
  std::optional<TimePoint> auto_release_at;
  std::optional<std::string> changes_message;
  std::optional<std::int64_t> disputed_by;
  std::optional<std::string> dispute_reason;
  std::optional<std::string> released;
  std::optional<std::string> fee_taken;
  std::optional<std::string> refunded;
  /// What the caller may do now (fund, deliver, accept, request_changes, refund, dispute, resolve).
  std::vector<std::string> actions;
  TimePoint created_at;
  TimePoint updated_at;
};
BOOST_DESCRIBE_STRUCT(Milestone, (),
                      (id, title, amount, fee, payout, deadline, status, delivery_message, delivered_at,
                       auto_release_at, changes_message, disputed_by, dispute_reason, released, fee_taken,
                       refunded, actions, created_at, updated_at))

struct Deal {
  /// Null before the first milestone.
  std::optional<std::int64_t> id;
  std::int64_t order_id = 0;
  std::string order_name;
  std::int64_t customer_id = 0;
  std::int64_t performer_id = 0;
  /// customer | performer | admin
  std::string role;
  /// Null before the first milestone.
  std::optional<std::string> currency;
  std::int64_t fee_percent = 0;
  std::int64_t auto_release_days = 0;
  /// Sums over the milestones: reserved in escrow (funded, delivered, disputed), released, refunded.
  std::string in_escrow;
  std::string released;
  std::string refunded;
  std::vector<Milestone> milestones;
};
BOOST_DESCRIBE_STRUCT(Deal, (),
                      (id, order_id, order_name, customer_id, performer_id, role, currency, fee_percent,
                       auto_release_days, in_escrow, released, refunded, milestones))

/// The deals a user takes part in, with money in escrow (the bill page).
struct DealSummary {
  std::int64_t id = 0;
  std::int64_t order_id = 0;
  std::string order_name;
  std::string role;
  std::string currency;
  std::string in_escrow;
  std::int64_t milestones = 0;
  std::int64_t open_milestones = 0;
};
BOOST_DESCRIBE_STRUCT(DealSummary, (),
                      (id, order_id, order_name, role, currency, in_escrow, milestones, open_milestones))

/// A disputed milestone in the admins' queue: what is frozen, between whom, who opened it and why, since
/// when.
struct DisputeSummary {
  std::int64_t milestone_id = 0;
  std::int64_t order_id = 0;
  std::string order_name;
  std::string title;
  std::string amount;
  std::string currency;
  std::int64_t customer_id = 0;
  std::string customer_name;
  std::int64_t performer_id = 0;
  std::string performer_name;
  /// "customer" or "performer".
  std::string opened_by;
  std::string reason;
  TimePoint disputed_at;
};
BOOST_DESCRIBE_STRUCT(DisputeSummary, (),
                      (milestone_id, order_id, order_name, title, amount, currency, customer_id,
                       customer_name, performer_id, performer_name, opened_by, reason, disputed_at))

/// An idempotent answer: the first one, or this one.
struct DealAnswer {
  Deal deal;
  int status = 200;
};

/// Published in the transaction of every step.
struct MilestoneChanged {
  std::int64_t order_id = 0;
  std::string order_name;
  std::int64_t customer_id = 0;
  std::int64_t performer_id = 0;
  std::int64_t milestone_id = 0;
  std::string title;
  MilestoneAction action = MilestoneAction::kFund;
  /// Who acted (0: the platform's job).
  std::int64_t actor_id = 0;
  TimePoint at;
};

/// Published when the job reminds a customer that a delivered milestone will be released on its own.
struct AutoReleaseDue {
  std::int64_t order_id = 0;
  std::string order_name;
  std::int64_t customer_id = 0;
  std::int64_t milestone_id = 0;
  std::string title;
  /// When the job will release it unless the customer acts.
  TimePoint release_at;
  /// When the job told (the notification's time).
  TimePoint at;
};

class Deals final {
 public:
  Deals(db::Pool& pool, Ledger& ledger, platform::EventBus& events, DealSettings settings,
        const Clock& clock = DefaultClock());

  const DealSettings& GetSettings() const noexcept { return settings_; }

  /// The order's deal as `actor` sees it: 404 wallet:deal_not_found unless the actor is the order's customer,
  /// its performer or an admin, and the order is a safe deal with a performer.
  boost::asio::awaitable<Deal> Get(const Actor& actor, std::int64_t order_id);
  /// The deals `user_id` takes part in, newest first.
  boost::asio::awaitable<std::vector<DealSummary>> List(std::int64_t user_id);
  /// The disputed milestones waiting for an admin, longest waiting first (at most kMaxDisputes); 403 for
  /// anyone but an admin.
  boost::asio::awaitable<std::vector<DisputeSummary>> Disputes(const Actor& admin);
  static constexpr std::size_t kMaxDisputes = 200;

  /// The customer adds a milestone (the deal opens with the first one). 409 wallet:deal.order_not_eligible
  /// when the order is not a safe deal in progress; 422 for the input.
  boost::asio::awaitable<Deal> AddMilestone(const Actor& actor, std::int64_t order_id, MilestoneInput input);

  /// `action` on the milestone by `actor`; `message` for deliver, request_changes and dispute. Money-moving
  /// actions (fund, accept, refund) are idempotent under `key`/`request_hash`.
  boost::asio::awaitable<DealAnswer> Act(const Actor& actor, std::int64_t milestone_id,
                                         MilestoneAction action, std::optional<std::string> message,
                                         std::string key, std::string request_hash);

  /// An admin resolves a disputed milestone: `release` (a decimal string, 0 … amount) to the performer minus
  /// the fee, the rest refunded to the customer. Audited; idempotent.
  boost::asio::awaitable<DealAnswer> Resolve(const Actor& admin, std::int64_t milestone_id,
                                             std::string release, std::string key, std::string request_hash);

  /// The job: releases the milestones delivered at least auto_release_days before `now`; how many.
  boost::asio::awaitable<int> AutoRelease(TimePoint now);
  /// The job: tells each customer whose delivered milestone will be released within
  /// auto_release_reminder_days (AutoReleaseDue), once per delivery; how many were told.
  boost::asio::awaitable<int> RemindAutoRelease(TimePoint now);

  /// The fee on releasing `amount` minor units.
  std::int64_t Fee(std::int64_t amount) const noexcept;

 private:
  db::Pool& pool_;
  Ledger& ledger_;
  platform::EventBus& events_;
  DealSettings settings_;
  const Clock& clock_;
};

/// Registers the deal's notification kinds (group `deals`) on MilestoneChanged and AutoReleaseDue.
void AddDealNotificationKinds(notifications::Notifier& notifier);

}  // namespace artel::wallet
