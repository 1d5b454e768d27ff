#include "artel/wallet/deal_state.hpp"

#include <array>
#include <string>

#include "artel/core/error.hpp"

namespace artel::wallet {
namespace {

constexpr std::size_t kStates = 7;
constexpr std::size_t kActions = 8;

// Rows: MilestoneStatus; columns: MilestoneAction
// (fund, deliver, accept, request_changes, refund, dispute, resolve, auto_release).
constexpr std::array<std::array<bool, kActions>, kStates> kAllowed{{
    /* draft     */ {true, false, false, false, false, false, false, false},
    /* funded    */ {false, true, false, false, true, true, false, false},
    /* delivered */ {false, false, true, true, true, true, false, true},
    /* disputed  */ {false, false, false, false, false, false, true, false},
    /* released  */ {false, false, false, false, false, false, false, false},
    /* refunded  */ {false, false, false, false, false, false, false, false},
    /* resolved  */ {false, false, false, false, false, false, false, false},
}};

}  // namespace

bool IsAllowed(MilestoneStatus status, MilestoneAction action) noexcept {
  return kAllowed[static_cast<std::size_t>(status)][static_cast<std::size_t>(action)];
}

bool MayAct(DealSide side, MilestoneAction action) noexcept {
  switch (action) {
    case MilestoneAction::kFund:
    case MilestoneAction::kAccept:
    case MilestoneAction::kRequestChanges:
      return side == DealSide::kCustomer;
    case MilestoneAction::kDeliver:
    case MilestoneAction::kRefund:
      return side == DealSide::kPerformer;
    case MilestoneAction::kDispute:
      return side == DealSide::kCustomer || side == DealSide::kPerformer;
    case MilestoneAction::kResolve:
      return side == DealSide::kAdmin;
    case MilestoneAction::kAutoRelease:
      return side == DealSide::kPlatform;
  }
  return false;
}

MilestoneStatus Apply(MilestoneStatus status, MilestoneAction action) {
  if (!IsAllowed(status, action)) {
    throw Conflict({"wallet:deal.illegal_transition",
                    {{"status", std::string(MilestoneStatusName(status))},
                     {"action", std::string(MilestoneActionName(action))}}});
  }
  switch (action) {
    case MilestoneAction::kFund:
    case MilestoneAction::kRequestChanges:
      return MilestoneStatus::kFunded;
    case MilestoneAction::kDeliver:
      return MilestoneStatus::kDelivered;
    case MilestoneAction::kAccept:
    case MilestoneAction::kAutoRelease:
      return MilestoneStatus::kReleased;
    case MilestoneAction::kRefund:
      return MilestoneStatus::kRefunded;
    case MilestoneAction::kDispute:
      return MilestoneStatus::kDisputed;
    case MilestoneAction::kResolve:
      return MilestoneStatus::kResolved;
  }
  return status;
}

}  // namespace artel::wallet
