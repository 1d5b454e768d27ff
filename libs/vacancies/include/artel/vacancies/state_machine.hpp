#pragma once

// The vacancy state machine (issue 12), kept free of I/O so it is tested exhaustively on its own.
//
//   draft ──publish──► published ──archive / 30 days without renewal (job)──► archived
//     │ delete            │  ▲ renew (expires_at = now + 30 days;               │
//     ▼                   └──┘  not within 24 h of the last publication)        │
//   (gone)               ◄────────────────────── publish (republish) ───────────┘
//
// Editing is allowed in every state (an archived vacancy is fixed before it is republished); only a draft is
// deleted (a published one may have responses).

#include <chrono>
#include <cstdint>
#include <optional>
#include <string_view>

#include "artel/core/clock.hpp"
#include "artel/kernel/enum_names.hpp"

namespace artel::vacancies {

enum class Status : std::uint8_t { kDraft, kPublished, kArchived };

enum class Action : std::uint8_t { kEdit, kDelete, kPublish, kArchive, kRenew };

inline constexpr kernel::EnumNames<Status, 3> kStatusNames{{
    {Status::kDraft, "draft"},
    {Status::kPublished, "published"},
    {Status::kArchived, "archived"},
}};
inline constexpr kernel::EnumNames<Action, 5> kActionNames{{
    {Action::kEdit, "edit"},
    {Action::kDelete, "delete"},
    {Action::kPublish, "publish"},
    {Action::kArchive, "archive"},
    {Action::kRenew, "renew"},
}};

constexpr std::string_view StatusName(Status status) noexcept {
  return kStatusNames.Name(status);
}
constexpr std::optional<Status> ParseStatus(std::string_view name) noexcept {
  return kStatusNames.Parse(name);
}
constexpr std::string_view ActionName(Action action) noexcept {
  return kActionNames.Name(action);
}

/// How long a publication (or renewal) lasts before the archive job takes it.
inline constexpr std::chrono::hours kPublicationPeriod{24 * 30};
/// The least time between a publication (or renewal) and a renewal.
inline constexpr std::chrono::hours kRenewInterval{24};

bool IsAllowed(Status status, Action action) noexcept;

/// The status after `action`. Throws Conflict vacancies:illegal_transition when the action is not allowed
/// in `status`: the caller changes nothing.
Status Apply(Status status, Action action);

/// Apply() for a renewal, which also needs the last publication to be at least kRenewInterval ago:
/// Conflict vacancies:renew_too_early otherwise.
Status ApplyRenew(Status status, std::optional<TimePoint> published_at, TimePoint now);

}  // namespace artel::vacancies
