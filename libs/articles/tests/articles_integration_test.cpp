// Articles against a real PostgreSQL, driven as the routes and the demo seeder drive the service: the
// draft → moderation → published way with the admin's audited moderation, the author's ownership, and votes,
// views and comments counted once per user. Each test on a fresh migrated database.

#include <gtest/gtest.h>

#include "artel/articles/articles.hpp"
#include "artel/core/actor.hpp"
#include "artel/core/error.hpp"
#include "artel/core/time.hpp"
#include "artel/db/pool.hpp"
#include "artel/platform/events.hpp"
#include "artel/testing/testing.hpp"

namespace artel::articles {
namespace {

using db::testing::TestDatabase;
using testing::ErrorOf;
using testing::FieldKey;
using testing::MakeUser;
using namespace std::chrono_literals;

// The client ids of comments (a UUID the SPA makes per comment, so a retried request is the same comment).
constexpr const char* kFirstClient = "5d0c1e4e-8a53-4d4e-9c1f-0a8b7f6e2d01";
constexpr const char* kSecondClient = "5d0c1e4e-8a53-4d4e-9c1f-0a8b7f6e2d02";
constexpr const char* kThirdClient = "5d0c1e4e-8a53-4d4e-9c1f-0a8b7f6e2d03";

class ArticlesTest : public ::testing::Test {
 protected:
  ArticlesTest() : clock_(*ParseIsoTime("2026-11-22T12:00:00Z")), articles_(db_.GetPool(), events_, clock_) {
    author_ = {.user_id = MakeUser(db_, "author")};
    reader_ = {.user_id = MakeUser(db_, "reader")};
    other_reader_ = {.user_id = MakeUser(db_, "other_reader")};
    admin_ = {.user_id = MakeUser(db_, "admin"), .role = 1};
    category_ = db_.Run(articles_.CreateCategory(admin_, {"freelance", "Freelance", "Фриланс", 1})).id;
  }

  ArticleInput Input(std::string title = "How to price a landing page") {
    ArticleInput input;
    input.title = std::move(title);
    input.lead = "Three ways to arrive at a price both sides find fair.";
    input.body = "## Hours\n\nCount them **honestly**.\n\n## Value\n\nWhat the page earns the client.";
    input.category_id = category_;
    input.tags = {"Pricing", " pricing ", "Landing"};
    input.lang = "en";
    return input;
  }

  Article Published() {
    auto draft = db_.Run(articles_.Create(author_, Input()));
    db_.Run(articles_.Submit(author_, draft.id));
    return db_.Run(articles_.Publish(admin_, draft.id));
  }

  std::int64_t Audits(std::string_view action, std::int64_t object_id) {
    return db_
        .Run(db_.GetPool().Query("SELECT count(*) FROM platform.audit WHERE action = $1 AND object_id = $2 "
                                 "AND actor_id = $3",
                                 action, object_id, admin_.user_id))
        .One()
        .Get<std::int64_t>(0);
  }

