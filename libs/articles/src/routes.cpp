// The articles' HTTP edge: each operation of api.yaml bound to a named handler (web::Api checks the request
// against the contract, converts it and writes the answer); the handlers call the service and pick the view.

#include "routes.hpp"

#include <boost/describe/class.hpp>
#include <utility>

#include "artel/articles/articles.hpp"
#include "artel/core/crypto.hpp"
#include "artel/storage/storage.hpp"
#include "artel/storage/upload.hpp"
#include "artel/web/api.hpp"
#include "artel/web/app.hpp"
#include "views.hpp"

namespace artel::articles {

/// libs/articles/api.yaml, compiled in (artel_contract_part).
std::string_view ContractPart();

namespace {

using boost::asio::awaitable;
using web::Call;

/// How a cover is stored: at most 1600 px a side, with a thumbnail for the cards.
constexpr storage::ImageOptions kCoverImage{.max_side = 1600, .thumbnail = true};

// The query parameters and the small bodies of the operations (the larger inputs are the service's own
// types).

struct ListQueryParams {
  std::optional<std::string> q;
  std::optional<std::int64_t> category;
  std::optional<std::string> tag;
  std::optional<std::string> lang;
  std::string sort;
  std::optional<std::string> cursor;
  std::int32_t limit = 0;
};
BOOST_DESCRIBE_STRUCT(ListQueryParams, (), (q, category, tag, lang, sort, cursor, limit))

struct MineParams {
  std::optional<std::string> status;
  std::optional<std::string> cursor;
  std::int32_t limit = 0;
};
BOOST_DESCRIBE_STRUCT(MineParams, (), (status, cursor, limit))

struct QueueParams {
  std::optional<std::string> status;
  std::optional<std::string> q;
  std::optional<std::string> cursor;
  std::int32_t limit = 0;
};
BOOST_DESCRIBE_STRUCT(QueueParams, (), (status, q, cursor, limit))

struct PageParams {
  std::optional<std::string> cursor;
  std::int32_t limit = 0;
};
BOOST_DESCRIBE_STRUCT(PageParams, (), (cursor, limit))

struct VoteInput {
  std::int32_t value = 0;
};
BOOST_DESCRIBE_STRUCT(VoteInput, (), (value))

struct CommentText {
  std::string text;
};
BOOST_DESCRIBE_STRUCT(CommentText, (), (text))

struct HiddenInput {
  bool hidden = false;
};
BOOST_DESCRIBE_STRUCT(HiddenInput, (), (hidden))

/// The schema's enum has checked it.
std::optional<Status> StatusOf(const std::optional<std::string>& name) {
  if (!name) return std::nullopt;
  return ParseStatus(*name);
}

/// Who a view is counted for: a signed-in user by id; a guest by a hash of the address, the User-Agent and
/// the day (nothing of it stored in the clear).
std::string Visitor(const Call& call, TimePoint now) {
  if (call.Viewer()) return "u" + std::to_string(call.Viewer()->user_id);
  const auto day = std::chrono::floor<std::chrono::days>(now).time_since_epoch().count();
  const auto& request = call.Raw();
  std::string source = request.remote_ip;
  source += '\n';
  source += request.Header("User-Agent").value_or("");
  source += '\n';
  source += std::to_string(day);
  return Sha256(source);
}

class Edge final {
 public:
  Edge(Articles& articles, const storage::FileStore& files, boost::asio::thread_pool& blocking)
      : articles_(articles), files_(files), blocking_(blocking) {}

  // Reading (guests too).

  awaitable<CategoryListView> ListCategories(const Call& call) {
    auto categories = co_await articles_.Categories(true);
    CategoryListView view;
    for (const auto& category : categories) view.items.push_back(View(category, call.Lang()));
    co_return view;
  }

  awaitable<ArticleCardPageView> List(const Call&, ListQueryParams params) {
    ListQuery query;
    query.q = std::move(params.q);
    query.category_id = params.category;
    query.tag = std::move(params.tag);
    query.lang = std::move(params.lang);
    query.sort = std::move(params.sort);
    query.cursor = std::move(params.cursor);
    query.limit = params.limit;
    auto page = co_await articles_.List(query);
    co_return PageView(page);
  }

  awaitable<ArticleView> Get(const Call& call) {
    const Viewer viewer{call.Viewer()};
    auto article = co_await articles_.GetByCode(call.Param("code"), viewer);
    if (article.status == Status::kPublished) {
      const TimePoint now = articles_.GetClock().Now();
      std::string visitor = Visitor(call, now);
      if (co_await articles_.CountView(article.id, std::move(visitor), now)) ++article.view_count;
    }
    co_return View(article, viewer);
  }

