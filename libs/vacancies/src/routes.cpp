// HTTP for the vacancies service: the vacancies routes of docs/api/openapi.yaml.

#include "routes.hpp"

#include <boost/json/array.hpp>
#include <limits>

#include "artel/catalog/catalog.hpp"
#include "artel/vacancies/vacancies.hpp"
#include "artel/web/app.hpp"
#include "artel/web/json.hpp"
#include "artel/web/query.hpp"
#include "input.hpp"

namespace artel::vacancies {
namespace {

using boost::asio::awaitable;
using web::Method;
using web::Request;
using web::Response;

constexpr std::int32_t kDefaultLimit = 20;
constexpr std::int32_t kMaxLimit = 50;
/// A vacancy form: 10,000 characters of description at up to 4 bytes each, with room for the rest.
constexpr web::RouteOptions kFormRoute{.body_limit = 128 * 1024, .access = web::Access::kVerifiedUser};
constexpr web::RouteOptions kEditRoute{.body_limit = 128 * 1024, .access = web::Access::kUser};
constexpr web::RouteOptions kUserRoute{.access = web::Access::kUser};

/// The fields a PATCH may change (VacancyInput without company_id and publish).
constexpr std::string_view kEditable[] = {
    "title",    "category_id", "specialization_id", "description", "skill_ids", "salary",  "employment",
    "schedule", "experience",  "education",         "country_id",  "city_id",   "address", "contact"};

std::optional<std::int64_t> ViewerId(const Request& request) {
  if (!request.principal) return std::nullopt;
  return request.principal->user_id;
}

boost::json::object PageJson(const Page& page, bool mine, bool with_corrected) {
  boost::json::array items;
  for (const auto& vacancy : page.items) items.push_back(CardJson(vacancy, mine));
  boost::json::value next = nullptr;
  if (page.next_cursor) next = boost::json::string(*page.next_cursor);
  boost::json::object body{{"items", std::move(items)}, {"next_cursor", std::move(next)}};
  if (with_corrected) {
    boost::json::value corrected = nullptr;
    if (page.corrected) corrected = boost::json::string(*page.corrected);
    body["corrected"] = std::move(corrected);
  }
  return body;
}

boost::json::object CountsJson(const std::vector<CategoryCount>& counts) {
  boost::json::array categories;
  std::int64_t total = 0;
  for (const auto& count : counts) {
    total += count.count;
    categories.push_back(boost::json::object{{"category_id", count.category_id}, {"count", count.count}});
  }
  return {{"total", total}, {"categories", std::move(categories)}};
}

awaitable<Response> Detail(Vacancies& vacancies, std::int64_t vacancy_id, std::int64_t user_id,
                           int status = 200) {
  auto vacancy = co_await vacancies.GetVisible(vacancy_id, user_id);
  co_return Response::Json(VacancyJson(vacancy, user_id), status);
}

void AddTransition(web::Router& router, Vacancies& vacancies, std::string path, Action action) {
  router.Add(
      Method::kPost, std::move(path),
      [&vacancies, action](Request& request) -> awaitable<Response> {
        const auto& principal = request.RequireUser();
        const auto vacancy_id = request.IntParam("id");
        co_await vacancies.Transition(principal.user_id, vacancy_id, action);
        co_return co_await Detail(vacancies, vacancy_id, principal.user_id);
      },
      kUserRoute);
}

}  // namespace

void Register(web::App& app, Vacancies& vacancies) {
  auto& router = app.GetRouter();

  router.Add(Method::kGet, "/api/vacancies", [&vacancies](Request& request) -> awaitable<Response> {
    auto catalog = co_await vacancies.Catalog().Get();
    web::QueryReader reader(request, "vacancies:filter_invalid");
    auto filter = ReadFilter(reader, request, *catalog, false);
    auto cursor = reader.Text("cursor");
    const auto limit = reader.Limit(kDefaultLimit, kMaxLimit);
    reader.Finish();
    auto page = co_await vacancies.List(filter, std::move(cursor), limit);
    co_return Response::Json(PageJson(page, false, true));
  });

  router.Add(Method::kGet, "/api/vacancies/counts", [&vacancies](Request& request) -> awaitable<Response> {
    auto catalog = co_await vacancies.Catalog().Get();
    web::QueryReader reader(request, "vacancies:filter_invalid");
    auto filter = ReadFilter(reader, request, *catalog, true);
    reader.Finish();
    auto counts = co_await vacancies.CountByCategory(filter);
    co_return Response::Json(CountsJson(counts));
  });

  router.Add(
      Method::kPost, "/api/vacancies",
      [&vacancies](Request& request) -> awaitable<Response> {
        const auto& principal = request.RequireUser();
        auto body = request.JsonBody();
        auto catalog = co_await vacancies.Catalog().Get();
        web::JsonReader reader(body);
        auto input = ReadVacancyInput(reader, *catalog, true);
        reader.Finish();
        auto vacancy_id = co_await vacancies.Create(principal.user_id, input);
        co_return co_await Detail(vacancies, vacancy_id, principal.user_id, 201);
      },
      kFormRoute);

  router.Add(
      Method::kGet, "/api/vacancies/my",
      [&vacancies](Request& request) -> awaitable<Response> {
        const auto& principal = request.RequireUser();
        web::QueryReader reader(request, "vacancies:filter_invalid");
        auto status = reader.Enum("status", ParseStatus);
        auto company = reader.Int("company", 1, std::numeric_limits<std::int64_t>::max());
        auto cursor = reader.Text("cursor");
        const auto limit = reader.Limit(kDefaultLimit, kMaxLimit);
        reader.Finish();
        auto page = co_await vacancies.ListMine(principal.user_id, status, company, std::move(cursor), limit);
        co_return Response::Json(PageJson(page, true, false));
      },
      kUserRoute);

  router.Add(Method::kGet, "/api/vacancies/{id:int}", [&vacancies](Request& request) -> awaitable<Response> {
    const auto viewer_id = ViewerId(request);
    auto vacancy = co_await vacancies.GetVisible(request.IntParam("id"), viewer_id, true);
    co_return Response::Json(VacancyJson(vacancy, viewer_id));
  });

  router.Add(
      Method::kPatch, "/api/vacancies/{id:int}",
      [&vacancies](Request& request) -> awaitable<Response> {
        const auto& principal = request.RequireUser();
        const auto vacancy_id = request.IntParam("id");
        // Somebody else's vacancy is 404 before its body is looked at.
        auto current = co_await vacancies.GetOwn(principal.user_id, vacancy_id);
        auto body = request.JsonBody();
        auto merged = InputJson(current);
        for (auto field : kEditable) {
          if (const auto* value = body.if_contains(field)) merged[field] = *value;
        }
        auto catalog = co_await vacancies.Catalog().Get();
        web::JsonReader reader(merged);
        if (const auto* company = body.if_contains("company_id");
            company != nullptr && !(company->is_int64() && company->as_int64() == current.company.id)) {
          reader.AddError("company_id", {"vacancies:company_unchangeable", {}});
        }
        auto input = ReadVacancyInput(reader, *catalog, false);
        reader.Finish();
        co_await vacancies.Update(principal.user_id, vacancy_id, input);
        co_return co_await Detail(vacancies, vacancy_id, principal.user_id);
      },
      kEditRoute);

  router.Add(
      Method::kDelete, "/api/vacancies/{id:int}",
      [&vacancies](Request& request) -> awaitable<Response> {
        const auto& principal = request.RequireUser();
        co_await vacancies.Delete(principal.user_id, request.IntParam("id"));
        co_return Response::NoContent();
      },
      kUserRoute);

  AddTransition(router, vacancies, "/api/vacancies/{id:int}/publish", Action::kPublish);
  AddTransition(router, vacancies, "/api/vacancies/{id:int}/archive", Action::kArchive);
  AddTransition(router, vacancies, "/api/vacancies/{id:int}/renew", Action::kRenew);

  router.Add(Method::kGet, "/api/companies/{id:int}/vacancies",
             [&vacancies](Request& request) -> awaitable<Response> {
               web::QueryReader reader(request, "vacancies:filter_invalid");
               auto cursor = reader.Text("cursor");
               const auto limit = reader.Limit(kDefaultLimit, kMaxLimit);
               reader.Finish();
               auto page = co_await vacancies.ListOfCompany(request.IntParam("id"), std::move(cursor), limit);
               co_return Response::Json(PageJson(page, false, true));
             });
}

}  // namespace artel::vacancies
