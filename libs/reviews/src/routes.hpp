#pragma once

namespace artel::web {
class App;
}  // namespace artel::web

namespace artel::profiles {
class Profiles;
}  // namespace artel::profiles

namespace artel::reviews {

class Reviews;

/// Adds POST /api/orders/{id}/reviews, POST /api/reviews/{id}/reply and GET /api/users/{id}/reviews (404 for
/// an unknown user, through `profiles`).
void Register(web::App& app, Reviews& reviews, profiles::Profiles& profiles);

}  // namespace artel::reviews
