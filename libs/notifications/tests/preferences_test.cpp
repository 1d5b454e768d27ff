// The preference rules and the one-click unsubscribe tokens, without a database.
#include "artel/notifications/preferences.hpp"

#include <gtest/gtest.h>

namespace artel::notifications {
namespace {

Kind Bids() {
  return {.name = "bid_received",
          .group = Group::kOrders,
          .site = Interval::kImmediately,
          .email = Interval::kDaily};
}

Kind Security() {
  return {.name = "password_changed",
          .group = Group::kAccount,
          .site = Interval::kImmediately,
          .email = Interval::kImmediately,
          .locked = true};
}

TEST(ResolveTest, TheDefaultUntilTheUserChoosesThenTheChoice) {
  const Kind kind = Bids();
  EXPECT_EQ(Resolve(kind, Channel::kSite, std::nullopt), Interval::kImmediately);
  EXPECT_EQ(Resolve(kind, Channel::kEmail, std::nullopt), Interval::kDaily);
  EXPECT_EQ(Resolve(kind, Channel::kSite, Interval::kNever), Interval::kNever);
  EXPECT_EQ(Resolve(kind, Channel::kEmail, Interval::kMonthly), Interval::kMonthly);
  EXPECT_EQ(Resolve(kind, Channel::kEmail, Interval::kNever), Interval::kNever);
}

TEST(ResolveTest, ALockedKindKeepsItsDefaultsWhateverIsStored) {
  const Kind kind = Security();
  for (auto stored : {Interval::kNever, Interval::kHourly, Interval::kMonthly}) {
    EXPECT_EQ(Resolve(kind, Channel::kSite, stored), Interval::kImmediately);
    EXPECT_EQ(Resolve(kind, Channel::kEmail, stored), Interval::kImmediately);
  }
}

TEST(IntervalNamesTest, EveryIntervalOfSpecSection9HasItsName) {
  for (auto [interval, name] : {std::pair{Interval::kNever, "never"},
                                {Interval::kImmediately, "immediately"},
                                {Interval::kHourly, "hourly"},
                                {Interval::kDaily, "daily"},
                                {Interval::kWeekly, "weekly"},
                                {Interval::kMonthly, "monthly"}}) {
    EXPECT_EQ(kIntervalNames.Name(interval), name);
    EXPECT_EQ(kIntervalNames.Parse(name), interval);
  }
  EXPECT_FALSE(kIntervalNames.Parse("yearly"));
  EXPECT_FALSE(kIntervalNames.Parse("Never"));
}

constexpr std::string_view kKey = "0123456789abcdef0123456789abcdef-test-key";

TEST(UnsubscribeTokenTest, ASignedTokenVerifiesToItsClaim) {
  const UnsubscribeClaim claim{42, {"bid_received"}, Channel::kEmail};
  const std::string token = SignUnsubscribe(kKey, claim);
  EXPECT_TRUE(token.starts_with("42.bid_received.email."));
  EXPECT_EQ(VerifyUnsubscribe(kKey, token), claim);
}

TEST(UnsubscribeTokenTest, AnotherUsersKindsOrChannelCannotBeReachedWithIt) {
  const std::string token = SignUnsubscribe(kKey, {42, {"bid_received"}, Channel::kEmail});
  const std::string signature = token.substr(token.rfind('.'));
  EXPECT_FALSE(VerifyUnsubscribe(kKey, "43.bid_received.email" + signature)) << "another user";
  EXPECT_FALSE(VerifyUnsubscribe(kKey, "42.bid_selected.email" + signature)) << "another kind";
  EXPECT_FALSE(VerifyUnsubscribe(kKey, "42.bid_received.site" + signature)) << "another channel";
  EXPECT_FALSE(VerifyUnsubscribe(kKey, "042.bid_received.email" + signature))
      << "the same user spelt otherwise";
}

TEST(UnsubscribeTokenTest, ADigestsTokenNamesEveryKindAndNoneCanBeAddedOrDropped) {
  const UnsubscribeClaim claim{42, {"bid_received", "deal_funded", "message_unread"}, Channel::kEmail};
  const std::string token = SignUnsubscribe(kKey, claim);
  EXPECT_TRUE(token.starts_with("42.bid_received,deal_funded,message_unread.email."));
  EXPECT_EQ(VerifyUnsubscribe(kKey, token), claim);
  const std::string signature = token.substr(token.rfind('.'));
  EXPECT_FALSE(VerifyUnsubscribe(kKey, "42.bid_received,deal_funded.email" + signature)) << "one dropped";
  EXPECT_FALSE(
      VerifyUnsubscribe(kKey, "42.bid_received,deal_funded,message_unread,order_closed.email" + signature))
      << "one added";
  EXPECT_FALSE(VerifyUnsubscribe(kKey, "42.deal_funded,bid_received,message_unread.email" + signature))
      << "reordered";
  const std::string twice = SignUnsubscribe(kKey, {42, {"bid_received", "bid_received"}, Channel::kEmail});
  EXPECT_FALSE(VerifyUnsubscribe(kKey, twice)) << "a kind twice";
  const std::string empty_item = SignUnsubscribe(kKey, {42, {"bid_received", ""}, Channel::kEmail});
  EXPECT_FALSE(VerifyUnsubscribe(kKey, empty_item)) << "an empty kind";
}

TEST(UnsubscribeTokenTest, ForgedAndMalformedTokensAreRefused) {
  const UnsubscribeClaim claim{42, {"bid_received"}, Channel::kEmail};
  const std::string token = SignUnsubscribe(kKey, claim);
  EXPECT_FALSE(VerifyUnsubscribe("another-server-secret-of-32-chars!!", token)) << "signed with another key";
  std::string flipped = token;
  flipped.back() = flipped.back() == 'A' ? 'B' : 'A';
  EXPECT_FALSE(VerifyUnsubscribe(kKey, flipped)) << "one character of the signature changed";
  EXPECT_FALSE(VerifyUnsubscribe(kKey, "42.bid_received.email.")) << "no signature";
  EXPECT_FALSE(VerifyUnsubscribe(kKey, "42.bid_received.email")) << "too few parts";
  EXPECT_FALSE(VerifyUnsubscribe(kKey, "")) << "empty";
  EXPECT_FALSE(VerifyUnsubscribe(kKey, "-1.bid_received.email" + token.substr(token.rfind('.'))));
  EXPECT_FALSE(VerifyUnsubscribe(kKey, "42.Bid-Received.email" + token.substr(token.rfind('.'))));
  EXPECT_FALSE(VerifyUnsubscribe(kKey, "42.bid_received.fax" + token.substr(token.rfind('.'))));
  EXPECT_FALSE(VerifyUnsubscribe(kKey, token + ".extra"));
}

}  // namespace
}  // namespace artel::notifications
