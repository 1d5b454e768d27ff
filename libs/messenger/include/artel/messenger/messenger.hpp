#pragma once

#include <boost/asio/awaitable.hpp>
#include <boost/describe/class.hpp>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "artel/core/clock.hpp"
#include "artel/kernel/user_card.hpp"

namespace artel::db {
class Pool;
class Result;
struct PipelineQuery;
}  // namespace artel::db

namespace artel::realtime {
class Publisher;
}  // namespace artel::realtime

namespace artel::storage {
struct StoredFile;
}  // namespace artel::storage

namespace artel::messenger {

class ContextTypes;

/// Longest message text, in code points (after trimming).
inline constexpr std::size_t kMaxTextLength = 4000;
/// Longest short_text (toasts, excerpts), in code points.
inline constexpr std::size_t kShortTextLength = 100;
inline constexpr std::size_t kMaxAttachments = 10;
/// The most chats or messages one page holds (a larger limit is taken as this).
inline constexpr std::int32_t kMaxPageSize = 100;
/// Uploads a user may hold that no message uses yet.
inline constexpr std::int64_t kMaxPendingUploads = 20;

/// What a chat is about: a type some module registered in ContextTypes ("order", "response") and its id.
struct ChatContext {
  std::string type;
  std::int64_t id = 0;
  /// Read from the owning schema when the chat is shown.
  std::string title;
};

struct Attachment {
  std::int64_t id = 0;
  std::int64_t message_id = 0;
  std::string name;
  std::string file_name;
  std::optional<std::string> thumbnail_name;
  std::string content_type;
  std::int64_t size = 0;
};

struct Message {
  std::int64_t id = 0;
  std::int64_t chat_id = 0;
  std::string client_id;
  kernel::UserCard author;
  std::optional<std::string> text;
  std::optional<std::string> short_text;
  std::vector<Attachment> attachments;
  std::vector<std::string> caution;
  TimePoint created_at;
  std::optional<TimePoint> edited_at;
  bool deleted = false;
};

struct Chat {
  std::int64_t id = 0;
  /// The other participant.
  kernel::UserCard peer;
  std::optional<ChatContext> context;
  std::optional<Message> last_message;
  std::int64_t unread = 0;
  std::optional<std::int64_t> my_last_read_id;
  std::optional<std::int64_t> peer_last_read_id;
  TimePoint updated_at;
};

struct ChatPage {
  std::vector<Chat> items;
  std::optional<std::string> next_cursor;
};

struct History {
  /// Oldest first.
  std::vector<Message> items;
  bool has_more = false;
};

/// One entry of `unread_msg` (GET /api/user/info, the chat.unreadMsg event), as the API shows it.
struct UnreadEntry {
  std::int64_t chat_id = 0;
  std::int64_t count = 0;
  std::int64_t last_message_id = 0;
};
BOOST_DESCRIBE_STRUCT(UnreadEntry, (), (chat_id, count, last_message_id))

struct SendInput {
  /// A UUID the client chose: the same one again returns the same message.
  std::string client_id;
  /// Trimmed; empty only with attachments.
  std::string text;
  std::vector<std::int64_t> attachment_ids;
};
BOOST_DESCRIBE_STRUCT(SendInput, (), (client_id, text, attachment_ids))

/// A participant's file, to serve.
struct AttachmentFile {
  std::string file_name;
  std::optional<std::string> thumbnail_name;
  std::string name;
};

/// At most kShortTextLength code points of `text`, whitespace runs folded, "…" when cut.
std::string ShortText(std::string_view text);

/// Chats between two users, one per pair, and their messages. Every change publishes its events
/// (chat.newMsg, chat.unreadMsg, chat.message, chat.read; docs/architecture.md "Messenger") through
/// realtime::Publisher inside its own transaction, so an event never announces a change that rolled back.
/// A chat somebody is not in answers NotFound to them, whatever they ask.
class Messenger final {
 public:
  /// `context_types` may still grow after construction (modules installed later register theirs).
  Messenger(db::Pool& pool, const realtime::Publisher& publisher, const ContextTypes& context_types,
            const Clock& clock = DefaultClock());
  ~Messenger();
  Messenger(const Messenger&) = delete;
  Messenger& operator=(const Messenger&) = delete;

  /// The registered context types.
  const ContextTypes& Contexts() const noexcept;

  struct Started {
    Chat chat;
    bool created = false;
  };
  /// The chat of the pair, created when missing; a given context (of a registered type whose check lets the
  /// pair talk about it) becomes the chat's context. ValidationFailed for oneself or an unknown context type,
  /// NotFound for an unknown user or a context the check refuses.
  boost::asio::awaitable<Started> Start(std::int64_t user_id, std::int64_t peer_id,
                                        std::optional<ChatContext> context);
  boost::asio::awaitable<Chat> Get(std::int64_t user_id, std::int64_t chat_id);
  /// By last activity, newest first.
  boost::asio::awaitable<ChatPage> List(std::int64_t user_id, std::optional<std::string> cursor,
                                        std::int32_t limit);
  /// The page of messages before `before` (the newest without), oldest first.
  boost::asio::awaitable<History> Messages(std::int64_t user_id, std::int64_t chat_id,
                                           std::optional<std::int64_t> before, std::int32_t limit);

  struct Sent {
    Message message;
    bool created = false;
  };
  /// Idempotent by (author, client_id): a retry, even a concurrent one, gets the first send's message.
  boost::asio::awaitable<Sent> Send(std::int64_t user_id, std::int64_t chat_id, SendInput input);
  /// Own messages only, not deleted, not yet read by the other side (Conflict messenger:already_read).
  boost::asio::awaitable<Message> Edit(std::int64_t user_id, std::int64_t chat_id, std::int64_t message_id,
                                       std::string text);
  /// A tombstone: text gone, attachments detached (the upload sweep removes them), the row stays.
  boost::asio::awaitable<Message> Delete(std::int64_t user_id, std::int64_t chat_id, std::int64_t message_id);
  /// Moves the read position up to `message_id` (never backwards); returns the position.
  boost::asio::awaitable<std::optional<std::int64_t>> Read(std::int64_t user_id, std::int64_t chat_id,
                                                           std::int64_t message_id);
  /// The chats with messages `user_id` has not read, in one query.
  boost::asio::awaitable<std::vector<UnreadEntry>> Unread(std::int64_t user_id);
  /// Unread's statement, for another module's pipeline (the user info reads it with the user), and its
  /// reading.
  static db::PipelineQuery UnreadQuery(std::int64_t user_id);
  static std::vector<UnreadEntry> ReadUnread(const db::Result& rows);
  boost::asio::awaitable<bool> IsParticipant(std::int64_t user_id, std::int64_t chat_id);
  /// The author's card of a participant, for the presence channel; nullopt for anyone else.
  boost::asio::awaitable<std::optional<kernel::UserCard>> Member(std::int64_t user_id, std::int64_t chat_id);

  /// Conflict (messenger:uploads_pending) when `user_id` holds kMaxPendingUploads unattached uploads.
  boost::asio::awaitable<void> CheckUploadAllowance(std::int64_t user_id);
  boost::asio::awaitable<Attachment> AddUpload(std::int64_t user_id, const std::string& name,
                                               const storage::StoredFile& stored);
  /// The file of an attachment of a message in a chat `user_id` is in; nullopt otherwise.
  boost::asio::awaitable<std::optional<AttachmentFile>> File(std::int64_t user_id, std::int64_t chat_id,
                                                             std::int64_t message_id,
                                                             std::int64_t attachment_id);

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace artel::messenger
