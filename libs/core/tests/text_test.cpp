#include "artel/core/text.hpp"

#include <gtest/gtest.h>

namespace artel {
namespace {

TEST(HtmlEscapeTest, EscapesMarkupAndBothQuotes) {
  EXPECT_EQ(HtmlEscape(R"(<a href="x" title='y'>&</a>)"),
            "&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt;");
}

TEST(HtmlEscapeTest, LeavesPlainAndCyrillicTextAlone) {
  EXPECT_EQ(HtmlEscape("Привет, мир"), "Привет, мир");
}

}  // namespace
}  // namespace artel

TEST(IsMailAddressTest, TakesPlainAddresses) {
  EXPECT_TRUE(artel::IsMailAddress("anna@example.com"));
  EXPECT_TRUE(artel::IsMailAddress("a.b+tag@mail.example.co.uk"));
  EXPECT_TRUE(artel::IsMailAddress(std::string(64, 'a') + "@example.com"));
}

TEST(IsMailAddressTest, RefusesWhatCannotBeMailed) {
  EXPECT_FALSE(artel::IsMailAddress(""));
  EXPECT_FALSE(artel::IsMailAddress("anna"));
  EXPECT_FALSE(artel::IsMailAddress("@example.com"));
  EXPECT_FALSE(artel::IsMailAddress("anna@"));
  EXPECT_FALSE(artel::IsMailAddress("anna@localhost"));
  EXPECT_FALSE(artel::IsMailAddress("anna@@example.com"));
  EXPECT_FALSE(artel::IsMailAddress("an na@example.com"));
  EXPECT_FALSE(artel::IsMailAddress("anna@.example.com"));
  EXPECT_FALSE(artel::IsMailAddress("anna@example..com"));
  EXPECT_FALSE(artel::IsMailAddress("anna@-example.com"));
  EXPECT_FALSE(artel::IsMailAddress("<anna>@example.com"));
  EXPECT_FALSE(artel::IsMailAddress("\"anna\"@example.com"));
  EXPECT_FALSE(artel::IsMailAddress(std::string(65, 'a') + "@example.com"));
  EXPECT_FALSE(artel::IsMailAddress("a@" + std::string(250, 'b') + ".com"));
  // Cyrillic letters (UTF-8) in the local part or the domain: no SMTPUTF8, so not an address Artel can mail.
  EXPECT_FALSE(artel::IsMailAddress("иван@example.com"));
  EXPECT_FALSE(artel::IsMailAddress("ivan@пример.рф"));
}

TEST(IsUuidTest, TheCanonicalShapeInEitherCase) {
  EXPECT_TRUE(artel::IsUuid("3f1c2a4e-8b7d-4c6e-9a1b-2d3e4f5a6b7c"));
  EXPECT_TRUE(artel::IsUuid("3F1C2A4E-8B7D-4C6E-9A1B-2D3E4F5A6B7C"));
  EXPECT_FALSE(artel::IsUuid("3f1c2a4e8b7d4c6e9a1b2d3e4f5a6b7c"));
  EXPECT_FALSE(artel::IsUuid("3f1c2a4e-8b7d-4c6e-9a1b-2d3e4f5a6b7g"));
  EXPECT_FALSE(artel::IsUuid("{3f1c2a4e-8b7d-4c6e-9a1b-2d3e4f5a6b7}"));
  EXPECT_FALSE(artel::IsUuid(""));
}

TEST(TrimTest, DropsTheSetAtBothEndsOnly) {
  EXPECT_EQ(artel::Trim("  \t Анна  Иванова \r\n"), "Анна  Иванова");
  EXPECT_EQ(artel::Trim(" \t\r\n\f\v"), "");
  EXPECT_EQ(artel::Trim(""), "");
  EXPECT_EQ(artel::Trim("word"), "word");
  // Spaces and tabs only: a line break stays (HTTP's optional whitespace is not a line break).
  EXPECT_EQ(artel::Trim(" a\n\t", artel::kSpacesAndTabs), "a\n");
}
