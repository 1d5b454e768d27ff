// The orders HTTP edge: each operation of api.yaml bound to a named handler (web::Api checks the request
// against the contract, converts it and writes the answer). The form's rules and catalog references are the
// service's (Orders::Create/Update), the list's catalog lookups FilterOf's.

#include "routes.hpp"

#include <boost/describe/class.hpp>
#include <limits>
#include <memory>
#include <optional>
#include <string>

#include "artel/catalog/catalog.hpp"
#include "artel/orders/orders.hpp"
#include "artel/orders/views.hpp"
#include "artel/storage/storage.hpp"
#include "artel/storage/upload.hpp"
#include "artel/web/api.hpp"
#include "artel/web/app.hpp"

namespace artel::orders {

/// libs/orders/api.yaml, compiled in (artel_contract_part).
std::string_view ContractPart();

namespace {

using boost::asio::awaitable;
using web::Call;

/// countOrders' query parameters, which listOrders shares (its own: category, sort, cursor, limit). The
/// schema has checked the codes and bounds; FilterOf checks the catalog's.
struct FilterParams {
  std::optional<std::int64_t> specialization;
  std::optional<std::string> q;
  std::optional<std::string> deadline;
  std::optional<std::string> payment;
  std::optional<std::int64_t> budget_min;
  std::optional<std::int64_t> budget_max;
  std::string currency;
  std::optional<std::int64_t> country;
  std::optional<std::int64_t> city;
  std::optional<std::int64_t> skill;
  std::optional<bool> portfolio;
};
BOOST_DESCRIBE_STRUCT(FilterParams, (),
                      (specialization, q, deadline, payment, budget_min, budget_max, currency, country, city,
                       skill, portfolio))

struct ListParams : FilterParams {
  std::optional<std::string> category;
  std::string sort;
  std::optional<std::string> cursor;
  std::int32_t limit = 0;
};
BOOST_DESCRIBE_STRUCT(ListParams, (FilterParams), (category, sort, cursor, limit))

/// listMyOrders and listUserOrders.
struct UserListParams {
  std::string as;
  std::optional<std::string> state;
  std::optional<std::string> cursor;
  std::int32_t limit = 0;
};
BOOST_DESCRIBE_STRUCT(UserListParams, (), (as, state, cursor, limit))

struct UploadParams {
  std::string name;
};
BOOST_DESCRIBE_STRUCT(UploadParams, (), (name))

struct FileParams {
  std::optional<std::string> thumbnail;
};
BOOST_DESCRIBE_STRUCT(FileParams, (), (thumbnail))

Message Key(std::string key) {
  return Message{std::move(key), {}};
}

/// A filter id as sent: -1 (matches nothing) when outside 1..INT32_MAX.
std::optional<std::int32_t> FilterId(const std::optional<std::int64_t>& id) {
  if (!id) return std::nullopt;
  if (*id < 1 || *id > std::numeric_limits<std::int32_t>::max()) return -1;
  return static_cast<std::int32_t>(*id);
}

/// The service's filter of the schema-checked parameters: the category and the currency looked up in the
/// catalog, the budget bounds in kopecks. ValidationFailed names every problem.
ListFilter FilterOf(const catalog::Snapshot& catalog, const FilterParams& params,
                    const std::optional<std::string>& category = std::nullopt) {
  ValidationErrors errors;
  ListFilter filter;
  if (category) {
    const auto* found = catalog.FindCategory(*category);
    if (found == nullptr) {
      errors.Add("category", Key("catalog:category_unknown"));
    } else {
      filter.category_id = found->id;
    }
  }
  filter.specialization_id = FilterId(params.specialization);
  filter.query = params.q;
  if (params.deadline) filter.deadline = ParseDeadlineBucket(*params.deadline);
  if (params.payment) filter.payment_option = ParsePaymentOption(*params.payment);
  if (catalog.FindCurrency(params.currency) == nullptr) {
    errors.Add("currency", Key("catalog:currency_unknown"));
  } else {
    if (params.budget_min) filter.budget_min_base = catalog.ToBase(*params.budget_min, params.currency);
    if (params.budget_max) filter.budget_max_base = catalog.ToBase(*params.budget_max, params.currency);
  }
  if (params.budget_min && params.budget_max && *params.budget_min > *params.budget_max) {
    errors.Add("budget_min", Key("orders:budget_range"));
  }
  filter.country_id = FilterId(params.country);
  filter.city_id = FilterId(params.city);
  filter.skill_id = FilterId(params.skill);
  filter.portfolio_required = params.portfolio.value_or(false);
  errors.ThrowIfAny();
  return filter;
}

class Edge final {
 public:
  Edge(Orders& orders, storage::FileStore& files, boost::asio::thread_pool& blocking)
      : orders_(orders), files_(files), blocking_(blocking) {}

  awaitable<OrderPageView> List(const Call&, ListParams params) {
    auto catalog = co_await orders_.Catalog().Get();
    auto filter = FilterOf(*catalog, params, params.category);
    filter.sort = kSortNames.Parse(params.sort).value_or(Sort::kDate);
    filter.cursor = std::move(params.cursor);
    filter.limit = params.limit;
    auto page = co_await orders_.List(filter);
    co_return PageView(page, orders_.GetClock().Now());
  }

  awaitable<OrderCountsView> Count(const Call&, FilterParams params) {
    auto catalog = co_await orders_.Catalog().Get();
    auto filter = FilterOf(*catalog, params);
    auto counts = co_await orders_.CountByCategory(filter);
    co_return CountsOf(counts);
  }

