#include "artel/messenger/messenger.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <boost/json/array.hpp>
#include <limits>
#include <map>

#include "artel/core/error.hpp"
#include "artel/core/text.hpp"
#include "artel/core/time.hpp"
#include "artel/db/pool.hpp"
#include "artel/kernel/cursor.hpp"
#include "artel/kernel/json.hpp"
#include "artel/messenger/caution.hpp"
#include "artel/messenger/context_types.hpp"
#include "artel/profiles/profiles.hpp"
#include "artel/realtime/publisher.hpp"
#include "artel/storage/storage.hpp"
#include "input.hpp"
#include "views.hpp"

namespace artel::messenger {
namespace {

using boost::asio::awaitable;

/// The tag of the chat list's cursors (by last activity).
constexpr std::string_view kActivityTag = "a";

// ReadMessage reads the columns of the message statements; the author's card under "author".
constexpr db::Statement kMessagesById{"messenger.messages_by_id", R"sql(
SELECT m.id, m.chat_id, m.client_id::text AS client_id, m.text, m.short_text, m.caution, m.created_at,
  m.edited_at, m.deleted_at IS NOT NULL AS deleted,
  a.id AS author_id, a.name AS author_name, a.lastname AS author_lastname, a.avatar AS author_avatar
FROM messenger.messages m
JOIN identity.users a ON a.id = m.user_id
WHERE m.id = ANY($1::bigint[])
ORDER BY m.id
)sql"};
constexpr db::Statement kHistory{"messenger.history", R"sql(
SELECT m.id, m.chat_id, m.client_id::text AS client_id, m.text, m.short_text, m.caution, m.created_at,
  m.edited_at, m.deleted_at IS NOT NULL AS deleted,
  a.id AS author_id, a.name AS author_name, a.lastname AS author_lastname, a.avatar AS author_avatar
FROM (SELECT * FROM messenger.messages WHERE chat_id = $1 AND id < $2 ORDER BY id DESC LIMIT $3) m
JOIN identity.users a ON a.id = m.user_id
ORDER BY m.id DESC
)sql"};
constexpr db::Statement kAttachmentsOf{"messenger.attachments_of", R"sql(
SELECT id, message_id, original_name, file_name, thumbnail_name, content_type, size
FROM messenger.attachments
WHERE message_id = ANY($1::bigint[])
ORDER BY message_id, position, id
)sql"};

// ReadChat reads the columns of the chat statements, for the viewer `me`; the other side's card under "peer".
constexpr db::Statement kChat{"messenger.chat", R"sql(
SELECT c.id, c.context_type, c.context_id, c.last_message_id, c.updated_at,
  me.activity_at, me.last_read_message_id AS my_last_read_id, peer.last_read_message_id AS peer_last_read_id,
  u.id AS peer_id, u.name AS peer_name, u.lastname AS peer_lastname, u.avatar AS peer_avatar,
  (SELECT count(*) FROM messenger.messages m
   WHERE m.chat_id = c.id AND m.id > coalesce(me.last_read_message_id, 0) AND m.user_id <> me.user_id
     AND m.deleted_at IS NULL) AS unread
FROM messenger.participants me
JOIN messenger.chats c ON c.id = me.chat_id
JOIN messenger.participants peer ON peer.chat_id = me.chat_id AND peer.user_id <> me.user_id
JOIN identity.users u ON u.id = peer.user_id
WHERE me.user_id = $1 AND me.chat_id = $2
)sql"};
constexpr db::Statement kChats{"messenger.chats", R"sql(
SELECT c.id, c.context_type, c.context_id, c.last_message_id, c.updated_at,
  me.activity_at, me.last_read_message_id AS my_last_read_id, peer.last_read_message_id AS peer_last_read_id,
  u.id AS peer_id, u.name AS peer_name, u.lastname AS peer_lastname, u.avatar AS peer_avatar,
  (SELECT count(*) FROM messenger.messages m
   WHERE m.chat_id = c.id AND m.id > coalesce(me.last_read_message_id, 0) AND m.user_id <> me.user_id
     AND m.deleted_at IS NULL) AS unread
FROM (SELECT * FROM messenger.participants
      WHERE user_id = $1
      ORDER BY activity_at DESC, chat_id DESC LIMIT $2) me
JOIN messenger.chats c ON c.id = me.chat_id
JOIN messenger.participants peer ON peer.chat_id = me.chat_id AND peer.user_id <> me.user_id
JOIN identity.users u ON u.id = peer.user_id
ORDER BY me.activity_at DESC, me.chat_id DESC
)sql"};
constexpr db::Statement kChatsAfter{"messenger.chats_after", R"sql(
SELECT c.id, c.context_type, c.context_id, c.last_message_id, c.updated_at,
  me.activity_at, me.last_read_message_id AS my_last_read_id, peer.last_read_message_id AS peer_last_read_id,
  u.id AS peer_id, u.name AS peer_name, u.lastname AS peer_lastname, u.avatar AS peer_avatar,
  (SELECT count(*) FROM messenger.messages m
   WHERE m.chat_id = c.id AND m.id > coalesce(me.last_read_message_id, 0) AND m.user_id <> me.user_id
     AND m.deleted_at IS NULL) AS unread
FROM (SELECT * FROM messenger.participants
      WHERE user_id = $1 AND (activity_at, chat_id) < ($3::timestamptz, $4::bigint)
      ORDER BY activity_at DESC, chat_id DESC LIMIT $2) me
JOIN messenger.chats c ON c.id = me.chat_id
JOIN messenger.participants peer ON peer.chat_id = me.chat_id AND peer.user_id <> me.user_id
JOIN identity.users u ON u.id = peer.user_id
ORDER BY me.activity_at DESC, me.chat_id DESC
)sql"};

constexpr db::Statement kInsertChat{"messenger.insert_chat", R"sql(
INSERT INTO messenger.chats (user_low, user_high, context_type, context_id, created_at, updated_at)
VALUES (least($1::bigint, $2::bigint), greatest($1::bigint, $2::bigint), $3, $4, $5, $5)
ON CONFLICT (user_low, user_high) DO NOTHING
RETURNING id
)sql"};
constexpr db::Statement kInsertParticipants{"messenger.insert_participants", R"sql(
INSERT INTO messenger.participants (chat_id, user_id, activity_at)
VALUES ($1, $2, $4), ($1, $3, $4)
)sql"};
constexpr db::Statement kPairChat{"messenger.pair_chat", R"sql(
SELECT id FROM messenger.chats WHERE user_low = least($1::bigint, $2::bigint)
  AND user_high = greatest($1::bigint, $2::bigint)
)sql"};
constexpr db::Statement kSetContext{"messenger.set_context", R"sql(
UPDATE messenger.chats SET context_type = $2, context_id = $3 WHERE id = $1
)sql"};

/// The viewer's membership and the other side (its read position, locked when `FOR UPDATE` matters).
constexpr db::Statement kMembership{"messenger.membership", R"sql(
SELECT peer.user_id AS peer_id, peer.last_read_message_id AS peer_last_read_id
FROM messenger.participants me
JOIN messenger.participants peer ON peer.chat_id = me.chat_id AND peer.user_id <> me.user_id
WHERE me.chat_id = $1 AND me.user_id = $2
)sql"};
constexpr db::Statement kMembershipLock{"messenger.membership_lock", R"sql(
SELECT peer.user_id AS peer_id, peer.last_read_message_id AS peer_last_read_id
FROM messenger.participants me
JOIN messenger.participants peer ON peer.chat_id = me.chat_id AND peer.user_id <> me.user_id
WHERE me.chat_id = $1 AND me.user_id = $2
FOR UPDATE OF peer
)sql"};
constexpr db::Statement kMember{"messenger.member", R"sql(
SELECT u.id AS member_id, u.name AS member_name, u.lastname AS member_lastname, u.avatar AS member_avatar
FROM messenger.participants p
JOIN identity.users u ON u.id = p.user_id
WHERE p.chat_id = $1 AND p.user_id = $2
)sql"};

constexpr db::Statement kInsertMessage{"messenger.insert_message", R"sql(
INSERT INTO messenger.messages (chat_id, user_id, client_id, text, short_text, caution, created_at)
VALUES ($1, $2, $3::uuid, $4, $5, $6::text[], $7)
ON CONFLICT (user_id, client_id) DO NOTHING
RETURNING id
)sql"};
constexpr db::Statement kByClientId{"messenger.by_client_id", R"sql(
SELECT id, chat_id FROM messenger.messages WHERE user_id = $1 AND client_id = $2::uuid
)sql"};
constexpr db::Statement kAttach{"messenger.attach", R"sql(
UPDATE messenger.attachments
SET message_id = $1, position = array_position($3::bigint[], id)
WHERE id = ANY($3::bigint[]) AND owner_id = $2 AND message_id IS NULL
RETURNING id
)sql"};
constexpr db::Statement kTouchChat{"messenger.touch_chat", R"sql(
UPDATE messenger.chats SET last_message_id = greatest(coalesce(last_message_id, 0), $2), updated_at = $3
WHERE id = $1
)sql"};
constexpr db::Statement kTouchParticipants{"messenger.touch_participants", R"sql(
UPDATE messenger.participants SET activity_at = $2 WHERE chat_id = $1
)sql"};
constexpr db::Statement kLockMessage{"messenger.lock_message", R"sql(
SELECT user_id, deleted_at IS NOT NULL AS deleted
FROM messenger.messages
WHERE id = $1 AND chat_id = $2
FOR UPDATE
)sql"};
constexpr db::Statement kEdit{"messenger.edit", R"sql(
UPDATE messenger.messages SET text = $2, short_text = $3, caution = $4::text[], edited_at = $5 WHERE id = $1
)sql"};
constexpr db::Statement kDelete{"messenger.delete", R"sql(
UPDATE messenger.messages SET text = NULL, short_text = NULL, caution = '{}', deleted_at = $2 WHERE id = $1
)sql"};
constexpr db::Statement kDetach{"messenger.detach", R"sql(
UPDATE messenger.attachments SET message_id = NULL, position = NULL WHERE message_id = $1
)sql"};
/// Clamped to the chat's messages, and never backwards.
constexpr db::Statement kRead{"messenger.read", R"sql(
WITH target AS (SELECT max(id) AS id FROM messenger.messages WHERE chat_id = $1 AND id <= $3)
UPDATE messenger.participants p SET last_read_message_id = target.id
FROM target
WHERE p.chat_id = $1 AND p.user_id = $2 AND target.id IS NOT NULL
  AND (p.last_read_message_id IS NULL OR p.last_read_message_id < target.id)
RETURNING p.last_read_message_id
)sql"};
constexpr db::Statement kReadPosition{"messenger.read_position", R"sql(
SELECT last_read_message_id FROM messenger.participants WHERE chat_id = $1 AND user_id = $2
)sql"};
constexpr db::Statement kUnread{"messenger.unread", R"sql(
SELECT p.chat_id, count(m.id) AS count, max(m.id) AS last_message_id
FROM messenger.participants p
JOIN messenger.messages m ON m.chat_id = p.chat_id AND m.id > coalesce(p.last_read_message_id, 0)
  AND m.user_id <> p.user_id AND m.deleted_at IS NULL
WHERE p.user_id = $1
GROUP BY p.chat_id
ORDER BY max(m.id) DESC
)sql"};

constexpr db::Statement kPendingUploads{"messenger.pending_uploads", R"sql(
SELECT count(*) AS pending
FROM (SELECT 1 FROM messenger.attachments WHERE owner_id = $1 AND message_id IS NULL LIMIT $2) pending
)sql"};
constexpr db::Statement kInsertUpload{"messenger.insert_upload", R"sql(
INSERT INTO messenger.attachments (owner_id, file_name, thumbnail_name, original_name, content_type, size,
  created_at, stored_private)
VALUES ($1, $2, $3, $4, $5, $6, $7, true)
RETURNING id
)sql"};
constexpr db::Statement kFile{"messenger.file", R"sql(
SELECT a.file_name, a.thumbnail_name, a.original_name
FROM messenger.attachments a
JOIN messenger.messages m ON m.id = a.message_id
JOIN messenger.participants p ON p.chat_id = m.chat_id AND p.user_id = $4
WHERE a.id = $3 AND a.message_id = $2 AND m.chat_id = $1 AND m.deleted_at IS NULL
)sql"};

Message ReadMessage(const db::Row& row) {
  Message message;
  message.id = row.Get<std::int64_t>("id");
  message.chat_id = row.Get<std::int64_t>("chat_id");
  message.client_id = row.Get<std::string>("client_id");
  message.text = row.Get<std::optional<std::string>>("text");
  message.short_text = row.Get<std::optional<std::string>>("short_text");
  message.caution = row.Get<std::vector<std::string>>("caution");
  message.created_at = row.Get<TimePoint>("created_at");
  message.edited_at = row.Get<std::optional<TimePoint>>("edited_at");
  message.deleted = row.Get<bool>("deleted");
  message.author = kernel::ReadUserCard(row, "author");
  return message;
}

Attachment ReadAttachment(const db::Row& row) {
  Attachment attachment;
  attachment.id = row.Get<std::int64_t>("id");
  attachment.message_id = row.Get<std::optional<std::int64_t>>("message_id").value_or(0);
  attachment.name = row.Get<std::string>("original_name");
  attachment.file_name = row.Get<std::string>("file_name");
  attachment.thumbnail_name = row.Get<std::optional<std::string>>("thumbnail_name");
  attachment.content_type = row.Get<std::string>("content_type");
  attachment.size = row.Get<std::int64_t>("size");
  return attachment;
}

/// The messages of `ids` with their attachments, in id order: two queries, one round trip.
template <class Runner>
awaitable<std::vector<Message>> LoadMessages(Runner& runner, const std::vector<std::int64_t>& ids) {
  std::vector<Message> messages;
  if (ids.empty()) co_return messages;
  auto rows = co_await runner.Query(kMessagesById, ids);
  auto files = co_await runner.Query(kAttachmentsOf, ids);
  std::map<std::int64_t, std::vector<Attachment>> by_message;
  for (auto row : files) {
    auto attachment = ReadAttachment(row);
    by_message[attachment.message_id].push_back(std::move(attachment));
  }
  for (auto row : rows) {
    auto message = ReadMessage(row);
    if (auto it = by_message.find(message.id); it != by_message.end()) message.attachments = it->second;
    messages.push_back(std::move(message));
  }
  co_return messages;
}

Chat ReadChat(const db::Row& row) {
  Chat chat;
  chat.id = row.Get<std::int64_t>("id");
  chat.peer = kernel::ReadUserCard(row, "peer");
  auto type = row.Get<std::optional<std::string>>("context_type");
  if (type) {
    ChatContext context;
    context.type = *type;
    context.id = row.Get<std::int64_t>("context_id");
    chat.context = std::move(context);
  }
  chat.unread = row.Get<std::int64_t>("unread");
  chat.my_last_read_id = row.Get<std::optional<std::int64_t>>("my_last_read_id");
  chat.peer_last_read_id = row.Get<std::optional<std::int64_t>>("peer_last_read_id");
  chat.updated_at = row.Get<TimePoint>("updated_at");
  return chat;
}

std::vector<UnreadEntry> UnreadEntriesOf(const db::Result& rows) {
  std::vector<UnreadEntry> entries;
  for (auto row : rows) {
    entries.push_back({row.Get<std::int64_t>("chat_id"), row.Get<std::int64_t>("count"),
                       row.Get<std::int64_t>("last_message_id")});
  }
  return entries;
}

std::vector<std::string> KindsOf(const std::string& text) {
  return Cautions(text);
}

std::string AttachmentUrl(std::int64_t chat_id, std::int64_t message_id, const Attachment& attachment) {
  // storage::FileUrl percent-encodes the download name; the chat's own route serves the bytes.
  const std::string file_url = storage::FileUrl(attachment.file_name, attachment.name);
  const auto query = file_url.find('?');
  return fmt::format("/api/chats/{}/messages/{}/files/{}{}", chat_id, message_id, attachment.id,
                     query == std::string::npos ? std::string() : file_url.substr(query));
}

bool IsImage(const Attachment& attachment) {
  return attachment.content_type.starts_with("image/");
}

boost::json::value OptionalText(const std::optional<std::string>& text) {
  if (!text) return nullptr;
  return boost::json::string(*text);
}

}  // namespace

std::string ShortText(std::string_view text) {
  std::string folded;
  bool space = false;
  for (char c : text) {
    if (c == ' ' || c == '\n' || c == '\r' || c == '\t') {
      space = !folded.empty();
      continue;
    }
    if (space) folded.push_back(' ');
    space = false;
    folded.push_back(c);
  }
  std::size_t length = 0;
  std::size_t cut = folded.size();
  for (std::size_t i = 0; i < folded.size(); ++i) {
    if ((static_cast<unsigned char>(folded[i]) & 0xC0) == 0x80) continue;
    if (length == kShortTextLength - 1) cut = i;
    ++length;
  }
  if (length <= kShortTextLength) return folded;
  folded.resize(cut);
  return folded + "\xE2\x80\xA6";
}

MessageView ViewOf(const Message& message) {
  MessageView view{.id = message.id,
                   .chat_id = message.chat_id,
                   .client_id = message.client_id,
                   .user = profiles::CardView(message.author),
                   .text = message.text,
                   .short_text = message.short_text,
                   .attachments = {},
                   .created_at = message.created_at,
                   .edited_at = message.edited_at,
                   .deleted = message.deleted,
                   .caution = message.caution};
  for (const auto& attachment : message.attachments) {
    std::optional<std::string> thumbnail;
    if (attachment.thumbnail_name) {
      thumbnail = fmt::format("/api/chats/{}/messages/{}/files/{}?thumbnail=1", message.chat_id, message.id,
                              attachment.id);
    }
    view.attachments.push_back({.id = attachment.id,
                                .name = attachment.name,
                                .size = attachment.size,
                                .content_type = attachment.content_type,
                                .is_image = IsImage(attachment),
                                .url = AttachmentUrl(message.chat_id, message.id, attachment),
                                .thumbnail_url = std::move(thumbnail)});
  }
  return view;
}

ChatView ViewOf(const Chat& chat) {
  ChatView view{.id = chat.id,
                .user = profiles::CardView(chat.peer),
                .context = std::nullopt,
                .last_message = std::nullopt,
                .unread = chat.unread,
                .my_last_read_id = chat.my_last_read_id,
                .peer_last_read_id = chat.peer_last_read_id,
                .updated_at = chat.updated_at};
  if (chat.context) view.context = ChatContextView{chat.context->type, chat.context->id, chat.context->title};
  if (chat.last_message) view.last_message = ViewOf(*chat.last_message);
  return view;
}

ChatPageView ViewOf(const ChatPage& page) {
  ChatPageView view{.items = {}, .next_cursor = page.next_cursor};
  for (const auto& chat : page.items) view.items.push_back(ViewOf(chat));
  return view;
}

MessagePageView ViewOf(const History& history) {
  MessagePageView view{.items = {}, .has_more = history.has_more};
  for (const auto& message : history.items) view.items.push_back(ViewOf(message));
  return view;
}

UploadView UploadViewOf(const Attachment& attachment) {
  return {.id = attachment.id,
          .name = attachment.name,
          .size = attachment.size,
          .content_type = attachment.content_type,
          .is_image = IsImage(attachment)};
}

struct Messenger::Impl {
  Impl(db::Pool& p, const realtime::Publisher& pub, const ContextTypes& t, const Clock& c)
      : pool(p), publisher(pub), context_types(t), clock(c) {}

