// HTTP for companies (docs/api/openapi.yaml, tag "companies"): reading requests and writing answers only.

#include "routes.hpp"

#include <boost/json/array.hpp>

#include "artel/catalog/catalog.hpp"
#include "artel/companies/companies.hpp"
#include "artel/core/clock.hpp"
#include "artel/storage/storage.hpp"
#include "artel/storage/upload.hpp"
#include "artel/web/app.hpp"
#include "artel/web/json.hpp"
#include "artel/web/query.hpp"
#include "input.hpp"

namespace artel::companies {
namespace {

using boost::asio::awaitable;
using web::Method;
using web::Request;
using web::Response;

constexpr std::int32_t kDefaultLimit = 20;
constexpr std::int32_t kMaxLimit = 50;

std::optional<std::int64_t> Viewer(const Request& request) {
  if (request.principal) return request.principal->user_id;
  return std::nullopt;
}

}  // namespace

void Register(web::App& app, Companies& companies, catalog::Catalog& catalog, const storage::FileStore& files,
              boost::asio::thread_pool& blocking, std::size_t max_logo_bytes, const Clock& clock) {
  auto& router = app.GetRouter();

  router.Add(
      Method::kPost, "/api/companies",
      [&companies, &catalog, &clock](Request& request) -> awaitable<Response> {
        const auto& principal = request.RequireUser();
        auto body = request.JsonBody();
        auto snapshot = co_await catalog.Get();
        auto input = ReadCompanyInput(body, *snapshot, YearOf(clock.Now()));
        auto company = co_await companies.Create(principal.user_id, input);
        auto json = co_await companies.Json(company, principal.user_id);
        co_return Response::Json(json, 201);
      },
      web::RouteOptions{.access = web::Access::kVerifiedUser});

  router.Add(
      Method::kGet, "/api/companies/my",
      [&companies](Request& request) -> awaitable<Response> {
        const auto& principal = request.RequireUser();
        auto mine = co_await companies.OfOwner(principal.user_id);
        boost::json::array items;
        for (const auto& company : mine) {
          auto json = co_await companies.Json(company, principal.user_id);
          items.push_back(std::move(json));
        }
        co_return Response::Json(boost::json::object{{"items", std::move(items)}});
      },
      web::RouteOptions{.access = web::Access::kUser});

  router.Add(Method::kGet, "/api/companies/{id:int}", [&companies](Request& request) -> awaitable<Response> {
    auto company = co_await companies.Get(request.IntParam("id"));
    auto json = co_await companies.Json(company, Viewer(request));
    co_return Response::Json(json);
  });

  router.Add(
      Method::kPatch, "/api/companies/{id:int}",
      [&companies, &catalog, &clock](Request& request) -> awaitable<Response> {
        const auto& principal = request.RequireUser();
        const auto id = request.IntParam("id");
        auto body = request.JsonBody();
        // Someone else's company is a 404 before its fields are even read.
        auto stored = co_await companies.GetOwned(id, principal.user_id);
        auto snapshot = co_await catalog.Get();
        auto merged = MergePatch(InputJson(stored.fields), body);
        auto input = ReadCompanyInput(merged, *snapshot, YearOf(clock.Now()));
        auto company = co_await companies.Update(id, principal.user_id, input);
        auto json = co_await companies.Json(company, principal.user_id);
        co_return Response::Json(json);
      },
      web::RouteOptions{.access = web::Access::kUser});

  router.Add(
      Method::kDelete, "/api/companies/{id:int}",
      [&companies](Request& request) -> awaitable<Response> {
        const auto& principal = request.RequireUser();
        co_await companies.Delete(request.IntParam("id"), principal.user_id);
        co_return Response::NoContent();
      },
      web::RouteOptions{.access = web::Access::kUser});

  router.Add(
      Method::kPut, "/api/companies/{id:int}/logo",
      [&companies, &files, &blocking](Request& request) -> awaitable<Response> {
        const auto& principal = request.RequireUser();
        const auto id = request.IntParam("id");
        // Nothing is stored for a company that is not the caller's.
        auto owned = co_await companies.GetOwned(id, principal.user_id);
        // The type comes from the bytes; decoded, bounded and re-encoded, as the avatar.
        auto stored = co_await storage::PutImageOn(blocking, files, request.body, kLogoImage);
        std::pair<std::string, std::string> logo{stored.name, stored.thumbnail_name.value_or(stored.name)};
        auto company = co_await companies.SetLogo(id, principal.user_id, std::move(logo));
        auto json = co_await companies.Json(company, principal.user_id);
        co_return Response::Json(json);
      },
      web::RouteOptions{.body_limit = max_logo_bytes, .access = web::Access::kUser});

  router.Add(
      Method::kDelete, "/api/companies/{id:int}/logo",
      [&companies](Request& request) -> awaitable<Response> {
        const auto& principal = request.RequireUser();
        auto company = co_await companies.SetLogo(request.IntParam("id"), principal.user_id, std::nullopt);
        auto json = co_await companies.Json(company, principal.user_id);
        co_return Response::Json(json);
      },
      web::RouteOptions{.access = web::Access::kUser});

  router.Add(
      Method::kPut, "/api/admin/companies/{id:int}/verified",
      [&companies](Request& request) -> awaitable<Response> {
        const auto& principal = request.RequireUser();
        auto body = request.JsonBody();
        const bool verified = ReadVerified(body);
        auto company = co_await companies.SetVerified(request.IntParam("id"), verified);
        auto json = co_await companies.Json(company, principal.user_id);
        co_return Response::Json(json);
      },
      web::RouteOptions{.access = web::Access::kAdmin});

  router.Add(Method::kGet, "/api/companies/{id:int}/reviews",
             [&companies](Request& request) -> awaitable<Response> {
               const auto limit = web::PageLimit(request, kDefaultLimit, kMaxLimit);
               auto cursor = request.QueryParam("cursor");
               auto page = co_await companies.Reviews(request.IntParam("id"), cursor, limit);
               const auto viewer = Viewer(request);
               boost::json::array items;
               for (const auto& review : page.items) items.push_back(ReviewJson(review, viewer));
               boost::json::value next = nullptr;
               if (page.next_cursor) next = boost::json::string(*page.next_cursor);
               co_return Response::Json(
                   boost::json::object{{"items", std::move(items)}, {"next_cursor", std::move(next)}});
             });

  router.Add(
      Method::kGet, "/api/companies/{id:int}/reviews/mine",
      [&companies](Request& request) -> awaitable<Response> {
        const auto& principal = request.RequireUser();
        auto review = co_await companies.ReviewOf(request.IntParam("id"), principal.user_id);
        if (!review) throw NotFound({"companies:review_not_found", {}});
        co_return Response::Json(ReviewJson(*review, principal.user_id));
      },
      web::RouteOptions{.access = web::Access::kUser});

  router.Add(
      Method::kPut, "/api/companies/{id:int}/review",
      [&companies](Request& request) -> awaitable<Response> {
        const auto& principal = request.RequireUser();
        auto body = request.JsonBody();
        auto input = ReadReviewInput(body);
        auto result = co_await companies.PutReview(request.IntParam("id"), principal.user_id, input);
        co_return Response::Json(ReviewJson(result.first, principal.user_id), result.second ? 201 : 200);
      },
      web::RouteOptions{.access = web::Access::kVerifiedUser});

  router.Add(
      Method::kDelete, "/api/companies/{id:int}/review",
      [&companies](Request& request) -> awaitable<Response> {
        const auto& principal = request.RequireUser();
        co_await companies.DeleteReview(request.IntParam("id"), principal.user_id);
        co_return Response::NoContent();
      },
      web::RouteOptions{.access = web::Access::kUser});

  router.Add(
      Method::kPost, "/api/companies/{id:int}/reviews/{review_id:int}/reply",
      [&companies](Request& request) -> awaitable<Response> {
        const auto& principal = request.RequireUser();
        auto body = request.JsonBody();
        auto text = ReadReplyText(body);
        auto review = co_await companies.Reply(request.IntParam("id"), request.IntParam("review_id"),
                                               principal.user_id, text);
        // The owner's answer: an anonymous review stays anonymous (the owner is not its author).
        co_return Response::Json(ReviewJson(review, principal.user_id));
      },
      web::RouteOptions{.access = web::Access::kUser});
}

}  // namespace artel::companies
