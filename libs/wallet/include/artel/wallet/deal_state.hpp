#pragma once

// The safe deal's milestone state machine (issue 24), free of I/O so it is tested over every state × action.
//
//   draft      ──fund (customer: a ledger hold customer wallet → escrow)──► funded
//   funded     ──deliver (performer)──► delivered
//   delivered  ──request_changes (customer)──► funded
//   delivered  ──accept (customer) | auto_release (job, N days after delivery)──► released
//   funded, delivered ──refund (performer: the hold voided)──► refunded
//   funded, delivered ──dispute (either side: the hold frozen)──► disputed
//   disputed   ──resolve (an admin splits the hold)──► resolved
//
// released, refunded and resolved are final: the milestone's hold was resolved exactly once.

#include <cstdint>
#include <optional>
#include <string_view>

#include "artel/kernel/enum_names.hpp"

namespace artel::wallet {

enum class MilestoneStatus : std::uint8_t {
  kDraft,
  kFunded,
  kDelivered,
  kDisputed,
  kReleased,
  kRefunded,
  kResolved
};

enum class MilestoneAction : std::uint8_t {
  kFund,
  kDeliver,
  kAccept,
  kRequestChanges,
  kRefund,
  kDispute,
  kResolve,
  kAutoRelease
};

inline constexpr kernel::EnumNames<MilestoneStatus, 7> kMilestoneStatusNames{{
    {MilestoneStatus::kDraft, "draft"},
    {MilestoneStatus::kFunded, "funded"},
    {MilestoneStatus::kDelivered, "delivered"},
    {MilestoneStatus::kDisputed, "disputed"},
    {MilestoneStatus::kReleased, "released"},
    {MilestoneStatus::kRefunded, "refunded"},
    {MilestoneStatus::kResolved, "resolved"},
}};
inline constexpr kernel::EnumNames<MilestoneAction, 8> kMilestoneActionNames{{
    {MilestoneAction::kFund, "fund"},
    {MilestoneAction::kDeliver, "deliver"},
    {MilestoneAction::kAccept, "accept"},
    {MilestoneAction::kRequestChanges, "request_changes"},
    {MilestoneAction::kRefund, "refund"},
    {MilestoneAction::kDispute, "dispute"},
    {MilestoneAction::kResolve, "resolve"},
    {MilestoneAction::kAutoRelease, "auto_release"},
}};

constexpr std::string_view MilestoneStatusName(MilestoneStatus status) noexcept {
  return kMilestoneStatusNames.Name(status);
}
constexpr std::optional<MilestoneStatus> ParseMilestoneStatus(std::string_view name) noexcept {
  return kMilestoneStatusNames.Parse(name);
}
constexpr std::string_view MilestoneActionName(MilestoneAction action) noexcept {
  return kMilestoneActionNames.Name(action);
}

/// Who may take an action: the order's customer, its performer, either of them, an admin, or the platform's
/// job.
enum class DealSide : std::uint8_t { kCustomer, kPerformer, kAdmin, kPlatform };

bool IsAllowed(MilestoneStatus status, MilestoneAction action) noexcept;
/// Whether `side` takes `action` (fund, accept, request_changes: the customer; deliver, refund: the
/// performer; dispute: either; resolve: an admin; auto_release: the platform).
bool MayAct(DealSide side, MilestoneAction action) noexcept;

/// The status after `action`. Throws Conflict wallet:deal.illegal_transition when the action is not allowed
/// in `status` (the caller changes nothing).
MilestoneStatus Apply(MilestoneStatus status, MilestoneAction action);

}  // namespace artel::wallet
