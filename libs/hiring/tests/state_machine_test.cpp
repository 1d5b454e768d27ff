// Every (state, action, side) of the response state machine, and the reapply rule.

#include "artel/hiring/state_machine.hpp"

#include <gtest/gtest.h>

#include <map>
#include <set>
#include <tuple>

#include "artel/core/error.hpp"

namespace artel::hiring {
namespace {

using namespace std::chrono_literals;

constexpr Side kSides[] = {Side::kEmployer, Side::kApplicant};

// The whole table, written out: (from, action, side) → to. Everything else is a conflict.
const std::map<std::tuple<Status, Action, Side>, Status>& Legal() {
  static const std::map<std::tuple<Status, Action, Side>, Status> legal{
      {{Status::kResponse, Action::kView, Side::kEmployer}, Status::kViewed},
      {{Status::kResponse, Action::kInterview, Side::kEmployer}, Status::kInterview},
      {{Status::kViewed, Action::kInterview, Side::kEmployer}, Status::kInterview},
      {{Status::kViewed, Action::kOffer, Side::kEmployer}, Status::kOffer},
      {{Status::kInterview, Action::kOffer, Side::kEmployer}, Status::kOffer},
      {{Status::kOffer, Action::kHire, Side::kEmployer}, Status::kHired},
      {{Status::kResponse, Action::kDiscard, Side::kEmployer}, Status::kDiscarded},
      {{Status::kViewed, Action::kDiscard, Side::kEmployer}, Status::kDiscarded},
      {{Status::kInterview, Action::kDiscard, Side::kEmployer}, Status::kDiscarded},
      {{Status::kOffer, Action::kDiscard, Side::kEmployer}, Status::kDiscarded},
      {{Status::kResponse, Action::kWithdraw, Side::kApplicant}, Status::kWithdrawn},
      {{Status::kViewed, Action::kWithdraw, Side::kApplicant}, Status::kWithdrawn},
      {{Status::kInterview, Action::kWithdraw, Side::kApplicant}, Status::kWithdrawn},
      {{Status::kOffer, Action::kWithdraw, Side::kApplicant}, Status::kWithdrawn},
      {{Status::kDiscarded, Action::kReapply, Side::kApplicant}, Status::kResponse},
      {{Status::kWithdrawn, Action::kReapply, Side::kApplicant}, Status::kResponse},
  };
  return legal;
}

TEST(StateMachineTest, EveryStateActionAndSide) {
  int allowed = 0;
  for (auto status : kStatuses) {
    for (auto action : kActions) {
      for (auto side : kSides) {
        auto found = Legal().find({status, action, side});
        const std::string what = std::string(StatusName(status)) + " " + std::string(ActionName(action)) +
                                 " by " + std::string(SideName(side));
        if (found != Legal().end()) {
          ++allowed;
          EXPECT_TRUE(IsAllowed(status, action, side)) << what;
          EXPECT_EQ(Apply(status, action, side), found->second) << what;
          continue;
        }
        EXPECT_FALSE(IsAllowed(status, action, side)) << what;
        try {
          Apply(status, action, side);
          ADD_FAILURE() << what << " allowed";
        } catch (const Error& error) {
          EXPECT_EQ(error.Code(), ErrorCode::kConflict) << what;
          EXPECT_EQ(error.GetMessage().key, "hiring:illegal_transition") << what;
        }
      }
    }
  }
  EXPECT_EQ(allowed, 16);
}

TEST(StateMachineTest, ApplyAndInviteCreateAResponseByTheirSideOnly) {
  EXPECT_EQ(Apply(std::nullopt, Action::kApply, Side::kApplicant), Status::kResponse);
  EXPECT_EQ(Apply(std::nullopt, Action::kInvite, Side::kEmployer), Status::kInterview);
  EXPECT_FALSE(IsAllowed(std::nullopt, Action::kApply, Side::kEmployer));
  EXPECT_FALSE(IsAllowed(std::nullopt, Action::kInvite, Side::kApplicant));
  for (auto action : kTransitions) {
    for (auto side : kSides) EXPECT_FALSE(IsAllowed(std::nullopt, action, side)) << ActionName(action);
  }
}

TEST(StateMachineTest, HiredIsFinal) {
  for (auto side : kSides) EXPECT_TRUE(ActionsOf(Status::kHired, side).empty());
}

TEST(StateMachineTest, FromStatesAndActionsAgreeWithTheTable) {
  for (auto action : kTransitions) {
    std::set<Status> expected;
    for (const auto& [key, to] : Legal()) {
      if (std::get<1>(key) == action) expected.insert(std::get<0>(key));
    }
    auto from = FromStates(action);
    EXPECT_EQ(std::set<Status>(from.begin(), from.end()), expected) << ActionName(action);
  }
  EXPECT_EQ(ActionsOf(Status::kResponse, Side::kEmployer),
            (std::vector<Action>{Action::kView, Action::kInterview, Action::kDiscard}));
  EXPECT_EQ(ActionsOf(Status::kOffer, Side::kApplicant), (std::vector<Action>{Action::kWithdraw}));
  EXPECT_EQ(ActionsOf(Status::kDiscarded, Side::kApplicant), (std::vector<Action>{Action::kReapply}));
  EXPECT_TRUE(ActionsOf(Status::kDiscarded, Side::kEmployer).empty());
}

TEST(StateMachineTest, NamesRoundTrip) {
  for (auto status : kStatuses) EXPECT_EQ(ParseStatus(StatusName(status)), status);
  for (auto action : kActions) EXPECT_EQ(ParseAction(ActionName(action)), action);
  EXPECT_FALSE(ParseStatus("archived"));
}

std::string KeyOf(Status status, int attempts, TimePoint changed, bool published, TimePoint now) {
  try {
    CheckReapply(status, attempts, changed, published, now);
    return "";
  } catch (const Error& error) {
    EXPECT_EQ(error.Code(), ErrorCode::kConflict);
    return error.GetMessage().key;
  }
}

TEST(ReapplyRuleTest, AfterAWithdrawalAtOnce) {
  const TimePoint changed{std::chrono::hours(100'000)};
  EXPECT_EQ(ReapplyAt(Status::kWithdrawn, 1, changed, true), changed);
  EXPECT_EQ(KeyOf(Status::kWithdrawn, 1, changed, true, changed), "");
}

TEST(ReapplyRuleTest, AfterADiscardSevenDaysLater) {
  const TimePoint changed{std::chrono::hours(100'000)};
  EXPECT_EQ(ReapplyAt(Status::kDiscarded, 1, changed, true), changed + std::chrono::days(7));
  EXPECT_EQ(KeyOf(Status::kDiscarded, 1, changed, true, changed + std::chrono::days(7) - 1s),
            "hiring:reapply_too_early");
  EXPECT_EQ(KeyOf(Status::kDiscarded, 1, changed, true, changed + std::chrono::days(7)), "");
  try {
    CheckReapply(Status::kDiscarded, 1, TimePoint{} + std::chrono::days(20'000), true, TimePoint{});
    ADD_FAILURE();
  } catch (const Error& error) {
    ASSERT_EQ(error.GetMessage().params.size(), 1U);
    EXPECT_EQ(error.GetMessage().params[0].first, "date");
    EXPECT_EQ(error.GetMessage().params[0].second, "2024-10-11");  // day 20007 since 1970-01-01
  }
}

TEST(ReapplyRuleTest, AtMostThreeApplicationsInAll) {
  const TimePoint changed{std::chrono::hours(100'000)};
  EXPECT_EQ(KeyOf(Status::kWithdrawn, 2, changed, true, changed), "");
  EXPECT_EQ(KeyOf(Status::kWithdrawn, 3, changed, true, changed), "hiring:reapply_limit");
  EXPECT_FALSE(ReapplyAt(Status::kWithdrawn, 3, changed, true));
}

TEST(ReapplyRuleTest, OnlyToAPublishedVacancy) {
  const TimePoint changed{std::chrono::hours(100'000)};
  EXPECT_EQ(KeyOf(Status::kWithdrawn, 1, changed, false, changed), "hiring:vacancy_closed");
  EXPECT_FALSE(ReapplyAt(Status::kWithdrawn, 1, changed, false));
}

TEST(ReapplyRuleTest, NoReapplyDateForActiveResponses) {
  const TimePoint changed{std::chrono::hours(100'000)};
  for (auto status :
       {Status::kResponse, Status::kViewed, Status::kInterview, Status::kOffer, Status::kHired}) {
    EXPECT_FALSE(ReapplyAt(status, 1, changed, true)) << StatusName(status);
  }
}

}  // namespace
}  // namespace artel::hiring
