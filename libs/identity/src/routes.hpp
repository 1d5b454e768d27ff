#pragma once

namespace artel::web {
class App;
}  // namespace artel::web

namespace artel::storage {
class FileStore;
}  // namespace artel::storage

namespace artel::identity {

class Identity;

/// Adds every /api/user/* and /api/admin/users/{id}/impersonate route of the contract and installs
/// Identity::Authenticate as the app's authenticator. Avatars are stored in `files`.
void Register(web::App& app, Identity& identity, storage::FileStore& files);

}  // namespace artel::identity
