#pragma once

namespace artel::web {
class App;
}  // namespace artel::web

namespace artel::catalog {

class Catalog;

/// Adds GET /api/catalog (with ETag / If-None-Match → 304).
void Register(web::App& app, Catalog& catalog);

}  // namespace artel::catalog
