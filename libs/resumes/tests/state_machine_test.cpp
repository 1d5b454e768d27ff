// Every (state, action) pair of the resume state machine.

#include "artel/resumes/state_machine.hpp"

#include <gtest/gtest.h>

#include "artel/core/error.hpp"

namespace artel::resumes {
namespace {

constexpr Status kStatuses[] = {Status::kDraft, Status::kPublished, Status::kHidden};
constexpr Action kActions[] = {Action::kPublish, Action::kHide, Action::kEdit, Action::kDelete};

/// The expected next status, or nullopt when the action is refused.
std::optional<Status> Expected(Status status, Action action) {
  switch (action) {
    case Action::kPublish:
      if (status == Status::kDraft || status == Status::kHidden) return Status::kPublished;
      return std::nullopt;
    case Action::kHide:
      if (status == Status::kPublished) return Status::kHidden;
      return std::nullopt;
    case Action::kEdit:
    case Action::kDelete:
      return status;
  }
  return std::nullopt;
}

TEST(ResumeStateMachineTest, EveryStateByEveryAction) {
  int checked = 0;
  for (auto status : kStatuses) {
    for (auto action : kActions) {
      const auto expected = Expected(status, action);
      EXPECT_EQ(IsAllowed(status, action), expected.has_value())
          << StatusName(status) << " × " << kActionNames.Name(action);
      if (expected) {
        EXPECT_EQ(Apply(status, action), *expected)
            << StatusName(status) << " × " << kActionNames.Name(action);
      } else {
        try {
          Apply(status, action);
          ADD_FAILURE() << StatusName(status) << " × " << kActionNames.Name(action) << " was allowed";
        } catch (const Error& error) {
          EXPECT_EQ(error.Code(), ErrorCode::kConflict);
          EXPECT_EQ(error.GetMessage().key, "resumes:illegal_transition");
        }
      }
      ++checked;
    }
  }
  EXPECT_EQ(checked, 12);
}

TEST(ResumeStateMachineTest, NamesRoundTrip) {
  for (auto status : kStatuses) EXPECT_EQ(ParseStatus(StatusName(status)), status);
  EXPECT_FALSE(ParseStatus("archived"));
}

}  // namespace
}  // namespace artel::resumes
