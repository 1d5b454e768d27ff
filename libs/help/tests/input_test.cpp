// Help's request rules as the contract (api.yaml, compiled into the library) checks them at the edge, and the
// codes the service accepts. The service's own checks run in help_integration_test.cpp.

#include <gtest/gtest.h>

#include <boost/json/parse.hpp>
#include <map>
#include <string>

#include "artel/core/error.hpp"
#include "artel/help/help.hpp"
#include "artel/kernel/json.hpp"
#include "artel/web/contract.hpp"
#include "artel/web/testing/contract_body_test.hpp"

namespace artel::help {
/// libs/help/api.yaml, compiled into libs/help.
std::string_view ContractPart();

namespace {

using Keys = std::map<std::string, std::string>;

/// The bodies through the compiled-in parts (artel/web/testing/contract_body_test.hpp).
class HelpInputTest : public web::testing::ContractBodyTest {
 protected:
  HelpInputTest() : ContractBodyTest({{"help", ContractPart()}}) {}
};

TEST_F(HelpInputTest, ATicketIsReadIntoItsInput) {
  boost::json::value body = boost::json::parse(
      R"({"topic": "orders", "subject": "  Help me ", "message": "Ten characters at least",
          "email": "a@b.example", "attachment_ids": [3, 4], "upload_tokens": ["t1", "t2"]})");
  ASSERT_TRUE(Errors("createHelpTicket", body).empty());
  TicketInput input;
  kernel::FromJson(body, input);
  EXPECT_EQ(input.topic, "orders");
  EXPECT_EQ(input.subject, "Help me") << "trimmed by the contract";
  EXPECT_EQ(input.email, "a@b.example");
  EXPECT_EQ(input.attachment_ids, (std::vector<std::int64_t>{3, 4}));
  EXPECT_EQ(input.upload_tokens, (std::vector<std::string>{"t1", "t2"}));
}

TEST_F(HelpInputTest, TicketFieldsAreChecked) {
  auto errors = Errors("createHelpTicket", R"({"topic": "weather", "subject": "Hi", "message": "short",
      "email": "nope", "attachment_ids": [1, 2, 3, 4, 5, 6]})");
  EXPECT_EQ(errors["topic"], "validation:one_of");
  EXPECT_EQ(errors["subject"], "validation:length.min");
  EXPECT_EQ(errors["message"], "validation:length.min");
  EXPECT_EQ(errors["email"], "validation:email");
  EXPECT_EQ(errors["attachment_ids"], "help:attachments_too_many");
  EXPECT_EQ(Errors("createHelpTicket", R"({"topic": "bug", "subject": "Broken", "message": "It does not work",
      "upload_tokens": ["a", "b", "c", "d", "e", "f"]})"),
            (Keys{{"upload_tokens", "help:attachments_too_many"}}));
  EXPECT_EQ(Errors("createHelpTicket", R"({})").size(), 3U)
      << "topic, subject, message (e-mail: the service)";
  const std::string long_message(5001, 'x');
  EXPECT_EQ(Errors("createHelpTicket",
                   R"({"topic": "other", "subject": "Long one", "message": ")" + long_message + R"("})"),
            (Keys{{"message", "validation:length.max"}}));
}

TEST_F(HelpInputTest, CategoryCodesNamesAndPositions) {
  EXPECT_TRUE(
      Errors("createFaqCategory", R"({"code": "account", "name_en": "Account", "name_ru": "Аккаунт"})")
          .empty());
  auto errors = Errors("createFaqCategory", R"({"code": "Bad Code", "name_en": "", "position": -1})");
  EXPECT_EQ(errors["code"], "help:code_invalid");
  EXPECT_EQ(errors["name_en"], "validation:required");
  EXPECT_EQ(errors["name_ru"], "validation:required");
  EXPECT_EQ(errors["position"], "validation:range");
}

TEST_F(HelpInputTest, QuestionsKeepTheirMarkdownAsWritten) {
  auto errors = Errors("createFaqQuestion",
                       R"({"code": "how-to", "question_en": "Hi", "question_ru": "Как?", "answer_en": "x"})");
  EXPECT_EQ(errors["category_id"], "validation:required");
  EXPECT_EQ(errors["question_en"], "validation:length.min");
  EXPECT_EQ(errors["answer_ru"], "validation:required");
  EXPECT_FALSE(errors.contains("question_ru"));
  // Markdown keeps its leading spaces (an indented code block).
  boost::json::value body =
      boost::json::parse(R"({"code": "how-to", "category_id": 1, "question_en": " How? ",
    "question_ru": "Как?", "answer_en": "    code", "answer_ru": "текст  "})");
  ASSERT_TRUE(Errors("updateFaqQuestion", body).empty());
  QuestionInput input;
  kernel::FromJson(body, input);
  EXPECT_EQ(input.question_en, "How?");
  EXPECT_EQ(input.answer_en, "    code");
  EXPECT_EQ(input.answer_ru, "текст  ");
  EXPECT_EQ(input.position, 0) << "the schema's default";
}

TEST_F(HelpInputTest, PagesAndAnswers) {
  EXPECT_TRUE(Errors("updateAdminPage", R"({"title": "About", "body": "Text", "version": 0})").empty());
  auto errors = Errors("updateAdminPage", R"({"title": "", "body": "", "version": -1})");
  EXPECT_EQ(errors["title"], "validation:required");
  EXPECT_EQ(errors["body"], "validation:required");
  EXPECT_EQ(errors["version"], "validation:range");
  EXPECT_EQ(Errors("updateAdminPage", R"({"title": "About", "body": "Text"})")["version"],
            "validation:required");
  EXPECT_EQ(Errors("answerAdminTicket", R"({"text": "  "})")["text"], "validation:required");
  EXPECT_EQ(Errors("answerAdminTicket", R"({"text": ")" + std::string(10001, 'x') + R"("})")["text"],
            "validation:length.max");
}

TEST(HelpRulesTest, Codes) {
  EXPECT_TRUE(IsCode("how-to-pay", 2, 100));
  EXPECT_TRUE(IsCode("2fa", 2, 100));
  EXPECT_FALSE(IsCode("-pay", 2, 100));
  EXPECT_FALSE(IsCode("Pay", 2, 100));
  EXPECT_FALSE(IsCode("pay now", 2, 100));
  EXPECT_FALSE(IsCode("оплата", 2, 100));
  EXPECT_FALSE(IsCode("a", 2, 100));
  EXPECT_FALSE(IsCode(std::string(101, 'a'), 2, 100));
}

TEST(HelpRulesTest, PageCodesTopics) {
  EXPECT_TRUE(IsPageCode("privacy-policy"));
  EXPECT_FALSE(IsPageCode("privacy"));
  EXPECT_TRUE(IsPageLanguage("ru"));
  EXPECT_FALSE(IsPageLanguage("de"));
  EXPECT_TRUE(IsTopic("payments"));
  EXPECT_FALSE(IsTopic("weather"));
}

}  // namespace
}  // namespace artel::help
