#pragma once

namespace artel::web {
class App;
}  // namespace artel::web

namespace artel::notifications {

class Settings;
class Inbox;

/// Binds libs/notifications/api.yaml: the latest notifications and marking them read, the settings page's GET
/// and PUT, and the one-click unsubscribe.
void Register(web::App& app, const Settings& settings, const Inbox& inbox);

}  // namespace artel::notifications