  template <class Runner>
  awaitable<std::vector<UnreadEntry>> UnreadOf(Runner& runner, std::int64_t user_id) {
    db::Result rows = co_await runner.Query(kUnread, user_id);
    co_return UnreadEntriesOf(rows);
  }

  /// The chat rows with their last messages.
  awaitable<std::vector<Chat>> ReadChats(const db::Result& rows) {
    std::vector<Chat> chats;
    std::vector<std::int64_t> last_ids;
    for (auto row : rows) {
      chats.push_back(ReadChat(row));
      if (auto last = row.Get<std::optional<std::int64_t>>("last_message_id")) last_ids.push_back(*last);
    }
    auto last_messages = co_await LoadMessages(pool, last_ids);
    for (auto& chat : chats) {
      for (auto& message : last_messages) {
        if (message.chat_id == chat.id) chat.last_message = message;
      }
    }
    co_await ReadTitles(chats);
    co_return chats;
  }

  /// The contexts' titles, one query per context type on the page (each type's own statement).
  awaitable<void> ReadTitles(std::vector<Chat>& chats) {
    for (const auto& type : context_types.All()) {
      std::vector<std::int64_t> ids;
      for (const auto& chat : chats) {
        if (chat.context && chat.context->type == type.type) ids.push_back(chat.context->id);
      }
      if (ids.empty()) continue;
      auto rows = co_await pool.Query(type.titles, ids);
      std::map<std::int64_t, std::string> titles;
      for (auto row : rows) titles[row.Get<std::int64_t>("id")] = row.Get<std::string>("title");
      for (auto& chat : chats) {
        if (!chat.context || chat.context->type != type.type) continue;
        if (auto it = titles.find(chat.context->id); it != titles.end()) chat.context->title = it->second;
      }
    }
  }

