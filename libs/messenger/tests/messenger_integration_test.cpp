// The messenger against a real throwaway PostgreSQL: concurrent retries of one send make one row, edit until
// read, read positions, unread counts, and a failed send leaves nothing behind.
#include <fmt/format.h>
#include <gtest/gtest.h>

#include <boost/asio/experimental/awaitable_operators.hpp>

#include "artel/core/error.hpp"
#include "artel/core/time.hpp"
#include "artel/messenger/context_types.hpp"
#include "artel/messenger/messenger.hpp"
#include "artel/notifications/notifications.hpp"
#include "artel/realtime/publisher.hpp"
#include "artel/testing/testing.hpp"
#include "presence.hpp"

namespace artel::messenger {
namespace {

using boost::asio::awaitable;
using db::testing::TestDatabase;
using testing::CodeOf;
using testing::ErrorOf;
using testing::MakeUser;

class MessengerTest : public ::testing::Test {
 protected:
  MessengerTest() : publisher_(db_.GetPool()), messenger_(db_.GetPool(), publisher_, context_types_) {
    ann_ = MakeUser(db_, "ann");
    bob_ = MakeUser(db_, "bob");
    chat_ = db_.Run(messenger_.Start(ann_, bob_, std::nullopt)).chat.id;
  }

  Message Send(std::int64_t author, std::string text, std::string client_id = {}) {
    SendInput input;
    input.client_id = client_id.empty() ? NextUuid() : client_id;
    input.text = std::move(text);
    return db_.Run(messenger_.Send(author, chat_, std::move(input))).message;
  }

  std::string NextUuid() { return fmt::format("00000000-0000-4000-8000-{:012d}", ++uuids_); }

  std::int64_t Count(std::string_view sql) {
    return db_.Run(db_.GetPool().Query(sql)).One().Get<std::int64_t>(0);
  }