  TestDatabase db_;
  ManualClock clock_;
  platform::EventBus events_;
  Articles articles_;
  Actor author_;
  Actor reader_;
  Actor other_reader_;
  Actor admin_;
  std::int64_t category_ = 0;
};

TEST_F(ArticlesTest, ADraftGoesThroughModerationToPublication) {
  auto draft = db_.Run(articles_.Create(author_, Input()));
  EXPECT_EQ(draft.status, Status::kDraft);
  EXPECT_EQ(draft.code, "how-to-price-a-landing-page");
  EXPECT_EQ(draft.tags, (std::vector<std::string>{"pricing", "landing"}));
  EXPECT_NE(draft.body_html.find("<strong>honestly</strong>"), std::string::npos);
  // Nobody else sees a draft, and a draft has nothing to return.
  EXPECT_EQ(ErrorOf(db_, articles_.GetById(draft.id, Viewer{reader_})).Code(), ErrorCode::kNotFound);
  EXPECT_EQ(ErrorOf(db_, articles_.GetById(draft.id, Viewer{})).Code(), ErrorCode::kNotFound);
  auto early = ErrorOf(db_, articles_.Return(admin_, draft.id, {"rules", ""}));
  EXPECT_EQ(early.Code(), ErrorCode::kConflict);
  EXPECT_EQ(early.GetMessage().key, "articles:illegal_transition");

  EXPECT_EQ(db_.Run(articles_.Submit(author_, draft.id)).status, Status::kModeration);
  EXPECT_EQ(ErrorOf(db_, articles_.Submit(author_, draft.id)).GetMessage().key,
            "articles:illegal_transition");
  auto returned = db_.Run(articles_.Return(admin_, draft.id, {"low_quality", "Add an example, please."}));
  EXPECT_EQ(returned.status, Status::kDraft);
  ASSERT_TRUE(returned.moderation);
  EXPECT_EQ(returned.moderation->action, "return");
  EXPECT_EQ(returned.moderation->reason, "low_quality");
  EXPECT_EQ(Audits("articles.return", draft.id), 1);

  db_.Run(articles_.Submit(author_, draft.id));
  clock_.Advance(1h);
  auto published = db_.Run(articles_.Publish(admin_, draft.id));
  EXPECT_EQ(published.status, Status::kPublished);
  ASSERT_TRUE(published.published_at);
  EXPECT_EQ(*published.published_at, clock_.Now());
  EXPECT_EQ(Audits("articles.publish", draft.id), 1);
  // Now anybody reads it, by id and by code, and the public list has it.
  EXPECT_EQ(db_.Run(articles_.GetByCode(published.code, Viewer{})).id, draft.id);
  auto list = db_.Run(articles_.List({}));
  ASSERT_EQ(list.items.size(), 1u);
  EXPECT_EQ(list.items[0].id, draft.id);
  EXPECT_EQ(ErrorOf(db_, articles_.Publish(admin_, draft.id)).GetMessage().key,
            "articles:illegal_transition");
  EXPECT_EQ(Audits("articles.publish", draft.id), 1);

  // The author's edit of a published article sends it back to moderation, out of the public list.
  EXPECT_EQ(
      db_.Run(articles_.Update(author_, draft.id, Input("How to price a landing page, revised"))).status,
      Status::kModeration);
  EXPECT_TRUE(db_.Run(articles_.List({})).items.empty());
  EXPECT_EQ(ErrorOf(db_, articles_.GetById(draft.id, Viewer{reader_})).Code(), ErrorCode::kNotFound);
}

TEST_F(ArticlesTest, OnlyTheAuthorEditsAndSomeoneElsesArticleIsAbsent) {
  auto draft = db_.Run(articles_.Create(author_, Input()));
  auto foreign = ErrorOf(db_, articles_.Update(reader_, draft.id, Input("Hijacked")));
  EXPECT_EQ(foreign.Code(), ErrorCode::kNotFound);
  EXPECT_EQ(ErrorOf(db_, articles_.Submit(reader_, draft.id)).Code(), ErrorCode::kNotFound);
  EXPECT_EQ(ErrorOf(db_, articles_.Delete(reader_, draft.id)).Code(), ErrorCode::kNotFound);
  EXPECT_EQ(db_.Run(articles_.GetById(draft.id, Viewer{author_})).title, "How to price a landing page");

  auto edited = db_.Run(articles_.Update(author_, draft.id, Input("How to price a landing page in 2026")));
  EXPECT_EQ(edited.title, "How to price a landing page in 2026");
  // The service's own rules, whoever calls: a known category and language.
  auto bad = Input();
  bad.category_id = category_ + 100;
  EXPECT_EQ(FieldKey(ErrorOf(db_, articles_.Update(author_, draft.id, bad)), "category_id"),
            "articles:category_unknown");
  bad = Input();
  bad.lang = "de";
  EXPECT_EQ(FieldKey(ErrorOf(db_, articles_.Create(author_, bad)), "lang"), "articles:lang_invalid");
  db_.Run(articles_.Delete(author_, draft.id));
  EXPECT_EQ(ErrorOf(db_, articles_.GetById(draft.id, Viewer{author_})).Code(), ErrorCode::kNotFound);
}

TEST_F(ArticlesTest, VotesCountOncePerUserAndNeverTheAuthors) {
  auto article = Published();
  auto own = ErrorOf(db_, articles_.Vote(author_, article.id, 1));
  EXPECT_EQ(own.Code(), ErrorCode::kForbidden);
  EXPECT_EQ(own.GetMessage().key, "articles:own_vote");

  EXPECT_EQ(db_.Run(articles_.Vote(reader_, article.id, 1)).rating, 1);
  auto again = db_.Run(articles_.Vote(reader_, article.id, 1));
  EXPECT_EQ(again.rating, 1);
  EXPECT_EQ(again.my_vote, 1);
  EXPECT_EQ(db_.Run(articles_.Vote(other_reader_, article.id, -1)).rating, 0);
  auto changed = db_.Run(articles_.Vote(other_reader_, article.id, 1));
  EXPECT_EQ(changed.rating, 2);
  EXPECT_EQ(db_.Run(articles_.Vote(reader_, article.id, 0)).rating, 1);
  EXPECT_EQ(db_.Run(articles_.GetById(article.id, Viewer{other_reader_})).my_vote, 1);
  EXPECT_EQ(db_.Run(articles_.GetById(article.id, Viewer{})).rating, 1);

  // A draft takes no votes at all.
  auto draft = db_.Run(articles_.Create(author_, Input("Another draft")));
  EXPECT_EQ(ErrorOf(db_, articles_.Vote(reader_, draft.id, 1)).Code(), ErrorCode::kNotFound);
}

TEST_F(ArticlesTest, ViewsCountOncePerVisitorPerDay) {
  auto article = Published();
  const auto now = clock_.Now();
  EXPECT_TRUE(db_.Run(articles_.CountView(article.id, "visitor-a", now)));
  EXPECT_FALSE(db_.Run(articles_.CountView(article.id, "visitor-a", now + 2h)));
  EXPECT_TRUE(db_.Run(articles_.CountView(article.id, "visitor-b", now)));
  EXPECT_TRUE(db_.Run(articles_.CountView(article.id, "visitor-a", now + 24h)));
  EXPECT_EQ(db_.Run(articles_.GetById(article.id, Viewer{})).view_count, 3);
}

TEST_F(ArticlesTest, CommentsAreCountedAndARetriedClientIdIsOneComment) {
  auto article = Published();
  auto [first, created] =
      db_.Run(articles_.AddComment(reader_, article.id, {"Useful, thanks.", {}, kFirstClient}));
  EXPECT_TRUE(created);
  // The same client id again (a retried request) is the same comment, not a second one.
  auto [retried, created_again] =
      db_.Run(articles_.AddComment(reader_, article.id, {"Useful, thanks.", {}, kFirstClient}));
  EXPECT_FALSE(created_again);
  EXPECT_EQ(retried.id, first.id);
  auto [reply, reply_created] =
      db_.Run(articles_.AddComment(author_, article.id, {"Glad it helped.", first.id, kSecondClient}));
  EXPECT_TRUE(reply_created);
  EXPECT_EQ(reply.parent_id, first.id);
  EXPECT_EQ(db_.Run(articles_.GetById(article.id, Viewer{})).comment_count, 2);

  auto page = db_.Run(articles_.Comments(article.id, std::nullopt, std::nullopt, 20));
  EXPECT_EQ(page.total, 2);
  ASSERT_EQ(page.items.size(), 1u);
  ASSERT_EQ(page.items[0].replies.size(), 1u);
  EXPECT_EQ(page.items[0].replies[0].id, reply.id);

  // Comment votes: once per user, never one's own.
  EXPECT_EQ(ErrorOf(db_, articles_.VoteComment(reader_, article.id, first.id, 1)).GetMessage().key,
            "articles:own_vote");
  db_.Run(articles_.VoteComment(author_, article.id, first.id, 1));
  EXPECT_EQ(db_.Run(articles_.VoteComment(author_, article.id, first.id, 1)).rating, 1);
  EXPECT_EQ(db_.Run(articles_.VoteComment(other_reader_, article.id, first.id, 1)).rating, 2);

  // An unpublished article takes no comments.
  auto draft = db_.Run(articles_.Create(author_, Input("Still a draft")));
  EXPECT_EQ(ErrorOf(db_, articles_.AddComment(reader_, draft.id, {"First!", {}, kThirdClient})).Code(),
            ErrorCode::kNotFound);
}

}  // namespace
}  // namespace artel::articles
