#include "input.hpp"

#include <array>

#include "artel/core/error.hpp"
#include "artel/web/json.hpp"

namespace artel::help {
namespace {

constexpr std::array<std::string_view, 6> kTopics{"account", "orders", "payments", "jobs", "bug", "other"};

std::int32_t ReadPosition(web::JsonReader& reader) {
  auto position = reader.Int("position", false);
  if (!position) return 0;
  if (*position < 0 || *position > 10000) {
    reader.AddError("position", {"validation:range", {{"min", "0"}, {"max", "10000"}}});
    return 0;
  }
  return static_cast<std::int32_t>(*position);
}

std::string ReadCode(web::JsonReader& reader, std::size_t max) {
  auto code = reader.String("code", {.min_length = 1, .max_length = max});
  if (code && !IsCode(*code, 2, max)) {
    reader.AddError("code", {"help:code_invalid", {}});
  }
  return code.value_or("");
}

}  // namespace

bool IsCode(std::string_view code, std::size_t min, std::size_t max) noexcept {
  if (code.size() < min || code.size() > max) return false;
  for (std::size_t i = 0; i < code.size(); ++i) {
    const char c = code[i];
    const bool alnum = (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9');
    if (!alnum && (i == 0 || c != '-')) return false;
  }
  return true;
}

bool IsTopic(std::string_view topic) noexcept {
  for (auto known : kTopics) {
    if (known == topic) return true;
  }
  return false;
}

CategoryInput ReadCategoryInput(const boost::json::object& body) {
  web::JsonReader reader(body);
  CategoryInput input;
  input.code = ReadCode(reader, 64);
  input.name_en = reader.String("name_en", {.min_length = 1, .max_length = 200}).value_or("");
  input.name_ru = reader.String("name_ru", {.min_length = 1, .max_length = 200}).value_or("");
  input.position = ReadPosition(reader);
  reader.Finish();
  return input;
}

QuestionInput ReadQuestionInput(const boost::json::object& body) {
  web::JsonReader reader(body);
  QuestionInput input;
  input.code = ReadCode(reader, 100);
  input.category_id = reader.Int("category_id").value_or(0);
  input.question_en = reader.String("question_en", {.min_length = 3, .max_length = 300}).value_or("");
  input.question_ru = reader.String("question_ru", {.min_length = 3, .max_length = 300}).value_or("");
  // Markdown: leading spaces mean something (an indented code block), trailing ones too (a line break).
  input.answer_en =
      reader.String("answer_en", {.min_length = 1, .max_length = 20000, .trim = false}).value_or("");
  input.answer_ru =
      reader.String("answer_ru", {.min_length = 1, .max_length = 20000, .trim = false}).value_or("");
  input.position = ReadPosition(reader);
  reader.Finish();
  return input;
}

TicketInput ReadTicketInput(const boost::json::object& body, bool guest) {
  web::JsonReader reader(body);
  TicketInput input;
  auto topic = reader.String("topic", {.min_length = 1, .max_length = 20});
  if (topic && !IsTopic(*topic)) {
    reader.AddError("topic",
                    {"validation:one_of", {{"values", "account, orders, payments, jobs, bug, other"}}});
  }
  input.topic = topic.value_or("");
  input.subject = reader.String("subject", {.min_length = 3, .max_length = 200}).value_or("");
  input.message = reader.String("message", {.min_length = 10, .max_length = 5000}).value_or("");
  if (guest) {
    input.email = reader.Email("email");
  }
  input.attachment_ids = reader.IntArray("attachment_ids");
  if (input.attachment_ids.size() > kMaxTicketAttachments) {
    reader.AddError("attachment_ids",
                    {"help:attachments_too_many", {{"count", std::to_string(kMaxTicketAttachments)}}});
  }
  // A guest's uploads are bound to the tokens their uploads answered with (a signed-in user's to the account,
  // so a user's tokens are not read).
  if (const auto* tokens = body.if_contains("upload_tokens");
      guest && tokens != nullptr && !tokens->is_null()) {
    if (!tokens->is_array()) {
      reader.AddError("upload_tokens", {"validation:type.array", {}});
    } else if (tokens->get_array().size() > kMaxTicketAttachments) {
      reader.AddError("upload_tokens",
                      {"help:attachments_too_many", {{"count", std::to_string(kMaxTicketAttachments)}}});
    } else {
      for (const auto& token : tokens->get_array()) {
        if (!token.is_string() || token.get_string().empty() || token.get_string().size() > kMaxUploadToken) {
          reader.AddError("upload_tokens", {"validation:type.string", {}});
          input.upload_tokens.clear();
          break;
        }
        input.upload_tokens.emplace_back(token.get_string());
      }
    }
  }
  reader.Finish();
  return input;
}

std::string ReadAnswerText(const boost::json::object& body) {
  web::JsonReader reader(body);
  auto text = reader.String("text", {.min_length = 1, .max_length = 10000});
  reader.Finish();
  return *text;
}

PageInput ReadPageInput(const boost::json::object& body) {
  web::JsonReader reader(body);
  PageInput input;
  input.title = reader.String("title", {.min_length = 1, .max_length = 200}).value_or("");
  input.body = reader.String("body", {.min_length = 1, .max_length = 200000, .trim = false}).value_or("");
  auto version = reader.Int("version");
  if (version && (*version < 0 || *version > 1000000)) {
    reader.AddError("version", {"validation:range", {{"min", "0"}, {"max", "1000000"}}});
  }
  input.version = static_cast<std::int32_t>(version.value_or(0));
  reader.Finish();
  return input;
}

}  // namespace artel::help
