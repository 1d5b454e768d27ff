#pragma once

// The freelancer catalogue's private part (the service is artel/profiles/catalogue.hpp): the HTTP reader, the
// cursors and the SQL, searched with libs/search over profiles.freelancers.search and profiles.search_lexemes
// (the orders' typo fallback). The SQL is built from the filters with bound values only (db::SqlBuilder), as
// the order list's; every sort has its own partial index (db/migrations/profiles/0019_catalogue.sql).

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "artel/db/pool.hpp"
#include "artel/db/sql_builder.hpp"
#include "artel/profiles/catalogue.hpp"
#include "artel/search/search.hpp"

namespace artel::catalog {
class Catalog;
class Snapshot;
}  // namespace artel::catalog

namespace artel::web {
struct Request;
}  // namespace artel::web

namespace artel::profiles {

/// The query parameters of the catalogue against the catalog (codes, currencies); with `for_counts` the
/// category, sort, cursor and limit are ignored. Throws ValidationFailed with every bad parameter
/// (marketplace:orders.filter_invalid and the catalog's messages, as the order list).
CatalogueFilter ReadCatalogueFilter(const web::Request& request, const catalog::Snapshot& catalog,
                                    bool for_counts);

/// A catalogue cursor: kernel::EncodeCursor with a tag per sort ("r" rating, "v" reviews, "a" activity,
/// "l" rate ascending, "h" rate descending) and the flag "f" on pages of the typo fallback.
struct CatalogueCursor {
  std::int64_t key = 0;
  std::int64_t id = 0;
  bool fuzzy = false;
};
std::string EncodeCatalogueCursor(CatalogueSort sort, const CatalogueCursor& cursor);
/// nullopt for anything EncodeCatalogueCursor did not make for this sort.
std::optional<CatalogueCursor> DecodeCatalogueCursor(CatalogueSort sort, std::string_view text);

namespace catalogue_detail {
/// The page of the list under `filter` (the words matched as typed, or the correction). Throws
/// ValidationFailed("cursor") for a cursor of another sort or mode.
db::BuiltQuery BuildList(const CatalogueFilter& filter, const search::Corrected& corrected);
/// The page among the first `window` performers in list order under the other filters (as the order
/// list's BuildRecentMatches: a whole page and one more row is exactly the full query's page).
db::BuiltQuery BuildWindow(const CatalogueFilter& filter, std::int64_t window);
/// (category_id, count) per category and, in the second query, the number of performers.
db::BuiltQuery BuildCategoryCounts(const CatalogueFilter& filter, const search::Corrected& corrected);
db::BuiltQuery BuildTotal(const CatalogueFilter& filter, const search::Corrected& corrected);
}  // namespace catalogue_detail

}  // namespace artel::profiles

namespace artel::web {
class App;
}  // namespace artel::web

namespace artel::profiles {

/// Adds GET /api/freelancers and GET /api/freelancers/counts (catalogue_routes.cpp).
void RegisterCatalogue(web::App& app, Catalogue& catalogue);

}  // namespace artel::profiles
