#pragma once

namespace artel::web {
class App;
}  // namespace artel::web

namespace artel::vacancies {

class Vacancies;

/// The /api/vacancies routes and GET /api/companies/{id}/vacancies of docs/api/openapi.yaml.
void Register(web::App& app, Vacancies& vacancies);

}  // namespace artel::vacancies
