// HTTP for the freelancer catalogue: GET /api/freelancers and /api/freelancers/counts (docs/api/openapi.yaml,
// operationIds listFreelancers and countFreelancers).

#include <boost/json/array.hpp>
#include <boost/json/object.hpp>

#include "artel/catalog/catalog.hpp"
#include "artel/web/app.hpp"
#include "catalogue.hpp"

namespace artel::profiles {
namespace {

using boost::asio::awaitable;
using web::Method;
using web::Request;
using web::Response;

boost::json::object PageJson(CataloguePage page) {
  boost::json::value next = nullptr;
  if (page.next_cursor) next = boost::json::string(*page.next_cursor);
  boost::json::value corrected = nullptr;
  if (page.corrected) corrected = boost::json::string(*page.corrected);
  return {{"items", std::move(page.items)},
          {"next_cursor", std::move(next)},
          {"corrected", std::move(corrected)}};
}

boost::json::object CountsJson(const CatalogueCounts& counts) {
  boost::json::array categories;
  for (const auto& [category_id, count] : counts.categories)
    categories.push_back(boost::json::object{{"category_id", category_id}, {"count", count}});
  return {{"total", counts.total}, {"categories", std::move(categories)}};
}

}  // namespace

void RegisterCatalogue(web::App& app, Catalogue& catalogue) {
  auto& router = app.GetRouter();

  router.Add(Method::kGet, "/api/freelancers", [&catalogue](Request& request) -> awaitable<Response> {
    auto catalog = co_await catalogue.Catalog().Get();
    auto filter = ReadCatalogueFilter(request, *catalog, false);
    auto page = co_await catalogue.List(filter);
    co_return Response::Json(PageJson(std::move(page)));
  });

  router.Add(Method::kGet, "/api/freelancers/counts", [&catalogue](Request& request) -> awaitable<Response> {
    auto catalog = co_await catalogue.Catalog().Get();
    auto filter = ReadCatalogueFilter(request, *catalog, true);
    auto counts = co_await catalogue.Counts(filter);
    co_return Response::Json(CountsJson(counts));
  });
}

}  // namespace artel::profiles
