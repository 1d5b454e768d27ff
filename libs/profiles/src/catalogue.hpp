#pragma once

// The freelancer catalogue's private part (the service is artel/profiles/catalogue.hpp): the query as the
// contract reads it (listFreelancers, countFreelancers) and what its schema cannot state, the cursors and the
// SQL, searched with libs/search over profiles.freelancers.search and profiles.search_lexemes (the orders'
// typo fallback). The SQL is built from the filters with bound values only (db::SqlBuilder), as
// the order list's; every sort has its own partial index (db/migrations/profiles/0019_catalogue.sql).

#include <boost/describe/class.hpp>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "artel/db/pool.hpp"
#include "artel/db/sql_builder.hpp"
#include "artel/profiles/catalogue.hpp"
#include "artel/search/search.hpp"

namespace artel::catalog {
class Catalog;
class Snapshot;
}  // namespace artel::catalog

namespace artel::profiles {

/// countFreelancers' query parameters (libs/profiles/api.yaml), as its schema checked them.
struct CatalogueCountsQuery {
  std::optional<std::string> specialization;
  std::optional<std::string> q;
  std::vector<std::int64_t> skill;
  std::optional<std::int64_t> country;
  std::optional<std::int64_t> city;
  bool portfolio = false;
  std::optional<std::int64_t> rate_min;
  std::optional<std::int64_t> rate_max;
  std::optional<std::string> currency;
  std::optional<std::int32_t> rating_min;
  bool available = false;
  bool online = false;
};
BOOST_DESCRIBE_STRUCT(CatalogueCountsQuery, (),
                      (specialization, q, skill, country, city, portfolio, rate_min, rate_max, currency,
                       rating_min, available, online))

/// listFreelancers' query parameters: the counts' and the category, the sort and the page.
struct CatalogueQuery : CatalogueCountsQuery {
  std::optional<std::string> category;
  std::string sort = "rating";
  std::optional<std::string> cursor;
  std::int32_t limit = kCatalogueDefaultLimit;
};
BOOST_DESCRIBE_STRUCT(CatalogueQuery, (CatalogueCountsQuery), (category, sort, cursor, limit))

/// The filter of a query the schema let through, against the catalog: what no schema states (a category,
/// specialization and currency the catalog knows, country and city ids within the catalog's range, rate_min
/// not above rate_max; the rates from major units of the currency to rouble kopecks). Throws ValidationFailed
/// with every such parameter (orders:filter_invalid and the catalog's messages, as the order
/// list).
CatalogueFilter CatalogueFilterOf(const CatalogueCountsQuery& query, const catalog::Snapshot& catalog);
CatalogueFilter CatalogueFilterOf(const CatalogueQuery& query, const catalog::Snapshot& catalog);

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
