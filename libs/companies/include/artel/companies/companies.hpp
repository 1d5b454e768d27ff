#pragma once

// Companies (employers) and their reviews: the service behind tag `companies` of docs/api/openapi.yaml.
// Knows nothing of HTTP (routes.cpp maps it). Expected failures throw artel::Error: NotFound for a company
// that does not exist and for someone else's company on an owner's action (it does not exist for them),
// Conflict for what the state forbids (companies:own_company, companies:already_replied, …).

#include <array>
#include <boost/asio/awaitable.hpp>
#include <boost/json/object.hpp>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "artel/core/clock.hpp"
#include "artel/db/contributions.hpp"
#include "artel/db/pool.hpp"
#include "artel/kernel/user_card.hpp"

namespace artel::platform {
class EventBus;
}  // namespace artel::platform

namespace artel::storage {
class FileReferences;
}  // namespace artel::storage

namespace artel::companies {

/// The code lists of migration 0023 (names in i18n `jobs:industry.*`, `jobs:size.*`, `jobs:relation.*`).
inline constexpr std::array<std::string_view, 15> kIndustries{
    "it",         "finance",    "retail", "manufacturing", "construction",
    "education",  "healthcare", "media",  "logistics",     "hospitality",
    "government", "consulting", "energy", "agriculture",   "other"};
inline constexpr std::array<std::string_view, 5> kSizes{"1_10", "11_50", "51_200", "201_1000", "1000_plus"};
inline constexpr std::array<std::string_view, 3> kRelations{"current", "former", "candidate"};
/// The optional axes of a review, in this order everywhere (columns, sums, JSON).
inline constexpr std::array<std::string_view, 5> kAxes{"salary", "management", "team", "growth",
                                                       "conditions"};

/// A company's fields as its owner writes them (POST, and PATCH merged over the stored ones).
struct CompanyInput {
  std::string name;
  std::string description;
  std::optional<std::string> website;
  std::string industry;
  std::string size;
  std::optional<std::int32_t> country_id;
  std::optional<std::int32_t> city_id;
  std::optional<std::int32_t> founded_year;
};

struct Company {
  std::int64_t id = 0;
  std::int64_t owner_id = 0;
  CompanyInput fields;
  /// storage::FileStore names; both or neither.
  std::optional<std::string> logo;
  std::optional<std::string> logo_thumbnail;
  bool verified = false;
  /// The review sums of migration 0023.
  std::int32_t rating_sum = 0;
  std::int32_t review_count = 0;
  std::array<std::int32_t, kAxes.size()> axis_sums{};
  std::array<std::int32_t, kAxes.size()> axis_counts{};
  std::int32_t recommend_yes = 0;
  std::int32_t recommend_count = 0;
  TimePoint created_at;
  TimePoint updated_at;
};

struct ReviewInput {
  std::int32_t rating = 0;
  std::array<std::optional<std::int32_t>, kAxes.size()> axes{};
  std::string pros;
  std::string cons;
  std::string relation;
  std::string position;
  std::optional<bool> recommend;
  bool anonymous = false;
};

struct Review {
  std::int64_t id = 0;
  std::int64_t company_id = 0;
  /// Always read (the author sees their own review with their card); ReviewJson hides it from everybody
  /// else when `input.anonymous`.
  kernel::UserCard author;
  ReviewInput input;
  std::optional<std::string> reply;
  std::optional<TimePoint> replied_at;
  TimePoint created_at;
  TimePoint updated_at;
};

struct ReviewPage {
  std::vector<Review> items;
  std::optional<std::string> next_cursor;
};

/// The Company shape of the contract for `viewer_id` (is_owner), before contributors: `vacancy_count` 0.
boost::json::object CompanyJson(const Company& company, std::optional<std::int64_t> viewer_id);
/// {average, review_count, axes, recommend_percent} from the stored sums.
boost::json::object RatingJson(const Company& company);
/// The CompanyReview shape for `viewer_id`: `author` is null for an anonymous review unless the viewer wrote
/// it (nobody else, the company's owner included, ever learns who did).
boost::json::object ReviewJson(const Review& review, std::optional<std::int64_t> viewer_id);

/// A part another module adds to every Company answer (vacancies: `vacancy_count`), as orders'
/// DetailContributor: `queries` for the company (sent in one pipeline with the other parts'), then `apply`
/// with its own results, in the order given.
using CompanyContributor = db::Contributor<const Company&, std::optional<std::int64_t>>;

class Companies final {
 public:
  /// Reviews and replies publish ReviewPosted / ReplyPosted (artel/companies/events.hpp) inside their
  /// transactions.
  Companies(db::Pool& pool, platform::EventBus& events, const Clock& clock = DefaultClock());
  ~Companies();
  Companies(const Companies&) = delete;
  Companies& operator=(const Companies&) = delete;

