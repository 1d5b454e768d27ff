// HTTP for the catalog: GET /api/catalog.

#include "routes.hpp"

#include "artel/catalog/catalog.hpp"
#include "artel/web/app.hpp"

namespace artel::catalog {

using boost::asio::awaitable;

void Register(web::App& app, Catalog& catalog) {
  app.GetRouter().Add(web::Method::kGet, "/api/catalog",
                      [&catalog](web::Request& request) -> awaitable<web::Response> {
                        auto snapshot = co_await catalog.Get();
                        web::Response response;
                        response.headers.Set("ETag", snapshot->ETag());
                        // Revalidated on every use: an admin edit shows at once, and an unchanged catalog
                        // costs a 304.
                        response.headers.Set("Cache-Control", "no-cache");
                        auto if_none_match = request.Header("If-None-Match");
                        if (if_none_match && *if_none_match == snapshot->ETag()) {
                          response.status = 304;
                          co_return response;
                        }
                        response.headers.Set("Content-Type", "application/json; charset=utf-8");
                        response.body = snapshot->Json();
                        co_return response;
                      });
}

}  // namespace artel::catalog
