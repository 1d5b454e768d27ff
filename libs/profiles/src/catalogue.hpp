#pragma once

// The freelancer catalogue (GET /api/freelancers, GET /api/freelancers/counts): the performers with a main
// specialization, filtered, searched (libs/search over profiles.freelancers.search and
// profiles.search_lexemes, the orders' typo fallback) and keyset-paginated by rating, review count, recent
// activity or rate. The SQL is built from the filters with bound values only (db::SqlBuilder), as the order
// list's; every sort has its own partial index (db/migrations/profiles/0019_catalogue.sql).

#include <boost/asio/awaitable.hpp>
#include <boost/json/array.hpp>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "artel/db/pool.hpp"
#include "artel/db/sql_builder.hpp"
#include "artel/search/search.hpp"

namespace artel::catalog {
class Catalog;
class Snapshot;
}  // namespace artel::catalog

namespace artel::web {
struct Request;
}  // namespace artel::web

namespace artel::profiles {

enum class CatalogueSort { kRating, kReviews, kActivity, kRateAsc, kRateDesc };

std::optional<CatalogueSort> ParseCatalogueSort(std::string_view name);

inline constexpr std::int32_t kCatalogueDefaultLimit = 20;
inline constexpr std::int32_t kCatalogueMaxLimit = 50;
/// Skills a filter may require at once, and skills a card shows.
inline constexpr std::size_t kCatalogueMaxSkillFilter = 10;
inline constexpr std::size_t kCardSkills = 8;
inline constexpr std::size_t kCardCovers = 3;

struct CatalogueFilter {
  std::optional<std::int32_t> category_id;
  std::optional<std::int32_t> specialization_id;
  std::optional<std::string> query;
  /// Every one of them.
  std::vector<std::int64_t> skill_ids;
  std::optional<std::int32_t> country_id;
  std::optional<std::int32_t> city_id;
  /// At least one portfolio project.
  bool portfolio = false;
  /// The rate range in rouble kopecks (rate_base).
  std::optional<std::int64_t> rate_min_base;
  std::optional<std::int64_t> rate_max_base;
  std::optional<std::int32_t> rating_min;
  bool available = false;
  bool online = false;
  CatalogueSort sort = CatalogueSort::kRating;
  std::optional<std::string> cursor;
  std::int32_t limit = kCatalogueDefaultLimit;
};

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

struct CatalogueCounts {
  std::int64_t total = 0;
  std::vector<std::pair<std::int32_t, std::int64_t>> categories;
};

struct CataloguePage {
  /// FreelancerCard objects.
  boost::json::array items;
  std::optional<std::string> next_cursor;
  /// The typo fallback's words when it made this page.
  std::optional<std::string> corrected;
};

class Catalogue final {
 public:
  Catalogue(db::Pool& pool, catalog::Catalog& catalog);
  ~Catalogue();
  Catalogue(const Catalogue&) = delete;
  Catalogue& operator=(const Catalogue&) = delete;

  catalog::Catalog& Catalog() noexcept;

  boost::asio::awaitable<CataloguePage> List(const CatalogueFilter& filter);
  /// Cached for a few seconds per filter combination (kernel::TtlCache, as the orders' counts).
  boost::asio::awaitable<CatalogueCounts> Counts(const CatalogueFilter& filter);

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace artel::profiles

namespace artel::web {
class App;
}  // namespace artel::web

namespace artel::profiles {

/// Adds GET /api/freelancers and GET /api/freelancers/counts (catalogue_routes.cpp).
void RegisterCatalogue(web::App& app, Catalogue& catalogue);

}  // namespace artel::profiles
