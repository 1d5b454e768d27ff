#pragma once

#include <cstddef>

namespace boost::asio {
class thread_pool;
}  // namespace boost::asio

namespace artel::web {
class App;
}  // namespace artel::web

namespace artel::storage {
class FileStore;
}  // namespace artel::storage

namespace artel::companies {

class Companies;

/// The operations of libs/companies/api.yaml (tag `companies`): companies, logos (≤ `max_logo_bytes`), the
/// admin's verified mark, company reviews and replies.
void Register(web::App& app, Companies& companies, const storage::FileStore& files,
              boost::asio::thread_pool& blocking, std::size_t max_logo_bytes);

}  // namespace artel::companies