  TestDatabase db_;
  ContextTypes context_types_;
  realtime::Publisher publisher_;
  Messenger messenger_;
  std::int64_t ann_ = 0;
  std::int64_t bob_ = 0;
  std::int64_t chat_ = 0;
  int uuids_ = 0;
};

TEST_F(MessengerTest, OneChatPerPairWhoeverStartsIt) {
  auto again = db_.Run(messenger_.Start(bob_, ann_, std::nullopt));
  EXPECT_FALSE(again.created);
  EXPECT_EQ(again.chat.id, chat_);
  EXPECT_EQ(again.chat.peer.id, ann_);
  EXPECT_EQ(CodeOf(db_, messenger_.Start(ann_, ann_, std::nullopt)), ErrorCode::kValidationFailed);
  EXPECT_EQ(CodeOf(db_, messenger_.Start(ann_, 999'999, std::nullopt)), ErrorCode::kNotFound);
}

TEST_F(MessengerTest, ConcurrentRetriesOfOneSendMakeOneRow) {
  using namespace boost::asio::experimental::awaitable_operators;
  const std::string client_id = NextUuid();
  auto send = [&]() -> awaitable<Messenger::Sent> {
    SendInput input;
    input.client_id = client_id;
    input.text = "at once";
    co_return co_await messenger_.Send(ann_, chat_, std::move(input));
  };
  auto [first, second] = db_.Run([&]() -> awaitable<std::tuple<Messenger::Sent, Messenger::Sent>> {
    co_return co_await (send() && send());
  }());
  EXPECT_EQ(first.message.id, second.message.id);
  EXPECT_NE(first.created, second.created) << "one created it, the other found it";
  EXPECT_EQ(Count("SELECT count(*) FROM messenger.messages"), 1);
}

TEST_F(MessengerTest, EditUntilTheOtherSideReadsIt) {
  auto message = Send(ann_, "Helo");
  auto edited = db_.Run(messenger_.Edit(ann_, chat_, message.id, "Hello"));
  EXPECT_EQ(edited.text, "Hello");
  EXPECT_TRUE(edited.edited_at);
  EXPECT_EQ(CodeOf(db_, messenger_.Edit(bob_, chat_, message.id, "mine?")), ErrorCode::kForbidden);
  EXPECT_EQ(db_.Run(messenger_.Read(bob_, chat_, message.id)), message.id);
  EXPECT_EQ(ErrorOf(db_, messenger_.Edit(ann_, chat_, message.id, "Hello!")).GetMessage().key,
            "messenger:already_read");
}

TEST_F(MessengerTest, ReadPositionsNeverMoveBackwardsAndUnreadCountsTheOtherSide) {
  auto first = Send(bob_, "one");
  auto second = Send(bob_, "two");
  Send(ann_, "mine");
  auto unread = db_.Run(messenger_.Unread(ann_));
  ASSERT_EQ(unread.size(), 1u);
  EXPECT_EQ(unread[0].count, 2);
  EXPECT_EQ(unread[0].last_message_id, second.id);
  EXPECT_EQ(db_.Run(messenger_.Read(ann_, chat_, second.id)), second.id);
  EXPECT_EQ(db_.Run(messenger_.Read(ann_, chat_, first.id)), second.id);
  EXPECT_TRUE(db_.Run(messenger_.Unread(ann_)).empty());
}

TEST_F(MessengerTest, AFailedSendLeavesNothing) {
  SendInput input;
  input.client_id = NextUuid();
  input.text = "with somebody else's file";
  input.attachment_ids = {12345};
  EXPECT_EQ(CodeOf(db_, messenger_.Send(ann_, chat_, input)), ErrorCode::kValidationFailed);
  EXPECT_EQ(Count("SELECT count(*) FROM messenger.messages"), 0);
  const auto stranger = MakeUser(db_, "eve");
  EXPECT_EQ(CodeOf(db_, messenger_.Send(stranger, chat_, input)), ErrorCode::kNotFound);
  EXPECT_EQ(CodeOf(db_, messenger_.Messages(stranger, chat_, std::nullopt, 10)), ErrorCode::kNotFound);
}

TEST_F(MessengerTest, DeleteLeavesATombstone) {
  auto message = Send(ann_, "oops");
  auto gone = db_.Run(messenger_.Delete(ann_, chat_, message.id));
  EXPECT_TRUE(gone.deleted);
  EXPECT_FALSE(gone.text);
  auto history = db_.Run(messenger_.Messages(bob_, chat_, std::nullopt, 10));
  ASSERT_EQ(history.items.size(), 1u);
  EXPECT_TRUE(history.items[0].deleted);
  EXPECT_TRUE(db_.Run(messenger_.Unread(bob_)).empty()) << "a deleted message is not unread";
}

TEST_F(MessengerTest, OnlyTheParticipantsJoinTheChatsPresenceChannel) {
  realtime::Channels channels;
  channels.Add(std::string(kPresencePrefix), PresenceAuthorizer(messenger_));
  const std::string channel = fmt::format("presence-chat.{}", chat_);
  auto ann = db_.Run(channels.Authorize(Actor{.user_id = ann_}, channel));
  EXPECT_TRUE(ann.allowed);
  EXPECT_EQ(ann.user_info.at("name").as_string(), "ann");
  EXPECT_TRUE(ann.user_info.contains("lastname") && ann.user_info.contains("avatar"));
  EXPECT_FALSE(ann.user_info.contains("email"));
  EXPECT_TRUE(db_.Run(channels.Authorize(Actor{.user_id = bob_}, channel)).allowed);
  const auto eve = MakeUser(db_, "eve");
  EXPECT_FALSE(db_.Run(channels.Authorize(Actor{.user_id = eve}, channel)).allowed);
  EXPECT_FALSE(db_.Run(channels.Authorize(Actor{.user_id = ann_}, "presence-chat.x1")).allowed);
  EXPECT_FALSE(db_.Run(channels.Authorize(Actor{.user_id = ann_}, "presence-chat.999999")).allowed);
}

}  // namespace
}  // namespace artel::messenger
