#pragma once

// What the messenger's answers and events show: described structs that web::Api checks against
// libs/messenger/api.yaml, and that the real-time events (chat.message, chat.unreadMsg) and the user info's
// `unread_msg` write through kernel::ToJson, so a pushed message and a fetched one cannot differ.

#include <boost/describe/class.hpp>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "artel/core/clock.hpp"
#include "artel/messenger/messenger.hpp"
#include "artel/profiles/profiles.hpp"

namespace artel::messenger {

struct AttachmentView {
  std::int64_t id = 0;
  std::string name;
  std::int64_t size = 0;
  std::string content_type;
  bool is_image = false;
  /// The chat's own route (only the participants get the bytes).
  std::string url;
  std::optional<std::string> thumbnail_url;
};
BOOST_DESCRIBE_STRUCT(AttachmentView, (), (id, name, size, content_type, is_image, url, thumbnail_url))

struct MessageView {
  std::int64_t id = 0;
  std::int64_t chat_id = 0;
  std::string client_id;
  profiles::UserCardView user;
  std::optional<std::string> text;
  std::optional<std::string> short_text;
  std::vector<AttachmentView> attachments;
  TimePoint created_at;
  std::optional<TimePoint> edited_at;
  bool deleted = false;
  std::vector<std::string> caution;
};
BOOST_DESCRIBE_STRUCT(MessageView, (),
                      (id, chat_id, client_id, user, text, short_text, attachments, created_at, edited_at,
                       deleted, caution))

struct ChatContextView {
  std::string type;
  std::int64_t id = 0;
  std::string title;
};
BOOST_DESCRIBE_STRUCT(ChatContextView, (), (type, id, title))

struct ChatView {
  std::int64_t id = 0;
  profiles::UserCardView user;
  std::optional<ChatContextView> context;
  std::optional<MessageView> last_message;
  std::int64_t unread = 0;
  std::optional<std::int64_t> my_last_read_id;
  std::optional<std::int64_t> peer_last_read_id;
  TimePoint updated_at;
};
BOOST_DESCRIBE_STRUCT(ChatView, (),
                      (id, user, context, last_message, unread, my_last_read_id, peer_last_read_id,
                       updated_at))

struct ChatPageView {
  std::vector<ChatView> items;
  std::optional<std::string> next_cursor;
};
BOOST_DESCRIBE_STRUCT(ChatPageView, (), (items, next_cursor))

struct MessagePageView {
  /// Oldest first.
  std::vector<MessageView> items;
  bool has_more = false;
};
BOOST_DESCRIBE_STRUCT(MessagePageView, (), (items, has_more))

/// A new upload, not yet part of a message.
struct UploadView {
  std::int64_t id = 0;
  std::string name;
  std::int64_t size = 0;
  std::string content_type;
  bool is_image = false;
};
BOOST_DESCRIBE_STRUCT(UploadView, (), (id, name, size, content_type, is_image))

struct ReadView {
  std::optional<std::int64_t> my_last_read_id;
};
BOOST_DESCRIBE_STRUCT(ReadView, (), (my_last_read_id))

MessageView ViewOf(const Message& message);
ChatView ViewOf(const Chat& chat);
ChatPageView ViewOf(const ChatPage& page);
MessagePageView ViewOf(const History& history);
UploadView UploadViewOf(const Attachment& attachment);

}  // namespace artel::messenger
