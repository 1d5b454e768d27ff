#include "artel/vacancies/vacancies.hpp"

#include <boost/json/serialize.hpp>
#include <chrono>

#include "artel/catalog/catalog.hpp"
#include "artel/core/error.hpp"
#include "artel/core/time.hpp"
#include "artel/db/pool.hpp"
#include "artel/kernel/ttl_cache.hpp"
#include "artel/platform/events.hpp"
#include "artel/vacancies/events.hpp"
#include "input.hpp"
#include "query.hpp"

namespace artel::vacancies {
namespace {

using boost::asio::awaitable;
using namespace std::chrono_literals;

constexpr auto kCountsTtl = 10s;
constexpr std::size_t kCountsCacheLimit = 1000;

const std::string& SelectSql() {
  static const std::string sql = "SELECT " + detail::VacancyColumns(false) + R"sql(
FROM vacancies.vacancies v
JOIN companies.companies c ON c.id = v.company_id
WHERE v.id = $1)sql";
  return sql;
}

const std::string& LockOwnSql() {
  static const std::string sql = SelectSql() + " AND v.owner_id = $2\nFOR UPDATE OF v";
  return sql;
}

// The owner is the company's owner when written: the INSERT finds nothing for a company that is not the
// caller's (ownership checked in SQL, joining companies.companies).
constexpr db::Statement kInsert{"vacancies.insert", R"sql(
INSERT INTO vacancies.vacancies (company_id, owner_id, title, category_id, specialization_id, description,
  skill_ids, salary_from, salary_to, salary_currency, salary_gross, salary_base, employment, schedule,
  experience, education, country_id, city_id, address, contact_name, contact_email, contact_phone, status,
  published_at, expires_at, created_at, updated_at)
SELECT c.id, c.owner_id, $3, $4, $5, $6, $7::int[], $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19,
  $20, $21, $22, $23, $24, $25, $26, $26
FROM companies.companies c
WHERE c.id = $1 AND c.owner_id = $2
RETURNING id
)sql"};
constexpr db::Statement kUpdate{"vacancies.update", R"sql(
UPDATE vacancies.vacancies
SET title = $2, category_id = $3, specialization_id = $4, description = $5, skill_ids = $6::int[],
  salary_from = $7, salary_to = $8, salary_currency = $9, salary_gross = $10, salary_base = $11,
  employment = $12, schedule = $13, experience = $14, education = $15, country_id = $16, city_id = $17,
  address = $18, contact_name = $19, contact_email = $20, contact_phone = $21, updated_at = $22
WHERE id = $1
)sql"};
/// The search document (0024): title (A); specialization and key skills in both languages and the company's
/// name (B); description (C). Written by every save.
constexpr db::Statement kRefreshSearch{"vacancies.refresh_search", R"sql(
UPDATE vacancies.vacancies v
SET search = setweight(to_tsvector('russian', v.title), 'A')
  || setweight(to_tsvector('russian', concat_ws(' ',
       (SELECT s.name_en || ' ' || s.name_ru FROM catalog.specializations s WHERE s.id = v.specialization_id),
       (SELECT string_agg(k.name_en || ' ' || k.name_ru, ' ') FROM catalog.skills k WHERE k.id = ANY(v.skill_ids)),
       c.name)), 'B')
  || setweight(to_tsvector('russian', v.description), 'C')
FROM companies.companies c
WHERE v.id = $1 AND c.id = v.company_id
)sql"};
constexpr db::Statement kDelete{"vacancies.delete", R"sql(
DELETE FROM vacancies.vacancies WHERE id = $1
)sql"};
constexpr db::Statement kPublish{"vacancies.publish", R"sql(
UPDATE vacancies.vacancies
SET status = 'published', published_at = $2, expires_at = $3, archived_at = NULL, updated_at = $2
WHERE id = $1
)sql"};
constexpr db::Statement kArchive{"vacancies.archive", R"sql(
UPDATE vacancies.vacancies
SET status = 'archived', archived_at = $2, updated_at = $2
WHERE id = $1
)sql"};
constexpr db::Statement kCountView{"vacancies.count_view", R"sql(
UPDATE vacancies.vacancies SET view_count = view_count + 1 WHERE id = $1
)sql"};
constexpr db::Statement kArchiveExpired{"vacancies.archive_expired", R"sql(
WITH due AS (
  SELECT id FROM vacancies.vacancies
  WHERE status = 'published' AND expires_at <= $1
  ORDER BY expires_at
  LIMIT $2
  FOR UPDATE SKIP LOCKED
)
UPDATE vacancies.vacancies v
SET status = 'archived', archived_at = $1, updated_at = $1
FROM due
WHERE v.id = due.id
RETURNING v.id, v.owner_id, v.title
)sql"};

Error NotFoundVacancy() {
  return NotFound({"vacancies:not_found"});
}

std::string CountsKey(const Filter& filter, std::optional<std::int64_t> salary_base) {
  auto json = filter.ToJson();
  json.erase("category_id");
  json.erase("sort");
  json.erase("salary");
  json.erase("currency");
  if (salary_base) json["salary_base"] = *salary_base;
  return boost::json::serialize(json);
}

std::vector<CategoryCount> ReadCounts(const db::Result& rows) {
  std::vector<CategoryCount> counts;
  for (auto row : rows) {
    CategoryCount count;
    count.category_id = row.Get<std::int32_t>("category_id");
    count.count = row.Get<std::int64_t>("count");
    counts.push_back(count);
  }
  return counts;
}

}  // namespace

