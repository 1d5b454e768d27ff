// The messenger against a real throwaway PostgreSQL: concurrent retries of one send make one row, edit until
// read, read positions, unread counts, a failed send leaves nothing behind, a blocked peer gets no chat and
// no message, and chat files stored before private files existed are moved (storage::MovePrivateFiles).
#include <fmt/format.h>
#include <gtest/gtest.h>

#include <boost/asio/experimental/awaitable_operators.hpp>
#include <chrono>
#include <filesystem>

#include "artel/core/crypto.hpp"
#include "artel/core/error.hpp"
#include "artel/core/time.hpp"
#include "artel/messenger/context_types.hpp"
#include "artel/messenger/messenger.hpp"
#include "artel/notifications/notifications.hpp"
#include "artel/realtime/publisher.hpp"
#include "artel/storage/private_move.hpp"
#include "artel/storage/storage.hpp"
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

TEST_F(MessengerTest, ABlockedPeerGetsNoChatAndNoMessage) {
  Send(bob_, "before the block");
  db_.Run(db_.GetPool().Query(fmt::format(
      "UPDATE identity.users SET blocked_at = now(), blocked_reason = 'spam' WHERE id = {}", bob_)));
  auto refused = ErrorOf(db_, messenger_.Start(ann_, bob_, std::nullopt));
  EXPECT_EQ(refused.Code(), ErrorCode::kConflict);
  EXPECT_EQ(refused.GetMessage().key, "profiles:users.blocked");
  SendInput input;
  input.client_id = NextUuid();
  input.text = "are you there?";
  refused = ErrorOf(db_, messenger_.Send(ann_, chat_, input));
  EXPECT_EQ(refused.Code(), ErrorCode::kConflict);
  EXPECT_EQ(refused.GetMessage().key, "profiles:users.blocked");
  EXPECT_EQ(Count("SELECT count(*) FROM messenger.messages"), 1) << "nothing written";
  const auto carol = MakeUser(db_, "carol");
  EXPECT_TRUE(db_.Run(messenger_.Start(ann_, carol, std::nullopt)).created) << "anybody else is reachable";
}

class PrivateFilesTest : public MessengerTest {
 protected:
  PrivateFilesTest()
      : dir_(std::filesystem::temp_directory_path() / ("artel-private-" + ToHex(RandomBytes(6)))),
        files_(dir_) {
    // As the modules register them: identity's avatars (public) and the messenger's rows.
    references_.Add("identity", "EXISTS (SELECT 1 FROM identity.users u WHERE u.avatar = {name})");
    references_.AddPrivateTable("messenger", "messenger.attachments");
  }
  ~PrivateFilesTest() override { std::filesystem::remove_all(dir_); }

  /// A chat upload as it was before private files: its file public only, stored `age` ago, the row unmarked.
  std::pair<std::int64_t, std::string> Legacy(std::string_view bytes, std::chrono::hours age) {
    const auto stored = files_.PutAttachment(bytes, storage::Space::kPublic);
    const auto attachment = db_.Run(messenger_.AddUpload(ann_, "old.pdf", stored));
    db_.Run(db_.GetPool().Query(
        fmt::format("UPDATE messenger.attachments SET stored_private = false WHERE id = {}", attachment.id)));
    std::filesystem::last_write_time(files_.Dir() / stored.name,
                                     std::filesystem::file_time_type::clock::now() - age);
    return {attachment.id, stored.name};
  }

  bool Marked(std::int64_t id) {
    return Count(fmt::format("SELECT count(*) FROM messenger.attachments WHERE id = {} AND stored_private",
                             id)) == 1;
  }

  std::size_t Move() {
    return db_.Run(storage::MovePrivateFiles(db_.GetPool(), files_, references_,
                                             {"messenger", "messenger.attachments"}));
  }

  std::filesystem::path dir_;
  storage::FileStore files_;
  storage::FileReferences references_;
};

TEST_F(PrivateFilesTest, AnOldChatFileBecomesPrivateOnceAndForAll) {
  const auto [id, name] = Legacy("%PDF-1.4 old chat file", std::chrono::hours(48));
  EXPECT_FALSE(Marked(id));
  EXPECT_EQ(Move(), 1u);
  EXPECT_TRUE(Marked(id));
  EXPECT_TRUE(files_.Exists(name, storage::Space::kPrivate));
  EXPECT_FALSE(files_.Exists(name, storage::Space::kPublic)) << "no longer served by /api/files";
  EXPECT_EQ(Move(), 0u) << "nothing left to move";
}

TEST_F(PrivateFilesTest, APublicOwnersFileStaysPublic) {
  const auto [id, name] = Legacy("%PDF-1.4 also an avatar, say", std::chrono::hours(48));
  db_.Run(
      db_.GetPool().Query(fmt::format("UPDATE identity.users SET avatar = '{}' WHERE id = {}", name, bob_)));
  EXPECT_EQ(Move(), 1u);
  EXPECT_TRUE(Marked(id));
  EXPECT_TRUE(files_.Exists(name, storage::Space::kPrivate));
  EXPECT_TRUE(files_.Exists(name, storage::Space::kPublic)) << "public by the avatar";
}

TEST_F(PrivateFilesTest, ARecentPublicCopyWaitsForTheGrace) {
  const auto [id, name] = Legacy("%PDF-1.4 stored a minute ago", std::chrono::hours(0));
  EXPECT_EQ(Move(), 0u);
  EXPECT_FALSE(Marked(id)) << "its public copy may belong to an identical upload being recorded";
  EXPECT_TRUE(files_.Exists(name, storage::Space::kPrivate)) << "the chat's route reads it already";
  EXPECT_TRUE(files_.Exists(name, storage::Space::kPublic));
  std::filesystem::last_write_time(files_.Dir() / name,
                                   std::filesystem::file_time_type::clock::now() - std::chrono::hours(2));
  EXPECT_EQ(Move(), 1u);
  EXPECT_FALSE(files_.Exists(name, storage::Space::kPublic));
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
