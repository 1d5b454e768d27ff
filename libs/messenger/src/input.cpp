#include "input.hpp"

#include "artel/core/error.hpp"
#include "artel/core/text.hpp"

namespace artel::messenger {

void CheckSendInput(SendInput& input) {
  ValidationErrors errors;
  if (input.client_id.empty()) {
    errors.Add("client_id", {"validation:required", {}});
  } else if (!IsUuid(input.client_id)) {
    errors.Add("client_id", {"messenger:client_id_invalid", {}});
  }
  if (input.attachment_ids.size() > kMaxAttachments) {
    errors.Add("attachment_ids",
               {"messenger:attachments_too_many", {{"count", std::to_string(kMaxAttachments)}}});
  }
  // Text may be empty only when files carry the message.
  input.text = std::string(Trim(input.text, kAsciiWhitespace));
  errors.CheckLength("text", input.text, input.attachment_ids.empty() ? 1 : 0, kMaxTextLength);
  errors.ThrowIfAny();
}

void CheckEditText(std::string& text) {
  ValidationErrors errors;
  text = std::string(Trim(text, kAsciiWhitespace));
  errors.CheckLength("text", text, 1, kMaxTextLength);
  errors.ThrowIfAny();
}

}  // namespace artel::messenger