struct Vacancies::Impl {
  Impl(db::Pool& p, catalog::Catalog& c, platform::EventBus& e, const Clock& k)
      : pool(p), catalog(c), events(e), clock(k) {}

  db::Pool& pool;
  catalog::Catalog& catalog;

  /// The form with its rules (CheckRules) and catalog references checked (ValidationFailed otherwise) and its
  /// salary's base amount set, whoever calls (the HTTP edge, the demo seeder, tests).
  awaitable<VacancyInput> Checked(const VacancyInput& form) {
    auto snapshot = co_await catalog.Get();
    VacancyInput input = form;
    ValidationErrors errors;
    CheckRules(input, errors);
    CheckReferences(*snapshot, input, errors);
    errors.ThrowIfAny();
    co_return input;
  }
  platform::EventBus& events;
  const Clock& clock;
  kernel::TtlCache<std::vector<CategoryCount>> counts_cache{kCountsTtl, kCountsCacheLimit};

  /// An edit of the locked `vacancy` (its owner's): the state machine's kEdit, the form's checks, the row and
  /// its search document.
  awaitable<void> Save(db::Transaction& tx, const Vacancy& vacancy, const VacancyInput& form);

  awaitable<Vacancy> LockOwn(db::Transaction& tx, std::int64_t user_id, std::int64_t vacancy_id) {
    auto rows = co_await tx.Query(std::string_view(LockOwnSql()), vacancy_id, user_id);
    if (rows.Empty()) throw NotFoundVacancy();
    co_return detail::ReadVacancy(rows[0]);
  }

  awaitable<void> PublishEvent(db::Transaction& tx, const Vacancy& vacancy, TimePoint now) {
    VacancyPublished event;
    event.vacancy_id = vacancy.id;
    event.owner_id = vacancy.owner_id;
    event.title = vacancy.title;
    event.at = now;
    co_await events.Publish(tx, event);
  }
};

Vacancies::Vacancies(db::Pool& pool, catalog::Catalog& catalog, platform::EventBus& events,
                     const Clock& clock)
    : impl_(std::make_unique<Impl>(pool, catalog, events, clock)) {}

Vacancies::~Vacancies() = default;

catalog::Catalog& Vacancies::Catalog() noexcept {
  return impl_->catalog;
}

