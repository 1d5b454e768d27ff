#include "input.hpp"

#include <algorithm>
#include <cctype>

#include "artel/web/json.hpp"

namespace artel::articles {
namespace {

Message Key(std::string key) {
  return Message{std::move(key), {}};
}

bool ValidUuid(std::string_view text) {
  if (text.size() != 36) return false;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (i == 8 || i == 13 || i == 18 || i == 23) {
      if (c != '-') return false;
    } else if (!std::isxdigit(static_cast<unsigned char>(c))) {
      return false;
    }
  }
  return true;
}

}  // namespace

bool ValidCode(std::string_view code) {
  if (code.size() < 3 || code.size() > 100) return false;
  auto plain = [](char c) { return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9'); };
  if (!plain(code.front())) return false;
  if (!std::ranges::all_of(code, [&](char c) { return plain(c) || c == '-'; })) return false;
  return std::ranges::any_of(code, [](char c) { return c >= 'a' && c <= 'z'; });
}

ArticleInput ReadArticleInput(const boost::json::object& body, bool admin) {
  web::JsonReader reader(body);
  ArticleInput input;
  input.title = reader.String("title", {.min_length = 3, .max_length = kMaxTitle}).value_or("");
  if (auto code = reader.String("code", {.max_length = 1000, .required = false})) {
    if (!code->empty()) {
      if (!ValidCode(*code)) reader.AddError("code", Key("articles:code_invalid"));
      input.code = *code;
    }
  }
  input.lead = reader.String("lead", {.max_length = kMaxLead, .required = false}).value_or("");
  input.body = reader.String("body", {.min_length = 1, .max_length = kMaxBody, .trim = false}).value_or("");
  if (auto category = reader.Int("category_id")) {
    if (*category < 1) reader.AddError("category_id", Key("articles:category_unknown"));
    input.category_id = *category;
  }
  if (reader.Has("tags")) {
    const auto& value = body.at("tags");
    if (!value.is_array()) {
      reader.AddError("tags", Key("validation:type.array"));
    } else {
      for (const auto& item : value.as_array()) {
        if (!item.is_string()) {
          reader.AddError("tags", Key("articles:tag_invalid"));
          break;
        }
        std::string tag(item.as_string());
        tag.erase(0, tag.find_first_not_of(" \t"));
        tag.erase(tag.find_last_not_of(" \t") + 1);
        std::ranges::transform(tag, tag.begin(),
                               [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
        // Cyrillic capitals: lower-cased by PostgreSQL-independent means is heavy; the two-byte capitals
        // А..Я (D0 90..D0 AF) map to а..п (D0 B0..D0 BF) and р..я (D1 80..D1 8F).
        for (std::size_t i = 0; i + 1 < tag.size(); ++i) {
          auto& lead = reinterpret_cast<unsigned char&>(tag[i]);
          auto& next = reinterpret_cast<unsigned char&>(tag[i + 1]);
          if (lead == 0xD0 && next >= 0x90 && next <= 0x9F) {
            next = static_cast<unsigned char>(next + 0x20);
          } else if (lead == 0xD0 && next >= 0xA0 && next <= 0xAF) {
            lead = 0xD1;
            next = static_cast<unsigned char>(next - 0x20);
          } else if (lead == 0xD0 && next == 0x81) {
            lead = 0xD1;
            next = 0x91;  // Ё → ё
          }
          if (lead >= 0xC0) ++i;
        }
        const auto length = web::Utf8Length(tag);
        if (length < 2 || length > 32) {
          reader.AddError("tags", Key("articles:tag_invalid"));
          break;
        }
        if (std::ranges::find(input.tags, tag) == input.tags.end()) input.tags.push_back(std::move(tag));
      }
      if (input.tags.size() > kMaxTags) reader.AddError("tags", Key("articles:tags_too_many"));
    }
  }
  if (auto lang = reader.String("lang", {.max_length = 10})) {
    if (*lang != "en" && *lang != "ru") reader.AddError("lang", Key("articles:lang_invalid"));
    input.lang = *lang;
  }
  if (admin) input.publish = reader.Bool("publish", false).value_or(false);
  reader.Finish();
  return input;
}

ModerationInput ReadModerationInput(const boost::json::object& body) {
  web::JsonReader reader(body);
  ModerationInput input;
  if (auto reason = reader.String("reason", {.max_length = 100})) {
    if (std::ranges::find(kReasons, *reason) == kReasons.end()) {
      reader.AddError("reason", Key("articles:reason_invalid"));
    }
    input.reason = *reason;
  }
  input.comment =
      reader.String("comment", {.min_length = 1, .max_length = kMaxModerationComment}).value_or("");
  reader.Finish();
  return input;
}

CategoryInput ReadCategoryInput(const boost::json::object& body) {
  web::JsonReader reader(body);
  CategoryInput input;
  if (auto code = reader.String("code", {.max_length = 1000})) {
    const bool valid =
        code->size() >= 2 && code->size() <= 64 &&
        std::ranges::all_of(
            *code, [](char c) { return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-'; }) &&
        code->front() != '-';
    if (!valid) reader.AddError("code", Key("articles:code_invalid"));
    input.code = *code;
  }
  input.name_en = reader.String("name_en", {.min_length = 1, .max_length = 100}).value_or("");
  input.name_ru = reader.String("name_ru", {.min_length = 1, .max_length = 100}).value_or("");
  if (auto position = reader.Int("position", false)) {
    if (*position < 0 || *position > 10000) reader.AddError("position", Key("articles:position_invalid"));
    input.position = static_cast<std::int32_t>(*position);
  }
  reader.Finish();
  return input;
}

std::int32_t ReadVote(const boost::json::object& body) {
  web::JsonReader reader(body);
  std::int32_t value = 0;
  if (auto read = reader.Int("value")) {
    if (*read < -1 || *read > 1) reader.AddError("value", Key("articles:vote_invalid"));
    value = static_cast<std::int32_t>(*read);
  }
  reader.Finish();
  return value;
}

CommentInput ReadCommentInput(const boost::json::object& body) {
  web::JsonReader reader(body);
  CommentInput input;
  input.text = reader.String("text", {.min_length = 1, .max_length = kMaxComment}).value_or("");
  if (auto parent = reader.Int("parent_id", false)) input.parent_id = *parent;
  if (auto client = reader.String("client_id", {.max_length = 100})) {
    if (!ValidUuid(*client)) reader.AddError("client_id", Key("articles:client_id_invalid"));
    input.client_id = *client;
  }
  reader.Finish();
  return input;
}

std::string ReadCommentText(const boost::json::object& body) {
  web::JsonReader reader(body);
  auto text = reader.String("text", {.min_length = 1, .max_length = kMaxComment}).value_or("");
  reader.Finish();
  return text;
}

bool ReadHidden(const boost::json::object& body) {
  web::JsonReader reader(body);
  const bool hidden = reader.Bool("hidden").value_or(false);
  reader.Finish();
  return hidden;
}

}  // namespace artel::articles
