#pragma once

// The home page's front (issue 26): what a guest sees first on /{lang}: every category with its live counts
// of open orders, catalogue freelancers and published vacancies, the newest public orders and vacancies, and
// the top-rated freelancers. Everything in it comes from the domains' own public lists (orders::Orders::List,
// vacancies::Vacancies::List, profiles::Catalogue), under their visibility rules for a guest, so it never
// shows what a guest could not open (a personal order, a draft, a blocked account). It is the same for every
// reader and is kept for `Settings::ttl` (one request of the SPA, one set of queries per ttl, not per visit).
// Knows nothing of HTTP.

#include <boost/asio/awaitable.hpp>
#include <boost/describe/class.hpp>
#include <chrono>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "artel/core/clock.hpp"
#include "artel/kernel/money.hpp"
#include "artel/profiles/profiles.hpp"
#include "artel/storage/storage.hpp"
#include "artel/vacancies/vacancies.hpp"

namespace artel::orders {
class Orders;
}  // namespace artel::orders
namespace artel::profiles {
class Catalogue;
}  // namespace artel::profiles

namespace artel::home {

struct OrderTeaser {
  std::int64_t id = 0;
  std::string name;
  std::int32_t category_id = 0;
  std::optional<kernel::Money> budget;
  std::string payment_option;
  std::int32_t bid_count = 0;
  std::optional<std::int32_t> country_id;
  std::optional<std::int32_t> city_id;
  TimePoint created_at;
};
BOOST_DESCRIBE_STRUCT(OrderTeaser, (),
                      (id, name, category_id, budget, payment_option, bid_count, country_id, city_id,
                       created_at))

struct CompanyTeaser {
  std::int64_t id = 0;
  std::string name;
  std::optional<storage::ImageView> logo;
  bool verified = false;
};
BOOST_DESCRIBE_STRUCT(CompanyTeaser, (), (id, name, logo, verified))

struct VacancyTeaser {
  std::int64_t id = 0;
  std::string title;
  CompanyTeaser company;
  std::int32_t category_id = 0;
  std::optional<vacancies::Salary> salary;
  std::string employment;
  std::string schedule;
  std::optional<std::int32_t> country_id;
  std::optional<std::int32_t> city_id;
  std::optional<TimePoint> published_at;
};
BOOST_DESCRIBE_STRUCT(VacancyTeaser, (),
                      (id, title, company, category_id, salary, employment, schedule, country_id, city_id,
                       published_at))

struct FreelancerStats {
  std::optional<double> rating;
  std::int32_t review_count = 0;
  std::int32_t completed_orders = 0;
};
BOOST_DESCRIBE_STRUCT(FreelancerStats, (), (rating, review_count, completed_orders))

/// The part of the catalogue's card (profiles::FreelancerCardView) the home page shows.
struct FreelancerTeaser {
  profiles::UserCardView user;
  std::optional<std::string> slug;
  std::string headline;
  std::int32_t main_specialization_id = 0;
  bool available = false;
  bool online = false;
  FreelancerStats stats;
};
BOOST_DESCRIBE_STRUCT(FreelancerTeaser, (),
                      (user, slug, headline, main_specialization_id, available, online, stats))

struct CategoryFigures {
  std::int32_t category_id = 0;
  std::int64_t orders = 0;
  std::int64_t freelancers = 0;
  std::int64_t vacancies = 0;
};
BOOST_DESCRIBE_STRUCT(CategoryFigures, (), (category_id, orders, freelancers, vacancies))

struct Totals {
  std::int64_t orders = 0;
  std::int64_t freelancers = 0;
  std::int64_t vacancies = 0;
};
BOOST_DESCRIBE_STRUCT(Totals, (), (orders, freelancers, vacancies))

/// The GET /api/home answer (the HomeFront schema).
struct Front {
  Totals totals;
  /// Every category of the catalog, in its order, zero counts included.
  std::vector<CategoryFigures> categories;
  std::vector<OrderTeaser> orders;
  std::vector<VacancyTeaser> vacancies;
  std::vector<FreelancerTeaser> freelancers;
  /// When these figures were read (they are at most Settings::ttl old).
  TimePoint generated_at;
};
BOOST_DESCRIBE_STRUCT(Front, (), (totals, categories, orders, vacancies, freelancers, generated_at))

struct Settings {
  /// How long one front is served before it is read again (`home.ttl`, seconds; 0: read on every request).
  std::chrono::seconds ttl{30};
  /// Orders, vacancies and freelancers shown (`home.items`).
  std::uint32_t items = 6;
};

struct Domains {
  orders::Orders& orders;
  vacancies::Vacancies& vacancies;
  profiles::Catalogue& catalogue;
};

class Home final {
 public:
  Home(Domains domains, Settings settings, const Clock& clock = DefaultClock());
  ~Home();
  Home(const Home&) = delete;
  Home& operator=(const Home&) = delete;

  /// The front as of at most `ttl` ago. Concurrent requests while it is stale may each read it once; the
  /// last one read is kept.
  boost::asio::awaitable<Front> Get();

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace artel::home