const Clock& Vacancies::GetClock() const noexcept {
  return impl_->clock;
}

awaitable<std::int64_t> Vacancies::Create(db::Transaction& tx, std::int64_t user_id,
                                          const VacancyInput& form) {
  VacancyInput input = co_await impl_->Checked(form);
  const TimePoint now = impl_->clock.Now();
  const Status status = input.publish ? Status::kPublished : Status::kDraft;
  const std::string_view status_name = StatusName(status);
  std::optional<TimePoint> published_at;
  std::optional<TimePoint> expires_at;
  if (input.publish) {
    published_at = now;
    expires_at = now + kPublicationPeriod;
  }
  std::optional<std::int64_t> from;
  std::optional<std::int64_t> to;
  std::optional<std::string> currency;
  std::optional<bool> gross;
  if (input.salary) {
    from = input.salary->from;
    to = input.salary->to;
    currency = input.salary->currency;
    gross = input.salary->gross;
  }
  auto inserted =
      co_await tx.Query(kInsert, input.company_id, user_id, input.title, input.category_id,
                        input.specialization_id, input.description, input.skill_ids, from, to, currency,
                        gross, input.salary_base, input.employment, input.schedule, input.experience,
                        input.education, input.country_id, input.city_id, input.address, input.contact.name,
                        input.contact.email, input.contact.phone, status_name, published_at, expires_at, now);
  if (inserted.Empty()) throw NotFound({"companies:not_found"});
  const auto vacancy_id = inserted.One().Get<std::int64_t>("id");
  co_await tx.Query(kRefreshSearch, vacancy_id);
  if (input.publish) {
    VacancyPublished event;
    event.vacancy_id = vacancy_id;
    event.owner_id = user_id;
    event.title = input.title;
    event.at = now;
    co_await impl_->events.Publish(tx, event);
  }
  co_return vacancy_id;
}

awaitable<std::int64_t> Vacancies::Create(std::int64_t user_id, const VacancyInput& input) {
  auto tx = co_await impl_->pool.Begin();
  auto vacancy_id = co_await Create(tx, user_id, input);
  co_await tx.Commit();
  co_return vacancy_id;
}

awaitable<void> Vacancies::Update(std::int64_t user_id, std::int64_t vacancy_id, const VacancyInput& form) {
  auto tx = co_await impl_->pool.Begin();
  // Somebody else's vacancy is 404 before its form is looked at.
  auto vacancy = co_await impl_->LockOwn(tx, user_id, vacancy_id);
  co_await impl_->Save(tx, vacancy, form);
  co_await tx.Commit();
}

awaitable<void> Vacancies::Update(std::int64_t user_id, std::int64_t vacancy_id, const VacancyPatch& patch) {
  auto tx = co_await impl_->pool.Begin();
  // Somebody else's vacancy is 404 before its form is looked at.
  auto vacancy = co_await impl_->LockOwn(tx, user_id, vacancy_id);
  if (patch.company_id && patch.company_id.value != vacancy.company.id) {
    ValidationErrors errors;
    errors.Add("company_id", {"vacancies:company_unchangeable", {}});
    errors.ThrowIfAny();
  }
  VacancyInput form = FormOf(vacancy);
  Merge(patch, form);
  co_await impl_->Save(tx, vacancy, form);
  co_await tx.Commit();
}

awaitable<void> Vacancies::Impl::Save(db::Transaction& tx, const Vacancy& vacancy, const VacancyInput& form) {
  const std::int64_t vacancy_id = vacancy.id;
  Apply(vacancy.status, Action::kEdit);
  VacancyInput input = co_await Checked(form);
  const TimePoint now = clock.Now();
  std::optional<std::int64_t> from;
  std::optional<std::int64_t> to;
  std::optional<std::string> currency;
  std::optional<bool> gross;
  if (input.salary) {
    from = input.salary->from;
    to = input.salary->to;
    currency = input.salary->currency;
    gross = input.salary->gross;
  }
  co_await tx.Query(kUpdate, vacancy_id, input.title, input.category_id, input.specialization_id,
                    input.description, input.skill_ids, from, to, currency, gross, input.salary_base,
                    input.employment, input.schedule, input.experience, input.education, input.country_id,
                    input.city_id, input.address, input.contact.name, input.contact.email,
                    input.contact.phone, now);
  co_await tx.Query(kRefreshSearch, vacancy_id);
}

