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

namespace artel::articles {

class Articles;

/// The routes of tag `articles` and the admin's article routes (docs/api/openapi.yaml); covers ≤
/// `max_cover_bytes`.
void Register(web::App& app, Articles& articles, const storage::FileStore& files,
              boost::asio::thread_pool& blocking, std::size_t max_cover_bytes);

}  // namespace artel::articles