  awaitable<CommentPageView> Comments(const Call& call, PageParams params) {
    const auto viewer = call.ViewerId();
    auto page = co_await articles_.Comments(call.Id(), viewer, std::move(params.cursor), params.limit);
    co_return PageView(page, viewer, articles_.GetClock().Now());
  }

  // The author's actions.

  awaitable<ModeratedCardPageView> Mine(const Call& call, MineParams params) {
    auto page =
        co_await articles_.Mine(call.User(), StatusOf(params.status), std::move(params.cursor), params.limit);
    co_return ModeratedPageView(page);
  }

  awaitable<ArticleView> Create(const Call& call, ArticleInput input) {
    auto result = co_await articles_.Create(call.User(), input);
    co_return Seen(call, result);
  }

  awaitable<ArticleView> Update(const Call& call, ArticleInput input) {
    auto result = co_await articles_.Update(call.User(), call.Id(), input);
    co_return Seen(call, result);
  }

  awaitable<web::NoContent> Delete(const Call& call) {
    co_await articles_.Delete(call.User(), call.Id());
    co_return web::NoContent{};
  }

  awaitable<ArticleView> Submit(const Call& call) {
    auto result = co_await articles_.Submit(call.User(), call.Id());
    co_return Seen(call, result);
  }

  awaitable<ArticleView> UploadCover(const Call& call) {
    const auto id = call.Id();
    // Nothing is stored for an article that is not the caller's.
    auto own = co_await articles_.GetById(id, Viewer{call.Viewer()});
    if (own.author.id != call.User().user_id) throw NotFound({"articles:not_found", {}});
    auto stored = co_await storage::PutImageOn(blocking_, files_, call.Raw().body, kCoverImage);
    std::optional<std::pair<std::string, std::string>> cover{std::in_place, stored.name,
                                                             stored.thumbnail_name.value_or(stored.name)};
    auto result = co_await articles_.SetCover(call.User(), id, std::move(cover));
    co_return Seen(call, result);
  }

  awaitable<ArticleView> DeleteCover(const Call& call) {
    std::optional<std::pair<std::string, std::string>> none;
    auto result = co_await articles_.SetCover(call.User(), call.Id(), std::move(none));
    co_return Seen(call, result);
  }

  awaitable<VoteView> Vote(const Call& call, VoteInput input) {
    auto result = co_await articles_.Vote(call.User(), call.Id(), input.value);
    co_return VoteView{result.rating, result.my_vote};
  }

  awaitable<web::Reply<CommentView>> AddComment(const Call& call, CommentInput input) {
    auto [comment, created] = co_await articles_.AddComment(call.User(), call.Id(), input);
    co_return web::Reply<CommentView>{Seen(call, comment), created ? 201 : 200};
  }

  awaitable<CommentView> EditComment(const Call& call, CommentText input) {
    auto result =
        co_await articles_.EditComment(call.User(), call.Id(), call.Id("comment_id"), std::move(input.text));
    co_return Seen(call, result);
  }

  awaitable<web::NoContent> DeleteComment(const Call& call) {
    co_await articles_.DeleteComment(call.User(), call.Id(), call.Id("comment_id"));
    co_return web::NoContent{};
  }

  awaitable<VoteView> VoteComment(const Call& call, VoteInput input) {
    auto result = co_await articles_.VoteComment(call.User(), call.Id(), call.Id("comment_id"), input.value);
    co_return VoteView{result.rating, result.my_vote};
  }

  // The admin's actions (x-access: admin).

  awaitable<ModeratedCardPageView> Queue(const Call&, QueueParams params) {
    auto page = co_await articles_.AdminList(StatusOf(params.status).value_or(Status::kModeration),
                                             std::move(params.q), std::move(params.cursor), params.limit);
    co_return ModeratedPageView(page);
  }

  awaitable<ArticleView> AdminCreate(const Call& call, ArticleInput input) {
    auto result = co_await articles_.AdminCreate(call.User(), input);
    co_return Seen(call, result);
  }

  awaitable<ArticleView> AdminGet(const Call& call) {
    auto result = co_await articles_.GetById(call.Id(), Viewer{call.Viewer()});
    co_return Seen(call, result);
  }

