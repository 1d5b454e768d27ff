// HTTP for responses and invitations (docs/api/openapi.yaml, tag "hiring").

#include "routes.hpp"

#include "artel/hiring/hiring.hpp"
#include "artel/web/app.hpp"
#include "artel/web/json.hpp"
#include "artel/web/query.hpp"
#include "input.hpp"

namespace artel::hiring {
namespace {

constexpr std::int32_t kDefaultLimit = 20;
constexpr std::int32_t kMaxLimit = 50;

using boost::asio::awaitable;
using web::Method;
using web::Request;

ListQuery ReadListQuery(const Request& request) {
  web::QueryReader reader(request, "hiring:filter_invalid");
  ListQuery query;
  query.status = reader.Enum("status", ParseStatus);
  query.cursor = reader.Text("cursor");
  query.limit = reader.Limit(kDefaultLimit, kMaxLimit);
  reader.Finish();
  return query;
}

SendInput ReadSend(const Request& request, std::string_view id_field) {
  auto body = request.JsonBody();
  web::JsonReader reader(body);
  auto input = ReadSendInput(reader, id_field);
  reader.Finish();
  return input;
}

}  // namespace

void Register(web::App& app, Hiring& hiring) {
  auto& router = app.GetRouter();

  router.Add(
      Method::kPost, "/api/vacancies/{id:int}/responses",
      [&hiring](Request& request) -> awaitable<web::Response> {
        const auto& principal = request.RequireUser();
        auto input = ReadSend(request, "resume_id");
        auto response = co_await hiring.Respond(principal.user_id, request.IntParam("id"), input.id,
                                                std::move(input.letter));
        co_return web::Response::Json(ResponseJson(response), 201);
      },
      web::RouteOptions{.access = web::Access::kVerifiedUser});

  router.Add(
      Method::kGet, "/api/vacancies/{id:int}/responses",
      [&hiring](Request& request) -> awaitable<web::Response> {
        const auto& principal = request.RequireUser();
        const auto query = ReadListQuery(request);
        auto page = co_await hiring.ListForVacancy(principal.user_id, request.IntParam("id"), query);
        co_return web::Response::Json(PageJson(page));
      },
      web::RouteOptions{.access = web::Access::kUser});

  router.Add(
      Method::kGet, "/api/vacancies/{id:int}/my-response",
      [&hiring](Request& request) -> awaitable<web::Response> {
        const auto& principal = request.RequireUser();
        auto response = co_await hiring.MyResponse(principal.user_id, request.IntParam("id"));
        boost::json::value value = nullptr;
        if (response) value = ResponseJson(*response);
        co_return web::Response::Json(boost::json::object{{"response", std::move(value)}});
      },
      web::RouteOptions{.access = web::Access::kUser});

  router.Add(
      Method::kPost, "/api/resumes/{id:int}/invitations",
      [&hiring](Request& request) -> awaitable<web::Response> {
        const auto& principal = request.RequireUser();
        auto input = ReadSend(request, "vacancy_id");
        auto response = co_await hiring.Invite(principal.user_id, request.IntParam("id"), input.id,
                                               std::move(input.letter));
        co_return web::Response::Json(ResponseJson(response), 201);
      },
      web::RouteOptions{.access = web::Access::kVerifiedUser});

  router.Add(
      Method::kGet, "/api/resumes/{id:int}/responses",
      [&hiring](Request& request) -> awaitable<web::Response> {
        const auto& principal = request.RequireUser();
        const auto query = ReadListQuery(request);
        auto page = co_await hiring.ListForResume(principal.user_id, request.IntParam("id"), query);
        co_return web::Response::Json(PageJson(page));
      },
      web::RouteOptions{.access = web::Access::kUser});

  router.Add(
      Method::kGet, "/api/responses/my",
      [&hiring](Request& request) -> awaitable<web::Response> {
        const auto& principal = request.RequireUser();
        const auto query = ReadListQuery(request);
        auto page = co_await hiring.ListMine(principal.user_id, query);
        co_return web::Response::Json(PageJson(page));
      },
      web::RouteOptions{.access = web::Access::kUser});

  router.Add(
      Method::kGet, "/api/responses/{id:int}",
      [&hiring](Request& request) -> awaitable<web::Response> {
        const auto& principal = request.RequireUser();
        auto response = co_await hiring.Get(principal.user_id, request.IntParam("id"));
        co_return web::Response::Json(ResponseJson(response));
      },
      web::RouteOptions{.access = web::Access::kUser});

  router.Add(
      Method::kPost, "/api/responses/{id:int}/{action}",
      [&hiring](Request& request) -> awaitable<web::Response> {
        const auto& principal = request.RequireUser();
        const auto action = ParseTransition(request.Param("action"));
        if (!action) throw NotFound({"hiring:action_unknown", {}});
        auto body = request.JsonBody();
        web::JsonReader reader(body);
        auto input = ReadActionInput(reader);
        reader.Finish();
        auto response =
            co_await hiring.Transition(principal.user_id, request.IntParam("id"), *action, std::move(input));
        co_return web::Response::Json(ResponseJson(response));
      },
      web::RouteOptions{.access = web::Access::kUser});
}

}  // namespace artel::hiring
