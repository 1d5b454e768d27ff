// The home page's HTTP edge: api.yaml's getHome bound to a named handler (web::Api checks the answer's type
// against the contract and writes it).

#include "routes.hpp"

#include <memory>
#include <string_view>

#include "artel/home/home.hpp"
#include "artel/web/api.hpp"
#include "artel/web/app.hpp"

namespace artel::home {

/// libs/home/api.yaml, compiled in (artel_contract_part).
std::string_view ContractPart();

namespace {

using boost::asio::awaitable;
using web::Call;

class Edge final {
 public:
  explicit Edge(Home& home) : home_(home) {}

  awaitable<Front> Get(const Call&) { co_return co_await home_.Get(); }

 private:
  Home& home_;
};

}  // namespace

void Register(web::App& app, Home& home) {
  if (!app.GetContract().HasPart("home")) app.GetContract().AddPart("home", ContractPart());
  web::Api<Edge> api(app, std::make_shared<Edge>(home));
  api.Add("getHome", &Edge::Get);
}

}  // namespace artel::home
