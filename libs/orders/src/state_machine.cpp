#include "artel/orders/state_machine.hpp"

#include <array>

#include "artel/core/error.hpp"

namespace artel::orders {
namespace {

constexpr std::size_t kStates = 5;
constexpr std::size_t kActions = 8;

// Rows: State; columns: Action (kEdit, kDelete, kClose, kReopen, kSelectPerformer, kComplete, kBid, kInvite).
constexpr std::array<std::array<bool, kActions>, kStates> kAllowed{{
    /* search      */ {true, true, true, false, true, false, true, true},
    /* expired     */ {true, true, true, false, false, false, false, false},
    /* closed      */ {true, true, false, true, false, false, false, false},
    /* in_progress */ {false, false, false, false, false, true, false, false},
    /* completed   */ {false, false, false, false, false, false, false, false},
}};

}  // namespace

Status StoredStatus(State state) noexcept {
  switch (state) {
    case State::kSearch:
    case State::kExpired:
      return Status::kSearch;
    case State::kClosed:
      return Status::kClosed;
    case State::kInProgress:
      return Status::kInProgress;
    case State::kCompleted:
      return Status::kCompleted;
  }
  return Status::kSearch;
}

State StateAt(Status status, std::optional<TimePoint> deadline, TimePoint now) noexcept {
  switch (status) {
    case Status::kSearch:
      return deadline && *deadline <= now ? State::kExpired : State::kSearch;
    case Status::kClosed:
      return State::kClosed;
    case Status::kInProgress:
      return State::kInProgress;
    case Status::kCompleted:
      return State::kCompleted;
  }
  return State::kSearch;
}

bool IsAllowed(State state, Action action) noexcept {
  return kAllowed[static_cast<std::size_t>(state)][static_cast<std::size_t>(action)];
}

Status Apply(State state, Action action) {
  if (!IsAllowed(state, action)) {
    bool locked = (action == Action::kEdit || action == Action::kDelete) &&
                  (state == State::kInProgress || state == State::kCompleted);
    if (locked) throw Conflict({"orders:locked"});
    throw Conflict({"orders:illegal_transition." + std::string(StateName(state)), {}});
  }
  switch (action) {
    case Action::kClose:
      return Status::kClosed;
    case Action::kReopen:
      return Status::kSearch;
    case Action::kSelectPerformer:
      return Status::kInProgress;
    case Action::kComplete:
      return Status::kCompleted;
    case Action::kEdit:
    case Action::kDelete:
    case Action::kBid:
    case Action::kInvite:
      return StoredStatus(state);
  }
  return StoredStatus(state);
}

}  // namespace artel::orders
