#pragma once

#include <boost/asio/awaitable.hpp>
#include <boost/describe/class.hpp>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "artel/core/clock.hpp"
#include "artel/kernel/json.hpp"
#include "artel/vacancies/filter.hpp"
#include "artel/vacancies/state_machine.hpp"

namespace artel::db {
class Pool;
class Transaction;
}  // namespace artel::db

namespace artel::catalog {
class Catalog;
}  // namespace artel::catalog

namespace artel::platform {
class EventBus;
}  // namespace artel::platform

namespace artel::vacancies {

/// A salary range in minor units of `currency` (either end may be open, not both).
struct Salary {
  std::optional<std::int64_t> from;
  std::optional<std::int64_t> to;
  std::string currency;
  bool gross = true;
  bool operator==(const Salary&) const = default;
};
BOOST_DESCRIBE_STRUCT(Salary, (), (from, to, currency, gross))

struct Contact {
  std::string name;
  std::string email;
  std::string phone;
  bool operator==(const Contact&) const = default;
};
BOOST_DESCRIBE_STRUCT(Contact, (), (name, email, phone))

/// A vacancy form (the service checks it on every Create and Update: CheckRules, CheckReferences).
struct VacancyInput {
  std::int64_t company_id = 0;
  std::string title;
  std::int32_t category_id = 0;
  std::optional<std::int32_t> specialization_id;
  std::string description;
  std::vector<std::int64_t> skill_ids;
  /// nullopt: by agreement.
  std::optional<Salary> salary;
  /// The top of the range (to, else from) in kopecks at the catalog's rate (set with salary).
  std::optional<std::int64_t> salary_base;
  std::string employment;
  std::string schedule;
  std::string experience;
  std::string education;
  std::optional<std::int32_t> country_id;
  std::optional<std::int32_t> city_id;
  std::string address;
  Contact contact;
  bool publish = false;
};

/// An edit (api.yaml's VacancyPatch): each property absent (keep) or sent; a null clears a nullable one. The
/// service merges it onto the stored form and checks the result as a full form. Catalog ids are int64 as sent
/// (one beyond the catalog's int32 ids is unknown). `company_id` may only repeat the vacancy's company.
struct VacancyPatch {
  kernel::Patch<std::int64_t> company_id;
  kernel::Patch<std::string> title;
  kernel::Patch<std::int64_t> category_id;
  kernel::Patch<std::optional<std::int64_t>> specialization_id;
  kernel::Patch<std::string> description;
  kernel::Patch<std::vector<std::int64_t>> skill_ids;
  kernel::Patch<std::optional<Salary>> salary;
  kernel::Patch<std::string> employment;
  kernel::Patch<std::string> schedule;
  kernel::Patch<std::string> experience;
  kernel::Patch<std::string> education;
  kernel::Patch<std::optional<std::int64_t>> country_id;
  kernel::Patch<std::optional<std::int64_t>> city_id;
  kernel::Patch<std::string> address;
  kernel::Patch<Contact> contact;
};
BOOST_DESCRIBE_STRUCT(VacancyPatch, (),
                      (company_id, title, category_id, specialization_id, description, skill_ids, salary,
                       employment, schedule, experience, education, country_id, city_id, address, contact))

struct CompanyCard {
  std::int64_t id = 0;
  std::string name;
  std::optional<std::string> logo;
  std::optional<std::string> logo_thumbnail;
  bool verified = false;
  std::int64_t rating_sum = 0;
  std::int64_t review_count = 0;
};

struct Vacancy {
  std::int64_t id = 0;
  std::int64_t owner_id = 0;
  CompanyCard company;
  std::string title;
  std::int32_t category_id = 0;
  std::optional<std::int32_t> specialization_id;
  /// The whole text for a detail, an excerpt in lists.
  std::string description;
  std::vector<std::int64_t> skill_ids;
  std::optional<Salary> salary;
  std::string employment;
  std::string schedule;
  std::string experience;
  std::string education;
  std::optional<std::int32_t> country_id;
  std::optional<std::int32_t> city_id;
  std::string address;
  Contact contact;
  Status status = Status::kDraft;
  std::optional<TimePoint> published_at;
  std::optional<TimePoint> expires_at;
  std::optional<TimePoint> archived_at;
  TimePoint created_at;
  TimePoint updated_at;
  std::int32_t response_count = 0;
  std::int32_t new_response_count = 0;
  std::int32_t view_count = 0;
};

inline constexpr std::size_t kExcerptLength = 200;
inline constexpr std::size_t kMaxSkills = 30;
/// Largest salary in minor units (ten billion in major units), as orders' budget.
inline constexpr std::int64_t kMaxAmount = 1'000'000'000'000;

struct Page {
  std::vector<Vacancy> items;
  std::optional<std::string> next_cursor;
  /// The typo fallback's words when it answered instead of the words as typed.
  std::optional<std::string> corrected;
};

struct CategoryCount {
  std::int32_t category_id = 0;
  std::int64_t count = 0;
};

/// Vacancies: creation, edits, the state machine's transitions, visibility, lists and the archive job.
/// Knows nothing of HTTP (routes.cpp maps it). Expected failures throw artel::Error: NotFound for a missing
/// vacancy and for one the caller may not see or change (someone else's), Conflict for an illegal
/// transition.
class Vacancies final {
 public:
  Vacancies(db::Pool& pool, catalog::Catalog& catalog, platform::EventBus& events,
            const Clock& clock = DefaultClock());
  ~Vacancies();
  Vacancies(const Vacancies&) = delete;
  Vacancies& operator=(const Vacancies&) = delete;

