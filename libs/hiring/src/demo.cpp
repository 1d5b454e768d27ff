// `artel seed-demo`'s responses: filled in once the demo vacancies and resumes exist (their seeders run
// first, in module order).

#include "demo.hpp"

#include "artel/db/pool.hpp"
#include "artel/hiring/hiring.hpp"

namespace artel::hiring {

boost::asio::awaitable<DemoResponses> SeedDemoResponses(db::Pool&, Hiring&) {
  co_return DemoResponses{};
}

}  // namespace artel::hiring
