#pragma once

namespace artel::web {
class App;
}  // namespace artel::web

namespace artel::profiles {

class Profiles;

/// Adds GET /api/users/{id}.
void Register(web::App& app, Profiles& profiles);

}  // namespace artel::profiles
