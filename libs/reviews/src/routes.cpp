// HTTP for reviews (docs/api/openapi.yaml, tag "reviews"); the public user card is libs/profiles'.

#include "routes.hpp"

#include <boost/json/array.hpp>

#include "artel/core/time.hpp"
#include "artel/orders/http.hpp"
#include "artel/reviews/reviews.hpp"
#include "artel/web/app.hpp"
#include "artel/web/json.hpp"
#include "artel/web/query.hpp"

namespace artel::reviews {
namespace {

using boost::asio::awaitable;
using web::Method;
using web::Request;
using web::Response;

constexpr web::StringRule kTextRule{.min_length = 1, .max_length = 2000};
constexpr std::int32_t kDefaultLimit = 20;
constexpr std::int32_t kMaxLimit = 50;

struct ReviewForm {
  std::int32_t rating = 0;
  std::string text;
};

ReviewForm ReadReviewForm(const Request& request) {
  auto body = request.JsonBody();
  web::JsonReader reader(body);
  ReviewForm form;
  if (!reader.Has("rating")) {
    reader.AddError("rating", {"marketplace:reviews.rating_required", {}});
  } else {
    auto rating = reader.Int("rating");
    if (rating && (*rating < 1 || *rating > 5)) {
      reader.AddError("rating", {"marketplace:reviews.rating_range", {}});
    } else if (rating) {
      form.rating = static_cast<std::int32_t>(*rating);
    }
  }
  form.text = reader.String("text", kTextRule).value_or("");
  reader.Finish();
  return form;
}

std::string ReadReplyText(const Request& request) {
  auto body = request.JsonBody();
  web::JsonReader reader(body);
  auto text = reader.String("text", kTextRule);
  reader.Finish();
  return *text;
}

boost::json::object PageJson(const ReviewPage& page, std::optional<std::int64_t> viewer_id) {
  boost::json::array items;
  for (const auto& review : page.items) items.push_back(ReviewJson(review, viewer_id));
  boost::json::value next = nullptr;
  if (page.next_cursor) next = boost::json::string(*page.next_cursor);
  return {
      {"items", std::move(items)}, {"next_cursor", std::move(next)}, {"summary", SummaryJson(page.summary)}};
}

}  // namespace

void Register(web::App& app, Reviews& reviews, profiles::Profiles& profiles) {
  auto& router = app.GetRouter();

  router.Add(
      Method::kPost, "/api/orders/{id:int}/reviews",
      [&reviews](Request& request) -> awaitable<Response> {
        const auto& principal = request.RequireUser();
        auto form = ReadReviewForm(request);
        auto review =
            co_await reviews.Create(principal.user_id, request.IntParam("id"), form.rating, form.text);
        co_return Response::Json(ReviewJson(review, principal.user_id), 201);
      },
      web::RouteOptions{.access = web::Access::kUser});

  router.Add(
      Method::kPost, "/api/reviews/{id:int}/reply",
      [&reviews](Request& request) -> awaitable<Response> {
        const auto& principal = request.RequireUser();
        auto text = ReadReplyText(request);
        auto review = co_await reviews.Reply(principal.user_id, request.IntParam("id"), text);
        co_return Response::Json(ReviewJson(review, principal.user_id));
      },
      web::RouteOptions{.access = web::Access::kUser});

  router.Add(Method::kGet, "/api/users/{id:int}/reviews",
             [&reviews, &profiles](Request& request) -> awaitable<Response> {
               const auto user_id = request.IntParam("id");
               co_await profiles.RequireUser(user_id);
               const auto side = orders::ReadSide(request, kernel::Side::kPerformer);
               const auto limit = web::PageLimit(request, kDefaultLimit, kMaxLimit);
               auto cursor = request.QueryParam("cursor");
               auto page = co_await reviews.ListAbout(user_id, side, cursor, limit);
               std::optional<std::int64_t> viewer_id;
               if (request.principal) viewer_id = request.principal->user_id;
               co_return Response::Json(PageJson(page, viewer_id));
             });
}

}  // namespace artel::reviews