  awaitable<ArticleView> AdminUpdate(const Call& call, ArticleInput input) {
    auto result = co_await articles_.AdminUpdate(call.User(), call.Id(), input);
    co_return Seen(call, result);
  }

  awaitable<ArticleView> Publish(const Call& call) {
    auto result = co_await articles_.Publish(call.User(), call.Id());
    co_return Seen(call, result);
  }

  awaitable<ArticleView> Return(const Call& call, ModerationInput input) {
    auto result = co_await articles_.Return(call.User(), call.Id(), input);
    co_return Seen(call, result);
  }

  awaitable<ArticleView> Block(const Call& call, ModerationInput input) {
    auto result = co_await articles_.Block(call.User(), call.Id(), input);
    co_return Seen(call, result);
  }

  awaitable<AdminCategoryListView> AdminCategories(const Call&) {
    auto categories = co_await articles_.Categories(false);
    AdminCategoryListView view;
    for (const auto& category : categories) view.items.push_back(AdminView(category));
    co_return view;
  }

  awaitable<AdminCategoryView> CreateCategory(const Call& call, CategoryInput input) {
    auto category = co_await articles_.CreateCategory(call.User(), input);
    co_return AdminView(category);
  }

  awaitable<AdminCategoryView> UpdateCategory(const Call& call, CategoryInput input) {
    auto category = co_await articles_.UpdateCategory(call.User(), call.Id(), input);
    co_return AdminView(category);
  }

  awaitable<web::NoContent> DeleteCategory(const Call& call) {
    co_await articles_.DeleteCategory(call.User(), call.Id());
    co_return web::NoContent{};
  }

  awaitable<CommentView> HideComment(const Call& call, HiddenInput input) {
    auto result = co_await articles_.HideComment(call.User(), call.Id(), call.Id("comment_id"), input.hidden);
    co_return Seen(call, result);
  }

 private:
  static ArticleView Seen(const Call& call, const Article& article) {
    return View(article, Viewer{call.Viewer()});
  }
  CommentView Seen(const Call& call, const Comment& comment) const {
    return View(comment, call.ViewerId(), articles_.GetClock().Now());
  }

  Articles& articles_;
  const storage::FileStore& files_;
  boost::asio::thread_pool& blocking_;
};

}  // namespace

void Register(web::App& app, Articles& articles, const storage::FileStore& files,
              boost::asio::thread_pool& blocking, std::size_t max_cover_bytes) {
  if (!app.GetContract().HasPart("articles")) app.GetContract().AddPart("articles", ContractPart());
  web::Api<Edge> api(app, std::make_shared<Edge>(articles, files, blocking),
                     {.upload_limit = max_cover_bytes});
  api.Add("listArticleCategories", &Edge::ListCategories);
  api.Add("listArticles", &Edge::List);
  api.Add("getArticle", &Edge::Get);
  api.Add("listArticleComments", &Edge::Comments);
  api.Add("listMyArticles", &Edge::Mine);
  api.Add("createArticle", &Edge::Create);
  api.Add("updateArticle", &Edge::Update);
  api.Add("deleteArticle", &Edge::Delete);
  api.Add("submitArticle", &Edge::Submit);
  api.Add("uploadArticleCover", &Edge::UploadCover);
  api.Add("deleteArticleCover", &Edge::DeleteCover);
  api.Add("voteArticle", &Edge::Vote);
  api.Add("createArticleComment", &Edge::AddComment);
  api.Add("updateArticleComment", &Edge::EditComment);
  api.Add("deleteArticleComment", &Edge::DeleteComment);
  api.Add("voteArticleComment", &Edge::VoteComment);
  api.Add("adminListArticles", &Edge::Queue);
  api.Add("adminCreateArticle", &Edge::AdminCreate);
  api.Add("adminGetArticle", &Edge::AdminGet);
  api.Add("adminUpdateArticle", &Edge::AdminUpdate);
  api.Add("adminPublishArticle", &Edge::Publish);
  api.Add("adminReturnArticle", &Edge::Return);
  api.Add("adminBlockArticle", &Edge::Block);
  api.Add("adminListArticleCategories", &Edge::AdminCategories);
  api.Add("adminCreateArticleCategory", &Edge::CreateCategory);
  api.Add("adminUpdateArticleCategory", &Edge::UpdateCategory);
  api.Add("adminDeleteArticleCategory", &Edge::DeleteCategory);
  api.Add("adminHideArticleComment", &Edge::HideComment);
}

}  // namespace artel::articles
