// The favourites' HTTP edge: each operation of api.yaml bound to a named handler (web::Api checks the request
// against the contract, converts it and writes the answer). The rules live in Favourites.

#include "routes.hpp"

#include <boost/describe/class.hpp>
#include <memory>
#include <optional>
#include <string>

#include "artel/favourites/favourites.hpp"
#include "artel/web/api.hpp"
#include "artel/web/app.hpp"

namespace artel::favourites {

/// libs/favourites/api.yaml, compiled in (artel_contract_part).
std::string_view ContractPart();

namespace {

using boost::asio::awaitable;
using web::Call;

struct ListQuery {
  std::string kind;
  std::int32_t page = 1;
};
BOOST_DESCRIBE_STRUCT(ListQuery, (), (kind, page))

struct StateView {
  bool bookmarked = false;
};
BOOST_DESCRIBE_STRUCT(StateView, (), (bookmarked))

struct CountsView {
  std::int64_t order = 0;
  std::int64_t freelancer = 0;
  std::int64_t vacancy = 0;
  std::int64_t resume = 0;
  std::int64_t company = 0;
};
BOOST_DESCRIBE_STRUCT(CountsView, (), (order, freelancer, vacancy, resume, company))

struct ItemView {
  std::string kind;
  std::int64_t id = 0;
  TimePoint added_at;
  bool available = false;
  std::optional<std::string> title;
  std::optional<std::string> subtitle;
  bool closed = false;
};
BOOST_DESCRIBE_STRUCT(ItemView, (), (kind, id, added_at, available, title, subtitle, closed))

struct PageView {
  std::vector<ItemView> items;
  std::int32_t page = 1;
  std::int32_t pages = 1;
  std::int64_t total = 0;
  CountsView counts;
};
BOOST_DESCRIBE_STRUCT(PageView, (), (items, page, pages, total, counts))

/// What the reader may see of an item: nothing but its kind, id and date when it is unavailable.
ItemView View(const Item& item) {
  ItemView view{.kind = std::string(kKindNames.Name(item.kind)), .id = item.id, .added_at = item.added_at};
  if (item.summary) {
    view.available = true;
    view.title = item.summary->title;
    view.subtitle = item.summary->subtitle;
    view.closed = item.summary->closed;
  }
  return view;
}

PageView View(const Page& page) {
  PageView view{.page = page.page, .pages = page.pages, .total = page.total};
  for (const auto& item : page.items) view.items.push_back(View(item));
  const auto count = [&page](Kind kind) { return page.counts.by_kind[static_cast<std::size_t>(kind)]; };
  view.counts = {.order = count(Kind::kOrder),
                 .freelancer = count(Kind::kFreelancer),
                 .vacancy = count(Kind::kVacancy),
                 .resume = count(Kind::kResume),
                 .company = count(Kind::kCompany)};
  return view;
}

class Edge final {
 public:
  explicit Edge(Favourites& favourites) : favourites_(favourites) {}

  awaitable<PageView> List(const Call& call, ListQuery query) {
    // The schema's enum has checked the kind.
    const auto kind = Favourites::ParseKind(query.kind);
    auto page = co_await favourites_.List(call.User(), kind, query.page);
    co_return View(page);
  }

  awaitable<StateView> Get(const Call& call) {
    const auto kind = Favourites::ParseKind(call.Param("kind"));
    const bool has = co_await favourites_.Has(call.User(), kind, call.Id());
    co_return StateView{.bookmarked = has};
  }

  awaitable<StateView> Add(const Call& call) {
    const auto kind = Favourites::ParseKind(call.Param("kind"));
    co_await favourites_.Add(call.User(), kind, call.Id());
    co_return StateView{.bookmarked = true};
  }

  awaitable<StateView> Remove(const Call& call) {
    const auto kind = Favourites::ParseKind(call.Param("kind"));
    co_await favourites_.Remove(call.User(), kind, call.Id());
    co_return StateView{.bookmarked = false};
  }

 private:
  Favourites& favourites_;
};

}  // namespace

void Register(web::App& app, Favourites& favourites) {
  if (!app.GetContract().HasPart("favourites")) app.GetContract().AddPart("favourites", ContractPart());
  web::Api<Edge> api(app, std::make_shared<Edge>(favourites));
  api.Add("listFavourites", &Edge::List);
  api.Add("getFavourite", &Edge::Get);
  api.Add("addFavourite", &Edge::Add);
  api.Add("removeFavourite", &Edge::Remove);
}

}  // namespace artel::favourites
