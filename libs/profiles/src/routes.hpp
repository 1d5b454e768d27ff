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

namespace artel::profiles {

class Profiles;
class Editor;

/// Adds GET /api/users/{id}.
void Register(web::App& app, Profiles& profiles);

/// Adds the performer and customer profile, portfolio and price routes (docs/api/openapi.yaml, tag
/// "profiles"); portfolio images are stored in `files` (FileStore::PutImage on `blocking`).
void RegisterEditor(web::App& app, Editor& editor, const storage::FileStore& files,
                    boost::asio::thread_pool& blocking, std::size_t max_image_bytes);

}  // namespace artel::profiles
