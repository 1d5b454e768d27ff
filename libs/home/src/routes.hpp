#pragma once

namespace artel::web {
class App;
}  // namespace artel::web

namespace artel::home {

class Home;

/// Binds api.yaml's getHome.
void Register(web::App& app, Home& home);

}  // namespace artel::home
