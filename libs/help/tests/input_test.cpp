#include "input.hpp"

#include <gtest/gtest.h>

#include <boost/json/parse.hpp>
#include <functional>
#include <map>
#include <string>

#include "artel/core/error.hpp"

namespace artel::help {
namespace {

boost::json::object Body(std::string_view json) {
  return boost::json::parse(json).as_object();
}

/// The field errors of a rejected body, field → first key; empty when accepted.
std::map<std::string, std::string> Errors(const std::function<void(const boost::json::object&)>& read,
                                          std::string_view json) {
  try {
    read(Body(json));
  } catch (const Error& error) {
    std::map<std::string, std::string> fields;
    for (const auto& [field, messages] : error.Fields()) fields[field] = messages.front().key;
    return fields;
  }
  return {};
}

auto Guest() {
  return [](const boost::json::object& body) { ReadTicketInput(body, true); };
}
auto User() {
  return [](const boost::json::object& body) { ReadTicketInput(body, false); };
}

constexpr std::string_view kTicket =
    R"({"topic": "orders", "subject": "Help me", "message": "Ten characters at least", "email": "a@b.example"})";

TEST(HelpInputTest, TicketAccepted) {
  EXPECT_TRUE(Errors(Guest(), kTicket).empty());
  auto input = ReadTicketInput(Body(kTicket), true);
  EXPECT_EQ(input.topic, "orders");
  EXPECT_EQ(input.email, "a@b.example");
}

TEST(HelpInputTest, GuestsMustGiveAnEmailUsersNeedNot) {
  constexpr std::string_view body =
      R"({"topic": "bug", "subject": "Broken", "message": "It does not work at all"})";
  EXPECT_EQ(Errors(Guest(), body), (std::map<std::string, std::string>{{"email", "validation:required"}}));
  EXPECT_TRUE(Errors(User(), body).empty());
  // A user's ticket goes to the account's address: a given one is not even read.
  auto input =
      ReadTicketInput(Body(R"({"topic": "bug", "subject": "Broken", "message": "It does not work at all",
                                        "email": "not an address"})"),
                      false);
  EXPECT_FALSE(input.email.has_value());
}

TEST(HelpInputTest, TicketFieldsAreChecked) {
  auto errors = Errors(Guest(), R"({"topic": "weather", "subject": "Hi", "message": "short", "email": "nope",
                                    "attachment_ids": [1, 2, 3, 4, 5, 6]})");
  EXPECT_EQ(errors["topic"], "validation:one_of");
  EXPECT_EQ(errors["subject"], "validation:length.min");
  EXPECT_EQ(errors["message"], "validation:length.min");
  EXPECT_EQ(errors["email"], "validation:email");
  EXPECT_EQ(errors["attachment_ids"], "help:attachments_too_many");
  EXPECT_EQ(Errors(Guest(), R"({})").size(), 4U);
  const std::string long_message(5001, 'x');
  auto too_long =
      Errors(User(), R"({"topic": "other", "subject": "Long one", "message": ")" + long_message + R"("})");
  EXPECT_EQ(too_long["message"], "validation:length.max");
}

TEST(HelpInputTest, Codes) {
  EXPECT_TRUE(IsCode("how-to-pay", 2, 100));
  EXPECT_TRUE(IsCode("2fa", 2, 100));
  EXPECT_FALSE(IsCode("-pay", 2, 100));
  EXPECT_FALSE(IsCode("Pay", 2, 100));
  EXPECT_FALSE(IsCode("pay now", 2, 100));
  EXPECT_FALSE(IsCode("оплата", 2, 100));
  EXPECT_FALSE(IsCode("a", 2, 100));
  EXPECT_FALSE(IsCode(std::string(101, 'a'), 2, 100));
}

TEST(HelpInputTest, CategoryAndQuestion) {
  auto category = [](const boost::json::object& body) { ReadCategoryInput(body); };
  EXPECT_TRUE(Errors(category, R"({"code": "account", "name_en": "Account", "name_ru": "Аккаунт"})").empty());
  auto errors = Errors(category, R"({"code": "Bad Code", "name_en": "", "position": -1})");
  EXPECT_EQ(errors["code"], "help:code_invalid");
  EXPECT_EQ(errors["name_en"], "validation:required");
  EXPECT_EQ(errors["name_ru"], "validation:required");
  EXPECT_EQ(errors["position"], "validation:range");

  auto question = [](const boost::json::object& body) { ReadQuestionInput(body); };
  errors =
      Errors(question, R"({"code": "how-to", "question_en": "Hi", "question_ru": "Как?", "answer_en": "x"})");
  EXPECT_EQ(errors["category_id"], "validation:required");
  EXPECT_EQ(errors["question_en"], "validation:length.min");
  EXPECT_EQ(errors["answer_ru"], "validation:required");
  EXPECT_FALSE(errors.contains("question_ru"));
  // Markdown keeps its leading spaces (an indented code block).
  auto input = ReadQuestionInput(Body(R"({"code": "how-to", "category_id": 1, "question_en": "How?",
    "question_ru": "Как?", "answer_en": "    code", "answer_ru": "текст"})"));
  EXPECT_EQ(input.answer_en, "    code");
}

TEST(HelpInputTest, PageAndAnswer) {
  auto page = [](const boost::json::object& body) { ReadPageInput(body); };
  EXPECT_TRUE(Errors(page, R"({"title": "About", "body": "Text", "version": 0})").empty());
  auto errors = Errors(page, R"({"title": "", "body": "", "version": -1})");
  EXPECT_EQ(errors["title"], "validation:required");
  EXPECT_EQ(errors["body"], "validation:required");
  EXPECT_EQ(errors["version"], "validation:range");
  EXPECT_EQ(Errors(page, R"({"title": "About", "body": "Text"})")["version"], "validation:required");

  auto answer = [](const boost::json::object& body) { ReadAnswerText(body); };
  EXPECT_EQ(Errors(answer, R"({"text": "  "})")["text"], "validation:required");
  EXPECT_EQ(Errors(answer, R"({"text": ")" + std::string(10001, 'x') + R"("})")["text"],
            "validation:length.max");
}

TEST(HelpInputTest, PageCodes) {
  EXPECT_TRUE(IsPageCode("privacy-policy"));
  EXPECT_FALSE(IsPageCode("privacy"));
  EXPECT_TRUE(IsPageLanguage("ru"));
  EXPECT_FALSE(IsPageLanguage("de"));
}

}  // namespace
}  // namespace artel::help
