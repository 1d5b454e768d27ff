#pragma once

#include "artel/platform/module.hpp"

namespace artel::messenger {

/// Chats between two users: provides messenger::Messenger and /api/chats/*, authorizes the
/// `presence-chat.{id}` channels, fills user/info's `unread_msg`, sweeps unattached chat uploads and
/// seeds demo chats.
platform::Module Module();

}  // namespace artel::messenger
