#pragma once

// Companies (employers) and their reviews: the service behind tag `companies` of docs/api/openapi.yaml.
// Knows nothing of HTTP (routes.cpp maps it). Expected failures throw artel::Error: NotFound for a company
// that does not exist and for someone else's company on an owner's action (it does not exist for them),
// Conflict for what the state forbids (companies:own_company, companies:already_replied, …).

#include <array>
#include <boost/asio/awaitable.hpp>
#include <boost/describe/class.hpp>
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
#include "artel/kernel/json.hpp"
#include "artel/kernel/user_card.hpp"

namespace artel::catalog {
class Catalog;
}  // namespace artel::catalog

namespace artel::platform {
class EventBus;
}  // namespace artel::platform

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

/// A company's fields as its owner writes them (createCompany's body, api.yaml CompanyInput; an update merges
/// a CompanyPatch onto the stored ones). Create/Update check the rules whoever calls.
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
BOOST_DESCRIBE_STRUCT(CompanyInput, (),
                      (name, description, website, industry, size, country_id, city_id, founded_year))

/// updateCompany's body (api.yaml CompanyPatch): the fields sent replace the stored ones (null clears an
/// optional one); Companies::Update merges it and checks the merged form with the rules of a whole one.
struct CompanyPatch {
  kernel::Patch<std::string> name;
  kernel::Patch<std::string> description;
  kernel::Patch<std::optional<std::string>> website;
  kernel::Patch<std::string> industry;
  kernel::Patch<std::string> size;
  kernel::Patch<std::optional<std::int32_t>> country_id;
  kernel::Patch<std::optional<std::int32_t>> city_id;
  kernel::Patch<std::optional<std::int32_t>> founded_year;

  /// `stored` with the fields this patch sends.
  CompanyInput MergedOnto(CompanyInput stored) const;
};
BOOST_DESCRIBE_STRUCT(CompanyPatch, (),
                      (name, description, website, industry, size, country_id, city_id, founded_year))

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
  /// Always read (the author sees their own review with their card); the answer (views.cpp) hides it from
  /// everybody else when `input.anonymous`.
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

/// A part another module adds to every Company answer (vacancies: `vacancy_count`), as orders'
/// DetailContributor: `queries` for the company (sent in one pipeline with the other parts'), then `apply`
/// with its own results, in the order given, writing properties of the contract's Company schema.
using CompanyContributor = db::Contributor<const Company&, std::optional<std::int64_t>>;

class Companies final {
 public:
  /// Reviews and replies publish ReviewPosted / ReplyPosted (artel/companies/events.hpp) inside their
  /// transactions. The catalog checks a form's country and city.
  Companies(db::Pool& pool, catalog::Catalog& catalog, platform::EventBus& events,
            const Clock& clock = DefaultClock());
  ~Companies();
  Companies(const Companies&) = delete;
  Companies& operator=(const Companies&) = delete;

  /// ValidationFailed when the form breaks its rules (CheckRules) or names an unknown country or city, or a
  /// city of another country (CheckReferences), every field's error at once.
  boost::asio::awaitable<Company> Create(std::int64_t owner_id, const CompanyInput& input);
  /// NotFound (companies:not_found) when there is no such company.
  boost::asio::awaitable<Company> Get(std::int64_t company_id);
  /// The company when `user_id` owns it; NotFound otherwise.
  boost::asio::awaitable<Company> GetOwned(std::int64_t company_id, std::int64_t user_id);
  /// The patch merged onto the stored form, checked as Create's; somebody else's company is NotFound before
  /// the form is looked at.
  boost::asio::awaitable<Company> Update(std::int64_t company_id, std::int64_t user_id,
                                         const CompanyPatch& patch);
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
  /// The user's review of the company, nullopt when they wrote none; NotFound (companies:not_found) for a
  /// company that does not exist.
  boost::asio::awaitable<std::optional<Review>> ReviewOf(std::int64_t company_id, std::int64_t user_id);
  /// Writes or rewrites the user's one review; `second` is true when it was created. ValidationFailed for a
  /// rating or axis outside 1–5, an unknown relation, texts too long (CheckReview); Conflict
  /// companies:own_company for the company's owner. The company's sums change in the same transaction.
  boost::asio::awaitable<std::pair<Review, bool>> PutReview(std::int64_t company_id, std::int64_t user_id,
                                                            const ReviewInput& input);
  boost::asio::awaitable<void> DeleteReview(std::int64_t company_id, std::int64_t user_id);
  /// The owner's one reply (1 to 2000 characters, trimmed: ValidationFailed on `text`); Conflict
  /// companies:already_replied for a second.
  boost::asio::awaitable<Review> Reply(std::int64_t company_id, std::int64_t review_id, std::int64_t user_id,
                                       std::string text);

  void AddContributor(CompanyContributor contributor);
  /// The properties every contributor adds to the company's answer for `viewer_id` (one pipeline).
  boost::asio::awaitable<boost::json::object> Contributed(const Company& company,
                                                          std::optional<std::int64_t> viewer_id);

  /// The owner of the company, read inside the caller's transaction (nullopt: no such company). Others
  /// (vacancies) may equally join companies.companies in their own SQL.
  static boost::asio::awaitable<std::optional<std::int64_t>> OwnerOf(db::Transaction& tx,
                                                                     std::int64_t company_id);

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace artel::companies
