#pragma once

namespace artel::web {
class App;
}  // namespace artel::web

namespace boost::asio {
class thread_pool;
}  // namespace boost::asio

namespace artel::storage {
class FileStore;
}  // namespace artel::storage

namespace artel::identity {

class Identity;
class UserInfoExtensions;

/// Adds every /api/user/* and /api/admin/users/{id}/impersonate route of the contract and installs
/// Identity::Authenticate as the app's authenticator. Avatars are stored in `files` (FileStore::PutImage:
/// decoded and re-encoded on `blocking`); the user info gets the keys `extensions`' contributors add.
void Register(web::App& app, Identity& identity, storage::FileStore& files,
              boost::asio::thread_pool& blocking, const UserInfoExtensions& extensions);

}  // namespace artel::identity
