#include "artel/resumes/state_machine.hpp"

#include <array>

#include "artel/core/error.hpp"

namespace artel::resumes {
namespace {

// Rows: Status (draft, published, hidden); columns: Action (publish, hide, edit, delete).
constexpr std::array<std::array<bool, 4>, 3> kAllowed{{
    /* draft     */ {true, false, true, true},
    /* published */ {false, true, true, true},
    /* hidden    */ {true, false, true, true},
}};

}  // namespace

bool IsAllowed(Status status, Action action) noexcept {
  return kAllowed[static_cast<std::size_t>(status)][static_cast<std::size_t>(action)];
}

Status Apply(Status status, Action action) {
  if (!IsAllowed(status, action)) {
    throw Conflict({"resumes:illegal_transition", {{"status", std::string(StatusName(status))}}});
  }
  switch (action) {
    case Action::kPublish:
      return Status::kPublished;
    case Action::kHide:
      return Status::kHidden;
    case Action::kEdit:
    case Action::kDelete:
      return status;
  }
  return status;
}

}  // namespace artel::resumes
