#pragma once

#include <boost/asio/thread_pool.hpp>
#include <cstddef>

namespace artel::web {
class App;
}  // namespace artel::web

namespace artel::storage {
class FileStore;
}  // namespace artel::storage

namespace artel::messenger {

class Messenger;

/// Binds libs/messenger/api.yaml (/api/chats/*): every route for signed-in users only, and a chat one is not
/// in answers 404.
void Register(web::App& app, Messenger& messenger, storage::FileStore& files,
              std::size_t max_attachment_bytes, boost::asio::thread_pool& blocking);

}  // namespace artel::messenger
