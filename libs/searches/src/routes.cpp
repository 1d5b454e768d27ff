// The saved searches' HTTP edge: each operation of api.yaml bound to a named handler (web::Api checks the
// request against the contract, converts it and writes the answer). The rules and ownership live in Searches.

#include "routes.hpp"

#include <boost/describe/class.hpp>
#include <memory>
#include <string>
#include <vector>

#include "artel/searches/searches.hpp"
#include "artel/web/api.hpp"
#include "artel/web/app.hpp"

namespace artel::searches {

/// libs/searches/api.yaml, compiled in (artel_contract_part).
std::string_view ContractPart();

namespace {

using boost::asio::awaitable;
using web::Call;

struct SearchForm {
  std::string name;
  std::string scope;
  boost::json::object filter;
  std::string interval;
};
BOOST_DESCRIBE_STRUCT(SearchForm, (), (name, scope, filter, interval))

struct SearchPatchForm {
  web::Patch<std::string> name;
  web::Patch<std::string> interval;
};
BOOST_DESCRIBE_STRUCT(SearchPatchForm, (), (name, interval))

struct SearchView {
  std::int64_t id = 0;
  std::string name;
  std::string scope;
  boost::json::object filter;
  std::string interval;
  std::int64_t new_matches = 0;
  TimePoint created_at;
  TimePoint seen_at;
};
BOOST_DESCRIBE_STRUCT(SearchView, (), (id, name, scope, filter, interval, new_matches, created_at, seen_at))

struct SearchListView {
  std::vector<SearchView> items;
  std::int64_t max = 0;
};
BOOST_DESCRIBE_STRUCT(SearchListView, (), (items, max))

SearchView View(const Search& search) {
  return SearchView{.id = search.id,
                    .name = search.name,
                    .scope = search.scope,
                    .filter = search.filter,
                    .interval = std::string(notifications::kIntervalNames.Name(search.interval)),
                    .new_matches = search.new_matches,
                    .created_at = search.created_at,
                    .seen_at = search.seen_at};
}

class Edge final {
 public:
  Edge(Searches& searches, std::int64_t max) : searches_(searches), max_(max) {}

  awaitable<SearchListView> List(const Call& call) {
    auto searches = co_await searches_.ListMine(call.User());
    SearchListView view{.max = max_};
    for (const auto& search : searches) view.items.push_back(View(search));
    co_return view;
  }

  awaitable<web::Reply<SearchView>> Create(const Call& call, SearchForm form) {
    // The schema's enum has checked the interval.
    SearchInput input{.name = std::move(form.name),
                      .scope = std::move(form.scope),
                      .filter = std::move(form.filter),
                      .interval = Searches::ParseInterval(form.interval)};
    auto search = co_await searches_.Save(call.User(), input);
    co_return web::Reply<SearchView>{View(search), 201};
  }

  awaitable<SearchView> Update(const Call& call, SearchPatchForm form) {
    SearchPatch patch;
    if (form.name) patch.name = form.name.value;
    if (form.interval) patch.interval = Searches::ParseInterval(form.interval.value);
    auto search = co_await searches_.Update(call.User(), call.Id(), patch);
    co_return View(search);
  }

  awaitable<web::Done> Delete(const Call& call) {
    co_await searches_.Delete(call.User(), call.Id());
    co_return web::Done{};
  }

  awaitable<SearchView> Seen(const Call& call) {
    auto search = co_await searches_.MarkSeen(call.User(), call.Id());
    co_return View(search);
  }

 private:
  Searches& searches_;
  std::int64_t max_;
};

}  // namespace

void Register(web::App& app, Searches& searches) {
  if (!app.GetContract().HasPart("searches")) app.GetContract().AddPart("searches", ContractPart());
  web::Api<Edge> api(app, std::make_shared<Edge>(searches, searches.MaxPerUser()));
  api.Add("listSavedSearches", &Edge::List);
  api.Add("createSavedSearch", &Edge::Create);
  api.Add("updateSavedSearch", &Edge::Update);
  api.Add("deleteSavedSearch", &Edge::Delete);
  api.Add("markSavedSearchSeen", &Edge::Seen);
}

}  // namespace artel::searches
