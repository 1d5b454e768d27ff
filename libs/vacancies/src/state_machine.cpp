#include "artel/vacancies/state_machine.hpp"

#include <array>
#include <string>

#include "artel/core/error.hpp"

namespace artel::vacancies {
namespace {

constexpr std::size_t kStates = 3;
constexpr std::size_t kActions = 5;

// Rows: Status; columns: Action (kEdit, kDelete, kPublish, kArchive, kRenew).
constexpr std::array<std::array<bool, kActions>, kStates> kAllowed{{
    /* draft     */ {true, true, true, false, false},
    /* published */ {true, false, false, true, true},
    /* archived  */ {true, false, true, false, false},
}};

}  // namespace

bool IsAllowed(Status status, Action action) noexcept {
  return kAllowed[static_cast<std::size_t>(status)][static_cast<std::size_t>(action)];
}

Status Apply(Status status, Action action) {
  if (!IsAllowed(status, action)) {
    throw Conflict(
        {"vacancies:illegal_transition",
         {{"status", std::string(StatusName(status))}, {"action", std::string(ActionName(action))}}});
  }
  switch (action) {
    case Action::kPublish:
    case Action::kRenew:
      return Status::kPublished;
    case Action::kArchive:
      return Status::kArchived;
    case Action::kEdit:
    case Action::kDelete:
      return status;
  }
  return status;
}

Status ApplyRenew(Status status, std::optional<TimePoint> published_at, TimePoint now) {
  const Status next = Apply(status, Action::kRenew);
  if (published_at && now - *published_at < kRenewInterval) throw Conflict({"vacancies:renew_too_early", {}});
  return next;
}

}  // namespace artel::vacancies
