#pragma once

// The messenger's input rules (web::JsonReader's validation, the one error shape), apart from the routes so
// that they are unit-tested without a server.

#include <boost/json/object.hpp>
#include <cstdint>
#include <optional>
#include <string>

#include "artel/messenger/context_types.hpp"
#include "artel/messenger/messenger.hpp"

namespace artel::messenger {

/// True for the canonical textual UUID (8-4-4-4-12 hex digits, either case).
bool IsUuid(std::string_view text) noexcept;

/// POST /api/chats/{id}/messages: client_id a UUID; text trimmed, at most kMaxTextLength code points and
/// not empty unless attachment_ids has some; at most kMaxAttachments attachment_ids. Throws the
/// ValidationFailed of every broken rule at once.
SendInput ReadSendInput(const boost::json::object& body);
/// PATCH …/messages/{id}: text trimmed, 1–kMaxTextLength code points.
std::string ReadEditText(const boost::json::object& body);

struct StartInput {
  std::int64_t user_id = 0;
  std::optional<ChatContext> context;
};
/// POST /api/chats: user_id, and an optional context {type, id} of a type in `types` (ContextTypes::Add's).
StartInput ReadStartInput(const boost::json::object& body, const ContextTypes& types);

}  // namespace artel::messenger
