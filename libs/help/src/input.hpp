#pragma once

// The help module's input rules (web::JsonReader's validation, the one error shape), apart from the routes so
// that they are unit-tested without a server.

#include <boost/json/object.hpp>
#include <string>

#include "artel/help/help.hpp"

namespace artel::help {

/// Category: code `^[a-z0-9][a-z0-9-]{1,63}$`, names 1–200, position 0–10000 (optional, 0).
CategoryInput ReadCategoryInput(const boost::json::object& body);
/// Question: code `^[a-z0-9][a-z0-9-]{1,99}$`, category_id, questions 3–300, answers (Markdown) 1–20000.
QuestionInput ReadQuestionInput(const boost::json::object& body);
/// Support form: topic one of account|orders|payments|jobs|bug|other, subject 3–200, message 10–5000,
/// email required when `guest` (ignored otherwise), at most kMaxTicketAttachments attachment_ids; a guest's
/// upload_tokens (strings, as many at most), ignored for a signed-in user.
TicketInput ReadTicketInput(const boost::json::object& body, bool guest);
/// Answer text 1–10000.
std::string ReadAnswerText(const boost::json::object& body);
/// Page: title 1–200, body 1–200000, version ≥ 0.
PageInput ReadPageInput(const boost::json::object& body);

/// Lower-case letters, digits and dashes, starting with a letter or digit, `min`–`max` characters.
bool IsCode(std::string_view code, std::size_t min, std::size_t max) noexcept;
bool IsTopic(std::string_view topic) noexcept;

}  // namespace artel::help
