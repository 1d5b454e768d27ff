#include "artel/hiring/state_machine.hpp"

#include <fmt/format.h>

#include <array>

#include "artel/core/error.hpp"

namespace artel::hiring {
namespace {

constexpr std::size_t kStatusCount = std::size(kStatuses);
constexpr std::size_t kActionCount = std::size(kActions);

// The stored status each action leads to.
constexpr std::array<Status, kActionCount> kTarget{
    Status::kResponse,   // apply
    Status::kInterview,  // invite
    Status::kViewed,     // view
    Status::kInterview,  // interview
    Status::kOffer,      // offer
    Status::kHired,      // hire
    Status::kDiscarded,  // discard
    Status::kWithdrawn,  // withdraw
    Status::kResponse,   // reapply
};

// Rows: Status; columns: Action (apply, invite, view, interview, offer, hire, discard, withdraw, reapply).
// apply and invite start from no response at all, so no row allows them.
constexpr std::array<std::array<bool, kActionCount>, kStatusCount> kAllowed{{
    /* response  */ {false, false, true, true, false, false, true, true, false},
    /* viewed    */ {false, false, false, true, true, false, true, true, false},
    /* interview */ {false, false, false, false, true, false, true, true, false},
    /* offer     */ {false, false, false, false, false, true, true, true, false},
    /* hired     */ {false, false, false, false, false, false, false, false, false},
    /* discarded */ {false, false, false, false, false, false, false, false, true},
    /* withdrawn */ {false, false, false, false, false, false, false, false, true},
}};

std::string Day(TimePoint at) {
  const auto days = std::chrono::floor<std::chrono::days>(at);
  const std::chrono::year_month_day date{days};
  return fmt::format("{:04}-{:02}-{:02}", static_cast<int>(date.year()), static_cast<unsigned>(date.month()),
                     static_cast<unsigned>(date.day()));
}

}  // namespace

Side SideOf(Action action) noexcept {
  switch (action) {
    case Action::kApply:
    case Action::kWithdraw:
    case Action::kReapply:
      return Side::kApplicant;
    case Action::kInvite:
    case Action::kView:
    case Action::kInterview:
    case Action::kOffer:
    case Action::kHire:
    case Action::kDiscard:
      return Side::kEmployer;
  }
  return Side::kEmployer;
}

std::vector<Status> FromStates(Action action) {
  std::vector<Status> from;
  for (auto status : kStatuses) {
    if (kAllowed[static_cast<std::size_t>(status)][static_cast<std::size_t>(action)]) from.push_back(status);
  }
  return from;
}

bool IsAllowed(std::optional<Status> from, Action action, Side side) noexcept {
  if (SideOf(action) != side) return false;
  if (!from) return action == Action::kApply || action == Action::kInvite;
  return kAllowed[static_cast<std::size_t>(*from)][static_cast<std::size_t>(action)];
}

Status Apply(std::optional<Status> from, Action action, Side side) {
  if (!IsAllowed(from, action, side)) throw Conflict({"hiring:illegal_transition", {}});
  return kTarget[static_cast<std::size_t>(action)];
}

std::vector<Action> ActionsOf(Status status, Side side) {
  std::vector<Action> actions;
  for (auto action : kTransitions) {
    if (IsAllowed(status, action, side)) actions.push_back(action);
  }
  return actions;
}

std::optional<TimePoint> ReapplyAt(Status status, int attempts, TimePoint status_changed_at,
                                   bool vacancy_published) noexcept {
  if (!vacancy_published || attempts >= kMaxAttempts) return std::nullopt;
  if (status == Status::kWithdrawn) return status_changed_at;
  if (status == Status::kDiscarded) return status_changed_at + kReapplyDelay;
  return std::nullopt;
}

void CheckReapply(Status status, int attempts, TimePoint status_changed_at, bool vacancy_published,
                  TimePoint now) {
  if (!vacancy_published) throw Conflict({"hiring:vacancy_closed", {}});
  if (attempts >= kMaxAttempts) {
    throw Conflict({"hiring:reapply_limit", {{"count", std::to_string(kMaxAttempts)}}});
  }
  auto at = ReapplyAt(status, attempts, status_changed_at, vacancy_published);
  if (!at) throw Conflict({"hiring:illegal_transition", {}});
  if (*at > now) throw Conflict({"hiring:reapply_too_early", {{"date", Day(*at)}}});
}

}  // namespace artel::hiring
