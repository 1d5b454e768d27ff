// The vacancy state machine, every status × action.

#include "artel/vacancies/state_machine.hpp"

#include <gtest/gtest.h>

#include <array>
#include <chrono>

#include "artel/core/error.hpp"
#include "artel/core/time.hpp"

namespace artel::vacancies {
namespace {

using namespace std::chrono_literals;

constexpr std::array kStatuses{Status::kDraft, Status::kPublished, Status::kArchived};
constexpr std::array kActions{Action::kEdit, Action::kDelete, Action::kPublish, Action::kArchive,
                              Action::kRenew};

struct Expected {
  Status status;
  Action action;
  std::optional<Status> next;  // nullopt: 409 illegal_transition
};

constexpr std::array kTable{
    Expected{Status::kDraft, Action::kEdit, Status::kDraft},
    Expected{Status::kDraft, Action::kDelete, Status::kDraft},
    Expected{Status::kDraft, Action::kPublish, Status::kPublished},
    Expected{Status::kDraft, Action::kArchive, std::nullopt},
    Expected{Status::kDraft, Action::kRenew, std::nullopt},
    Expected{Status::kPublished, Action::kEdit, Status::kPublished},
    Expected{Status::kPublished, Action::kDelete, std::nullopt},
    Expected{Status::kPublished, Action::kPublish, std::nullopt},
    Expected{Status::kPublished, Action::kArchive, Status::kArchived},
    Expected{Status::kPublished, Action::kRenew, Status::kPublished},
    Expected{Status::kArchived, Action::kEdit, Status::kArchived},
    Expected{Status::kArchived, Action::kDelete, std::nullopt},
    Expected{Status::kArchived, Action::kPublish, Status::kPublished},
    Expected{Status::kArchived, Action::kArchive, std::nullopt},
    Expected{Status::kArchived, Action::kRenew, std::nullopt},
};

TEST(VacancyStateMachineTest, TableCoversEveryStatusAndAction) {
  EXPECT_EQ(kTable.size(), kStatuses.size() * kActions.size());
  for (auto status : kStatuses) {
    for (auto action : kActions) {
      int found = 0;
      for (const auto& row : kTable) found += row.status == status && row.action == action ? 1 : 0;
      EXPECT_EQ(found, 1) << StatusName(status) << " × " << ActionName(action);
    }
  }
}

TEST(VacancyStateMachineTest, EveryStatusTimesAction) {
  for (const auto& row : kTable) {
    SCOPED_TRACE(std::string(StatusName(row.status)) + " × " + std::string(ActionName(row.action)));
    EXPECT_EQ(IsAllowed(row.status, row.action), row.next.has_value());
    if (row.next) {
      EXPECT_EQ(Apply(row.status, row.action), *row.next);
    } else {
      try {
        Apply(row.status, row.action);
        ADD_FAILURE() << "allowed";
      } catch (const Error& error) {
        EXPECT_EQ(error.Code(), ErrorCode::kConflict);
        EXPECT_EQ(error.GetMessage().key, "vacancies:illegal_transition");
      }
    }
  }
}

TEST(VacancyStateMachineTest, RenewWaitsADayAfterThePublication) {
  const TimePoint now = *ParseIsoTime("2026-11-22T12:00:00Z");
  EXPECT_EQ(ApplyRenew(Status::kPublished, now - 25h, now), Status::kPublished);
  EXPECT_EQ(ApplyRenew(Status::kPublished, now - 24h, now), Status::kPublished);
  try {
    ApplyRenew(Status::kPublished, now - 23h, now);
    ADD_FAILURE() << "renewed within a day";
  } catch (const Error& error) {
    EXPECT_EQ(error.GetMessage().key, "vacancies:renew_too_early");
  }
  // A draft is an illegal transition, however long ago anything happened.
  try {
    ApplyRenew(Status::kDraft, std::nullopt, now);
    ADD_FAILURE() << "renewed a draft";
  } catch (const Error& error) {
    EXPECT_EQ(error.GetMessage().key, "vacancies:illegal_transition");
  }
}

TEST(VacancyStateMachineTest, NamesRoundTrip) {
  for (auto status : kStatuses) EXPECT_EQ(ParseStatus(StatusName(status)), status);
  EXPECT_FALSE(ParseStatus("hidden").has_value());
}

}  // namespace
}  // namespace artel::vacancies
