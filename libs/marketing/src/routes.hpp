#pragma once

namespace artel::web {
class App;
}  // namespace artel::web

namespace artel::db {
class Pool;
}  // namespace artel::db

namespace artel::marketing {

/// Adds POST /api/utm-data: 204; sets the visitor cookie (HttpOnly, 30 days) for guests that have none.
void Register(web::App& app, db::Pool& pool);

}  // namespace artel::marketing
