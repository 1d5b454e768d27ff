// HTTP for the orders service: the /api/orders routes of docs/api/openapi.yaml.

#include "routes.hpp"

#include <boost/json/array.hpp>
#include <charconv>

#include "artel/catalog/catalog.hpp"
#include "artel/core/time.hpp"
#include "artel/orders/http.hpp"
#include "artel/orders/orders.hpp"
#include "artel/storage/storage.hpp"
#include "artel/storage/upload.hpp"
#include "artel/web/app.hpp"
#include "artel/web/json.hpp"
#include "artel/web/query.hpp"

namespace artel::orders {
namespace {

using boost::asio::awaitable;
using web::Method;
using web::Request;
using web::Response;

constexpr std::int32_t kDefaultLimit = 20;
constexpr std::int32_t kMaxLimit = 50;
constexpr std::size_t kMaxQueryLength = 200;
/// An order form (signed in): 20,000 characters of description at up to 4 bytes each, with room for the rest.
constexpr web::RouteOptions kFormRoute{.body_limit = 256 * 1024, .access = web::Access::kUser};

Message Key(std::string key) {
  return Message{std::move(key), {}};
}

/// Query parameters of the lists (web::QueryReader with the orders' message for a bad value).
class QueryReader final : public web::QueryReader {
 public:
  explicit QueryReader(const Request& request)
      : web::QueryReader(request, "marketplace:orders.filter_invalid") {}

