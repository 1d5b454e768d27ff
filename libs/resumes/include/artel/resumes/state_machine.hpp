#pragma once

// The resume state machine, free of I/O and tested state × action on its own.
//
//   draft ──publish──► published ──hide──► hidden ──publish──► published
//
// Editing and deleting are allowed in every state (a resume in use by a response cannot be deleted: the
// database's RESTRICT answers that, not the state).

#include <cstdint>
#include <optional>
#include <string_view>

#include "artel/kernel/enum_names.hpp"

namespace artel::resumes {

enum class Status : std::uint8_t { kDraft, kPublished, kHidden };
enum class Action : std::uint8_t { kPublish, kHide, kEdit, kDelete };

inline constexpr kernel::EnumNames<Status, 3> kStatusNames{{
    {Status::kDraft, "draft"},
    {Status::kPublished, "published"},
    {Status::kHidden, "hidden"},
}};
inline constexpr kernel::EnumNames<Action, 4> kActionNames{{
    {Action::kPublish, "publish"},
    {Action::kHide, "hide"},
    {Action::kEdit, "edit"},
    {Action::kDelete, "delete"},
}};

constexpr std::string_view StatusName(Status status) noexcept {
  return kStatusNames.Name(status);
}
constexpr std::optional<Status> ParseStatus(std::string_view name) noexcept {
  return kStatusNames.Parse(name);
}

bool IsAllowed(Status status, Action action) noexcept;

/// The status after `action`. Throws Conflict (resumes:illegal_transition) when the action is not allowed:
/// the caller changes nothing.
Status Apply(Status status, Action action);

}  // namespace artel::resumes
