#include "input.hpp"

#include "artel/core/error.hpp"
#include "artel/web/json.hpp"

namespace artel::messenger {
namespace {

constexpr web::StringRule kTextRule{.min_length = 1, .max_length = kMaxTextLength};
constexpr web::StringRule kOptionalTextRule{.min_length = 0, .max_length = kMaxTextLength, .required = false};
constexpr web::StringRule kClientIdRule{.min_length = 1, .max_length = 64};

bool IsHex(char c) {
  return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
}

}  // namespace

bool IsUuid(std::string_view text) noexcept {
  if (text.size() != 36) return false;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const bool dash = i == 8 || i == 13 || i == 18 || i == 23;
    if (dash ? text[i] != '-' : !IsHex(text[i])) return false;
  }
  return true;
}

SendInput ReadSendInput(const boost::json::object& body) {
  web::JsonReader reader(body);
  SendInput input;
  auto client_id = reader.String("client_id", kClientIdRule);
  if (client_id && !IsUuid(*client_id)) {
    reader.AddError("client_id", {"messenger:client_id_invalid", {}});
  } else if (client_id) {
    input.client_id = *client_id;
  }
  input.attachment_ids = reader.IntArray("attachment_ids");
  if (input.attachment_ids.size() > kMaxAttachments) {
    reader.AddError("attachment_ids",
                    {"messenger:attachments_too_many", {{"count", std::to_string(kMaxAttachments)}}});
  }
  // Text may be empty only when files carry the message.
  auto text = reader.String("text", input.attachment_ids.empty() ? kTextRule : kOptionalTextRule);
  input.text = text.value_or("");
  reader.Finish();
  return input;
}

std::string ReadEditText(const boost::json::object& body) {
  web::JsonReader reader(body);
  auto text = reader.String("text", kTextRule);
  reader.Finish();
  return *text;
}

StartInput ReadStartInput(const boost::json::object& body, const ContextTypes& types) {
  web::JsonReader reader(body);
  StartInput input;
  auto user_id = reader.Int("user_id");
  if (user_id) input.user_id = *user_id;
  if (const auto* context = reader.Object("context")) {
    web::JsonReader inner(*context);
    auto type = inner.String("type", {.min_length = 1, .max_length = 20});
    auto id = inner.Int("id");
    const bool known = type && types.Find(*type) != nullptr;
    if (type && !known) {
      std::string values;
      for (const auto& entry : types.All()) values += (values.empty() ? "" : ", ") + entry.type;
      reader.AddError("context.type", {"validation:one_of", {{"values", values}}});
    }
    if (!type) reader.AddError("context.type", {"validation:required", {}});
    if (!id) reader.AddError("context.id", {"validation:required", {}});
    if (known && id) input.context = ChatContext{*type, *id, {}};
  }
  reader.Finish();
  return input;
}

}  // namespace artel::messenger
