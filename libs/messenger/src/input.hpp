#pragma once

// The messenger's input rules that a schema cannot state, run by the service (Messenger::Send, Edit) whoever
// calls it; api.yaml states the rest for the edge. Apart from the service so that they are unit-tested
// without a database.

#include <string>

#include "artel/messenger/messenger.hpp"

namespace artel::messenger {

/// A message to send: client_id a UUID (messenger:client_id_invalid); text trimmed, at most kMaxTextLength
/// code points and not empty unless attachment_ids has some; at most kMaxAttachments attachment_ids
/// (messenger:attachments_too_many). ValidationFailed with every broken rule at once.
void CheckSendInput(SendInput& input);
/// An edited text: trimmed, 1–kMaxTextLength code points.
void CheckEditText(std::string& text);

}  // namespace artel::messenger
