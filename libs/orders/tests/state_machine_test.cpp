// Every (state, action) pair of the order state machine.

#include "artel/orders/state_machine.hpp"

#include <gtest/gtest.h>

#include "artel/core/error.hpp"
#include "artel/orders/orders.hpp"

namespace artel::orders {
namespace {

using namespace std::chrono_literals;

constexpr State kStates[] = {State::kSearch, State::kExpired, State::kClosed, State::kInProgress,
                             State::kCompleted};
constexpr Action kActions[] = {Action::kEdit,   Action::kDelete,          Action::kClose,
                               Action::kReopen, Action::kSelectPerformer, Action::kComplete,
                               Action::kBid,    Action::kInvite};

TEST(StateMachineTest, ExpiredIsASearchOrderPastItsDeadline) {
  const TimePoint now{std::chrono::hours(1000)};
  EXPECT_EQ(StateAt(Status::kSearch, std::nullopt, now), State::kSearch);
  EXPECT_EQ(StateAt(Status::kSearch, now + 1s, now), State::kSearch);
  EXPECT_EQ(StateAt(Status::kSearch, now, now), State::kExpired);
  EXPECT_EQ(StateAt(Status::kSearch, now - 1s, now), State::kExpired);
  // Only an open order expires: the others keep their state whatever the deadline.
  EXPECT_EQ(StateAt(Status::kInProgress, now - 1s, now), State::kInProgress);
  EXPECT_EQ(StateAt(Status::kClosed, now - 1s, now), State::kClosed);
  EXPECT_EQ(StateAt(Status::kCompleted, now - 1s, now), State::kCompleted);
}

TEST(StateMachineTest, LegalTransitionsLeadWhereSpecSays) {
  EXPECT_EQ(Apply(State::kSearch, Action::kClose), Status::kClosed);
  EXPECT_EQ(Apply(State::kExpired, Action::kClose), Status::kClosed);
  EXPECT_EQ(Apply(State::kClosed, Action::kReopen), Status::kSearch);
  EXPECT_EQ(Apply(State::kSearch, Action::kSelectPerformer), Status::kInProgress);
  EXPECT_EQ(Apply(State::kInProgress, Action::kComplete), Status::kCompleted);
  // Actions that do not move the order keep its stored status.
  EXPECT_EQ(Apply(State::kSearch, Action::kEdit), Status::kSearch);
  EXPECT_EQ(Apply(State::kExpired, Action::kEdit), Status::kSearch);
  EXPECT_EQ(Apply(State::kClosed, Action::kEdit), Status::kClosed);
  EXPECT_EQ(Apply(State::kSearch, Action::kBid), Status::kSearch);
}

TEST(StateMachineTest, EveryOtherPairIsAConflict) {
  int allowed = 0;
  for (auto state : kStates) {
    for (auto action : kActions) {
      if (IsAllowed(state, action)) {
        ++allowed;
        EXPECT_NO_THROW(Apply(state, action));
        continue;
      }
      try {
        Apply(state, action);
        ADD_FAILURE() << StateName(state) << " allowed action " << static_cast<int>(action);
      } catch (const Error& error) {
        EXPECT_EQ(error.Code(), ErrorCode::kConflict);
      }
    }
  }
  // search: 6 (not reopen, complete); expired: edit, delete, close; closed: edit, delete, reopen;
  // in_progress: complete.
  EXPECT_EQ(allowed, 13);
}

TEST(StateMachineTest, NoEditOrDeleteOnceAPerformerIsSelected) {
  for (auto state : {State::kInProgress, State::kCompleted}) {
    for (auto action : {Action::kEdit, Action::kDelete}) {
      try {
        Apply(state, action);
        ADD_FAILURE();
      } catch (const Error& error) {
        EXPECT_EQ(error.GetMessage().key, "orders:locked");
      }
    }
  }
}

TEST(StateMachineTest, NoBidsOrSelectionOnExpiredOrClosedOrders) {
  for (auto state : {State::kExpired, State::kClosed, State::kInProgress, State::kCompleted}) {
    EXPECT_FALSE(IsAllowed(state, Action::kBid)) << StateName(state);
    EXPECT_FALSE(IsAllowed(state, Action::kSelectPerformer)) << StateName(state);
    EXPECT_FALSE(IsAllowed(state, Action::kInvite)) << StateName(state);
  }
  try {
    Apply(State::kClosed, Action::kBid);
    ADD_FAILURE();
  } catch (const Error& error) {
    EXPECT_EQ(error.GetMessage().key, "orders:illegal_transition.closed");
  }
}

TEST(StateMachineTest, NamesRoundTrip) {
  for (auto state : kStates) EXPECT_EQ(ParseState(StateName(state)), state);
  for (auto status : {Status::kSearch, Status::kClosed, Status::kInProgress, Status::kCompleted}) {
    EXPECT_EQ(ParseStatus(StatusName(status)), status);
  }
  EXPECT_FALSE(ParseState("archived"));
  EXPECT_FALSE(ParseStatus("expired"));  // a display state, never stored
}

}  // namespace
}  // namespace artel::orders

namespace artel::orders {
namespace {

/// Every value of an enum whose last value is `last` has a name in `names`, and the name parses back.
template <class T, std::size_t N>
void ExpectEveryValueNamed(const kernel::EnumNames<T, N>& names, T last) {
  EXPECT_EQ(N, static_cast<std::size_t>(last) + 1);
  for (std::size_t i = 0; i <= static_cast<std::size_t>(last); ++i) {
    const auto value = static_cast<T>(i);
    EXPECT_FALSE(names.Name(value).empty()) << i;
    EXPECT_EQ(names.Parse(names.Name(value)), value) << i;
  }
}

TEST(EnumNamesTest, EveryOrderEnumValueHasAName) {
  ExpectEveryValueNamed(kStatusNames, Status::kCompleted);
  ExpectEveryValueNamed(kStateNames, State::kCompleted);
  ExpectEveryValueNamed(kPaymentOptionNames, PaymentOption::kContract);
  ExpectEveryValueNamed(kDeadlineBucketNames, DeadlineBucket::kByAgreement);
  ExpectEveryValueNamed(kSortNames, Sort::kBudget);
  EXPECT_EQ(StateName(State::kInProgress), "in_progress");
  EXPECT_EQ(ParsePaymentOption("safe_deal"), PaymentOption::kSafeDeal);
  EXPECT_FALSE(ParseDeadlineBucket("soon"));
}

}  // namespace
}  // namespace artel::orders