  /// `?limit=` as every list reads it (web::PageLimit).
  std::int32_t Limit() { return web::QueryReader::Limit(kDefaultLimit, kMaxLimit); }
};

/// The query of a user's order list (GET /api/orders/my, GET /api/users/{id}/orders).
struct UserOrdersQuery {
  Side side = Side::kCustomer;
  std::optional<State> state;
  std::optional<std::string> cursor;
  std::int32_t limit = kDefaultLimit;
};

UserOrdersQuery ReadUserOrdersQuery(const Request& request) {
  QueryReader reader(request);
  UserOrdersQuery query;
  query.side = reader.Enum("as", ParseSide).value_or(Side::kCustomer);
  query.state = reader.Enum("state", ParseState);
  query.cursor = reader.Text("cursor");
  query.limit = reader.Limit();
  reader.Finish();
  return query;
}

/// The public list's filters; with `for_counts` the category, sort and cursor are ignored.
ListFilter ReadFilter(const Request& request, const catalog::Snapshot& catalog, bool for_counts) {
  QueryReader reader(request);
  ListFilter filter;
  if (!for_counts) {
    auto category = reader.Text("category");
    if (category) {
      const auto* found = catalog.FindCategory(*category);
      if (found == nullptr) {
        reader.AddError("category", Key("marketplace:catalog.category_unknown"));
      } else {
        filter.category_id = found->id;
      }
    }
  }
  filter.specialization_id = reader.Id("specialization");
  auto query = reader.Text("q");
  if (query) {
    if (web::Utf8Length(*query) > kMaxQueryLength) {
      reader.AddError("q", {"validation:length.max", {{"count", std::to_string(kMaxQueryLength)}}});
    } else {
      filter.query = std::move(query);
    }
  }
  filter.deadline = reader.Enum("deadline", ParseDeadlineBucket);
  filter.payment_option = reader.Enum("payment", ParsePaymentOption);
  auto currency = reader.Text("currency").value_or(std::string(catalog::kBaseCurrency));
  if (catalog.FindCurrency(currency) == nullptr) {
    reader.AddError("currency", Key("marketplace:catalog.currency_unknown"));
  }
  auto budget_min = reader.Int("budget_min", 0, kMaxAmount);
  auto budget_max = reader.Int("budget_max", 0, kMaxAmount);
  if (budget_min && budget_max && *budget_min > *budget_max) {
    reader.AddError("budget_min", Key("marketplace:orders.budget_range"));
  }
  if (budget_min) filter.budget_min_base = catalog.ToBase(*budget_min, currency);
  if (budget_max) filter.budget_max_base = catalog.ToBase(*budget_max, currency);
  filter.country_id = reader.Id("country");
  filter.city_id = reader.Id("city");
  filter.skill_id = reader.Id("skill");
  filter.portfolio_required = reader.Flag("portfolio");
  if (!for_counts) {
    auto sort = reader.Enum("sort", [](std::string_view name) { return kSortNames.Parse(name); });
    filter.sort = sort.value_or(Sort::kDate);
    filter.cursor = reader.Text("cursor");
    filter.limit = reader.Limit();
  }
  reader.Finish();
  return filter;
}

boost::json::object PageJson(const Page& page, TimePoint now) {
  boost::json::array items;
  for (const auto& order : page.items) items.push_back(SummaryJson(order, now));
  boost::json::value next = nullptr;
  if (page.next_cursor) next = boost::json::string(*page.next_cursor);
  return {{"items", std::move(items)}, {"next_cursor", std::move(next)}};
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

std::optional<std::int64_t> ViewerId(const Request& request) {
  if (!request.principal) return std::nullopt;
  return request.principal->user_id;
}

/// Reads an order form against the current catalog; throws ValidationFailed with every problem.
awaitable<OrderInput> ReadForm(Orders& orders, const Request& request) {
  auto body = request.JsonBody();
  auto catalog = co_await orders.Catalog().Get();
  web::JsonReader reader(body);
  auto input = ReadOrderInput(reader, *catalog, orders.GetClock().Now());
  reader.Finish();
  co_return input;
}

Response Created(boost::json::object body) {
  return Response::Json(body, 201);
}

}  // namespace

void Register(web::App& app, Orders& orders, storage::FileStore& files, std::size_t max_attachment_bytes,
              boost::asio::thread_pool& blocking) {
  auto& router = app.GetRouter();

  router.Add(Method::kGet, "/api/orders", [&orders](Request& request) -> awaitable<Response> {
    auto catalog = co_await orders.Catalog().Get();
    auto filter = ReadFilter(request, *catalog, false);
    auto page = co_await orders.List(filter);
    co_return Response::Json(PageJson(page, orders.GetClock().Now()));
  });

  router.Add(Method::kGet, "/api/orders/counts", [&orders](Request& request) -> awaitable<Response> {
    auto catalog = co_await orders.Catalog().Get();
    auto filter = ReadFilter(request, *catalog, true);
    auto counts = co_await orders.CountByCategory(filter);
    co_return Response::Json(CountsJson(counts));
  });

  router.Add(
      Method::kPost, "/api/orders",
      [&orders](Request& request) -> awaitable<Response> {
        const auto& principal = request.RequireUser();
        auto input = co_await ReadForm(orders, request);
        auto order_id = co_await orders.Create(principal.user_id, input);
        auto order = co_await orders.GetVisible(order_id, principal.user_id);
        auto detail = co_await orders.Detail(order, principal.user_id);
        co_return Created(std::move(detail));
      },
      kFormRoute);

  router.Add(
      Method::kGet, "/api/orders/my",
      [&orders](Request& request) -> awaitable<Response> {
        const auto& principal = request.RequireUser();
        auto query = ReadUserOrdersQuery(request);
        auto page =
            co_await orders.ListMine(principal.user_id, query.side, query.state, query.cursor, query.limit);
        co_return Response::Json(PageJson(page, orders.GetClock().Now()));
      },
      web::RouteOptions{.access = web::Access::kUser});

  router.Add(Method::kGet, "/api/users/{id:int}/orders", [&orders](Request& request) -> awaitable<Response> {
    const auto user_id = request.IntParam("id");
    auto query = ReadUserOrdersQuery(request);
    auto page = co_await orders.ListOfUser(user_id, query.side, query.state, query.cursor, query.limit);
    co_return Response::Json(PageJson(page, orders.GetClock().Now()));
  });

  router.Add(
      Method::kPost, "/api/orders/attachments",
      [&orders, &files, &blocking](Request& request) -> awaitable<Response> {
        const auto& principal = request.RequireUser();
        const std::string original = storage::UploadName(request.QueryParam("name").value_or(""));
        co_await orders.CheckUploadAllowance(principal.user_id);
        // The type comes from the bytes; the name and Content-Type are not trusted.
        // Private: served only by the attachment's route below, never by /api/files.
        auto stored =
            co_await storage::PutAttachmentOn(blocking, files, request.body, storage::Space::kPrivate);
        auto attachment = co_await orders.AddUpload(principal.user_id, original, stored);
        auto body = AttachmentJson(attachment);
        co_return Created(std::move(body));
      },
      web::RouteOptions{.body_limit = max_attachment_bytes, .access = web::Access::kUser});

  router.Add(
      Method::kGet, "/api/orders/attachments/{id:int}",
      [&orders, &files](Request& request) -> awaitable<Response> {
        auto attachment = co_await orders.AttachmentFile(request.IntParam("id"), ViewerId(request));
        if (!attachment) throw NotFound();
        co_return storage::PrivateFileResponse(files, attachment->file_name, attachment->thumbnail_name,
                                               request.QueryParam("thumbnail").has_value(),
                                               attachment->original_name);
      },
      web::RouteOptions{.browser_resource = true});

  router.Add(Method::kGet, "/api/orders/{id:int}", [&orders](Request& request) -> awaitable<Response> {
    auto viewer = ViewerId(request);
    auto order = co_await orders.GetVisible(request.IntParam("id"), viewer);
    auto detail = co_await orders.Detail(order, viewer);
    co_return Response::Json(detail);
  });

  router.Add(
      Method::kPatch, "/api/orders/{id:int}",
      [&orders](Request& request) -> awaitable<Response> {
        const auto& principal = request.RequireUser();
        const auto order_id = request.IntParam("id");
        // Hidden orders answer 404, and somebody else's 403, before the body is validated (Update checks
        // again under the row lock).
        auto current = co_await orders.GetVisible(order_id, principal.user_id);
        if (current.customer.id != principal.user_id)
          throw Forbidden({"marketplace:orders.edit_not_customer"});
        auto input = co_await ReadForm(orders, request);
        co_await orders.Update(principal.user_id, order_id, input);
        auto order = co_await orders.GetVisible(order_id, principal.user_id);
        auto detail = co_await orders.Detail(order, principal.user_id);
        co_return Response::Json(detail);
      },
      kFormRoute);

  router.Add(
      Method::kDelete, "/api/orders/{id:int}",
      [&orders](Request& request) -> awaitable<Response> {
        const auto& principal = request.RequireUser();
        co_await orders.Delete(principal.user_id, request.IntParam("id"));
        co_return Response::Ok();
      },
      web::RouteOptions{.access = web::Access::kUser});

  const std::pair<std::string_view, Action> transitions[] = {
      {"/api/orders/{id:int}/close", Action::kClose},
      {"/api/orders/{id:int}/reopen", Action::kReopen},
      {"/api/orders/{id:int}/complete", Action::kComplete},
  };
  for (const auto& transition : transitions) {
    const Action action = transition.second;
    router.Add(
        Method::kPost, transition.first,
        [&orders, action](Request& request) -> awaitable<Response> {
          const auto& principal = request.RequireUser();
          const auto order_id = request.IntParam("id");
          co_await orders.Transition(principal.user_id, order_id, action);
          auto order = co_await orders.GetVisible(order_id, principal.user_id);
          auto detail = co_await orders.Detail(order, principal.user_id);
          co_return Response::Json(detail);
        },
        web::RouteOptions{.access = web::Access::kUser});
  }
}

}  // namespace artel::orders
