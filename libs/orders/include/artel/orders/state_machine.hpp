#pragma once

// The order state machine (SPEC §4), kept free of I/O so it is tested exhaustively on its own.
//
//   search ──close──► closed ──reopen──► search
//     │ (deadline passes: shown as "expired"; edit the deadline to reopen)
//     └──select performer / accept invitation──► in_progress ──complete──► completed
//
// Editing and deleting are allowed until a performer is selected. Bids and invitations need an order that
// is in search and not expired.

#include <cstdint>
#include <optional>
#include <string_view>

#include "artel/core/clock.hpp"
#include "artel/kernel/enum_names.hpp"

namespace artel::orders {

/// What is stored.
enum class Status : std::uint8_t { kSearch, kClosed, kInProgress, kCompleted };

/// What is shown: a stored status, plus "expired" for an order in search whose deadline has passed.
enum class State : std::uint8_t { kSearch, kExpired, kClosed, kInProgress, kCompleted };

enum class Action : std::uint8_t {
  kEdit,
  kDelete,
  kClose,
  kReopen,
  kSelectPerformer,
  kComplete,
  kBid,
  kInvite
};

inline constexpr kernel::EnumNames<Status, 4> kStatusNames{{
    {Status::kSearch, "search"},
    {Status::kClosed, "closed"},
    {Status::kInProgress, "in_progress"},
    {Status::kCompleted, "completed"},
}};
inline constexpr kernel::EnumNames<State, 5> kStateNames{{
    {State::kSearch, "search"},
    {State::kExpired, "expired"},
    {State::kClosed, "closed"},
    {State::kInProgress, "in_progress"},
    {State::kCompleted, "completed"},
}};

constexpr std::string_view StatusName(Status status) noexcept {
  return kStatusNames.Name(status);
}
constexpr std::optional<Status> ParseStatus(std::string_view name) noexcept {
  return kStatusNames.Parse(name);
}
constexpr std::string_view StateName(State state) noexcept {
  return kStateNames.Name(state);
}
constexpr std::optional<State> ParseState(std::string_view name) noexcept {
  return kStateNames.Parse(name);
}

/// The stored status a display state comes from (expired orders are stored as search).
Status StoredStatus(State state) noexcept;

/// The display state at `now`.
State StateAt(Status status, std::optional<TimePoint> deadline, TimePoint now) noexcept;

bool IsAllowed(State state, Action action) noexcept;

/// The stored status after `action` in `state`. Throws Conflict (orders:illegal_transition, or
/// orders:locked for edits and deletes once a performer is selected) when the action is not
/// allowed: the caller changes nothing.
Status Apply(State state, Action action);

}  // namespace artel::orders
