#pragma once

#include <boost/asio/awaitable.hpp>
#include <string>
#include <string_view>
#include <vector>

#include "artel/core/clock.hpp"

namespace boost::asio {
class thread_pool;
}  // namespace boost::asio
namespace artel::db {
class Pool;
}  // namespace artel::db
namespace artel::web {
class App;
}  // namespace artel::web
namespace artel::storage {
class FileStore;
}  // namespace artel::storage
namespace artel::platform {
class DemoContext;
}  // namespace artel::platform

namespace artel::marketing {

/// The landing pages' routes: GET /api/landing-pages/{kind}/{code} (published only; a visit counted once per
/// visitor per day) and the admin's CRUD and image under /api/admin/landing-pages (each audited).
void RegisterLandingPages(web::App& app, db::Pool& pool, const storage::FileStore& files,
                          boost::asio::thread_pool& blocking, std::size_t max_image_bytes);

/// The demo's two landing pages (create_order/website-development in ru, find_job/designers in en).
/// Idempotent.
boost::asio::awaitable<void> SeedDemoLandingPages(platform::DemoContext& demo);

}  // namespace artel::marketing
