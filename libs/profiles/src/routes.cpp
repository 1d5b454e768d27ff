// HTTP for profiles: the public user card (tag "user") and the performer and customer profiles, portfolios
// and prices (docs/api/openapi.yaml, tag "profiles"). The operations of libs/profiles/api.yaml are bound with
// web::Api to the named handlers of `Edge`; the others are still hand-written routes (docs/api/pending.yaml).

#include "routes.hpp"

#include <boost/describe/class.hpp>
#include <memory>
#include <string_view>
#include <utility>
#include <vector>

#include "artel/catalog/catalog.hpp"
#include "artel/profiles/editor.hpp"
#include "artel/profiles/profiles.hpp"
#include "artel/storage/storage.hpp"
#include "artel/storage/upload.hpp"
#include "artel/web/api.hpp"
#include "artel/web/app.hpp"
#include "artel/web/json.hpp"
#include "input.hpp"

namespace artel::profiles {

/// libs/profiles/api.yaml, compiled in (artel_contract_part).
std::string_view ContractPart();

namespace {

using boost::asio::awaitable;
using web::Method;
using web::Request;
using web::Response;

constexpr web::RouteOptions kOwnerRoute{.access = web::Access::kUser};

std::optional<std::int64_t> ViewerId(const Request& request) {
  if (!request.principal) return std::nullopt;
  return request.principal->user_id;
}

Response Created(boost::json::object body) {
  return Response::Json(body, 201);
}

std::vector<std::int64_t> ReadIds(const Request& request) {
  auto body = request.JsonBody();
  web::JsonReader reader(body);
  if (!reader.Has("ids")) reader.AddError("ids", {"validation:required", {}});
  auto ids = reader.IntArray("ids");
  reader.Finish();
  return ids;
}

/// listPrices' and reorderPrices' answer.
struct PricesView {
  std::vector<PriceView> items;
};
BOOST_DESCRIBE_STRUCT(PricesView, (), (items))

/// IdOrder: every own id, each once, in the new order.
struct IdOrder {
  std::vector<std::int64_t> ids;
};
BOOST_DESCRIBE_STRUCT(IdOrder, (), (ids))

/// The named handlers of libs/profiles/api.yaml. The owner is the caller (x-access: user); the editor checks
/// the forms' rules and that an item is the caller's (somebody else's: 404).
class Edge final {
 public:
  explicit Edge(Editor& editor) : editor_(editor) {}

  awaitable<PricesView> Prices(const web::Call& call) {
    auto items = co_await editor_.Prices(call.Id());
    co_return PricesView{.items = std::move(items)};
  }

  awaitable<PriceView> CreatePrice(const web::Call& call, PriceInput input) {
    auto created = co_await editor_.CreatePrice(call.User().user_id, std::move(input));
    co_return created;
  }

  awaitable<PriceView> UpdatePrice(const web::Call& call, PriceInput input) {
    auto updated = co_await editor_.UpdatePrice(call.User().user_id, call.Id(), std::move(input));
    co_return updated;
  }

  awaitable<web::NoContent> DeletePrice(const web::Call& call) {
    co_await editor_.DeletePrice(call.User().user_id, call.Id());
    co_return web::NoContent{};
  }

  awaitable<PricesView> ReorderPrices(const web::Call& call, IdOrder order) {
    auto items = co_await editor_.ReorderPrices(call.User().user_id, order.ids);
    co_return PricesView{.items = std::move(items)};
  }

