// `artel seed-demo`'s articles: the rows of demo/categories.yaml, demo/articles.yaml and demo/comments.yaml
// (six categories, sixteen articles in Russian and English about freelancing and hiring in the CIS, in every
// state (published with drawn covers, in moderation, drafts, one returned and one blocked with a reason and a
// comment), comments with replies and votes — all through the service itself, so the counters, the events,
// the notifications and the audit rows are the real ones.

#include "demo.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "artel/articles/articles.hpp"
#include "artel/core/error.hpp"
#include "artel/db/pool.hpp"
#include "artel/drawing/drawing.hpp"
#include "artel/identity/identity.hpp"
#include "artel/platform/demo_data.hpp"
#include "artel/platform/module.hpp"
#include "artel/storage/storage.hpp"

namespace artel::articles {

/// libs/articles/demo/*.yaml, compiled in (artel_embed_text in CMakeLists.txt).
std::string_view DemoCategories();
std::string_view DemoArticles();
std::string_view DemoComments();

namespace {

using boost::asio::awaitable;

constexpr std::string_view kCategoriesSource = "libs/articles/demo/categories.yaml";
constexpr std::string_view kArticlesSource = "libs/articles/demo/articles.yaml";
constexpr std::string_view kCommentsSource = "libs/articles/demo/comments.yaml";

struct DemoCategory {
  std::string code;
  std::string name_en;
  std::string name_ru;
};

enum class Fate { kPublished, kModeration, kDraft, kReturned, kBlocked };

struct DemoArticle {
  std::string author;    // e-mail
  std::size_t category;  // index in the categories
  std::string lang;
  std::string title;
  std::string lead;
  std::string body;
  std::vector<std::string> tags;
  Fate fate;
};

struct DemoComment {
  std::size_t article;  // index in the articles
  int parent;           // index in the comments of the comment replied to, -1: top level
  std::string author;
  std::string text;
};

struct DemoData {
  std::vector<DemoCategory> categories;
  std::vector<DemoArticle> articles;
  std::vector<DemoComment> comments;
};

[[noreturn]] void Invalid(std::string_view source, std::size_t row, std::string_view what) {
  throw std::runtime_error(fmt::format("{} row {}: {}", source, row + 1, what));
}

/// The three files, with their cross-references checked: a category code that exists, an article and a parent
/// comment earlier in their lists.
DemoData ReadDemoData() {
  DemoData data;
  for (const auto& row :
       platform::ReadDemoRows(DemoCategories(), kCategoriesSource, {"code", "name_en", "name_ru"})) {
    data.categories.push_back({row.Text("code"), row.Text("name_en"), row.Text("name_ru")});
  }
  constexpr std::pair<std::string_view, Fate> kFates[] = {{"published", Fate::kPublished},
                                                          {"moderation", Fate::kModeration},
                                                          {"draft", Fate::kDraft},
                                                          {"returned", Fate::kReturned},
                                                          {"blocked", Fate::kBlocked}};
  for (const auto& row :
       platform::ReadDemoRows(DemoArticles(), kArticlesSource,
                              {"author", "category", "lang", "title", "lead", "body", "tags", "fate"})) {
    const auto index = data.articles.size();
    DemoArticle article;
    article.author = row.Text("author");
    const auto code = row.Text("category");
    const auto category = std::ranges::find(data.categories, code, &DemoCategory::code);
    if (category == data.categories.end()) Invalid(kArticlesSource, index, "`category` names no category");
    article.category = static_cast<std::size_t>(category - data.categories.begin());
    article.lang = row.Text("lang");
    article.title = row.Text("title");
    article.lead = row.Text("lead");
    article.body = row.Text("body");
    article.tags = row.Texts("tags");
    const auto fate_name = row.Text("fate");
    const auto fate =
        std::ranges::find(kFates, std::string_view(fate_name), &std::pair<std::string_view, Fate>::first);
    if (fate == std::end(kFates)) {
      Invalid(kArticlesSource, index, "`fate` must be published, moderation, draft, returned or blocked");
    }
    article.fate = fate->second;
    data.articles.push_back(std::move(article));
  }
  for (const auto& row :
       platform::ReadDemoRows(DemoComments(), kCommentsSource, {"article", "parent", "author", "text"})) {
    const auto index = data.comments.size();
    const auto article = row.Int("article");
    if (article < 0 || static_cast<std::size_t>(article) >= data.articles.size()) {
      Invalid(kCommentsSource, index, "`article` is no article's position");
    }
    const auto parent = row.OptionalInt("parent").value_or(-1);
    if (parent < -1 || parent >= static_cast<std::int64_t>(index)) {
      Invalid(kCommentsSource, index, "`parent` is no earlier comment's position");
    }
    data.comments.push_back(
        {static_cast<std::size_t>(article), static_cast<int>(parent), row.Text("author"), row.Text("text")});
  }
  return data;
}

constexpr db::Statement kSeeded{"articles.demo_seeded", R"sql(
SELECT EXISTS (SELECT 1 FROM articles.categories WHERE code = 'freelance') AS seeded
)sql"};

Actor UserActor(std::int64_t id) {
  Actor actor;
  actor.user_id = id;
  actor.email_verified = true;
  return actor;
}

std::string UuidFor(std::size_t index) {
  return fmt::format("00000000-0000-4000-8000-{:012}", index + 1);
}

}  // namespace

awaitable<void> SeedDemoArticles(platform::DemoContext& demo) {
  auto& pool = demo.Pool();
  auto seeded = co_await pool.Query(kSeeded);
  if (seeded.One().Get<bool>("seeded")) co_return;
  auto admin_id = co_await identity::FindUserId(pool, "admin@artel.local");
  if (!admin_id) co_return;
  Actor admin = UserActor(*admin_id);
  admin.role = 1;
  auto& articles = demo.Get<Articles>();
  const auto& files = demo.Get<storage::FileStore>();

  const auto data = ReadDemoData();
  std::vector<std::int64_t> category_ids;
  for (std::size_t i = 0; i < data.categories.size(); ++i) {
    CategoryInput input{data.categories[i].code, data.categories[i].name_en, data.categories[i].name_ru,
                        static_cast<std::int32_t>(i * 10)};
    auto category = co_await articles.CreateCategory(admin, input);
    category_ids.push_back(category.id);
  }

  std::vector<std::optional<Article>> created(data.articles.size());
  std::size_t covers = 0;
  constexpr drawing::Picture kPictures[] = {drawing::Picture::kSite, drawing::Picture::kChart,
                                            drawing::Picture::kDocument, drawing::Picture::kApp,
                                            drawing::Picture::kScene};
  for (std::size_t i = 0; i < data.articles.size(); ++i) {
    const auto& item = data.articles[i];
    auto author = co_await identity::FindUserId(pool, item.author);
    if (!author) continue;
    const Actor actor = UserActor(*author);
    ArticleInput input;
    input.title = item.title;
    input.lead = item.lead;
    input.body = item.body;
    input.category_id = category_ids[item.category];
    input.lang = item.lang;
    input.tags = item.tags;
    auto article = co_await articles.Create(actor, input);
    if (item.fate == Fate::kPublished) {
      const auto bytes =
          drawing::Draw(kPictures[i % std::size(kPictures)], static_cast<std::uint32_t>(i * 11), 960, 540);
      const auto stored = files.PutImage(bytes, storage::ImageOptions{.max_side = 1600, .thumbnail = true});
      std::optional<std::pair<std::string, std::string>> cover{std::in_place, stored.name,
                                                               stored.thumbnail_name.value_or(stored.name)};
      article = co_await articles.SetCover(actor, article.id, std::move(cover));
      ++covers;
    }
    if (item.fate != Fate::kDraft) article = co_await articles.Submit(actor, article.id);
    if (item.fate == Fate::kPublished) article = co_await articles.Publish(admin, article.id);
    if (item.fate == Fate::kReturned) {
      const ModerationInput why{
          "low_quality",
          "Пока это список тезисов. Раскройте каждый вопрос на пару абзацев и пришлите снова."};
      article = co_await articles.Return(admin, article.id, why);
    }
    if (item.fate == Fate::kBlocked) {
      const ModerationInput why{
          "spam", "Реклама платного курса с обещанием гарантированного дохода нарушает правила площадки."};
      article = co_await articles.Block(admin, article.id, why);
    }
    created[i] = std::move(article);
  }

  std::vector<std::optional<std::int64_t>> comment_ids(data.comments.size());
  std::size_t comments = 0;
  for (std::size_t i = 0; i < data.comments.size(); ++i) {
    const auto& item = data.comments[i];
    const auto& article = created[item.article];
    if (!article || article->status != Status::kPublished) continue;
    auto author = co_await identity::FindUserId(pool, item.author);
    if (!author) continue;
    CommentInput input;
    input.text = item.text;
    if (item.parent >= 0) input.parent_id = comment_ids[static_cast<std::size_t>(item.parent)];
    input.client_id = UuidFor(i);
    const Actor commenter = UserActor(*author);
    auto result = co_await articles.AddComment(commenter, article->id, input);
    comment_ids[i] = result.first.id;
    ++comments;
  }

  // Votes: the demo people rate the published articles and the first comments.
  auto voters = co_await identity::DemoPeople(pool, "performer");
  std::size_t votes = 0;
  for (std::size_t i = 0; i < data.articles.size(); ++i) {
    const auto& article = created[i];
    if (!article || article->status != Status::kPublished) continue;
    for (std::size_t v = 0; v < voters.size() && v < 3 + (i % 5); ++v) {
      if (voters[v] == article->author.id) continue;
      const std::int32_t value = (i + v) % 6 == 0 ? -1 : 1;
      co_await articles.Vote(UserActor(voters[v]), article->id, value);
      ++votes;
    }
  }
  for (std::size_t i = 0; i < data.comments.size(); ++i) {
    if (!comment_ids[i] || voters.empty()) continue;
    const auto& article = created[data.comments[i].article];
    const auto voter = voters[i % voters.size()];
    try {
      co_await articles.VoteComment(UserActor(voter), article->id, *comment_ids[i], 1);
      ++votes;
    } catch (const Error&) {
      // The voter wrote the comment: nobody votes on their own.
    }
  }
  demo.Report(fmt::format(
      "articles: {} categories, {} articles ({} covers), {} comments, {} votes", category_ids.size(),
      std::ranges::count_if(created, [](const auto& a) { return a.has_value(); }), covers, comments, votes));
}

}  // namespace artel::articles
