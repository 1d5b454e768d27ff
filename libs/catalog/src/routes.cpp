// The catalog's HTTP edge: getCatalog (api.yaml) bound to a named handler by web::Api.

#include "routes.hpp"

#include <memory>

#include "artel/catalog/catalog.hpp"
#include "artel/web/api.hpp"
#include "artel/web/app.hpp"
#include "views.hpp"

namespace artel::catalog {

/// libs/catalog/api.yaml, compiled in (artel_contract_part).
std::string_view ContractPart();

namespace {

using boost::asio::awaitable;
using web::Call;

class Edge final {
 public:
  explicit Edge(Catalog& catalog) : catalog_(catalog) {}

  /// The snapshot's body, written once per load (views.hpp), with its ETag: revalidated on every use, so an
  /// admin edit shows at once and an unchanged catalog costs a 304.
  awaitable<web::Written<CatalogView>> Get(const Call& call) {
    auto snapshot = co_await catalog_.Get();
    web::Response response;
    response.headers.Set("ETag", snapshot->ETag());
    response.headers.Set("Cache-Control", "no-cache");
    auto if_none_match = call.Raw().Header("If-None-Match");
    if (if_none_match && *if_none_match == snapshot->ETag()) {
      response.status = 304;
    } else {
      response.headers.Set("Content-Type", "application/json; charset=utf-8");
      response.body = snapshot->Json();
    }
    co_return web::Written<CatalogView>{std::move(response)};
  }

 private:
  Catalog& catalog_;
};

}  // namespace

void Register(web::App& app, Catalog& catalog) {
  if (!app.GetContract().HasPart("catalog")) app.GetContract().AddPart("catalog", ContractPart());
  web::Api<Edge> api(app, std::make_shared<Edge>(catalog));
  api.Add("getCatalog", &Edge::Get);
}

}  // namespace artel::catalog
