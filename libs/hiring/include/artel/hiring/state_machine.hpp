#pragma once

// The response state machine (issue 12), kept free of I/O so it is tested exhaustively on its own. One row of
// hiring.responses per (vacancy, applicant); docs/architecture.md, "Jobs", draws it.
//
//   (none) ──apply (applicant)──► response ──view──► viewed
//   (none) ──invite (employer)──► interview            (origin invitation)
//   response | viewed ──interview──► interview
//   viewed | interview ──offer──► offer ──hire──► hired
//   response | viewed | interview | offer ──discard (employer, optional reason)──► discarded
//   response | viewed | interview | offer ──withdraw (applicant)──► withdrawn
//   discarded | withdrawn ──reapply (applicant, under the reapply rule)──► response
//
// view, interview, offer, hire, discard and invite are the employer's; apply, withdraw and reapply the
// applicant's. hired is final.
//
// The reapply rule: the vacancy must be published; after a withdrawal the applicant may reapply at once;
// after a discard no sooner than kReapplyDelay after it; at most kMaxAttempts applications per vacancy in
// total, the first included.

#include <chrono>
#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

#include "artel/core/clock.hpp"
#include "artel/kernel/enum_names.hpp"

namespace artel::hiring {

enum class Status : std::uint8_t { kResponse, kViewed, kInterview, kOffer, kHired, kDiscarded, kWithdrawn };

enum class Action : std::uint8_t {
  kApply,
  kInvite,
  kView,
  kInterview,
  kOffer,
  kHire,
  kDiscard,
  kWithdraw,
  kReapply
};

/// Which party of a response the caller is.
enum class Side : std::uint8_t { kEmployer, kApplicant };

enum class Origin : std::uint8_t { kResponse, kInvitation };

inline constexpr kernel::EnumNames<Status, 7> kStatusNames{{
    {Status::kResponse, "response"},
    {Status::kViewed, "viewed"},
    {Status::kInterview, "interview"},
    {Status::kOffer, "offer"},
    {Status::kHired, "hired"},
    {Status::kDiscarded, "discarded"},
    {Status::kWithdrawn, "withdrawn"},
}};
inline constexpr kernel::EnumNames<Action, 9> kActionNames{{
    {Action::kApply, "apply"},
    {Action::kInvite, "invite"},
    {Action::kView, "view"},
    {Action::kInterview, "interview"},
    {Action::kOffer, "offer"},
    {Action::kHire, "hire"},
    {Action::kDiscard, "discard"},
    {Action::kWithdraw, "withdraw"},
    {Action::kReapply, "reapply"},
}};
inline constexpr kernel::EnumNames<Side, 2> kSideNames{{
    {Side::kEmployer, "employer"},
    {Side::kApplicant, "applicant"},
}};
inline constexpr kernel::EnumNames<Origin, 2> kOriginNames{{
    {Origin::kResponse, "response"},
    {Origin::kInvitation, "invitation"},
}};

inline constexpr Status kStatuses[] = {Status::kResponse, Status::kViewed, Status::kInterview,
                                       Status::kOffer,    Status::kHired,  Status::kDiscarded,
                                       Status::kWithdrawn};
inline constexpr Action kActions[] = {Action::kApply,     Action::kInvite,   Action::kView,
                                      Action::kInterview, Action::kOffer,    Action::kHire,
                                      Action::kDiscard,   Action::kWithdraw, Action::kReapply};
/// The actions of an existing response (POST /api/responses/{id}/{action}): all but apply and invite.
inline constexpr Action kTransitions[] = {Action::kView,   Action::kInterview, Action::kOffer,
                                          Action::kHire,   Action::kDiscard,   Action::kWithdraw,
                                          Action::kReapply};

/// The reapply rule's numbers.
inline constexpr int kMaxAttempts = 3;
inline constexpr std::chrono::days kReapplyDelay{7};

constexpr std::string_view StatusName(Status status) noexcept {
  return kStatusNames.Name(status);
}
constexpr std::optional<Status> ParseStatus(std::string_view name) noexcept {
  return kStatusNames.Parse(name);
}
constexpr std::string_view ActionName(Action action) noexcept {
  return kActionNames.Name(action);
}
constexpr std::optional<Action> ParseAction(std::string_view name) noexcept {
  return kActionNames.Parse(name);
}
constexpr std::string_view SideName(Side side) noexcept {
  return kSideNames.Name(side);
}
constexpr std::optional<Side> ParseSide(std::string_view name) noexcept {
  return kSideNames.Parse(name);
}
constexpr std::string_view OriginName(Origin origin) noexcept {
  return kOriginNames.Name(origin);
}
constexpr std::optional<Origin> ParseOrigin(std::string_view name) noexcept {
  return kOriginNames.Parse(name);
}

/// The party that takes `action`.
Side SideOf(Action action) noexcept;

/// The states `action` may start from (empty for apply and invite, which create the response).
std::vector<Status> FromStates(Action action);

/// Whether `side` may take `action` on a response in `from` (nullopt: no response yet).
bool IsAllowed(std::optional<Status> from, Action action, Side side) noexcept;

/// The status after `action`. Throws Conflict (hiring:illegal_transition) when the state or the side does
/// not allow it: the caller changes nothing.
Status Apply(std::optional<Status> from, Action action, Side side);

/// The transitions `side` may take now on a response in `status` (the state machine alone: reapply is
/// listed here for discarded and withdrawn; the reapply rule narrows it).
std::vector<Action> ActionsOf(Status status, Side side);

/// When the reapply rule lets the applicant reapply to a response in `status` (changed to it at
/// `status_changed_at`, after `attempts` applications) on a vacancy that is `vacancy_published`: nullopt when
/// never (not discarded or withdrawn, the vacancy closed, the attempts used up).
std::optional<TimePoint> ReapplyAt(Status status, int attempts, TimePoint status_changed_at,
                                   bool vacancy_published) noexcept;

/// The reapply rule at `now`, after the state machine allowed reapply: Conflict hiring:vacancy_closed,
/// hiring:reapply_limit, or hiring:reapply_too_early {date} (the date it becomes possible, YYYY-MM-DD UTC).
void CheckReapply(Status status, int attempts, TimePoint status_changed_at, bool vacancy_published,
                  TimePoint now);

}  // namespace artel::hiring
