// HTTP for bids, selection, invitations and job offers (docs/api/openapi.yaml, tag "bids").

#include "routes.hpp"

#include <boost/json/array.hpp>

#include "artel/bids/bids.hpp"
#include "artel/catalog/catalog.hpp"
#include "artel/kernel/json.hpp"
#include "artel/orders/http.hpp"
#include "artel/orders/views.hpp"
#include "artel/web/app.hpp"
#include "artel/web/json.hpp"

namespace artel::bids {
namespace {

constexpr web::StringRule kCommentRule{.min_length = 1, .max_length = 5000};

using boost::asio::awaitable;
using web::Method;
using web::Request;
using web::Response;

awaitable<BidInput> ReadBidForm(orders::Orders& orders, const Request& request) {
  auto body = request.JsonBody();
  auto catalog = co_await orders.Catalog().Get();
  web::JsonReader reader(body);
  auto input = ReadBidInput(reader, *catalog);
  reader.Finish();
  co_return input;
}

std::int64_t ReadId(const Request& request, std::string_view field) {
  auto body = request.JsonBody();
  web::JsonReader reader(body);
  auto id = reader.Int(field);
  if (id && *id < 1) reader.AddError(std::string(field), {"validation:type.integer", {}});
  reader.Finish();
  return *id;
}

boost::json::object ItemsJson(const std::vector<Bid>& bids) {
  boost::json::array items;
  for (const auto& bid : bids) items.push_back(BidJson(bid));
  return {{"items", std::move(items)}};
}

boost::json::object ItemsJson(const std::vector<Invitation>& invitations) {
  boost::json::array items;
  for (const auto& invitation : invitations) items.push_back(InvitationJson(invitation));
  return {{"items", std::move(items)}};
}

boost::json::object NewBidJson(const NewBid& created) {
  return {{"bid", BidJson(created.bid)}, {"first_bid", created.first_bid}};
}

boost::json::object JobOfferJson(boost::json::object order, const Invitation& invitation) {
  return {{"order", std::move(order)}, {"invitation", InvitationJson(invitation)}};
}

}  // namespace

BidInput ReadBidInput(web::JsonReader& reader, const catalog::Snapshot& catalog) {
  BidInput input;
  auto kind = reader.String("kind", {.min_length = 1, .max_length = 20});
  if (kind) {
    auto parsed = ParseKind(*kind);
    if (parsed) {
      input.kind = *parsed;
    } else {
      reader.AddError("kind", {"marketplace:bids.kind_unknown", {}});
    }
  }
  input.comment = reader.String("comment", kCommentRule).value_or("");
  auto term = reader.Int("term_days");
  if (term) {
    if (*term < 1 || *term > 365) {
      reader.AddError("term_days", {"validation:range", {{"min", "1"}, {"max", "365"}}});
    } else {
      input.term_days = static_cast<std::int32_t>(*term);
    }
  }
  input.price = orders::ReadMoney(reader, "price", catalog);
  if (input.kind == Kind::kFinal && !input.price && !reader.HasError("price")) {
    reader.AddError("price", {"marketplace:bids.price_required", {}});
  }
  return input;
}

void Register(web::App& app, Bids& bids, orders::Orders& orders) {
  auto& router = app.GetRouter();

  router.Add(
      Method::kGet, "/api/orders/{id:int}/bids",
      [&bids](Request& request) -> awaitable<Response> {
        const auto& principal = request.RequireUser();
        auto list = co_await bids.ListForOrder(principal.user_id, request.IntParam("id"));
        co_return Response::Json(ItemsJson(list));
      },
      web::RouteOptions{.access = web::Access::kUser});

  router.Add(
      Method::kPost, "/api/orders/{id:int}/bids",
      [&bids, &orders](Request& request) -> awaitable<Response> {
        const auto& principal = request.RequireUser();
        auto input = co_await ReadBidForm(orders, request);
        auto created = co_await bids.Create(principal.user_id, request.IntParam("id"), input);
        co_return Response::Json(NewBidJson(created), 201);
      },
      web::RouteOptions{.access = web::Access::kUser});

  router.Add(
      Method::kPatch, "/api/bids/{id:int}",
      [&bids, &orders](Request& request) -> awaitable<Response> {
        const auto& principal = request.RequireUser();
        auto input = co_await ReadBidForm(orders, request);
        auto bid = co_await bids.Update(principal.user_id, request.IntParam("id"), input);
        co_return Response::Json(BidJson(bid));
      },
      web::RouteOptions{.access = web::Access::kUser});

  router.Add(
      Method::kDelete, "/api/bids/{id:int}",
      [&bids](Request& request) -> awaitable<Response> {
        const auto& principal = request.RequireUser();
        co_await bids.Withdraw(principal.user_id, request.IntParam("id"));
        co_return Response::Ok();
      },
      web::RouteOptions{.access = web::Access::kUser});

  router.Add(
      Method::kPost, "/api/orders/{id:int}/select",
      [&bids, &orders](Request& request) -> awaitable<Response> {
        const auto& principal = request.RequireUser();
        const auto order_id = request.IntParam("id");
        const auto bid_id = ReadId(request, "bid_id");
        co_await bids.Select(principal.user_id, order_id, bid_id);
        auto order = co_await orders.GetVisible(order_id, principal.user_id);
        auto view = co_await orders::Detail(orders, order, principal.user_id);
        auto detail = kernel::ToJson(view).as_object();
        co_return Response::Json(detail);
      },
      web::RouteOptions{.access = web::Access::kUser});

  router.Add(
      Method::kPost, "/api/orders/{id:int}/invitations",
      [&bids](Request& request) -> awaitable<Response> {
        const auto& principal = request.RequireUser();
        const auto performer_id = ReadId(request, "performer_id");
        auto invitation = co_await bids.Invite(principal.user_id, request.IntParam("id"), performer_id);
        co_return Response::Json(InvitationJson(invitation), 201);
      },
      web::RouteOptions{.access = web::Access::kUser});

  router.Add(
      Method::kPost, "/api/job-offers",
      [&bids, &orders](Request& request) -> awaitable<Response> {
        const auto& principal = request.RequireUser();
        auto body = request.JsonBody();
        auto catalog = co_await orders.Catalog().Get();
        web::JsonReader reader(body);
        auto input = orders::ReadOrderInput(reader, *catalog, orders.GetClock().Now());
        auto performer_id = reader.Int("performer_id");
        reader.Finish();
        auto offer = co_await bids.CreateJobOffer(principal.user_id, input, *performer_id);
        auto order = co_await orders.GetVisible(offer.order_id, principal.user_id);
        auto view = co_await orders::Detail(orders, order, principal.user_id);
        auto detail = kernel::ToJson(view).as_object();
        co_return Response::Json(JobOfferJson(std::move(detail), offer.invitation), 201);
      },
      web::RouteOptions{.body_limit = 256 * 1024, .access = web::Access::kUser});

  router.Add(
      Method::kGet, "/api/invitations",
      [&bids](Request& request) -> awaitable<Response> {
        const auto& principal = request.RequireUser();
        const auto side = orders::ReadSide(request, kernel::Side::kPerformer);
        auto list = co_await bids.ListInvitations(principal.user_id, side);
        co_return Response::Json(ItemsJson(list));
      },
      web::RouteOptions{.access = web::Access::kUser});

  router.Add(
      Method::kPost, "/api/invitations/{id:int}/accept",
      [&bids, &orders](Request& request) -> awaitable<Response> {
        const auto& principal = request.RequireUser();
        const auto order_id = co_await bids.Accept(principal.user_id, request.IntParam("id"));
        auto order = co_await orders.GetVisible(order_id, principal.user_id);
        auto view = co_await orders::Detail(orders, order, principal.user_id);
        auto detail = kernel::ToJson(view).as_object();
        co_return Response::Json(detail);
      },
      web::RouteOptions{.access = web::Access::kUser});

  router.Add(
      Method::kPost, "/api/invitations/{id:int}/decline",
      [&bids](Request& request) -> awaitable<Response> {
        const auto& principal = request.RequireUser();
        auto invitation = co_await bids.Decline(principal.user_id, request.IntParam("id"));
        co_return Response::Json(InvitationJson(invitation));
      },
      web::RouteOptions{.access = web::Access::kUser});
}

}  // namespace artel::bids
