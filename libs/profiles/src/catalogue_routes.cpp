// HTTP for the freelancer catalogue: listFreelancers and countFreelancers (libs/profiles/api.yaml), bound
// with web::Api to the named handlers of `CatalogueEdge`. The schema checks the query; CatalogueFilterOf what
// it cannot state (codes and currencies the catalog knows, a rate range in order).

#include <boost/describe/class.hpp>
#include <memory>
#include <utility>
#include <vector>

#include "artel/catalog/catalog.hpp"
#include "artel/web/api.hpp"
#include "artel/web/app.hpp"
#include "catalogue.hpp"

namespace artel::profiles {

/// libs/profiles/api.yaml, compiled in (artel_contract_part).
std::string_view ContractPart();

namespace {

using boost::asio::awaitable;

/// The contract's `OrderCounts`, one entry a category.
struct CategoryCountView {
  std::int32_t category_id = 0;
  std::int64_t count = 0;
};
BOOST_DESCRIBE_STRUCT(CategoryCountView, (), (category_id, count))

struct CountsView {
  std::int64_t total = 0;
  std::vector<CategoryCountView> categories;
};
BOOST_DESCRIBE_STRUCT(CountsView, (), (total, categories))

class CatalogueEdge final {
 public:
  explicit CatalogueEdge(Catalogue& catalogue) : catalogue_(catalogue) {}

  awaitable<CataloguePage> List(const web::Call&, CatalogueQuery query) {
    const auto catalog = co_await catalogue_.Catalog().Get();
    const CatalogueFilter filter = CatalogueFilterOf(query, *catalog);
    auto page = co_await catalogue_.List(filter);
    co_return page;
  }

  awaitable<CountsView> Counts(const web::Call&, CatalogueCountsQuery query) {
    const auto catalog = co_await catalogue_.Catalog().Get();
    const CatalogueFilter filter = CatalogueFilterOf(query, *catalog);
    const auto counts = co_await catalogue_.Counts(filter);
    CountsView view{.total = counts.total};
    for (const auto& [category_id, count] : counts.categories)
      view.categories.push_back({.category_id = category_id, .count = count});
    co_return view;
  }

 private:
  Catalogue& catalogue_;
};

}  // namespace

void RegisterCatalogue(web::App& app, Catalogue& catalogue) {
  if (!app.GetContract().HasPart("profiles")) app.GetContract().AddPart("profiles", ContractPart());
  web::Api<CatalogueEdge> api(app, std::make_shared<CatalogueEdge>(catalogue));
  api.Add("listFreelancers", &CatalogueEdge::List);
  api.Add("countFreelancers", &CatalogueEdge::Counts);
}

}  // namespace artel::profiles