 private:
  Editor& editor_;
};

}  // namespace

void Register(web::App& app, Profiles& profiles) {
  app.GetRouter().Add(web::Method::kGet, "/api/users/{id:int}",
                      [&profiles](web::Request& request) -> boost::asio::awaitable<web::Response> {
                        auto card = co_await profiles.PublicCard(request.IntParam("id"));
                        co_return web::Response::Json(card);
                      });
}

void RegisterEditor(web::App& app, Editor& editor, catalog::Catalog& catalog, const storage::FileStore& files,
                    boost::asio::thread_pool& blocking, std::size_t max_image_bytes) {
  if (!app.GetContract().HasPart("profiles")) app.GetContract().AddPart("profiles", ContractPart());
  web::Api<Edge> api(app, std::make_shared<Edge>(editor));
  api.Add("listPrices", &Edge::Prices);
  api.Add("createPrice", &Edge::CreatePrice);
  api.Add("updatePrice", &Edge::UpdatePrice);
  api.Add("deletePrice", &Edge::DeletePrice);
  api.Add("reorderPrices", &Edge::ReorderPrices);

  auto& router = app.GetRouter();

  // ---- Public reads ----
  router.Add(Method::kGet, "/api/freelancers/{key}", [&editor](Request& request) -> awaitable<Response> {
    auto profile = co_await editor.Freelancer(request.Param("key"), ViewerId(request));
    co_return Response::Json(profile);
  });
  router.Add(Method::kGet, "/api/freelancers/{id:int}/portfolio",
             [&editor](Request& request) -> awaitable<Response> {
               auto portfolio = co_await editor.Portfolio(request.IntParam("id"));
               co_return Response::Json(portfolio);
             });
  router.Add(Method::kGet, "/api/portfolio/projects/{id:int}",
             [&editor](Request& request) -> awaitable<Response> {
               auto project = co_await editor.Project(request.IntParam("id"));
               co_return Response::Json(project);
             });
  router.Add(Method::kGet, "/api/customers/{id:int}", [&editor](Request& request) -> awaitable<Response> {
    auto profile = co_await editor.Customer(request.IntParam("id"), ViewerId(request));
    co_return Response::Json(profile);
  });

  // ---- The owner's profile ----
  router.Add(
      Method::kGet, "/api/profile/freelancer",
      [&editor](Request& request) -> awaitable<Response> {
        const auto user_id = request.RequireUser().user_id;
        auto profile = co_await editor.FreelancerById(user_id, user_id);
        co_return Response::Json(profile);
      },
      kOwnerRoute);
  router.Add(
      Method::kPut, "/api/profile/freelancer",
      [&editor, &catalog](Request& request) -> awaitable<Response> {
        const auto user_id = request.RequireUser().user_id;
        auto snapshot = co_await catalog.Get();
        auto body = request.JsonBody();
        web::JsonReader reader(body);
        auto input = ReadFreelancerInput(reader, *snapshot);
        reader.Finish();
        auto profile = co_await editor.UpdateFreelancer(user_id, input);
        co_return Response::Json(profile);
      },
      kOwnerRoute);
  router.Add(
      Method::kPut, "/api/profile/freelancer/slug",
      [&editor](Request& request) -> awaitable<Response> {
        const auto user_id = request.RequireUser().user_id;
        auto body = request.JsonBody();
        web::JsonReader reader(body);
        std::optional<std::string> slug;
        if (reader.Has("slug")) slug = reader.String("slug", {.max_length = 1000, .trim = false});
        reader.Finish();
        auto saved = co_await editor.SetSlug(user_id, slug);
        boost::json::value value = nullptr;
        if (saved) value = boost::json::string(*saved);
        co_return Response::Json(boost::json::object{{"slug", std::move(value)}});
      },
      kOwnerRoute);
  router.Add(
      Method::kPut, "/api/profile/customer",
      [&editor](Request& request) -> awaitable<Response> {
        const auto user_id = request.RequireUser().user_id;
        auto body = request.JsonBody();
        web::JsonReader reader(body);
        auto about = reader.String("about", {.max_length = 5000, .required = false}).value_or("");
        reader.Finish();
        auto profile = co_await editor.UpdateCustomer(user_id, about);
        co_return Response::Json(profile);
      },
      kOwnerRoute);

  // ---- Portfolio ----
  router.Add(
      Method::kPost, "/api/portfolio/images",
      [&editor, &files, &blocking](Request& request) -> awaitable<Response> {
        const auto user_id = request.RequireUser().user_id;
        co_await editor.CheckUploadAllowance(user_id);
        // Decoded, bounded and re-encoded: the type comes from the bytes, never from Content-Type.
        auto stored = co_await storage::PutImageOn(blocking, files, request.body);
        auto upload = co_await editor.AddUpload(user_id, stored);
        co_return Created(std::move(upload));
      },
      web::RouteOptions{.body_limit = max_image_bytes, .access = web::Access::kUser});

  router.Add(
      Method::kPost, "/api/portfolio/groups",
      [&editor](Request& request) -> awaitable<Response> {
        const auto user_id = request.RequireUser().user_id;
        auto body = request.JsonBody();
        web::JsonReader reader(body);
        auto input = ReadGroupInput(reader);
        reader.Finish();
        auto created = co_await editor.CreateGroup(user_id, input);
        co_return Created(std::move(created));
      },
      kOwnerRoute);
  router.Add(
      Method::kPut, "/api/portfolio/groups/order",
      [&editor](Request& request) -> awaitable<Response> {
        const auto user_id = request.RequireUser().user_id;
        auto ids = ReadIds(request);
        auto groups = co_await editor.ReorderGroups(user_id, ids);
        co_return Response::Json(boost::json::object{{"groups", std::move(groups)}});
      },
      kOwnerRoute);
  router.Add(
      Method::kPut, "/api/portfolio/groups/{id:int}",
      [&editor](Request& request) -> awaitable<Response> {
        const auto user_id = request.RequireUser().user_id;
        auto body = request.JsonBody();
        web::JsonReader reader(body);
        auto input = ReadGroupInput(reader);
        reader.Finish();
        auto result = co_await editor.UpdateGroup(user_id, request.IntParam("id"), input);
        co_return Response::Json(result);
      },
      kOwnerRoute);
  router.Add(
      Method::kDelete, "/api/portfolio/groups/{id:int}",
      [&editor](Request& request) -> awaitable<Response> {
        const auto user_id = request.RequireUser().user_id;
        co_await editor.DeleteGroup(user_id, request.IntParam("id"));
        co_return Response::NoContent();
      },
      kOwnerRoute);

  router.Add(
      Method::kPost, "/api/portfolio/projects",
      [&editor](Request& request) -> awaitable<Response> {
        const auto user_id = request.RequireUser().user_id;
        auto body = request.JsonBody();
        web::JsonReader reader(body);
        auto input = ReadProjectInput(reader);
        reader.Finish();
        const auto id = co_await editor.CreateProject(user_id, input);
        auto created = co_await editor.Project(id);
        co_return Created(std::move(created));
      },
      kOwnerRoute);
  router.Add(
      Method::kPut, "/api/portfolio/projects/order",
      [&editor](Request& request) -> awaitable<Response> {
        const auto user_id = request.RequireUser().user_id;
        auto body = request.JsonBody();
        web::JsonReader reader(body);
        auto group_id = reader.Int("group_id", false);
        if (!reader.Has("ids")) reader.AddError("ids", {"validation:required", {}});
        auto ids = reader.IntArray("ids");
        reader.Finish();
        co_await editor.ReorderProjects(user_id, group_id, ids);
        auto result = co_await editor.Portfolio(user_id);
        co_return Response::Json(result);
      },
      kOwnerRoute);
  router.Add(
      Method::kPut, "/api/portfolio/projects/{id:int}",
      [&editor](Request& request) -> awaitable<Response> {
        const auto user_id = request.RequireUser().user_id;
        const auto project_id = request.IntParam("id");
        auto body = request.JsonBody();
        web::JsonReader reader(body);
        auto input = ReadProjectInput(reader);
        reader.Finish();
        co_await editor.UpdateProject(user_id, project_id, input);
        auto result = co_await editor.Project(project_id);
        co_return Response::Json(result);
      },
      kOwnerRoute);
  router.Add(
      Method::kDelete, "/api/portfolio/projects/{id:int}",
      [&editor](Request& request) -> awaitable<Response> {
        const auto user_id = request.RequireUser().user_id;
        co_await editor.DeleteProject(user_id, request.IntParam("id"));
        co_return Response::NoContent();
      },
      kOwnerRoute);
}

}  // namespace artel::profiles
