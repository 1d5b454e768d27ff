// The articles' pure parts: the state machine (every state × action), the slug of a title, the request rules
// of the articles' part of the contract, and the rules of the service no schema states.

#include "artel/articles/articles.hpp"

#include <gtest/gtest.h>

#include <boost/json/parse.hpp>
#include <map>
#include <tuple>
#include <vector>

#include "artel/articles/state_machine.hpp"
#include "artel/core/error.hpp"
#include "artel/web/contract.hpp"

namespace artel::web {
std::string_view PlatformContract();
}  // namespace artel::web

namespace artel::articles {

std::string_view ContractPart();

namespace {

using S = Status;
using A = Action;

TEST(StateMachine, EveryStateAndAction) {
  // The expected table, written out by hand (docs/architecture.md, "Articles"); nullopt: 409.
  const std::map<std::pair<S, A>, std::optional<S>> expected{
      {{S::kDraft, A::kSubmit}, S::kModeration},    {{S::kDraft, A::kPublish}, S::kPublished},
      {{S::kDraft, A::kReturn}, std::nullopt},      {{S::kDraft, A::kBlock}, S::kBlocked},
      {{S::kDraft, A::kEdit}, S::kDraft},           {{S::kDraft, A::kDelete}, S::kDraft},
      {{S::kModeration, A::kSubmit}, std::nullopt}, {{S::kModeration, A::kPublish}, S::kPublished},
      {{S::kModeration, A::kReturn}, S::kDraft},    {{S::kModeration, A::kBlock}, S::kBlocked},
      {{S::kModeration, A::kEdit}, S::kModeration}, {{S::kModeration, A::kDelete}, S::kModeration},
      {{S::kPublished, A::kSubmit}, std::nullopt},  {{S::kPublished, A::kPublish}, std::nullopt},
      {{S::kPublished, A::kReturn}, S::kDraft},     {{S::kPublished, A::kBlock}, S::kBlocked},
      {{S::kPublished, A::kEdit}, S::kModeration},  {{S::kPublished, A::kDelete}, S::kPublished},
      {{S::kBlocked, A::kSubmit}, S::kModeration},  {{S::kBlocked, A::kPublish}, S::kPublished},
      {{S::kBlocked, A::kReturn}, std::nullopt},    {{S::kBlocked, A::kBlock}, std::nullopt},
      {{S::kBlocked, A::kEdit}, S::kBlocked},       {{S::kBlocked, A::kDelete}, S::kBlocked},
  };
  std::size_t checked = 0;
  for (S status : kAllStatuses) {
    for (A action : kAllActions) {
      const auto it = expected.find({status, action});
      ASSERT_NE(it, expected.end()) << StatusName(status) << " × " << ActionName(action);
      EXPECT_EQ(Next(status, action), it->second) << StatusName(status) << " × " << ActionName(action);
      ++checked;
    }
  }
  EXPECT_EQ(checked, expected.size());
}

TEST(StateMachine, WhoActs) {
  EXPECT_TRUE(ByAdmin(A::kPublish));
  EXPECT_TRUE(ByAdmin(A::kReturn));
  EXPECT_TRUE(ByAdmin(A::kBlock));
  EXPECT_FALSE(ByAdmin(A::kSubmit));
  EXPECT_FALSE(ByAdmin(A::kEdit));
  EXPECT_FALSE(ByAdmin(A::kDelete));
}

TEST(StateMachine, NamesRoundTrip) {
  for (S status : kAllStatuses) EXPECT_EQ(ParseStatus(StatusName(status)), status);
  EXPECT_EQ(ParseStatus("archived"), std::nullopt);
  EXPECT_EQ(ParseStatus(""), std::nullopt);
}

TEST(CommentStateMachine, EveryStateAndAction) {
  using V = CommentVerdict;
  using C = CommentAction;
  // {deleted, hidden, in_edit_window} → verdict of edit, delete, vote, reply, hide, show.
  const std::map<std::tuple<bool, bool, bool>, std::vector<V>> expected{
      {{false, false, true}, {V::kAllowed, V::kAllowed, V::kAllowed, V::kAllowed, V::kAllowed, V::kAllowed}},
      {{false, false, false}, {V::kClosed, V::kAllowed, V::kAllowed, V::kAllowed, V::kAllowed, V::kAllowed}},
      {{false, true, true}, {V::kClosed, V::kAllowed, V::kClosed, V::kAllowed, V::kAllowed, V::kAllowed}},
      {{false, true, false}, {V::kClosed, V::kAllowed, V::kClosed, V::kAllowed, V::kAllowed, V::kAllowed}},
      {{true, false, true}, {V::kGone, V::kGone, V::kClosed, V::kAllowed, V::kAllowed, V::kAllowed}},
      {{true, false, false}, {V::kGone, V::kGone, V::kClosed, V::kAllowed, V::kAllowed, V::kAllowed}},
      {{true, true, true}, {V::kGone, V::kGone, V::kClosed, V::kAllowed, V::kAllowed, V::kAllowed}},
      {{true, true, false}, {V::kGone, V::kGone, V::kClosed, V::kAllowed, V::kAllowed, V::kAllowed}},
  };
  ASSERT_EQ(expected.size(), 8u);
  for (const auto& [key, verdicts] : expected) {
    const auto [deleted, hidden, in_window] = key;
    const CommentState state{deleted, hidden, in_window};
    std::size_t i = 0;
    for (C action : kAllCommentActions) {
      EXPECT_EQ(DecideComment(state, action), verdicts.at(i))
          << "deleted=" << deleted << " hidden=" << hidden << " window=" << in_window << " action=" << i;
      ++i;
    }
  }
}

TEST(Slugify, TransliteratesRussian) {
  EXPECT_EQ(Slugify("Как написать заказ"), "kak-napisat-zakaz");
  EXPECT_EQ(Slugify("Щука, ёж и Объявление"), "shchuka-ezh-i-obyavlenie");
  EXPECT_EQ(Slugify("ЮЛЯ ЧАЙ"), "yulya-chay");
}

TEST(Slugify, KeepsLatinAndDigitsAndCollapsesTheRest) {
  EXPECT_EQ(Slugify("  Hiring in 2026: a guide!!  "), "hiring-in-2026-a-guide");
  EXPECT_EQ(Slugify("C++ & Go"), "c-go");
  EXPECT_EQ(Slugify("Қазақ тілі"), "qazaq-tili");
}

TEST(Slugify, NeverEmptyShortOrDigitsOnly) {
  EXPECT_EQ(Slugify("!!!"), "article");
  EXPECT_EQ(Slugify("日本語"), "article");
  EXPECT_EQ(Slugify("2026"), "article-2026");
  EXPECT_EQ(Slugify("Go"), "article-go");
  EXPECT_TRUE(ValidCode(Slugify("2026")));
}

TEST(Slugify, BoundedAtWordBreaks) {
  std::string title;
  for (int i = 0; i < 40; ++i) title += "слово ";
  const auto slug = Slugify(title);
  EXPECT_LE(slug.size(), 80U);
  EXPECT_NE(slug.back(), '-');
  EXPECT_TRUE(ValidCode(slug));
}

TEST(Code, Rules) {
  EXPECT_TRUE(ValidCode("abc"));
  EXPECT_TRUE(ValidCode("2026-guide"));
  EXPECT_FALSE(ValidCode("ab"));
  EXPECT_FALSE(ValidCode("-abc"));
  EXPECT_FALSE(ValidCode("Abc"));
  EXPECT_FALSE(ValidCode("a_bc"));
  EXPECT_FALSE(ValidCode("12345"));
  EXPECT_FALSE(ValidCode(std::string(101, 'a')));
}

/// The request rules of api.yaml, as web::Api applies them: the articles' part over the platform's.
class Contract : public ::testing::Test {
 protected:
  Contract() {
    contract.AddPart("platform", web::PlatformContract());
    contract.AddPart("articles", ContractPart());
  }