  /// The other participant; NotFound for a chat `user_id` is not in.
  awaitable<std::int64_t> PeerOf(db::Transaction& tx, std::int64_t chat_id, std::int64_t user_id, bool lock,
                                 std::optional<std::int64_t>* peer_last_read = nullptr) {
    auto rows = co_await tx.Query(lock ? kMembershipLock : kMembership, chat_id, user_id);
    if (rows.Empty()) throw NotFound({"messenger:chat_not_found", {}});
    auto row = rows.One();
    if (peer_last_read) *peer_last_read = row.Get<std::optional<std::int64_t>>("peer_last_read_id");
    co_return row.Get<std::int64_t>("peer_id");
  }

  awaitable<Message> LoadOne(db::Transaction& tx, std::int64_t message_id) {
    const std::vector<std::int64_t> ids{message_id};
    auto messages = co_await LoadMessages(tx, ids);
    if (messages.empty()) throw NotFound({"messenger:message_not_found", {}});
    co_return std::move(messages.front());
  }

  /// chat.message to both participants.
  awaitable<void> PublishMessage(db::Transaction& tx, const Message& message, std::int64_t user_id,
                                 std::int64_t peer_id) {
    const MessageView view = ViewOf(message);
    const boost::json::value data = boost::json::object{{"message", kernel::ToJson(view)}};
    const std::string mine = realtime::UserChannel(user_id);
    const std::string theirs = realtime::UserChannel(peer_id);
    co_await publisher.Publish(tx, mine, "chat.message", data);
    co_await publisher.Publish(tx, theirs, "chat.message", data);
  }

