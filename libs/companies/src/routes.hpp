#pragma once

#include <cstddef>

namespace boost::asio {
class thread_pool;
}  // namespace boost::asio

namespace artel::web {
class App;
}  // namespace artel::web

namespace artel::catalog {
class Catalog;
}  // namespace artel::catalog

namespace artel::storage {
class FileStore;
}  // namespace artel::storage

namespace artel {
class Clock;
}  // namespace artel

namespace artel::companies {

class Companies;

/// The routes of tag `companies` (docs/api/openapi.yaml): companies, logos (≤ `max_logo_bytes`), the admin's
/// verified mark, company reviews and replies.
void Register(web::App& app, Companies& companies, catalog::Catalog& catalog, const storage::FileStore& files,
              boost::asio::thread_pool& blocking, std::size_t max_logo_bytes, const Clock& clock);

}  // namespace artel::companies
