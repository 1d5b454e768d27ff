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

// A comment's life (on a published article):
//
//   visible ──edit(author, within 15 minutes of posting)──▶ visible (edited_at set)
//      │  ──delete(author)──▶ deleted (a tombstone: the text is gone, the replies stay)
//      └──hide(admin)──▶ hidden ──show(admin)──▶ visible
//
// Deleted and hidden are independent (an admin may hide a tombstone; hiding keeps the author's own delete).
// Votes and edits need a comment that is neither; a reply to a deleted or hidden comment is allowed (the
// thread goes on under the tombstone).
struct CommentState {
  bool deleted = false;
  bool hidden = false;
  bool in_edit_window = false;  // now < created_at + 15 minutes
};
enum class CommentAction { kEdit, kDelete, kVote, kReply, kHide, kShow };
/// kGone: 404 articles:comment_not_found (a deleted comment is gone for its author's actions);
/// kClosed: 409 articles:edit_window_closed (edit) or articles:comment_closed (vote).
enum class CommentVerdict { kAllowed, kGone, kClosed };

inline constexpr CommentAction kAllCommentActions[] = {CommentAction::kEdit, CommentAction::kDelete,
                                                       CommentAction::kVote, CommentAction::kReply,
                                                       CommentAction::kHide, CommentAction::kShow};

constexpr CommentVerdict DecideComment(CommentState state, CommentAction action) noexcept {
  switch (action) {
    case CommentAction::kEdit:
      if (state.deleted) return CommentVerdict::kGone;
      return state.hidden || !state.in_edit_window ? CommentVerdict::kClosed : CommentVerdict::kAllowed;
    case CommentAction::kDelete:
      return state.deleted ? CommentVerdict::kGone : CommentVerdict::kAllowed;
    case CommentAction::kVote:
      return state.deleted || state.hidden ? CommentVerdict::kClosed : CommentVerdict::kAllowed;
    case CommentAction::kReply:
    case CommentAction::kHide:
    case CommentAction::kShow:
      return CommentVerdict::kAllowed;  // hide and show set the flag; repeating one changes nothing
  }
  return CommentVerdict::kClosed;
}

}  // namespace artel::articles
