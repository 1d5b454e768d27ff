#pragma once

#include "artel/core/clock.hpp"

namespace artel::web {
class App;
}  // namespace artel::web

namespace artel::db {
class Pool;
}  // namespace artel::db

namespace artel::notifications {

class Settings;

/// Adds GET /api/notifications and POST /api/notifications/read (docs/api/pending.yaml).
void Register(web::App& app, db::Pool& pool, const Clock& clock);

/// Binds libs/notifications/api.yaml: the settings page's GET and PUT and the one-click unsubscribe.
void RegisterSettings(web::App& app, const Settings& settings);

}  // namespace artel::notifications
