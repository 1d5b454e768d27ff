#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "artel/i18n/catalog.hpp"
#include "artel/mail/mail.hpp"

namespace artel::mail {
namespace {

const i18n::Catalog& Texts() {
  // Tests run from the repository root (artel_test sets WORKING_DIRECTORY).
  static const i18n::Catalog catalog = i18n::Catalog::Load("i18n", {"en", "ru"});
  return catalog;
}

OutgoingMail Mail(std::string lang, std::string template_name, std::string name, std::string link) {
  return OutgoingMail{"ira@example.com",
                      std::move(lang),
                      std::move(template_name),
                      {{"name", std::move(name)}, {"link", std::move(link)}}};
}

TEST(RenderTest, RussianVerificationMailCarriesNameLinkAndRussianTexts) {
  auto mail = Render(
      Texts(), Mail("ru", "auth:mail.verify_email", "Ира", "https://artel.example/ru/verify?token=abc"));
  EXPECT_EQ(mail.subject, Texts().Translate("ru", "auth:mail.verify_email.subject"));
  EXPECT_NE(mail.subject.find("Подтвердите"), std::string::npos);
  EXPECT_NE(mail.text.find("Здравствуйте, Ира!"), std::string::npos);
  EXPECT_NE(mail.text.find("https://artel.example/ru/verify?token=abc"), std::string::npos);
  EXPECT_NE(mail.text.find(Texts().Translate("ru", "auth:mail.verify_email.footer")), std::string::npos);
  EXPECT_NE(mail.html.find("lang=\"ru\""), std::string::npos);
  EXPECT_NE(mail.html.find("Здравствуйте, Ира!"), std::string::npos);
  EXPECT_NE(mail.html.find("href=\"https://artel.example/ru/verify?token=abc\""), std::string::npos);
  EXPECT_NE(mail.html.find(Texts().Translate("ru", "auth:mail.verify_email.button")), std::string::npos);
}

TEST(RenderTest, EnglishResetMail) {
  auto mail = Render(
      Texts(), Mail("en", "auth:mail.reset_password", "Ann", "https://artel.example/en/reset?token=x&y=1"));
  EXPECT_EQ(mail.subject, "Reset your Artel password");
  EXPECT_NE(mail.text.find("Hello, Ann!"), std::string::npos);
  EXPECT_NE(mail.text.find("https://artel.example/en/reset?token=x&y=1"), std::string::npos);
  // '&' in a link is escaped in the HTML attribute, raw in the text part.
  EXPECT_NE(mail.html.find("href=\"https://artel.example/en/reset?token=x&amp;y=1\""), std::string::npos);
  EXPECT_NE(mail.html.find("lang=\"en\""), std::string::npos);
}

TEST(RenderTest, ParamsAreHtmlEscapedInTheHtmlPartOnly) {
  auto mail = Render(Texts(), Mail("en", "auth:mail.verify_email", "<script>alert('x')</script> & \"co\"",
                                   "https://artel.example/v?t=1\"><script>alert(2)</script>"));
  EXPECT_EQ(mail.html.find("<script"), std::string::npos) << mail.html;
  EXPECT_NE(mail.html.find("&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt; &amp; &quot;co&quot;"),
            std::string::npos);
  EXPECT_NE(mail.html.find("href=\"https://artel.example/v?t=1&quot;&gt;&lt;script&gt;"), std::string::npos);
  EXPECT_NE(mail.text.find("Hello, <script>alert('x')</script> & \"co\"!"), std::string::npos);
}

TEST(RenderTest, OnlyWebLinksBecomeButtons) {
  auto mail = Render(Texts(), Mail("en", "auth:mail.verify_email", "Ann", "javascript:alert(1)"));
  EXPECT_EQ(mail.html.find("href="), std::string::npos);
  EXPECT_EQ(mail.html.find("<a "), std::string::npos);
}

TEST(RenderTest, MissingNameUsesTheAnonymousGreeting) {
  OutgoingMail mail{"a@example.com", "ru", "auth:mail.change_email", {{"link", "https://a.example/c"}}};
  auto rendered = Render(Texts(), mail);
  EXPECT_TRUE(rendered.text.starts_with("Здравствуйте!\n")) << rendered.text;
  EXPECT_EQ(rendered.text.find("{{"), std::string::npos);
}

TEST(RenderTest, UnknownLanguageFallsBackToEnglish) {
  auto mail = Render(Texts(), Mail("de", "auth:mail.change_email", "Hans", "https://a.example/c"));
  EXPECT_EQ(mail.subject, Texts().Translate("en", "auth:mail.change_email.subject"));
  EXPECT_NE(mail.html.find("lang=\"en\""), std::string::npos);
}

TEST(RenderTest, UnknownTemplateThrows) {
  EXPECT_THROW(Render(Texts(), Mail("en", "auth:mail.no_such_mail", "A", "https://a.example")),
               std::invalid_argument);
}

TEST(RenderTest, TemplatesAreFoundInEveryModulesNamespace) {
  // Nothing lists them: each module's texts are its mails.
  const std::vector<std::string> expected = {
      "auth:mail.account_exists", "auth:mail.change_email",    "auth:mail.email_changed",
      "auth:mail.reset_password", "auth:mail.verify_email",    "help:mail.support_answer",
      "help:mail.support_ticket", "notifications:mail.digest", "notifications:mail.notification"};
  for (std::string lang : {"en", "ru"}) {
    auto found = Templates(Texts(), lang);
    for (const auto& name : expected)
      EXPECT_NE(std::ranges::find(found, name), found.end()) << lang << " " << name;
  }
  EXPECT_EQ(Templates(Texts(), "en"), Templates(Texts(), "ru"));
}

TEST(RenderTest, TemplateNamesHaveTheirNamespaceAndMailSection) {
  EXPECT_TRUE(IsTemplateName("auth:mail.verify_email"));
  for (std::string_view bad : {"verify_email", "mail:verify_email", ":mail.x", "auth:mail.", "auth:mail.x.y",
                               "Auth:mail.x", "auth:other.x", "auth:mail.x-y"}) {
    EXPECT_FALSE(IsTemplateName(bad)) << bad;
  }
  EXPECT_THROW(Render(Texts(), Mail("en", "verify_email", "A", "https://a.example")), std::invalid_argument);
}

TEST(RenderTest, EveryTemplateRendersCompletelyInBothLanguages) {
  for (std::string lang : {"en", "ru"}) {
    for (const auto& name : Templates(Texts(), lang)) {
      auto outgoing = Mail(lang, std::string(name), "Имя", "https://a.example/x");
      outgoing.params.emplace_back("new_email", "n***@example.com");  // email_changed's extra placeholder
      // support_ticket's and support_answer's (libs/help)
      for (const char* key : {"ticket_id", "topic", "subject", "email", "message", "answer"}) {
        outgoing.params.emplace_back(key, "x");
      }
      // notification's (libs/notifications)
      for (const char* key : {"title", "item", "unsubscribe", "settings"})
        outgoing.params.emplace_back(key, "x");
      // digest's (libs/notifications/src/digests.cpp)
      for (const char* key : {"period", "summary", "items"}) outgoing.params.emplace_back(key, "x");
      auto mail = Render(Texts(), outgoing);
      SCOPED_TRACE(lang + " " + name);
      EXPECT_TRUE(Texts().Has(lang, name + ".paragraphs.1"));
      for (const std::string* part : {&mail.subject, &mail.text, &mail.html}) {
        EXPECT_FALSE(part->empty());
        EXPECT_EQ(part->find("{{"), std::string::npos) << *part;
        EXPECT_EQ(part->find("mail:"), std::string::npos) << *part;
      }
      // A footer may carry placeholders (notification's unsubscribe and settings links).
      EXPECT_NE(mail.text.find(Texts().Translate(lang, name + ".footer", outgoing.params)),
                std::string::npos);
      EXPECT_NE(mail.html.find(Texts().Translate(lang, name + ".button")), std::string::npos);
    }
  }
}

}  // namespace
}  // namespace artel::mail