awaitable<void> Vacancies::Delete(std::int64_t user_id, std::int64_t vacancy_id) {
  auto tx = co_await impl_->pool.Begin();
  auto vacancy = co_await impl_->LockOwn(tx, user_id, vacancy_id);
  Apply(vacancy.status, Action::kDelete);
  co_await tx.Query(kDelete, vacancy_id);
  co_await tx.Commit();
}

awaitable<void> Vacancies::Transition(std::int64_t user_id, std::int64_t vacancy_id, Action action) {
  auto tx = co_await impl_->pool.Begin();
  auto vacancy = co_await impl_->LockOwn(tx, user_id, vacancy_id);
  const TimePoint now = impl_->clock.Now();
  switch (action) {
    case Action::kPublish:
    case Action::kRenew: {
      if (action == Action::kRenew) {
        ApplyRenew(vacancy.status, vacancy.published_at, now);
      } else {
        Apply(vacancy.status, action);
      }
      const TimePoint expires = now + kPublicationPeriod;
      co_await tx.Query(kPublish, vacancy_id, now, expires);
      if (action == Action::kPublish) co_await impl_->PublishEvent(tx, vacancy, now);
      break;
    }
    case Action::kArchive: {
      Apply(vacancy.status, action);
      co_await tx.Query(kArchive, vacancy_id, now);
      VacancyArchived event;
      event.vacancy_id = vacancy_id;
      event.owner_id = vacancy.owner_id;
      event.title = vacancy.title;
      event.expired = false;
      event.at = now;
      co_await impl_->events.Publish(tx, event);
      break;
    }
    case Action::kEdit:
    case Action::kDelete:
      throw Conflict({"vacancies:illegal_transition", {}});
  }
  co_await tx.Commit();
}

awaitable<Vacancy> Vacancies::GetVisible(std::int64_t vacancy_id, std::optional<std::int64_t> viewer_id,
                                         bool count_view) {
  auto rows = co_await impl_->pool.Query(std::string_view(SelectSql()), vacancy_id);
  if (rows.Empty()) throw NotFoundVacancy();
  auto vacancy = detail::ReadVacancy(rows[0]);
  const bool owner = viewer_id && *viewer_id == vacancy.owner_id;
  if (vacancy.status == Status::kDraft && !owner) throw NotFoundVacancy();
  if (count_view && !owner) {
    co_await impl_->pool.Query(kCountView, vacancy_id);
    ++vacancy.view_count;
  }
  co_return vacancy;
}

awaitable<Vacancy> Vacancies::GetOwn(std::int64_t user_id, std::int64_t vacancy_id) {
  auto rows = co_await impl_->pool.Query(std::string_view(SelectSql()), vacancy_id);
  if (rows.Empty()) throw NotFoundVacancy();
  auto vacancy = detail::ReadVacancy(rows[0]);
  if (vacancy.owner_id != user_id) throw NotFoundVacancy();
  co_return vacancy;
}

