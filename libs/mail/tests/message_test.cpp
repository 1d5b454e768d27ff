#include <gtest/gtest.h>

#include <regex>
#include <string>
#include <vector>

#include "artel/mail/mail.hpp"
#include "mime_decode.hpp"

namespace artel::mail {
namespace {

using testing::DecodedPart;
using testing::DecodeHeader;
using testing::ParsePart;

// 2026-11-22T04:35:46Z, a Sunday.
const TimePoint kDate = std::chrono::system_clock::from_time_t(1795322146);

std::vector<std::string> Lines(const std::string& message) {
  std::vector<std::string> lines;
  std::size_t pos = 0;
  while (pos < message.size()) {
    auto end = message.find("\r\n", pos);
    if (end == std::string::npos) end = message.size();
    lines.push_back(message.substr(pos, end - pos));
    pos = end + 2;
  }
  return lines;
}

RenderedMail Sample() {
  RenderedMail mail;
  mail.subject = "Подтвердите адрес электронной почты в Artel — это займёт минуту";
  mail.text = "Здравствуйте, Ира!\n\nСсылка:\nhttps://artel.example/ru/verify?token=abc=def\n\n-- \nФутер\n";
  mail.html = "<!DOCTYPE html>\n<html lang=\"ru\"><body><p style=\"margin:0\">Здравствуйте, Ира!</p>" +
              std::string(300, 'x') +
              "<a href=\"https://artel.example/ru/verify?token=abc=def\">Да</a></body></html>\n";
  return mail;
}

MailConfig Config() {
  MailConfig config;
  config.from = "Artel <no-reply@artel.example>";
  return config;
}

TEST(BuildMessageTest, HasTheRequiredHeaders) {
  auto message = BuildMessage(Config(), "ira@example.com", Sample(), "42.abc@artel.example", kDate);
  auto top = ParsePart(message);
  EXPECT_EQ(top.headers["date"], "Sun, 22 Nov 2026 04:35:46 +0000");
  EXPECT_EQ(top.headers["from"], "\"Artel\" <no-reply@artel.example>");
  EXPECT_EQ(top.headers["to"], "<ira@example.com>");
  EXPECT_EQ(top.headers["message-id"], "<42.abc@artel.example>");
  EXPECT_EQ(top.headers["mime-version"], "1.0");
  EXPECT_EQ(top.headers["auto-submitted"], "auto-generated");
  EXPECT_TRUE(top.headers["content-type"].starts_with("multipart/alternative;"))
      << top.headers["content-type"];
}

TEST(BuildMessageTest, CyrillicSubjectIsEncodedWordsThatDecodeBack) {
  auto message = BuildMessage(Config(), "ira@example.com", Sample(), "1@artel.example", kDate);
  auto subject = ParsePart(message).headers["subject"];
  EXPECT_TRUE(subject.starts_with("=?UTF-8?B?")) << subject;
  static const std::regex kWord(R"(=\?UTF-8\?B\?[A-Za-z0-9+/=]+\?=)");
  std::size_t words = 0;
  for (std::sregex_iterator it(subject.begin(), subject.end(), kWord), end; it != end; ++it) {
    EXPECT_LE(it->length(), 75) << "RFC 2047 limit";
    ++words;
  }
  EXPECT_GT(words, 1u) << "a long subject is split into several words";
  EXPECT_EQ(DecodeHeader(subject), Sample().subject);
}

TEST(BuildMessageTest, ShortAsciiSubjectStaysReadable) {
  RenderedMail mail = Sample();
  mail.subject = "Reset your Artel password";
  auto message = BuildMessage(Config(), "a@example.com", mail, "1@artel.example", kDate);
  EXPECT_NE(message.find("\r\nSubject: Reset your Artel password\r\n"), std::string::npos);
}

TEST(BuildMessageTest, CarriesTheOneClickUnsubscribeHeadersAndNoOthers) {
  const Headers headers{
      {"List-Unsubscribe", "<https://artel.example/api/notifications/unsubscribe?token=1.a.email.x>"},
      {"List-Unsubscribe-Post", "List-Unsubscribe=One-Click"}};
  auto message = BuildMessage(Config(), "ira@example.com", Sample(), "43.abc@artel.example", kDate, headers);
  auto top = ParsePart(message);
  EXPECT_EQ(top.headers["list-unsubscribe"], headers[0].second);
  EXPECT_EQ(top.headers["list-unsubscribe-post"], "List-Unsubscribe=One-Click");
  EXPECT_THROW(BuildMessage(Config(), "ira@example.com", Sample(), "44.abc@artel.example", kDate,
                            {{"Bcc", "victim@example.com"}}),
               std::invalid_argument)
      << "only the listed headers";
  EXPECT_THROW(BuildMessage(Config(), "ira@example.com", Sample(), "45.abc@artel.example", kDate,
                            {{"List-Unsubscribe", "<https://a.example>\r\nBcc: victim@example.com"}}),
               std::invalid_argument)
      << "one line only";
}

TEST(BuildMessageTest, SubjectLineBreaksCannotInjectHeaders) {
  RenderedMail mail = Sample();
  mail.subject = "Hi\r\nBcc: victim@example.com";
  auto message = BuildMessage(Config(), "a@example.com", mail, "1@artel.example", kDate);
  auto top = ParsePart(message);
  EXPECT_FALSE(top.headers.contains("bcc"));
  EXPECT_EQ(DecodeHeader(top.headers["subject"]), mail.subject);
}

TEST(BuildMessageTest, MultipartBoundaryDelimitsTheTextAndHtmlParts) {
  auto message = BuildMessage(Config(), "ira@example.com", Sample(), "1@artel.example", kDate);
  auto content_type = ParsePart(message).headers["content-type"];
  static const std::regex kBoundary(R"(boundary="([^"]+)\")");
  std::smatch match;
  ASSERT_TRUE(std::regex_search(content_type, match, kBoundary)) << content_type;
  const std::string boundary = match[1];
  std::size_t delimiters = 0, closing = 0;
  for (const auto& line : Lines(message)) {
    if (line == "--" + boundary) ++delimiters;
    if (line == "--" + boundary + "--") ++closing;
    if (line != "--" + boundary && line != "--" + boundary + "--") {
      EXPECT_EQ(line.find("--" + boundary), std::string::npos) << "boundary inside a part: " << line;
    }
  }
  EXPECT_EQ(delimiters, 2u);
  EXPECT_EQ(closing, 1u);
  EXPECT_TRUE(message.ends_with("--" + boundary + "--\r\n"));
  EXPECT_EQ(DecodedPart(message, "text/plain; charset=UTF-8"), Sample().text);
  EXPECT_EQ(DecodedPart(message, "text/html; charset=UTF-8"), Sample().html);
}

TEST(BuildMessageTest, PicksTheSmallerTransferEncoding) {
  RenderedMail mail = Sample();
  auto russian = BuildMessage(Config(), "a@example.com", mail, "1@artel.example", kDate);
  EXPECT_NE(russian.find("text/plain; charset=UTF-8\r\nContent-Transfer-Encoding: base64\r\n"),
            std::string::npos);
  EXPECT_NE(russian.find("text/html; charset=UTF-8\r\nContent-Transfer-Encoding: quoted-printable\r\n"),
            std::string::npos);
  mail.text = "Hello, Ann!\n\nhttps://artel.example/en/verify?token=abc\n";
  auto english = BuildMessage(Config(), "a@example.com", mail, "1@artel.example", kDate);
  EXPECT_NE(english.find("text/plain; charset=UTF-8\r\nContent-Transfer-Encoding: quoted-printable\r\n"),
            std::string::npos);
  EXPECT_NE(english.find("\r\nhttps://artel.example/en/verify?token=3Dabc\r\n"), std::string::npos)
      << "links stay greppable in English mail";
  EXPECT_EQ(DecodedPart(english, "text/plain"), mail.text);
}

TEST(BuildMessageTest, CrlfOnlyAndShortLines) {
  RenderedMail mail = Sample();
  mail.text += std::string(5000, 'y') + "\n.leading dot\ntrailing space \n";
  auto message = BuildMessage(Config(), "ira@example.com", mail, "1@artel.example", kDate);
  for (std::size_t i = 0; i < message.size(); ++i) {
    if (message[i] == '\n') {
      ASSERT_TRUE(i > 0 && message[i - 1] == '\r') << "bare LF at " << i;
    }
    if (message[i] == '\r') {
      ASSERT_TRUE(i + 1 < message.size() && message[i + 1] == '\n') << "bare CR at " << i;
    }
  }
  for (const auto& line : Lines(message)) {
    EXPECT_LE(line.size(), 998u) << "RFC 5322 limit";
    EXPECT_LE(line.size(), 78u) << line;
    EXPECT_FALSE(line.starts_with(".")) << "a leading dot is encoded";
    for (unsigned char c : line) EXPECT_LT(c, 0x80) << "7-bit transport encoding";
  }
  EXPECT_EQ(DecodedPart(message, "text/plain"), mail.text);
}

TEST(BuildMessageTest, NonAsciiSenderNameIsEncoded) {
  MailConfig config = Config();
  config.from = "Артель <no-reply@artel.example>";
  auto message = BuildMessage(config, "a@example.com", Sample(), "1@artel.example", kDate);
  auto from = ParsePart(message).headers["from"];
  EXPECT_TRUE(from.starts_with("=?UTF-8?B?")) << from;
  EXPECT_TRUE(from.ends_with(" <no-reply@artel.example>")) << from;
  EXPECT_EQ(DecodeHeader(from), "Артель <no-reply@artel.example>");
}

TEST(BuildMessageTest, RejectsAddressesThatCouldInjectHeaders) {
  EXPECT_THROW(BuildMessage(Config(), "a@example.com\r\nBcc: b@example.com", Sample(), "1@a.example", kDate),
               std::invalid_argument);
  EXPECT_THROW(BuildMessage(Config(), "Ann <a@example.com>", Sample(), "1@a.example", kDate),
               std::invalid_argument);
  EXPECT_THROW(BuildMessage(Config(), "not-an-address", Sample(), "1@a.example", kDate),
               std::invalid_argument);
  EXPECT_THROW(BuildMessage(Config(), "a@example.com", Sample(), "bad id>", kDate), std::invalid_argument);
}

TEST(BuildMessageTest, EachMessageHasItsOwnBoundary) {
  auto a = ParsePart(BuildMessage(Config(), "a@example.com", Sample(), "1@a.example", kDate));
  auto b = ParsePart(BuildMessage(Config(), "a@example.com", Sample(), "1@a.example", kDate));
  EXPECT_NE(a.headers["content-type"], b.headers["content-type"]);
}

}  // namespace
}  // namespace artel::mail
