#pragma once

namespace artel::db {
class Pool;
}  // namespace artel::db
namespace artel::web {
class App;
}  // namespace artel::web
namespace artel::identity {
class Identity;
}  // namespace artel::identity

namespace artel::admin {

void Register(web::App& app, db::Pool& pool, identity::Identity& identity);

}  // namespace artel::admin
