#pragma once

// The states of an article and who moves it (docs/architecture.md, "Articles"). Pure: no I/O, unit-tested for
// every state × action.
//
//   draft ──submit(author)──▶ moderation ──publish(admin)──▶ published
//     ▲  ◀──return(admin)───┘   ▲  ◀──────return(admin)────────┘ │
//     │                          └──────edit(author)──────────────┘
//   blocked ◀──block(admin, from any state but blocked); submit(author) → moderation, publish(admin) →
//   published
//
// An admin may also publish a draft or a blocked article directly. Return and block need a reason and a
// comment (checked by the input rules, not here). Delete (author) is allowed in any state.

#include <optional>
#include <string_view>

namespace artel::articles {

enum class Status { kDraft, kModeration, kPublished, kBlocked };
enum class Action { kSubmit, kPublish, kReturn, kBlock, kEdit, kDelete };

inline constexpr Status kAllStatuses[] = {Status::kDraft, Status::kModeration, Status::kPublished,
                                          Status::kBlocked};
inline constexpr Action kAllActions[] = {Action::kSubmit, Action::kPublish, Action::kReturn,
                                         Action::kBlock,  Action::kEdit,    Action::kDelete};

constexpr std::string_view StatusName(Status status) noexcept {
  switch (status) {
    case Status::kDraft:
      return "draft";
    case Status::kModeration:
      return "moderation";
    case Status::kPublished:
      return "published";
    case Status::kBlocked:
      return "blocked";
  }
  return "draft";
}

constexpr std::optional<Status> ParseStatus(std::string_view name) noexcept {
  for (Status status : kAllStatuses) {
    if (StatusName(status) == name) return status;
  }
  return std::nullopt;
}

constexpr std::string_view ActionName(Action action) noexcept {
  switch (action) {
    case Action::kSubmit:
      return "submit";
    case Action::kPublish:
      return "publish";
    case Action::kReturn:
      return "return";
    case Action::kBlock:
      return "block";
    case Action::kEdit:
      return "edit";
    case Action::kDelete:
      return "delete";
  }
  return "submit";
}

/// Whether an admin (not the author) performs the action.
constexpr bool ByAdmin(Action action) noexcept {
  return action == Action::kPublish || action == Action::kReturn || action == Action::kBlock;
}

/// The state after `action` in `from`; nullopt when the state forbids it (409 articles:illegal_transition).
/// kDelete answers `from` itself (the row goes; the state does not matter).
constexpr std::optional<Status> Next(Status from, Action action) noexcept {
  switch (action) {
    case Action::kSubmit:
      if (from == Status::kDraft || from == Status::kBlocked) return Status::kModeration;
      return std::nullopt;
    case Action::kPublish:
      if (from == Status::kPublished) return std::nullopt;
      return Status::kPublished;
    case Action::kReturn:
      if (from == Status::kModeration || from == Status::kPublished) return Status::kDraft;
      return std::nullopt;
    case Action::kBlock:
      if (from == Status::kBlocked) return std::nullopt;
      return Status::kBlocked;
    case Action::kEdit:
      if (from == Status::kPublished) return Status::kModeration;
      return from;
    case Action::kDelete:
      return from;
  }
  return std::nullopt;
}

}  // namespace artel::articles