  catalog::Catalog& Catalog() noexcept;
  const Clock& GetClock() const noexcept;

  /// A vacancy of `input.company_id`, which must be `user_id`'s (NotFound companies:not_found otherwise):
  /// a draft, or published with `input.publish`. Returns the new id.
  boost::asio::awaitable<std::int64_t> Create(std::int64_t user_id, const VacancyInput& input);
  boost::asio::awaitable<std::int64_t> Create(db::Transaction& tx, std::int64_t user_id,
                                              const VacancyInput& input);
  /// The owner's edit (every field but the company).
  boost::asio::awaitable<void> Update(std::int64_t user_id, std::int64_t vacancy_id,
                                      const VacancyInput& input);
  /// The owner's edit as a patch merged onto the stored form (somebody else's vacancy: NotFound first), the
  /// merged form checked as a full one; another company → 422 vacancies:company_unchangeable.
  boost::asio::awaitable<void> Update(std::int64_t user_id, std::int64_t vacancy_id,
                                      const VacancyPatch& patch);
  /// The owner's draft only.
  boost::asio::awaitable<void> Delete(std::int64_t user_id, std::int64_t vacancy_id);
  /// publish, archive, renew: the owner's transitions.
  boost::asio::awaitable<void> Transition(std::int64_t user_id, std::int64_t vacancy_id, Action action);

  /// The vacancy as `viewer_id` may see it (a draft: its owner only); NotFound otherwise. With
  /// `count_view`, a viewer who is not the owner adds one to view_count.
  boost::asio::awaitable<Vacancy> GetVisible(std::int64_t vacancy_id, std::optional<std::int64_t> viewer_id,
                                             bool count_view = false);
  /// The owner's own vacancy (any status); NotFound for anybody else.
  boost::asio::awaitable<Vacancy> GetOwn(std::int64_t user_id, std::int64_t vacancy_id);

  boost::asio::awaitable<Page> List(const Filter& filter, std::optional<std::string> cursor,
                                    std::int32_t limit);
  /// Published vacancies per category under `filter` (its category and sort ignored); cached for a few
  /// seconds per filter.
  boost::asio::awaitable<std::vector<CategoryCount>> CountByCategory(const Filter& filter);
  /// The user's vacancies, most recently changed first.
  boost::asio::awaitable<Page> ListMine(std::int64_t user_id, std::optional<Status> status,
                                        std::optional<std::int64_t> company_id,
                                        std::optional<std::string> cursor, std::int32_t limit);
  /// A company's published vacancies, newest first.
  boost::asio::awaitable<Page> ListOfCompany(std::int64_t company_id, std::optional<std::string> cursor,
                                             std::int32_t limit);

  /// The 30-day rule: archives published vacancies whose expires_at has passed, at most `batch` per call,
  /// skipping rows other instances hold (FOR UPDATE SKIP LOCKED); each publishes VacancyArchived. Returns
  /// the ids archived.
  boost::asio::awaitable<std::vector<std::int64_t>> ArchiveExpired(TimePoint now, int batch = 200);

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace artel::vacancies
