#pragma once

#include <boost/asio/thread_pool.hpp>
#include <cstddef>

namespace artel::storage {
class FileStore;
}  // namespace artel::storage
namespace artel::web {
class App;
}  // namespace artel::web

namespace artel::help {

class Help;

/// /api/help/*, /api/pages/{code} and the admin's /api/admin/{faq,tickets,pages}/* (docs/api/openapi.yaml).
void Register(web::App& app, Help& help, storage::FileStore& files, std::size_t max_attachment_bytes,
              boost::asio::thread_pool& blocking);

}  // namespace artel::help
