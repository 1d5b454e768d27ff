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

namespace artel::resumes {

class Resumes;

/// Adds the resume routes (docs/api/openapi.yaml, tag "resumes"); photos are stored in `files`
/// (FileStore::PutImage on `blocking`).
void Register(web::App& app, Resumes& resumes, const storage::FileStore& files,
              boost::asio::thread_pool& blocking, std::size_t max_image_bytes);

}  // namespace artel::resumes
