#pragma once

// The freelancer catalogue's service (GET /api/freelancers, GET /api/freelancers/counts): the performers with
// a main specialization, filtered, searched and keyset-paginated by rating, review count, recent activity or
// rate. Public so that other domains can show a part of it (the home page's top freelancers takes the cards
// as they are); the query's rules beyond its schema and the SQL builders are private (src/catalogue.hpp).

#include <boost/asio/awaitable.hpp>
#include <boost/describe/class.hpp>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "artel/core/clock.hpp"
#include "artel/profiles/editor.hpp"
#include "artel/profiles/profiles.hpp"

namespace artel::catalog {
class Catalog;
}  // namespace artel::catalog

namespace artel::db {
class Pool;
}  // namespace artel::db

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

struct CatalogueCounts {
  std::int64_t total = 0;
  std::vector<std::pair<std::int32_t, std::int64_t>> categories;
};

/// The contract's `FreelancerCard`: one performer of the catalogue.
struct FreelancerCardView {
  UserCardView user;
  /// The portfolio address (freelancer/<slug>).
  std::optional<std::string> slug;
  std::string headline;
  std::int32_t main_specialization_id = 0;
  std::vector<std::int64_t> specialization_ids;
  /// The first kCardSkills of the performer's skills.
  std::vector<std::int64_t> skill_ids;
  std::optional<std::int32_t> country_id;
  std::optional<std::int32_t> city_id;
  /// The hourly rate (minor units).
  std::optional<RateView> rate;
  bool available = false;
  bool online = false;
  PerformerStatsView stats;
  std::int32_t project_count = 0;
  /// Thumbnail URLs of the covers of the first kCardCovers projects.
  std::vector<std::string> covers;
  TimePoint active_at;
};
BOOST_DESCRIBE_STRUCT(FreelancerCardView, (),
                      (user, slug, headline, main_specialization_id, specialization_ids, skill_ids,
                       country_id, city_id, rate, available, online, stats, project_count, covers, active_at))

/// The contract's `FreelancerPage`.
struct CataloguePage {
  std::vector<FreelancerCardView> items;
  std::optional<std::string> next_cursor;
  /// The typo fallback's words when it made this page.
  std::optional<std::string> corrected;
};
BOOST_DESCRIBE_STRUCT(CataloguePage, (), (items, next_cursor, corrected))

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
