#include "input.hpp"

#include <gtest/gtest.h>

#include <boost/json/parse.hpp>
#include <string>

#include "artel/core/error.hpp"

namespace artel::messenger {
namespace {

boost::json::object Body(std::string_view json) {
  return boost::json::parse(json).as_object();
}

/// The field errors of a rejected body, field → first key.
std::map<std::string, std::string> Errors(std::string_view json) {
  try {
    ReadSendInput(Body(json));
  } catch (const Error& error) {
    std::map<std::string, std::string> fields;
    for (const auto& [field, messages] : error.Fields()) fields[field] = messages.front().key;
    return fields;
  }
  return {};
}

constexpr std::string_view kUuid = "3f1c2a4e-8b7d-4c6e-9a1b-2d3e4f5a6b7c";

TEST(InputTest, UuidShape) {
  EXPECT_TRUE(IsUuid(kUuid));
  EXPECT_TRUE(IsUuid("3F1C2A4E-8B7D-4C6E-9A1B-2D3E4F5A6B7C"));
  EXPECT_FALSE(IsUuid("3f1c2a4e8b7d4c6e9a1b2d3e4f5a6b7c"));
  EXPECT_FALSE(IsUuid("3f1c2a4e-8b7d-4c6e-9a1b-2d3e4f5a6b7"));
  EXPECT_FALSE(IsUuid("3f1c2a4e-8b7d-4c6e-9a1b-2d3e4f5a6b7g"));
  EXPECT_FALSE(IsUuid(""));
}

TEST(InputTest, TextIsTrimmed) {
  auto input =
      ReadSendInput(Body(R"({"client_id":"3f1c2a4e-8b7d-4c6e-9a1b-2d3e4f5a6b7c","text":"  hi \n"})"));
  EXPECT_EQ(input.text, "hi");
  EXPECT_EQ(input.client_id, kUuid);
}

TEST(InputTest, EmptyTextOnlyWithAttachments) {
  EXPECT_EQ(Errors(R"({"client_id":"3f1c2a4e-8b7d-4c6e-9a1b-2d3e4f5a6b7c","text":"   "})")["text"],
            "validation:required");
  auto input = ReadSendInput(
      Body(R"({"client_id":"3f1c2a4e-8b7d-4c6e-9a1b-2d3e4f5a6b7c","text":"","attachment_ids":[1,2]})"));
  EXPECT_EQ(input.text, "");
  EXPECT_EQ(input.attachment_ids.size(), 2u);
}

TEST(InputTest, TextAtMost4000CodePoints) {
  const std::string cyrillic_4000 = [] {
    std::string s;
    for (int i = 0; i < 4000; ++i) s += "ж";
    return s;
  }();
  auto ok = ReadSendInput(
      Body(R"({"client_id":"3f1c2a4e-8b7d-4c6e-9a1b-2d3e4f5a6b7c","text":")" + cyrillic_4000 + R"("})"));
  EXPECT_EQ(ok.text, cyrillic_4000);
  EXPECT_EQ(Errors(R"({"client_id":"3f1c2a4e-8b7d-4c6e-9a1b-2d3e4f5a6b7c","text":")" + cyrillic_4000 +
                   R"(ж"})")["text"],
            "validation:length.max");
}

TEST(InputTest, ClientIdMustBeAUuid) {
  EXPECT_EQ(Errors(R"({"client_id":"abc","text":"hi"})")["client_id"], "messenger:client_id_invalid");
  EXPECT_EQ(Errors(R"({"text":"hi"})")["client_id"], "validation:required");
}

TEST(InputTest, AtMostTenAttachments) {
  EXPECT_EQ(Errors(R"({"client_id":"3f1c2a4e-8b7d-4c6e-9a1b-2d3e4f5a6b7c","text":"x",)"
                   R"("attachment_ids":[1,2,3,4,5,6,7,8,9,10,11]})")["attachment_ids"],
            "messenger:attachments_too_many");
  EXPECT_TRUE(Errors(R"({"client_id":"3f1c2a4e-8b7d-4c6e-9a1b-2d3e4f5a6b7c","text":"x",)"
                     R"("attachment_ids":[1,2,3,4,5,6,7,8,9,10]})")
                  .empty());
}

TEST(InputTest, ShortTextIsCutAt100CodePoints) {
  std::string long_text;
  for (int i = 0; i < 150; ++i) long_text += "ю";
  const auto cut = ShortText(long_text);
  EXPECT_EQ(cut.size(), 99u * 2 + 3);  // 99 letters and "…"
  EXPECT_EQ(ShortText("  hello\n\n  world  "), "hello world");
}

boost::asio::awaitable<void> Allow(std::int64_t, std::int64_t, std::int64_t) {
  co_return;
}

TEST(InputTest, StartContextIsARegisteredType) {
  ContextTypes types;
  types.Add({"order", &Allow, {}});
  types.Add({"response", &Allow, {}});
  EXPECT_TRUE(ReadStartInput(Body(R"({"user_id":5,"context":{"type":"response","id":8}})"), types).context);
  auto input = ReadStartInput(Body(R"({"user_id":5,"context":{"type":"order","id":7}})"), types);
  EXPECT_EQ(input.user_id, 5);
  ASSERT_TRUE(input.context);
  EXPECT_EQ(input.context->id, 7);
  EXPECT_THROW(ReadStartInput(Body(R"({"user_id":5,"context":{"type":"vacancy","id":7}})"), types), Error);
  EXPECT_THROW(ReadStartInput(Body(R"({})"), types), Error);
  EXPECT_THROW(ReadStartInput(Body(R"({"user_id":5,"context":{"type":"response","id":7}})"), ContextTypes{}),
               Error);
}

}  // namespace
}  // namespace artel::messenger
