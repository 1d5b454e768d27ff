#pragma once

#include "artel/core/clock.hpp"

namespace artel::web {
class App;
}  // namespace artel::web

namespace artel::db {
class Pool;
}  // namespace artel::db

namespace artel::notifications {

/// Adds GET /api/notifications and POST /api/notifications/read.
void Register(web::App& app, db::Pool& pool, const Clock& clock);

}  // namespace artel::notifications
