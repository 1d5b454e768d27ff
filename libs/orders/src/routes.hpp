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

namespace artel::orders {

class Orders;

/// Adds the /api/orders routes (list, counts, my, attachments, detail, edit, delete, close, reopen,
/// complete). Attachments are stored in `files` (at most `max_attachment_bytes` each); sniffing and
/// thumbnailing run on `blocking` (decoding a large image takes far longer than an io thread may be held).
void Register(web::App& app, Orders& orders, storage::FileStore& files, std::size_t max_attachment_bytes,
              boost::asio::thread_pool& blocking);

}  // namespace artel::orders
