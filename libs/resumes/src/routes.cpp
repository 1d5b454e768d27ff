// HTTP for resumes (docs/api/openapi.yaml, tag "resumes").

#include "routes.hpp"

#include "artel/catalog/catalog.hpp"
#include "artel/resumes/resumes.hpp"
#include "artel/storage/storage.hpp"
#include "artel/storage/upload.hpp"
#include "artel/web/app.hpp"
#include "artel/web/json.hpp"
#include "input.hpp"

namespace artel::resumes {
namespace {

using boost::asio::awaitable;
using web::Method;
using web::Request;
using web::Response;

constexpr web::RouteOptions kOwnerRoute{.access = web::Access::kUser};
constexpr web::RouteOptions kFormRoute{.body_limit = 256 * 1024, .access = web::Access::kUser};

std::optional<std::int64_t> ViewerId(const Request& request) {
  if (!request.principal) return std::nullopt;
  return request.principal->user_id;
}

boost::json::object PageJson(Page page) {
  boost::json::value next = nullptr;
  if (page.next_cursor) next = boost::json::string(*page.next_cursor);
  boost::json::value corrected = nullptr;
  if (page.corrected) corrected = boost::json::string(*page.corrected);
  return {{"items", std::move(page.items)},
          {"next_cursor", std::move(next)},
          {"corrected", std::move(corrected)}};
}

boost::json::object CountsJson(const Counts& counts) {
  boost::json::array categories;
  for (const auto& [category_id, count] : counts.categories)
    categories.push_back(boost::json::object{{"category_id", category_id}, {"count", count}});
  return {{"total", counts.total}, {"categories", std::move(categories)}};
}

/// The Resume as its owner sees it, without what only the edit needs.
awaitable<boost::json::object> OwnerView(Resumes& resumes, std::int64_t resume_id, std::int64_t user_id) {
  auto resume = co_await resumes.Get(resume_id, user_id);
  resume.erase("salary_base");
  co_return resume;
}

}  // namespace

void Register(web::App& app, Resumes& resumes, const storage::FileStore& files,
              boost::asio::thread_pool& blocking, std::size_t max_image_bytes) {
  auto& router = app.GetRouter();

  router.Add(Method::kGet, "/api/resumes", [&resumes](Request& request) -> awaitable<Response> {
    auto catalog = co_await resumes.Catalog().Get();
    PageRequest page;
    auto filter = ReadFilter(request, *catalog, false, &page);
    auto result = co_await resumes.List(filter, page);
    co_return Response::Json(PageJson(std::move(result)));
  });

  router.Add(Method::kGet, "/api/resumes/counts", [&resumes](Request& request) -> awaitable<Response> {
    auto catalog = co_await resumes.Catalog().Get();
    auto filter = ReadFilter(request, *catalog, true, nullptr);
    auto counts = co_await resumes.CountAll(filter);
    co_return Response::Json(CountsJson(counts));
  });

  router.Add(
      Method::kGet, "/api/resumes/my",
      [&resumes](Request& request) -> awaitable<Response> {
        const auto user_id = request.RequireUser().user_id;
        auto items = co_await resumes.Mine(user_id);
        co_return Response::Json(boost::json::object{{"items", std::move(items)}});
      },
      kOwnerRoute);

  router.Add(
      Method::kPost, "/api/resumes",
      [&resumes](Request& request) -> awaitable<Response> {
        const auto user_id = request.RequireUser().user_id;
        auto catalog = co_await resumes.Catalog().Get();
        auto body = request.JsonBody();
        web::JsonReader reader(body);
        auto input = ReadResumeInput(reader, *catalog, DefaultClock().Now(), std::nullopt);
        reader.Finish();
        const auto id = co_await resumes.Create(user_id, input);
        auto resume = co_await OwnerView(resumes, id, user_id);
        co_return Response::Json(resume, 201);
      },
      web::RouteOptions{.body_limit = 256 * 1024, .access = web::Access::kVerifiedUser});

  router.Add(Method::kGet, "/api/resumes/{id:int}", [&resumes](Request& request) -> awaitable<Response> {
    const auto viewer = ViewerId(request);
    auto resume = co_await resumes.Get(request.IntParam("id"), viewer);
    resume.erase("salary_base");
    co_return Response::Json(resume);
  });

  router.Add(
      Method::kPatch, "/api/resumes/{id:int}",
      [&resumes](Request& request) -> awaitable<Response> {
        const auto user_id = request.RequireUser().user_id;
        const auto id = request.IntParam("id");
        // Somebody else's resume is NotFound before its body is read.
        auto base = co_await resumes.OwnInput(user_id, id);
        auto catalog = co_await resumes.Catalog().Get();
        auto body = request.JsonBody();
        web::JsonReader reader(body);
        std::optional<ResumeInput> stored(std::move(base));
        auto input = ReadResumeInput(reader, *catalog, DefaultClock().Now(), stored);
        reader.Finish();
        co_await resumes.Update(user_id, id, input);
        auto resume = co_await OwnerView(resumes, id, user_id);
        co_return Response::Json(resume);
      },
      kFormRoute);

  router.Add(
      Method::kDelete, "/api/resumes/{id:int}",
      [&resumes](Request& request) -> awaitable<Response> {
        const auto user_id = request.RequireUser().user_id;
        co_await resumes.Delete(user_id, request.IntParam("id"));
        co_return Response::NoContent();
      },
      kOwnerRoute);

  router.Add(
      Method::kPost, "/api/resumes/{id:int}/publish",
      [&resumes](Request& request) -> awaitable<Response> {
        const auto user_id = request.RequireUser().user_id;
        const auto id = request.IntParam("id");
        co_await resumes.Publish(user_id, id);
        auto resume = co_await OwnerView(resumes, id, user_id);
        co_return Response::Json(resume);
      },
      kOwnerRoute);

  router.Add(
      Method::kPost, "/api/resumes/{id:int}/hide",
      [&resumes](Request& request) -> awaitable<Response> {
        const auto user_id = request.RequireUser().user_id;
        const auto id = request.IntParam("id");
        co_await resumes.Hide(user_id, id);
        auto resume = co_await OwnerView(resumes, id, user_id);
        co_return Response::Json(resume);
      },
      kOwnerRoute);

  router.Add(
      Method::kPut, "/api/resumes/{id:int}/photo",
      [&resumes, &files, &blocking](Request& request) -> awaitable<Response> {
        const auto user_id = request.RequireUser().user_id;
        const auto id = request.IntParam("id");
        // Somebody else's resume is NotFound before anything is stored.
        auto own = co_await resumes.OwnInput(user_id, id);
        // Decoded, bounded and re-encoded: the type comes from the bytes, never from Content-Type.
        const storage::ImageOptions options{.max_side = kPhotoSide, .thumbnail = true};
        auto stored = co_await storage::PutImageOn(blocking, files, request.body, options);
        std::optional<storage::StoredFile> photo(std::move(stored));
        co_await resumes.SetPhoto(user_id, id, photo);
        auto resume = co_await OwnerView(resumes, id, user_id);
        co_return Response::Json(resume);
      },
      web::RouteOptions{.body_limit = max_image_bytes, .access = web::Access::kUser});

  router.Add(
      Method::kDelete, "/api/resumes/{id:int}/photo",
      [&resumes](Request& request) -> awaitable<Response> {
        const auto user_id = request.RequireUser().user_id;
        const auto id = request.IntParam("id");
        const std::optional<storage::StoredFile> none;
        co_await resumes.SetPhoto(user_id, id, none);
        auto resume = co_await OwnerView(resumes, id, user_id);
        co_return Response::Json(resume);
      },
      kOwnerRoute);
}

}  // namespace artel::resumes
