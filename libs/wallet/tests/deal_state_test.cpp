// The safe deal's milestone state machine, every status × action, and who may take each action.

#include "artel/wallet/deal_state.hpp"

#include <gtest/gtest.h>

#include <array>
#include <optional>
#include <string>

#include "artel/core/error.hpp"

namespace artel::wallet {
namespace {

using S = MilestoneStatus;
using A = MilestoneAction;

constexpr std::array kStatuses{S::kDraft,    S::kFunded,   S::kDelivered, S::kDisputed,
                               S::kReleased, S::kRefunded, S::kResolved};
constexpr std::array kActions{A::kFund,   A::kDeliver, A::kAccept,  A::kRequestChanges,
                              A::kRefund, A::kDispute, A::kResolve, A::kAutoRelease};

struct E {
  S status;
  A action;
  std::optional<S> next;  // nullopt: 409 wallet:deal.illegal_transition
};

// Written out by hand from the diagram in deal_state.hpp, not derived from the implementation's table.
constexpr std::array kTable{
    E{S::kDraft, A::kFund, S::kFunded},          E{S::kDraft, A::kDeliver, std::nullopt},
    E{S::kDraft, A::kAccept, std::nullopt},      E{S::kDraft, A::kRequestChanges, std::nullopt},
    E{S::kDraft, A::kRefund, std::nullopt},      E{S::kDraft, A::kDispute, std::nullopt},
    E{S::kDraft, A::kResolve, std::nullopt},     E{S::kDraft, A::kAutoRelease, std::nullopt},
    E{S::kFunded, A::kFund, std::nullopt},       E{S::kFunded, A::kDeliver, S::kDelivered},
    E{S::kFunded, A::kAccept, std::nullopt},     E{S::kFunded, A::kRequestChanges, std::nullopt},
    E{S::kFunded, A::kRefund, S::kRefunded},     E{S::kFunded, A::kDispute, S::kDisputed},
    E{S::kFunded, A::kResolve, std::nullopt},    E{S::kFunded, A::kAutoRelease, std::nullopt},
    E{S::kDelivered, A::kFund, std::nullopt},    E{S::kDelivered, A::kDeliver, std::nullopt},
    E{S::kDelivered, A::kAccept, S::kReleased},  E{S::kDelivered, A::kRequestChanges, S::kFunded},
    E{S::kDelivered, A::kRefund, S::kRefunded},  E{S::kDelivered, A::kDispute, S::kDisputed},
    E{S::kDelivered, A::kResolve, std::nullopt}, E{S::kDelivered, A::kAutoRelease, S::kReleased},
    E{S::kDisputed, A::kFund, std::nullopt},     E{S::kDisputed, A::kDeliver, std::nullopt},
    E{S::kDisputed, A::kAccept, std::nullopt},   E{S::kDisputed, A::kRequestChanges, std::nullopt},
    E{S::kDisputed, A::kRefund, std::nullopt},   E{S::kDisputed, A::kDispute, std::nullopt},
    E{S::kDisputed, A::kResolve, S::kResolved},  E{S::kDisputed, A::kAutoRelease, std::nullopt},
    E{S::kReleased, A::kFund, std::nullopt},     E{S::kReleased, A::kDeliver, std::nullopt},
    E{S::kReleased, A::kAccept, std::nullopt},   E{S::kReleased, A::kRequestChanges, std::nullopt},
    E{S::kReleased, A::kRefund, std::nullopt},   E{S::kReleased, A::kDispute, std::nullopt},
    E{S::kReleased, A::kResolve, std::nullopt},  E{S::kReleased, A::kAutoRelease, std::nullopt},
    E{S::kRefunded, A::kFund, std::nullopt},     E{S::kRefunded, A::kDeliver, std::nullopt},
    E{S::kRefunded, A::kAccept, std::nullopt},   E{S::kRefunded, A::kRequestChanges, std::nullopt},
    E{S::kRefunded, A::kRefund, std::nullopt},   E{S::kRefunded, A::kDispute, std::nullopt},
    E{S::kRefunded, A::kResolve, std::nullopt},  E{S::kRefunded, A::kAutoRelease, std::nullopt},
    E{S::kResolved, A::kFund, std::nullopt},     E{S::kResolved, A::kDeliver, std::nullopt},
    E{S::kResolved, A::kAccept, std::nullopt},   E{S::kResolved, A::kRequestChanges, std::nullopt},
    E{S::kResolved, A::kRefund, std::nullopt},   E{S::kResolved, A::kDispute, std::nullopt},
    E{S::kResolved, A::kResolve, std::nullopt},  E{S::kResolved, A::kAutoRelease, std::nullopt},
};

TEST(DealStateMachineTest, TableCoversEveryStatusAndAction) {
  EXPECT_EQ(kTable.size(), kStatuses.size() * kActions.size());
  for (auto status : kStatuses) {
    for (auto action : kActions) {
      int found = 0;
      for (const auto& row : kTable) found += row.status == status && row.action == action ? 1 : 0;
      EXPECT_EQ(found, 1) << MilestoneStatusName(status) << " × " << MilestoneActionName(action);
    }
  }
}

TEST(DealStateMachineTest, EveryStatusTimesAction) {
  for (const auto& row : kTable) {
    SCOPED_TRACE(std::string(MilestoneStatusName(row.status)) + " × " +
                 std::string(MilestoneActionName(row.action)));
    EXPECT_EQ(IsAllowed(row.status, row.action), row.next.has_value());
    if (row.next) {
      EXPECT_EQ(Apply(row.status, row.action), *row.next);
    } else {
      try {
        Apply(row.status, row.action);
        ADD_FAILURE() << "allowed";
      } catch (const Error& error) {
        EXPECT_EQ(error.Code(), ErrorCode::kConflict);
        EXPECT_EQ(error.GetMessage().key, "wallet:deal.illegal_transition");
      }
    }
  }
}

TEST(DealStateMachineTest, FinalStatesAllowNothing) {
  for (auto status : {S::kReleased, S::kRefunded, S::kResolved}) {
    for (auto action : kActions) EXPECT_FALSE(IsAllowed(status, action)) << MilestoneActionName(action);
  }
}

TEST(DealStateMachineTest, WhoMayAct) {
  EXPECT_TRUE(MayAct(DealSide::kCustomer, A::kFund));
  EXPECT_FALSE(MayAct(DealSide::kPerformer, A::kFund));
  EXPECT_TRUE(MayAct(DealSide::kPerformer, A::kDeliver));
  EXPECT_FALSE(MayAct(DealSide::kCustomer, A::kDeliver));
  EXPECT_TRUE(MayAct(DealSide::kCustomer, A::kAccept));
  EXPECT_FALSE(MayAct(DealSide::kPerformer, A::kAccept));
  EXPECT_TRUE(MayAct(DealSide::kCustomer, A::kRequestChanges));
  EXPECT_FALSE(MayAct(DealSide::kPerformer, A::kRequestChanges));
  EXPECT_TRUE(MayAct(DealSide::kPerformer, A::kRefund));
  EXPECT_FALSE(MayAct(DealSide::kCustomer, A::kRefund));
  EXPECT_TRUE(MayAct(DealSide::kCustomer, A::kDispute));
  EXPECT_TRUE(MayAct(DealSide::kPerformer, A::kDispute));
  EXPECT_FALSE(MayAct(DealSide::kAdmin, A::kDispute));
  EXPECT_TRUE(MayAct(DealSide::kAdmin, A::kResolve));
  EXPECT_FALSE(MayAct(DealSide::kCustomer, A::kResolve));
  EXPECT_TRUE(MayAct(DealSide::kPlatform, A::kAutoRelease));
  EXPECT_FALSE(MayAct(DealSide::kCustomer, A::kAutoRelease));
  // An admin moves no money but by a resolution.
  for (auto action : kActions) {
    if (action != A::kResolve) EXPECT_FALSE(MayAct(DealSide::kAdmin, action)) << MilestoneActionName(action);
  }
}

}  // namespace
}  // namespace artel::wallet
