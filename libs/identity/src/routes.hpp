#pragma once

namespace artel::web {
class App;
}  // namespace artel::web

namespace artel::storage {
class FileStore;
}  // namespace artel::storage

namespace artel::identity {

class Identity;
class UserInfoExtensions;

/// Adds every /api/user/* and /api/admin/users/{id}/impersonate route of the contract and installs
/// Identity::Authenticate as the app's authenticator. Avatars are stored in `files`; the user info gets the
/// keys `extensions`' contributors add.
void Register(web::App& app, Identity& identity, storage::FileStore& files,
              const UserInfoExtensions& extensions);

}  // namespace artel::identity