  boost::asio::awaitable<Company> Create(std::int64_t owner_id, const CompanyInput& input);
  /// NotFound (companies:not_found) when there is no such company.
  boost::asio::awaitable<Company> Get(std::int64_t company_id);
  /// The company when `user_id` owns it; NotFound otherwise.
  boost::asio::awaitable<Company> GetOwned(std::int64_t company_id, std::int64_t user_id);
  boost::asio::awaitable<Company> Update(std::int64_t company_id, std::int64_t user_id,
                                         const CompanyInput& input);
  /// Conflict companies:has_vacancies while a vacancy references it (the RESTRICT foreign key).
  boost::asio::awaitable<void> Delete(std::int64_t company_id, std::int64_t user_id);
  /// Sets (or with nullopt removes) the logo and its thumbnail; the files it stops using are left to the
  /// sweep.
  boost::asio::awaitable<Company> SetLogo(std::int64_t company_id, std::int64_t user_id,
                                          std::optional<std::pair<std::string, std::string>> logo);
  /// The user's companies, newest first.
  boost::asio::awaitable<std::vector<Company>> OfOwner(std::int64_t user_id);
  /// For administrators (the route checks the role).
  boost::asio::awaitable<Company> SetVerified(std::int64_t company_id, bool verified);

  boost::asio::awaitable<ReviewPage> Reviews(std::int64_t company_id, std::optional<std::string> cursor,
                                             std::int32_t limit);
  boost::asio::awaitable<std::optional<Review>> ReviewOf(std::int64_t company_id, std::int64_t user_id);
  /// Writes or rewrites the user's one review; `second` is true when it was created. Conflict
  /// companies:own_company for the company's owner. The company's sums change in the same transaction.
  boost::asio::awaitable<std::pair<Review, bool>> PutReview(std::int64_t company_id, std::int64_t user_id,
                                                            const ReviewInput& input);
  boost::asio::awaitable<void> DeleteReview(std::int64_t company_id, std::int64_t user_id);
  /// The owner's one reply; Conflict companies:already_replied for a second.
  boost::asio::awaitable<Review> Reply(std::int64_t company_id, std::int64_t review_id, std::int64_t user_id,
                                       std::string text);

  void AddContributor(CompanyContributor contributor);
  /// CompanyJson with every contributor's part.
  boost::asio::awaitable<boost::json::object> Json(const Company& company,
                                                   std::optional<std::int64_t> viewer_id);

  /// Removes up to `batch` logo files dropped before `cutoff` from the bookkeeping and returns the names
  /// nothing uses any more (no company, no other owner of storage::FileReferences).
  boost::asio::awaitable<std::vector<std::string>> SweepLogos(TimePoint cutoff, int batch = 500);
  void UseFileReferences(const storage::FileReferences& references);

  /// The owner of the company, read inside the caller's transaction (nullopt: no such company). Others
  /// (vacancies) may equally join companies.companies in their own SQL.
  static boost::asio::awaitable<std::optional<std::int64_t>> OwnerOf(db::Transaction& tx,
                                                                     std::int64_t company_id);

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace artel::companies
