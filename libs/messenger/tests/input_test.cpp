// The messenger's input rules: the bodies as the contract (api.yaml, compiled into the library) checks them
// at the edge, and the rules the service runs whoever calls it (src/input.hpp).

#include "input.hpp"

#include <gtest/gtest.h>

#include <boost/json/parse.hpp>
#include <map>
#include <string>

#include "artel/core/error.hpp"
#include "artel/web/contract.hpp"
#include "artel/web/testing/contract_body_test.hpp"

namespace artel::messenger {
/// libs/messenger/api.yaml, compiled into libs/messenger.
std::string_view ContractPart();

namespace {

using Keys = std::map<std::string, std::string>;

constexpr std::string_view kUuid = "3f1c2a4e-8b7d-4c6e-9a1b-2d3e4f5a6b7c";

Keys KeysOf(const Error& error) {
  Keys keys;
  for (const auto& [field, messages] : error.Fields()) keys[field] = messages.front().key;
  return keys;
}

/// field → the first key of the service's rule for a message to send; empty when it passes.
Keys SendErrors(SendInput input) {
  try {
    CheckSendInput(input);
  } catch (const Error& error) {
    return KeysOf(error);
  }
  return {};
}

/// The bodies through the compiled-in parts (artel/web/testing/contract_body_test.hpp).
class ContractTest : public web::testing::ContractBodyTest {
 protected:
  ContractTest() : ContractBodyTest({{"messenger", ContractPart()}}) {}
};

TEST(InputTest, TextIsTrimmed) {
  SendInput input{.client_id = std::string(kUuid), .text = "  hi \n", .attachment_ids = {}};
  CheckSendInput(input);
  EXPECT_EQ(input.text, "hi");
  std::string edited = "\t edited  ";
  CheckEditText(edited);
  EXPECT_EQ(edited, "edited");
}

TEST(InputTest, EmptyTextOnlyWithAttachments) {
  EXPECT_EQ(SendErrors({.client_id = std::string(kUuid), .text = "   ", .attachment_ids = {}}),
            (Keys{{"text", "validation:required"}}));
  EXPECT_TRUE(SendErrors({.client_id = std::string(kUuid), .text = "", .attachment_ids = {1, 2}}).empty());
  std::string blank = "  ";
  EXPECT_THROW(CheckEditText(blank), Error) << "an edit keeps some text";
}

TEST(InputTest, TextAtMost4000CodePoints) {
  std::string cyrillic_4000;
  for (int i = 0; i < 4000; ++i) cyrillic_4000 += "ж";
  EXPECT_TRUE(
      SendErrors({.client_id = std::string(kUuid), .text = cyrillic_4000, .attachment_ids = {}}).empty());
  EXPECT_EQ(SendErrors({.client_id = std::string(kUuid), .text = cyrillic_4000 + "ж", .attachment_ids = {}}),
            (Keys{{"text", "validation:length.max"}}));
}

TEST(InputTest, ClientIdMustBeAUuid) {
  EXPECT_EQ(SendErrors({.client_id = "abc", .text = "hi", .attachment_ids = {}}),
            (Keys{{"client_id", "messenger:client_id_invalid"}}));
  EXPECT_EQ(SendErrors({.client_id = "", .text = "hi", .attachment_ids = {}}),
            (Keys{{"client_id", "validation:required"}}));
}

TEST(InputTest, AtMostTenAttachmentsAndEveryRuleAtOnce) {
  EXPECT_TRUE(
      SendErrors(
          {.client_id = std::string(kUuid), .text = "x", .attachment_ids = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10}})
          .empty());
  EXPECT_EQ(
      SendErrors({.client_id = "nope", .text = "", .attachment_ids = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11}}),
      (Keys{{"attachment_ids", "messenger:attachments_too_many"},
            {"client_id", "messenger:client_id_invalid"}}));
}

TEST(InputTest, ShortTextIsCutAt100CodePoints) {
  std::string long_text;
  for (int i = 0; i < 150; ++i) long_text += "ю";
  const auto cut = ShortText(long_text);
  EXPECT_EQ(cut.size(), 99u * 2 + 3);  // 99 letters and "…"
  EXPECT_EQ(ShortText("  hello\n\n  world  "), "hello world");
}

TEST_F(ContractTest, TheEdgeStatesTheSendsShapeWithTheMessengersKeys) {
  EXPECT_TRUE(Errors("sendChatMessage", R"({"client_id": "3f1c2a4e-8b7d-4c6e-9a1b-2d3e4f5a6b7c"})").empty())
      << "text may be left out (files only); the service decides";
  EXPECT_EQ(Errors("sendChatMessage", R"({"client_id": "abc", "text": "hi"})"),
            (Keys{{"client_id", "messenger:client_id_invalid"}}));
  EXPECT_EQ(Errors("sendChatMessage", R"({"text": "hi"})"), (Keys{{"client_id", "validation:required"}}));
  EXPECT_EQ(Errors("sendChatMessage", R"({"client_id": "3f1c2a4e-8b7d-4c6e-9a1b-2d3e4f5a6b7c", "text": "x",
                                         "attachment_ids": [1,2,3,4,5,6,7,8,9,10,11]})"),
            (Keys{{"attachment_ids", "messenger:attachments_too_many"}}));
  EXPECT_EQ(Errors("editChatMessage", R"({"text": "  "})"), (Keys{{"text", "validation:required"}}));
  EXPECT_EQ(Errors("readChat", R"({})"), (Keys{{"message_id", "validation:required"}}));
}

TEST_F(ContractTest, AChatIsStartedWithAUserAndAContextOfAKnownType) {
  EXPECT_TRUE(Errors("startChat", R"({"user_id": 5, "context": {"type": "order", "id": 7}})").empty());
  EXPECT_TRUE(Errors("startChat", R"({"user_id": 5, "context": null})").empty());
  EXPECT_EQ(Errors("startChat", R"({})"), (Keys{{"user_id", "validation:required"}}));
  EXPECT_EQ(
      Errors("startChat", R"({"user_id": 5, "context": {"type": "vacancy", "id": 7}})").count("context.type"),
      1u);
}

}  // namespace
}  // namespace artel::messenger
