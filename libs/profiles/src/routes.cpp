// HTTP for profiles: the public user card (docs/api/openapi.yaml, tag "user").

#include "routes.hpp"

#include "artel/profiles/profiles.hpp"
#include "artel/web/app.hpp"

namespace artel::profiles {

void Register(web::App& app, Profiles& profiles) {
  app.GetRouter().Add(web::Method::kGet, "/api/users/{id:int}",
                      [&profiles](web::Request& request) -> boost::asio::awaitable<web::Response> {
                        auto card = co_await profiles.PublicCard(request.IntParam("id"));
                        co_return web::Response::Json(card);
                      });
}

}  // namespace artel::profiles
