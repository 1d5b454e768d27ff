#pragma once

namespace artel::web {
class App;
}  // namespace artel::web

namespace artel::hiring {

class Hiring;

/// Adds the response routes (docs/api/openapi.yaml, tag "hiring").
void Register(web::App& app, Hiring& hiring);

}  // namespace artel::hiring