  /// field → its first message key, when `json` is the body of `operation` (empty: valid).
  std::map<std::string, std::string> ErrorsOf(std::string_view operation, std::string_view json) {
    boost::json::value body = boost::json::parse(json);
    ValidationErrors errors;
    contract.CheckBody(contract.Find(operation), body, errors);
    try {
      errors.ThrowIfAny();
    } catch (const Error& error) {
      std::map<std::string, std::string> fields;
      for (const auto& [field, messages] : error.Fields()) fields[field] = messages.front().key;
      return fields;
    }
    return {};
  }

  web::Contract contract;
};

TEST_F(Contract, ArticleErrors) {
  auto errors = ErrorsOf("createArticle", R"({"title": "ab", "code": "Bad Code", "body": "", "lang": "de",
                                              "tags": ["x"]})");
  EXPECT_EQ(errors["title"], "validation:length.min");
  EXPECT_EQ(errors["code"], "articles:code_invalid");
  EXPECT_EQ(errors["body"], "validation:required");
  EXPECT_EQ(errors["category_id"], "validation:required");
  EXPECT_EQ(errors["lang"], "articles:lang_invalid");
  EXPECT_EQ(errors["tags"], "articles:tag_invalid");
  EXPECT_EQ(ErrorsOf("createArticle", R"({"title": "abc", "body": "x", "category_id": 1, "lang": "ru",
                                          "code": "12345"})")["code"],
            "articles:code_invalid");  // digits only read as an id
  EXPECT_EQ(ErrorsOf("createArticle",
                     R"({"title": "abc", "body": "x", "category_id": 0, "lang": "ru"})")["category_id"],
            "articles:category_unknown");
  auto many = ErrorsOf("createArticle", R"({"title": "abc", "body": "x", "category_id": 1, "lang": "ru",
                                           "tags": ["a1","a2","a3","a4","a5","a6","a7","a8","a9","b1","b2"]})");
  EXPECT_EQ(many["tags"], "articles:tags_too_many");
  EXPECT_TRUE(
      ErrorsOf("createArticle", R"({"title": "abc", "body": "x", "category_id": 1, "lang": "ru"})").empty());
}

