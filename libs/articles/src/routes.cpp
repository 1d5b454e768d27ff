// HTTP for articles (docs/api/openapi.yaml, tag "articles", and the admin's /api/admin/articles routes):
// reading requests and writing answers only.

#include "routes.hpp"

#include <boost/json/array.hpp>
#include <utility>

#include "artel/articles/articles.hpp"
#include "artel/core/crypto.hpp"
#include "artel/storage/storage.hpp"
#include "artel/storage/upload.hpp"
#include "artel/web/app.hpp"
#include "artel/web/json.hpp"
#include "artel/web/query.hpp"
#include "input.hpp"

namespace artel::articles {
namespace {

using boost::asio::awaitable;
using web::Method;
using web::Request;
using web::Response;

constexpr std::int32_t kDefaultLimit = 20;
constexpr std::int32_t kMaxLimit = 50;
/// How a cover is stored: at most 1600 px a side, with a thumbnail for the cards.
constexpr storage::ImageOptions kCoverImage{.max_side = 1600, .thumbnail = true};

Viewer ViewerOf(const Request& request) {
  return Viewer{request.principal};
}

std::optional<std::int64_t> ViewerId(const Request& request) {
  if (request.principal) return request.principal->user_id;
  return std::nullopt;
}

boost::json::value Next(const std::optional<std::string>& cursor) {
  if (!cursor) return nullptr;
  return boost::json::string(*cursor);
}

Response PageJson(const ArticlePage& page, bool with_moderation) {
  boost::json::array items;
  for (const auto& article : page.items) items.push_back(ArticleCardJson(article, with_moderation));
  return Response::Json(
      boost::json::object{{"items", std::move(items)}, {"next_cursor", Next(page.next_cursor)}});
}

/// Who a view is counted for: a signed-in user by id; a guest by a hash of the address, the User-Agent and
/// the day (nothing of it stored in the clear).
std::string Visitor(const Request& request, TimePoint now) {
  if (request.principal) return "u" + std::to_string(request.principal->user_id);
  const auto day = std::chrono::floor<std::chrono::days>(now).time_since_epoch().count();
  std::string source = request.remote_ip;
  source += '\n';
  source += request.Header("User-Agent").value_or("");
  source += '\n';
  source += std::to_string(day);
  return Sha256(source);
}

std::optional<Status> ReadStatus(web::QueryReader& reader) {
  return reader.Enum("status", [](std::string_view text) { return ParseStatus(text); });
}

}  // namespace

void Register(web::App& app, Articles& articles, const storage::FileStore& files,
              boost::asio::thread_pool& blocking, std::size_t max_cover_bytes) {
  auto& router = app.GetRouter();
  const web::RouteOptions user{.access = web::Access::kUser};
  const web::RouteOptions verified{.access = web::Access::kVerifiedUser};
  const web::RouteOptions admin{.access = web::Access::kAdmin};

  router.Add(Method::kGet, "/api/articles/categories", [&articles](Request& request) -> awaitable<Response> {
    auto categories = co_await articles.Categories(true);
    boost::json::array items;
    for (const auto& category : categories) items.push_back(CategoryJson(category, request.lang));
    co_return Response::Json(boost::json::object{{"items", std::move(items)}});
  });

  router.Add(Method::kGet, "/api/articles", [&articles](Request& request) -> awaitable<Response> {
    web::QueryReader reader(request, "articles:filter_invalid");
    ListQuery query;
    query.q = reader.Text("q");
    if (query.q && web::Utf8Length(*query.q) > 200) reader.AddInvalid("q");
    query.category_id = reader.Int("category", 1, std::numeric_limits<std::int64_t>::max());
    query.tag = reader.Text("tag");
    query.lang = reader.Text("lang");
    if (query.lang && *query.lang != "en" && *query.lang != "ru") reader.AddInvalid("lang");
    if (auto sort = reader.Text("sort")) {
      if (*sort != "date" && *sort != "rating" && *sort != "popular") reader.AddInvalid("sort");
      query.sort = *sort;
    }
    query.cursor = request.QueryParam("cursor");
    query.limit = reader.Limit(kDefaultLimit, kMaxLimit);
    reader.Finish();
    auto page = co_await articles.List(query);
    co_return PageJson(page, false);
  });

  router.Add(
      Method::kPost, "/api/articles",
      [&articles](Request& request) -> awaitable<Response> {
        const auto& principal = request.RequireUser();
        auto body = request.JsonBody();
        auto input = ReadArticleInput(body, false);
        auto article = co_await articles.Create(principal, input);
        co_return Response::Json(ArticleJson(article, ViewerOf(request)), 201);
      },
      verified);

  router.Add(
      Method::kGet, "/api/articles/my",
      [&articles](Request& request) -> awaitable<Response> {
        const auto& principal = request.RequireUser();
        web::QueryReader reader(request, "articles:filter_invalid");
        auto status = ReadStatus(reader);
        const auto limit = reader.Limit(kDefaultLimit, kMaxLimit);
        reader.Finish();
        const auto cursor = request.QueryParam("cursor");
        auto page = co_await articles.Mine(principal, status, cursor, limit);
        co_return PageJson(page, true);
      },
      user);

  router.Add(Method::kGet, "/api/articles/{code}", [&articles](Request& request) -> awaitable<Response> {
    const auto viewer = ViewerOf(request);
    auto article = co_await articles.GetByCode(request.Param("code"), viewer);
    if (article.status == Status::kPublished) {
      const TimePoint now = articles.GetClock().Now();
      std::string visitor = Visitor(request, now);
      if (co_await articles.CountView(article.id, std::move(visitor), now)) ++article.view_count;
    }
    co_return Response::Json(ArticleJson(article, viewer));
  });

  router.Add(
      Method::kPut, "/api/articles/{id:int}",
      [&articles](Request& request) -> awaitable<Response> {
        const auto& principal = request.RequireUser();
        auto body = request.JsonBody();
        auto input = ReadArticleInput(body, false);
        auto article = co_await articles.Update(principal, request.IntParam("id"), input);
        co_return Response::Json(ArticleJson(article, ViewerOf(request)));
      },
      user);

  router.Add(
      Method::kDelete, "/api/articles/{id:int}",
      [&articles](Request& request) -> awaitable<Response> {
        const auto& principal = request.RequireUser();
        co_await articles.Delete(principal, request.IntParam("id"));
        co_return Response::NoContent();
      },
      user);

  router.Add(
      Method::kPost, "/api/articles/{id:int}/submit",
      [&articles](Request& request) -> awaitable<Response> {
        const auto& principal = request.RequireUser();
        auto article = co_await articles.Submit(principal, request.IntParam("id"));
        co_return Response::Json(ArticleJson(article, ViewerOf(request)));
      },
      user);

  router.Add(
      Method::kPut, "/api/articles/{id:int}/cover",
      [&articles, &files, &blocking](Request& request) -> awaitable<Response> {
        const auto& principal = request.RequireUser();
        const auto id = request.IntParam("id");
        // Nothing is stored for an article that is not the caller's.
        auto own = co_await articles.GetById(id, ViewerOf(request));
        if (own.author.id != principal.user_id) throw NotFound({"articles:not_found", {}});
        auto stored = co_await storage::PutImageOn(blocking, files, request.body, kCoverImage);
        std::optional<std::pair<std::string, std::string>> cover{std::in_place, stored.name,
                                                                 stored.thumbnail_name.value_or(stored.name)};
        auto article = co_await articles.SetCover(principal, id, std::move(cover));
        co_return Response::Json(ArticleJson(article, ViewerOf(request)));
      },
      web::RouteOptions{.body_limit = max_cover_bytes, .access = web::Access::kUser});

  router.Add(
      Method::kDelete, "/api/articles/{id:int}/cover",
      [&articles](Request& request) -> awaitable<Response> {
        const auto& principal = request.RequireUser();
        std::optional<std::pair<std::string, std::string>> none;
        auto article = co_await articles.SetCover(principal, request.IntParam("id"), std::move(none));
        co_return Response::Json(ArticleJson(article, ViewerOf(request)));
      },
      user);

  router.Add(
      Method::kPut, "/api/articles/{id:int}/vote",
      [&articles](Request& request) -> awaitable<Response> {
        const auto& principal = request.RequireUser();
        auto body = request.JsonBody();
        const auto value = ReadVote(body);
        auto result = co_await articles.Vote(principal, request.IntParam("id"), value);
        co_return Response::Json(boost::json::object{{"rating", result.rating}, {"my_vote", result.my_vote}});
      },
      user);

  router.Add(
      Method::kGet, "/api/articles/{id:int}/comments", [&articles](Request& request) -> awaitable<Response> {
        const auto limit = web::PageLimit(request, kDefaultLimit, kMaxLimit);
        const auto viewer = ViewerId(request);
        const auto cursor = request.QueryParam("cursor");
        auto page = co_await articles.Comments(request.IntParam("id"), viewer, cursor, limit);
        const TimePoint now = articles.GetClock().Now();
        boost::json::array items;
        for (const auto& thread : page.items) {
          auto json = CommentJson(thread.comment, viewer, now);
          boost::json::array replies;
          for (const auto& reply : thread.replies) replies.push_back(CommentJson(reply, viewer, now));
          json["replies"] = std::move(replies);
          items.push_back(std::move(json));
        }
        co_return Response::Json(boost::json::object{
            {"items", std::move(items)}, {"next_cursor", Next(page.next_cursor)}, {"total", page.total}});
      });

  router.Add(
      Method::kPost, "/api/articles/{id:int}/comments",
      [&articles](Request& request) -> awaitable<Response> {
        const auto& principal = request.RequireUser();
        auto body = request.JsonBody();
        auto input = ReadCommentInput(body);
        auto result = co_await articles.AddComment(principal, request.IntParam("id"), input);
        const TimePoint now = articles.GetClock().Now();
        co_return Response::Json(CommentJson(result.first, principal.user_id, now),
                                 result.second ? 201 : 200);
      },
      verified);

  router.Add(
      Method::kPatch, "/api/articles/{id:int}/comments/{comment_id:int}",
      [&articles](Request& request) -> awaitable<Response> {
        const auto& principal = request.RequireUser();
        auto body = request.JsonBody();
        auto text = ReadCommentText(body);
        auto comment = co_await articles.EditComment(principal, request.IntParam("id"),
                                                     request.IntParam("comment_id"), std::move(text));
        const TimePoint now = articles.GetClock().Now();
        co_return Response::Json(CommentJson(comment, principal.user_id, now));
      },
      user);

  router.Add(
      Method::kDelete, "/api/articles/{id:int}/comments/{comment_id:int}",
      [&articles](Request& request) -> awaitable<Response> {
        const auto& principal = request.RequireUser();
        co_await articles.DeleteComment(principal, request.IntParam("id"), request.IntParam("comment_id"));
        co_return Response::NoContent();
      },
      user);

  router.Add(
      Method::kPut, "/api/articles/{id:int}/comments/{comment_id:int}/vote",
      [&articles](Request& request) -> awaitable<Response> {
        const auto& principal = request.RequireUser();
        auto body = request.JsonBody();
        const auto value = ReadVote(body);
        auto result = co_await articles.VoteComment(principal, request.IntParam("id"),
                                                    request.IntParam("comment_id"), value);
        co_return Response::Json(boost::json::object{{"rating", result.rating}, {"my_vote", result.my_vote}});
      },
      user);

  // The admin's routes (Access::kAdmin: role ≥ 1, own session, not impersonating).
  router.Add(
      Method::kGet, "/api/admin/articles",
      [&articles](Request& request) -> awaitable<Response> {
        web::QueryReader reader(request, "articles:filter_invalid");
        auto status = ReadStatus(reader);
        auto q = reader.Text("q");
        if (q && web::Utf8Length(*q) > 200) reader.AddInvalid("q");
        const auto limit = reader.Limit(kDefaultLimit, kMaxLimit);
        reader.Finish();
        const auto cursor = request.QueryParam("cursor");
        auto page = co_await articles.AdminList(status.value_or(Status::kModeration), q, cursor, limit);
        co_return PageJson(page, true);
      },
      admin);

  router.Add(
      Method::kPost, "/api/admin/articles",
      [&articles](Request& request) -> awaitable<Response> {
        const auto& principal = request.RequireUser();
        auto body = request.JsonBody();
        auto input = ReadArticleInput(body, true);
        auto article = co_await articles.AdminCreate(principal, input);
        co_return Response::Json(ArticleJson(article, ViewerOf(request)), 201);
      },
      admin);

  router.Add(
      Method::kGet, "/api/admin/articles/{id:int}",
      [&articles](Request& request) -> awaitable<Response> {
        auto article = co_await articles.GetById(request.IntParam("id"), ViewerOf(request));
        co_return Response::Json(ArticleJson(article, ViewerOf(request)));
      },
      admin);

  router.Add(
      Method::kPut, "/api/admin/articles/{id:int}",
      [&articles](Request& request) -> awaitable<Response> {
        const auto& principal = request.RequireUser();
        auto body = request.JsonBody();
        auto input = ReadArticleInput(body, true);
        auto article = co_await articles.AdminUpdate(principal, request.IntParam("id"), input);
        co_return Response::Json(ArticleJson(article, ViewerOf(request)));
      },
      admin);

  router.Add(
      Method::kPost, "/api/admin/articles/{id:int}/publish",
      [&articles](Request& request) -> awaitable<Response> {
        const auto& principal = request.RequireUser();
        auto article = co_await articles.Publish(principal, request.IntParam("id"));
        co_return Response::Json(ArticleJson(article, ViewerOf(request)));
      },
      admin);

  // Return and block: the same body (a reason and a comment), one service method each.
  using Moderate = awaitable<Article> (Articles::*)(const Actor&, std::int64_t, const ModerationInput&);
  const std::pair<const char*, Moderate> moderations[] = {
      {"/api/admin/articles/{id:int}/return", &Articles::Return},
      {"/api/admin/articles/{id:int}/block", &Articles::Block},
  };
  for (const auto& [path, moderate] : moderations) {
    router.Add(
        Method::kPost, path,
        [&articles, moderate](Request& request) -> awaitable<Response> {
          const auto& principal = request.RequireUser();
          auto body = request.JsonBody();
          auto input = ReadModerationInput(body);
          auto article = co_await (articles.*moderate)(principal, request.IntParam("id"), input);
          co_return Response::Json(ArticleJson(article, ViewerOf(request)));
        },
        admin);
  }

  router.Add(
      Method::kGet, "/api/admin/articles/categories",
      [&articles](Request&) -> awaitable<Response> {
        auto categories = co_await articles.Categories(false);
        boost::json::array items;
        for (const auto& category : categories) items.push_back(AdminCategoryJson(category));
        co_return Response::Json(boost::json::object{{"items", std::move(items)}});
      },
      admin);

  router.Add(
      Method::kPost, "/api/admin/articles/categories",
      [&articles](Request& request) -> awaitable<Response> {
        const auto& principal = request.RequireUser();
        auto body = request.JsonBody();
        auto input = ReadCategoryInput(body);
        auto category = co_await articles.CreateCategory(principal, input);
        co_return Response::Json(AdminCategoryJson(category), 201);
      },
      admin);

  router.Add(
      Method::kPut, "/api/admin/articles/categories/{id:int}",
      [&articles](Request& request) -> awaitable<Response> {
        const auto& principal = request.RequireUser();
        auto body = request.JsonBody();
        auto input = ReadCategoryInput(body);
        auto category = co_await articles.UpdateCategory(principal, request.IntParam("id"), input);
        co_return Response::Json(AdminCategoryJson(category));
      },
      admin);

  router.Add(
      Method::kDelete, "/api/admin/articles/categories/{id:int}",
      [&articles](Request& request) -> awaitable<Response> {
        const auto& principal = request.RequireUser();
        co_await articles.DeleteCategory(principal, request.IntParam("id"));
        co_return Response::NoContent();
      },
      admin);

  router.Add(
      Method::kPost, "/api/admin/articles/{id:int}/comments/{comment_id:int}/hide",
      [&articles](Request& request) -> awaitable<Response> {
        const auto& principal = request.RequireUser();
        auto body = request.JsonBody();
        const bool hidden = ReadHidden(body);
        auto comment = co_await articles.HideComment(principal, request.IntParam("id"),
                                                     request.IntParam("comment_id"), hidden);
        const TimePoint now = articles.GetClock().Now();
        co_return Response::Json(CommentJson(comment, principal.user_id, now));
      },
      admin);
}

}  // namespace artel::articles
