#include "artel/markdown/markdown.hpp"

#include <gtest/gtest.h>

#include <string>

namespace artel::markdown {
namespace {

TEST(MarkdownToHtml, RendersCommonMark) {
  EXPECT_EQ(ToHtml("# Title\n\nSome **bold** text"),
            "<h1>Title</h1>\n<p>Some <strong>bold</strong> text</p>\n");
  EXPECT_EQ(ToHtml("- one\n- two"), "<ul>\n<li>one</li>\n<li>two</li>\n</ul>\n");
}

TEST(MarkdownToHtml, LinksAreNofollowUgc) {
  EXPECT_EQ(ToHtml("[site](https://example.com \"t\")"),
            "<p><a rel=\"nofollow ugc\" href=\"https://example.com\" title=\"t\">site</a></p>\n");
  EXPECT_EQ(ToHtml("<https://example.com>"),
            "<p><a rel=\"nofollow ugc\" href=\"https://example.com\">https://example.com</a></p>\n");
}

// OWASP XSS filter evasion cheat sheet vectors: none may come out as markup or as a script address.
TEST(MarkdownToHtml, OwaspVectorsAreInert) {
  const char* vectors[] = {
      "<script>alert(1)</script>",
      "<IMG SRC=\"javascript:alert('XSS');\">",
      "<IMG SRC=javascript:alert('XSS')>",
      "<img src=x onerror=alert(1)>",
      "<svg/onload=alert(1)>",
      "<a href=\"javascript:alert(1)\">x</a>",
      "[x](javascript:alert(1))",
      "[x](JaVaScRiPt:alert(1))",
      "[x](vbscript:msgbox(1))",
      "[x](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)",
      "![x](javascript:alert(1))",
      "[x](\"onmouseover=alert(1))",
      "<iframe src=\"https://evil\"></iframe>",
      "<BODY ONLOAD=alert('XSS')>",
      "<div style=\"background:url(javascript:alert(1))\">",
      "[x]: javascript:alert(1)\n\n[link][x]",
      "<<SCRIPT>alert(\"XSS\");//<</SCRIPT>",
      "`<script>`",
      "\"><script>alert(1)</script>",
  };
  for (const char* vector : vectors) {
    const std::string html = ToHtml(vector);
    EXPECT_EQ(html.find("<script"), std::string::npos) << vector << " → " << html;
    EXPECT_EQ(html.find("<img src=x"), std::string::npos) << vector << " → " << html;
    EXPECT_EQ(html.find("<svg"), std::string::npos) << vector << " → " << html;
    EXPECT_EQ(html.find("<iframe"), std::string::npos) << vector << " → " << html;
    EXPECT_EQ(html.find("<div"), std::string::npos) << vector << " → " << html;
    EXPECT_EQ(html.find("<body"), std::string::npos) << vector << " → " << html;
    EXPECT_EQ(html.find("<BODY"), std::string::npos) << vector << " → " << html;
    EXPECT_EQ(html.find("href=\"javascript"), std::string::npos) << vector << " → " << html;
    EXPECT_EQ(html.find("href=\"JaVaScRiPt"), std::string::npos) << vector << " → " << html;
    EXPECT_EQ(html.find("src=\"javascript"), std::string::npos) << vector << " → " << html;
    EXPECT_EQ(html.find("vbscript:"), std::string::npos) << vector << " → " << html;
    EXPECT_EQ(html.find("href=\"data:"), std::string::npos) << vector << " → " << html;
  }
}

TEST(MarkdownToText, DropsMarkupAndCutsOnCharacters) {
  EXPECT_EQ(ToText("# Заголовок\n\nТекст **жирный** и [ссылка](https://x.y).\n\n- пункт", 200),
            "Заголовок Текст жирный и ссылка. пункт");
  EXPECT_EQ(ToText("Привет мир", 7), "При");  // 7 bytes end inside "и": cut before it
  EXPECT_EQ(ToText("<b>raw</b> text", 100), "raw text");
}

}  // namespace
}  // namespace artel::markdown