  awaitable<void> PublishUnread(db::Transaction& tx, std::int64_t user_id) {
    auto entries = co_await UnreadOf(tx, user_id);
    const boost::json::value data = boost::json::object{{"unread_msg", kernel::ToJson(entries)}};
    const std::string channel = realtime::UserChannel(user_id);
    co_await publisher.Publish(tx, channel, "chat.unreadMsg", data);
  }

  db::Pool& pool;
  const realtime::Publisher& publisher;
  const ContextTypes& context_types;
  const Clock& clock;
};

Messenger::Messenger(db::Pool& pool, const realtime::Publisher& publisher, const ContextTypes& context_types,
                     const Clock& clock)
    : impl_(std::make_unique<Impl>(pool, publisher, context_types, clock)) {}

Messenger::~Messenger() = default;

const ContextTypes& Messenger::Contexts() const noexcept {
  return impl_->context_types;
}

awaitable<Messenger::Started> Messenger::Start(std::int64_t user_id, std::int64_t peer_id,
                                               std::optional<ChatContext> context) {
  if (peer_id == user_id) throw ValidationFailed("user_id", {"messenger:self", {}});
  // A blocked account receives no new chat (409), also one that exists already.
  co_await profiles::RequireContactable(impl_->pool, peer_id);
  if (context) {
    const auto* type = impl_->context_types.Find(context->type);
    if (type == nullptr) throw ValidationFailed("context.type", {"messenger:context_unknown", {}});
    // Only what the context's domain lets the pair talk about (NotFound otherwise).
    co_await type->check(user_id, peer_id, context->id);
  }
  const TimePoint now = impl_->clock.Now();
  auto tx = co_await impl_->pool.Begin();
  std::optional<std::string> type;
  std::optional<std::int64_t> context_id;
  if (context) {
    type = context->type;
    context_id = context->id;
  }
  auto inserted = co_await tx.Query(kInsertChat, user_id, peer_id, type, context_id, now);
  Started started;
  std::int64_t chat_id = 0;
  if (!inserted.Empty()) {
    chat_id = inserted.One().Get<std::int64_t>("id");
    co_await tx.Query(kInsertParticipants, chat_id, user_id, peer_id, now);
    started.created = true;
  } else {
    auto existing = co_await tx.Query(kPairChat, user_id, peer_id);
    chat_id = existing.One().Get<std::int64_t>("id");
    if (context) co_await tx.Query(kSetContext, chat_id, type, context_id);
  }
  co_await tx.Commit();
  started.chat = co_await Get(user_id, chat_id);
  co_return started;
}

awaitable<Chat> Messenger::Get(std::int64_t user_id, std::int64_t chat_id) {
  auto rows = co_await impl_->pool.Query(kChat, user_id, chat_id);
  if (rows.Empty()) throw NotFound({"messenger:chat_not_found", {}});
  auto chats = co_await impl_->ReadChats(rows);
  co_return std::move(chats.front());
}

awaitable<ChatPage> Messenger::List(std::int64_t user_id, std::optional<std::string> cursor,
                                    std::int32_t limit) {
  limit = std::clamp(limit, 1, kMaxPageSize);
  const std::int64_t fetch = limit + 1;
  db::Result rows;
  if (cursor) {
    auto decoded = kernel::DecodeCursor(kActivityTag, *cursor);
    if (!decoded || !decoded->flags.empty())
      throw ValidationFailed("cursor", {"messenger:cursor_invalid", {}});
    const TimePoint after = kernel::CursorTime(decoded->key);
    rows = co_await impl_->pool.Query(kChatsAfter, user_id, fetch, after, decoded->id);
  } else {
    rows = co_await impl_->pool.Query(kChats, user_id, fetch);
  }
  ChatPage page;
  const bool more = rows.Size() > static_cast<std::size_t>(limit);
  std::optional<TimePoint> last_activity;
  auto chats = co_await impl_->ReadChats(rows);
  if (chats.size() > static_cast<std::size_t>(limit)) chats.resize(static_cast<std::size_t>(limit));
  if (more && !chats.empty()) {
    const auto last_row = rows[static_cast<std::size_t>(limit) - 1];
    page.next_cursor =
        kernel::EncodeCursor(kActivityTag, kernel::CursorKey(last_row.Get<TimePoint>("activity_at")),
                             last_row.Get<std::int64_t>("id"));
  }
  page.items = std::move(chats);
  co_return page;
}

awaitable<History> Messenger::Messages(std::int64_t user_id, std::int64_t chat_id,
                                       std::optional<std::int64_t> before, std::int32_t limit) {
  limit = std::clamp(limit, 1, kMaxPageSize);
  if (!co_await IsParticipant(user_id, chat_id)) throw NotFound({"messenger:chat_not_found", {}});
  const std::int64_t fetch = limit + 1;
  const std::int64_t below = before.value_or(std::numeric_limits<std::int64_t>::max());
  auto rows = co_await impl_->pool.Query(kHistory, chat_id, below, fetch);
  History history;
  history.has_more = rows.Size() > static_cast<std::size_t>(limit);
  std::vector<std::int64_t> ids;
  for (std::size_t i = 0; i < rows.Size() && i < static_cast<std::size_t>(limit); ++i) {
    ids.push_back(rows[i].Get<std::int64_t>("id"));
  }
  db::Result files;
  if (!ids.empty()) files = co_await impl_->pool.Query(kAttachmentsOf, ids);
  std::map<std::int64_t, std::vector<Attachment>> by_message;
  for (auto row : files) {
    auto attachment = ReadAttachment(row);
    by_message[attachment.message_id].push_back(std::move(attachment));
  }
  for (std::size_t i = ids.size(); i-- > 0;) {
    auto message = ReadMessage(rows[i]);
    if (auto it = by_message.find(message.id); it != by_message.end()) message.attachments = it->second;
    history.items.push_back(std::move(message));
  }
  co_return history;
}

awaitable<Messenger::Sent> Messenger::Send(std::int64_t user_id, std::int64_t chat_id, SendInput input) {
  const TimePoint now = impl_->clock.Now();
  auto tx = co_await impl_->pool.Begin();
  const std::int64_t peer_id = co_await impl_->PeerOf(tx, chat_id, user_id, false);
  // A stranger's chat is 404 before the message is judged.
  CheckSendInput(input);
  std::optional<std::string> text;
  std::string short_text;
  std::vector<std::string> caution;
  if (!input.text.empty()) {
    text = input.text;
    short_text = ShortText(input.text);
    caution = KindsOf(input.text);
  }
  auto inserted = co_await tx.Query(kInsertMessage, chat_id, user_id, input.client_id,
                                    text.value_or(std::string()), short_text, caution, now);
  Sent sent;
  if (inserted.Empty()) {
    // A retry: the first send's row (a concurrent first send committed before ON CONFLICT gave way).
    auto existing = co_await tx.Query(kByClientId, user_id, input.client_id);
    auto row = existing.One();
    if (row.Get<std::int64_t>("chat_id") != chat_id) {
      throw Conflict({"messenger:client_id_reused", {}});
    }
    sent.message = co_await impl_->LoadOne(tx, row.Get<std::int64_t>("id"));
    co_await tx.Commit();
    co_return sent;
  }
  // After the retry's answer above (a message sent before the block is still answered), before anything is
  // written for good: a blocked account receives no new message.
  co_await profiles::RequireContactable(tx, peer_id);
  const auto message_id = inserted.One().Get<std::int64_t>("id");
  if (!input.attachment_ids.empty()) {
    auto attached = co_await tx.Query(kAttach, message_id, user_id, input.attachment_ids);
    if (attached.Size() != input.attachment_ids.size()) {
      throw ValidationFailed("attachment_ids", {"messenger:attachment_unknown", {}});
    }
  }
  co_await tx.Query(kTouchChat, chat_id, message_id, now);
  co_await tx.Query(kTouchParticipants, chat_id, now);
  sent.message = co_await impl_->LoadOne(tx, message_id);
  sent.created = true;

  const auto& message = sent.message;
  const boost::json::value new_message = boost::json::object{
      {"message",
       boost::json::object{{"id", message.id},
                           {"chat_id", message.chat_id},
                           {"user", profiles::UserCardJson(message.author)},
                           {"details", boost::json::object{{"short_text", OptionalText(message.short_text)},
                                                           {"text", OptionalText(message.text)}}},
                           {"created_at", IsoTime(message.created_at)}}}};
  const std::string peer_channel = realtime::UserChannel(peer_id);
  co_await impl_->publisher.Publish(tx, peer_channel, "chat.newMsg", new_message);
  co_await impl_->PublishUnread(tx, peer_id);
  co_await impl_->PublishMessage(tx, message, user_id, peer_id);
  co_await tx.Commit();
  co_return sent;
}

awaitable<Message> Messenger::Edit(std::int64_t user_id, std::int64_t chat_id, std::int64_t message_id,
                                   std::string text) {
  const TimePoint now = impl_->clock.Now();
  auto tx = co_await impl_->pool.Begin();
  std::optional<std::int64_t> peer_last_read;
  // The other side's read position is locked: a read landing now waits for the edit, or the edit sees it.
  const std::int64_t peer_id = co_await impl_->PeerOf(tx, chat_id, user_id, true, &peer_last_read);
  CheckEditText(text);
  auto rows = co_await tx.Query(kLockMessage, message_id, chat_id);
  if (rows.Empty()) throw NotFound({"messenger:message_not_found", {}});
  auto row = rows.One();
  if (row.Get<std::int64_t>("user_id") != user_id) throw Forbidden({"messenger:not_author", {}});
  if (row.Get<bool>("deleted")) throw Conflict({"messenger:deleted", {}});
  if (peer_last_read && *peer_last_read >= message_id) throw Conflict({"messenger:already_read", {}});
  const std::string short_text = ShortText(text);
  const auto caution = KindsOf(text);
  co_await tx.Query(kEdit, message_id, text, short_text, caution, now);
  auto message = co_await impl_->LoadOne(tx, message_id);
  co_await impl_->PublishMessage(tx, message, user_id, peer_id);
  co_await tx.Commit();
  co_return message;
}

awaitable<Message> Messenger::Delete(std::int64_t user_id, std::int64_t chat_id, std::int64_t message_id) {
  const TimePoint now = impl_->clock.Now();
  auto tx = co_await impl_->pool.Begin();
  const std::int64_t peer_id = co_await impl_->PeerOf(tx, chat_id, user_id, false);
  auto rows = co_await tx.Query(kLockMessage, message_id, chat_id);
  if (rows.Empty()) throw NotFound({"messenger:message_not_found", {}});
  auto row = rows.One();
  if (row.Get<std::int64_t>("user_id") != user_id) throw Forbidden({"messenger:not_author", {}});
  if (!row.Get<bool>("deleted")) {
    co_await tx.Query(kDelete, message_id, now);
    co_await tx.Query(kDetach, message_id);
  }
  auto message = co_await impl_->LoadOne(tx, message_id);
  co_await impl_->PublishMessage(tx, message, user_id, peer_id);
  co_await impl_->PublishUnread(tx, peer_id);
  co_await tx.Commit();
  co_return message;
}

awaitable<std::optional<std::int64_t>> Messenger::Read(std::int64_t user_id, std::int64_t chat_id,
                                                       std::int64_t message_id) {
  auto tx = co_await impl_->pool.Begin();
  const std::int64_t peer_id = co_await impl_->PeerOf(tx, chat_id, user_id, false);
  auto moved = co_await tx.Query(kRead, chat_id, user_id, message_id);
  if (!moved.Empty()) {
    const auto position = moved.One().Get<std::int64_t>("last_read_message_id");
    const boost::json::value data =
        boost::json::object{{"chat_id", chat_id}, {"user_id", user_id}, {"last_read_id", position}};
    const std::string peer_channel = realtime::UserChannel(peer_id);
    co_await impl_->publisher.Publish(tx, peer_channel, "chat.read", data);
    co_await impl_->PublishUnread(tx, user_id);
  }
  auto current = co_await tx.Query(kReadPosition, chat_id, user_id);
  auto position = current.One().Get<std::optional<std::int64_t>>("last_read_message_id");
  co_await tx.Commit();
  co_return position;
}

awaitable<std::vector<UnreadEntry>> Messenger::Unread(std::int64_t user_id) {
  co_return co_await impl_->UnreadOf(impl_->pool, user_id);
}

db::PipelineQuery Messenger::UnreadQuery(std::int64_t user_id) {
  return {kUnread, db::MakeParams(user_id)};
}

std::vector<UnreadEntry> Messenger::ReadUnread(const db::Result& rows) {
  return UnreadEntriesOf(rows);
}

awaitable<bool> Messenger::IsParticipant(std::int64_t user_id, std::int64_t chat_id) {
  auto rows = co_await impl_->pool.Query(kMember, chat_id, user_id);
  co_return !rows.Empty();
}

awaitable<std::optional<kernel::UserCard>> Messenger::Member(std::int64_t user_id, std::int64_t chat_id) {
  auto rows = co_await impl_->pool.Query(kMember, chat_id, user_id);
  if (rows.Empty()) co_return std::nullopt;
  co_return kernel::ReadUserCard(rows.One(), "member");
}

awaitable<void> Messenger::CheckUploadAllowance(std::int64_t user_id) {
  auto pending = co_await impl_->pool.Query(kPendingUploads, user_id, kMaxPendingUploads);
  if (pending.One().Get<std::int64_t>("pending") >= kMaxPendingUploads) {
    throw Conflict({"messenger:uploads_pending", {{"count", std::to_string(kMaxPendingUploads)}}});
  }
}

awaitable<Attachment> Messenger::AddUpload(std::int64_t user_id, const std::string& name,
                                           const storage::StoredFile& stored) {
  const TimePoint now = impl_->clock.Now();
  const auto size = static_cast<std::int64_t>(stored.size);
  auto inserted = co_await impl_->pool.Query(kInsertUpload, user_id, stored.name, stored.thumbnail_name, name,
                                             stored.content_type, size, now);
  Attachment attachment;
  attachment.id = inserted.One().Get<std::int64_t>("id");
  attachment.name = name;
  attachment.file_name = stored.name;
  attachment.thumbnail_name = stored.thumbnail_name;
  attachment.content_type = stored.content_type;
  attachment.size = size;
  co_return attachment;
}

awaitable<std::optional<AttachmentFile>> Messenger::File(std::int64_t user_id, std::int64_t chat_id,
                                                         std::int64_t message_id,
                                                         std::int64_t attachment_id) {
  auto rows = co_await impl_->pool.Query(kFile, chat_id, message_id, attachment_id, user_id);
  if (rows.Empty()) co_return std::nullopt;
  auto row = rows.One();
  co_return AttachmentFile{row.Get<std::string>("file_name"),
                           row.Get<std::optional<std::string>>("thumbnail_name"),
                           row.Get<std::string>("original_name")};
}

}  // namespace artel::messenger