  awaitable<web::Reply<OrderDetailView>> Create(const Call& call, OrderForm form) {
    const auto user_id = call.User().user_id;
    const OrderInput input = InputOf(form);
    const auto order_id = co_await orders_.Create(user_id, input);
    auto view = co_await DetailOf(order_id, user_id);
    co_return web::Reply<OrderDetailView>{std::move(view), 201};
  }

  awaitable<OrderPageView> Mine(const Call& call, UserListParams params) {
    auto page = co_await orders_.ListMine(call.User().user_id, SideOf(params), StateOf(params),
                                          std::move(params.cursor), params.limit);
    co_return PageView(page, orders_.GetClock().Now());
  }

  awaitable<OrderPageView> OfUser(const Call& call, UserListParams params) {
    auto page = co_await orders_.ListOfUser(call.Id(), SideOf(params), StateOf(params),
                                            std::move(params.cursor), params.limit);
    co_return PageView(page, orders_.GetClock().Now());
  }

  awaitable<web::Reply<AttachmentView>> Upload(const Call& call, UploadParams params) {
    const auto user_id = call.User().user_id;
    const std::string original = storage::UploadName(params.name);
    co_await orders_.CheckUploadAllowance(user_id);
    // The type comes from the bytes; the name and Content-Type are not trusted. Private: served only by
    // getOrderFile, never by /api/files.
    auto stored =
        co_await storage::PutAttachmentOn(blocking_, files_, call.Raw().body, storage::Space::kPrivate);
    auto attachment = co_await orders_.AddUpload(user_id, original, stored);
    co_return web::Reply<AttachmentView>{AttachmentViewOf(attachment), 201};
  }

  awaitable<web::Response> File(const Call& call, FileParams params) {
    auto attachment = co_await orders_.AttachmentFile(call.Id(), call.ViewerId());
    if (!attachment) throw NotFound();
    co_return storage::PrivateFileResponse(files_, attachment->file_name, attachment->thumbnail_name,
                                           params.thumbnail.has_value(), attachment->original_name);
  }

  awaitable<OrderDetailView> Get(const Call& call) {
    const auto viewer_id = call.ViewerId();
    auto order = co_await orders_.GetVisible(call.Id(), viewer_id);
    co_return co_await Detail(orders_, order, viewer_id);
  }

  /// Somebody else's order is 403 and a hidden one 404 before the form's rules (Orders::Update).
  awaitable<OrderDetailView> Update(const Call& call, OrderPatch patch) {
    const auto user_id = call.User().user_id;
    const auto order_id = call.Id();
    co_await orders_.Update(user_id, order_id, patch);
    co_return co_await DetailOf(order_id, user_id);
  }

  awaitable<web::Done> Delete(const Call& call) {
    co_await orders_.Delete(call.User().user_id, call.Id());
    co_return web::Done{};
  }

  awaitable<OrderDetailView> Close(const Call& call) { co_return co_await Move(call, Action::kClose); }
  awaitable<OrderDetailView> Reopen(const Call& call) { co_return co_await Move(call, Action::kReopen); }
  awaitable<OrderDetailView> Complete(const Call& call) { co_return co_await Move(call, Action::kComplete); }

 private:
  static Side SideOf(const UserListParams& params) { return ParseSide(params.as).value_or(Side::kCustomer); }
  static std::optional<State> StateOf(const UserListParams& params) {
    if (!params.state) return std::nullopt;
    return ParseState(*params.state);  // the schema's enum has checked it
  }

  awaitable<OrderDetailView> DetailOf(std::int64_t order_id, std::int64_t user_id) {
    auto order = co_await orders_.GetVisible(order_id, user_id);
    co_return co_await Detail(orders_, order, user_id);
  }

  awaitable<OrderDetailView> Move(const Call& call, Action action) {
    const auto user_id = call.User().user_id;
    const auto order_id = call.Id();
    co_await orders_.Transition(user_id, order_id, action);
    co_return co_await DetailOf(order_id, user_id);
  }

  Orders& orders_;
  storage::FileStore& files_;
  boost::asio::thread_pool& blocking_;
};

}  // namespace

void Register(web::App& app, Orders& orders, storage::FileStore& files, std::size_t max_attachment_bytes,
              boost::asio::thread_pool& blocking) {
  if (!app.GetContract().HasPart("orders")) app.GetContract().AddPart("orders", ContractPart());
  web::Api<Edge> api(app, std::make_shared<Edge>(orders, files, blocking),
                     web::ApiOptions{.upload_limit = max_attachment_bytes});
  api.Add("listOrders", &Edge::List);
  api.Add("countOrders", &Edge::Count);
  api.Add("createOrder", &Edge::Create);
  api.Add("listMyOrders", &Edge::Mine);
  api.Add("listUserOrders", &Edge::OfUser);
  api.Add("uploadOrderAttachment", &Edge::Upload);
  api.Add("getOrderFile", &Edge::File);
  api.Add("getOrder", &Edge::Get);
  api.Add("updateOrder", &Edge::Update);
  api.Add("deleteOrder", &Edge::Delete);
  api.Add("closeOrder", &Edge::Close);
  api.Add("reopenOrder", &Edge::Reopen);
  api.Add("completeOrder", &Edge::Complete);
}

}  // namespace artel::orders