TEST_F(Contract, ModerationNeedsReasonAndComment) {
  for (const auto* operation : {"adminReturnArticle", "adminBlockArticle"}) {
    auto none = ErrorsOf(operation, "{}");
    EXPECT_EQ(none.count("reason"), 1U);
    EXPECT_EQ(none.count("comment"), 1U);
    EXPECT_EQ(ErrorsOf(operation, R"({"reason": "spam"})").count("comment"), 1U);
    EXPECT_EQ(ErrorsOf(operation, R"({"comment": "why"})").count("reason"), 1U);
    EXPECT_EQ(ErrorsOf(operation, R"({"reason": "boring", "comment": "why"})")["reason"],
              "articles:reason_invalid");
    EXPECT_EQ(ErrorsOf(operation, R"({"reason": "spam", "comment": "   "})").count("comment"), 1U);
    EXPECT_TRUE(ErrorsOf(operation, R"({"reason": "off_topic", "comment": "Not about work."})").empty());
  }
}

TEST_F(Contract, VoteCommentAndCategory) {
  EXPECT_TRUE(ErrorsOf("voteArticle", R"({"value": -1})").empty());
  EXPECT_TRUE(ErrorsOf("voteArticle", R"({"value": 0})").empty());
  EXPECT_EQ(ErrorsOf("voteArticle", R"({"value": 2})")["value"], "articles:vote_invalid");
  EXPECT_EQ(ErrorsOf("voteArticle", "{}").count("value"), 1U);

  EXPECT_TRUE(ErrorsOf("createArticleComment",
                       R"({"text": "hi", "client_id": "123e4567-e89b-42d3-a456-426614174000"})")
                  .empty());
  EXPECT_EQ(ErrorsOf("createArticleComment", R"({"text": "hi", "client_id": "nope"})")["client_id"],
            "articles:client_id_invalid");
  EXPECT_EQ(
      ErrorsOf("createArticleComment", R"({"text": "", "client_id": "123e4567-e89b-42d3-a456-426614174000"})")
          .count("text"),
      1U);

  EXPECT_TRUE(
      ErrorsOf("adminCreateArticleCategory", R"({"code": "tips", "name_en": "Tips", "name_ru": "Советы"})")
          .empty());
  EXPECT_EQ(ErrorsOf("adminCreateArticleCategory",
                     R"({"code": "Tips!", "name_en": "Tips", "name_ru": "Советы"})")["code"],
            "articles:code_invalid");
  EXPECT_EQ(
      ErrorsOf("adminCreateArticleCategory",
               R"({"code": "tips", "name_en": "Tips", "name_ru": "Советы", "position": 10001})")["position"],
      "articles:position_invalid");
}

TEST_F(Contract, OperationsDeclareTheirAccess) {
  EXPECT_EQ(contract.Find("listArticles").access, web::Access::kGuest);
  EXPECT_EQ(contract.Find("createArticle").access, web::Access::kVerifiedUser);
  EXPECT_EQ(contract.Find("createArticleComment").access, web::Access::kVerifiedUser);
  EXPECT_EQ(contract.Find("updateArticle").access, web::Access::kUser);
  EXPECT_EQ(contract.Find("adminBlockArticle").access, web::Access::kAdmin);
  EXPECT_TRUE(contract.Find("uploadArticleCover").upload_limit);
  EXPECT_TRUE(contract.Find("uploadArticleCover").raw_body);
}

// The rules no schema states live in the service, for every caller.
TEST(Tags, OneSpelling) {
  EXPECT_EQ(NormalizeTags({" Remote ", "remote", "ТЕГ", "Ёлка"}),
            (std::vector<std::string>{"remote", "тег", "ёлка"}));
  EXPECT_TRUE(NormalizeTags({}).empty());
  auto error_of = [](std::vector<std::string> tags) {
    try {
      NormalizeTags(tags);
    } catch (const Error& error) {
      return error.Fields().at("tags").front().key;
    }
    return std::string();
  };
  EXPECT_EQ(error_of({"x"}), "articles:tag_invalid");
  EXPECT_EQ(error_of({std::string(33, 'a')}), "articles:tag_invalid");
  EXPECT_EQ(error_of({"a1", "a2", "a3", "a4", "a5", "a6", "a7", "a8", "a9", "b1", "b2"}),
            "articles:tags_too_many");
  EXPECT_EQ(error_of({"a1", "a2", "a3", "a4", "a5", "a6", "a7", "a8", "a9", "A1", "A2"}),
            "");  // 9 after folding
}

}  // namespace
}  // namespace artel::articles