awaitable<Page> Vacancies::List(const Filter& filter, std::optional<std::string> cursor, std::int32_t limit) {
  std::optional<std::int64_t> salary_base;
  if (filter.salary) {
    auto catalog = co_await impl_->catalog.Get();
    salary_base = catalog->ToBase(*filter.salary, filter.currency);
    if (!salary_base) co_return Page{};
  }
  const detail::Key key = detail::KeyOf(filter.sort, filter.query.has_value());
  const bool fuzzy_page = cursor && detail::IsFuzzyCursor(key, *cursor);
  if (!fuzzy_page || !filter.query) {  // a typo-fallback cursor without its text is refused by the builder
    auto query = detail::BuildPublicList(filter, salary_base, cursor, limit, std::nullopt);
    auto rows = co_await impl_->pool.Execute(query.statement, std::move(query.params));
    auto page = detail::ReadPage(rows, limit, key);
    if (!page.items.empty() || !filter.query || cursor) co_return page;
  }
  // Words that match nothing may be misspelt: their closest known spellings (vacancies.search_lexemes).
  auto corrected = co_await detail::Lexicon().Correct(impl_->pool, *filter.query);
  if (!corrected) co_return Page{};
  auto fuzzy = detail::BuildPublicList(filter, salary_base, cursor, limit, corrected);
  auto fuzzy_rows = co_await impl_->pool.Execute(fuzzy.statement, std::move(fuzzy.params));
  co_return search::WithCorrection(detail::ReadPage(fuzzy_rows, limit, key, true), *corrected);
}

awaitable<std::vector<CategoryCount>> Vacancies::CountByCategory(const Filter& filter) {
  std::optional<std::int64_t> salary_base;
  if (filter.salary) {
    auto catalog = co_await impl_->catalog.Get();
    salary_base = catalog->ToBase(*filter.salary, filter.currency);
    if (!salary_base) co_return std::vector<CategoryCount>{};
  }
  const std::string key = CountsKey(filter, salary_base);
  if (auto cached = impl_->counts_cache.Get(key)) co_return std::move(*cached);
  auto query = detail::BuildCounts(filter, salary_base, std::nullopt);
  auto rows = co_await impl_->pool.Execute(query.statement, std::move(query.params));
  auto counts = ReadCounts(rows);
  if (counts.empty() && filter.query) {
    // The same typo fallback as the list, so the counts describe the vacancies it shows.
    auto corrected = co_await detail::Lexicon().Correct(impl_->pool, *filter.query);
    if (corrected) {
      auto fuzzy = detail::BuildCounts(filter, salary_base, corrected);
      auto fuzzy_rows = co_await impl_->pool.Execute(fuzzy.statement, std::move(fuzzy.params));
      counts = ReadCounts(fuzzy_rows);
    }
  }
  impl_->counts_cache.Put(key, counts);
  co_return counts;
}

awaitable<Page> Vacancies::ListMine(std::int64_t user_id, std::optional<Status> status,
                                    std::optional<std::int64_t> company_id, std::optional<std::string> cursor,
                                    std::int32_t limit) {
  auto query = detail::BuildMine(user_id, status, company_id, cursor, limit);
  auto rows = co_await impl_->pool.Execute(query.statement, std::move(query.params));
  co_return detail::ReadPage(rows, limit, detail::Key::kUpdated);
}

awaitable<Page> Vacancies::ListOfCompany(std::int64_t company_id, std::optional<std::string> cursor,
                                         std::int32_t limit) {
  auto query = detail::BuildOfCompany(company_id, cursor, limit);
  auto rows = co_await impl_->pool.Execute(query.statement, std::move(query.params));
  co_return detail::ReadPage(rows, limit, detail::Key::kPublished);
}

awaitable<std::vector<std::int64_t>> Vacancies::ArchiveExpired(TimePoint now, int batch) {
  std::vector<std::int64_t> archived;
  auto tx = co_await impl_->pool.Begin();
  auto rows = co_await tx.Query(kArchiveExpired, now, batch);
  for (auto row : rows) {
    VacancyArchived event;
    event.vacancy_id = row.Get<std::int64_t>("id");
    event.owner_id = row.Get<std::int64_t>("owner_id");
    event.title = row.Get<std::string>("title");
    event.expired = true;
    event.at = now;
    co_await impl_->events.Publish(tx, event);
    archived.push_back(event.vacancy_id);
  }
  co_await tx.Commit();
  co_return archived;
}

}  // namespace artel::vacancies
