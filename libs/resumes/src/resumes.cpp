#include "artel/resumes/resumes.hpp"

#include <boost/json/parse.hpp>
#include <boost/json/serialize.hpp>
#include <chrono>

#include "artel/catalog/catalog.hpp"
#include "artel/core/error.hpp"
#include "artel/core/time.hpp"
#include "artel/db/errors.hpp"
#include "artel/db/pool.hpp"
#include "artel/kernel/cursor.hpp"
#include "artel/kernel/ttl_cache.hpp"
#include "artel/resumes/state_machine.hpp"
#include "artel/storage/storage.hpp"
#include "input.hpp"
#include "list.hpp"
#include "views.hpp"
#include "visibility.hpp"

namespace artel::resumes {
namespace {

using boost::asio::awaitable;
using namespace std::chrono_literals;

constexpr auto kCountsTtl = 10s;
constexpr std::size_t kCountsCacheLimit = 1000;

/// One create at a time per user, so the limit of kMaxResumesPerUser holds under concurrent requests.
constexpr db::Statement kLockUser{"resumes.lock_user", R"sql(
SELECT pg_advisory_xact_lock(hashtext('resumes.create'), $1::int)
)sql"};
constexpr db::Statement kCountOwn{"resumes.count_own", R"sql(
SELECT count(*) AS count FROM resumes.resumes WHERE user_id = $1
)sql"};
constexpr db::Statement kInsert{"resumes.insert", R"sql(
INSERT INTO resumes.resumes (user_id, position, category_id, specialization_ids, salary_amount, salary_currency,
  salary_base, employments, schedules, skill_ids, languages, about, citizenship_id, country_id, city_id, relocate,
  business_trips, experience_months, experience, education_level, status, visibility, published_at, created_at,
  updated_at)
VALUES ($1, $2, $3, $4::bigint[]::int[], $5, coalesce($6, 'RUB'), $7, $8::text[], $9::text[], $10::bigint[]::int[],
  $11::jsonb, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21, $22, $23, $24, $24)
RETURNING id
)sql"};
constexpr db::Statement kUpdate{"resumes.update", R"sql(
UPDATE resumes.resumes
SET position = $2, category_id = $3, specialization_ids = $4::bigint[]::int[], salary_amount = $5,
  salary_currency = coalesce($6, 'RUB'), salary_base = $7, employments = $8::text[], schedules = $9::text[],
  skill_ids = $10::bigint[]::int[], languages = $11::jsonb, about = $12, citizenship_id = $13, country_id = $14,
  city_id = $15, relocate = $16, business_trips = $17, experience_months = $18, experience = $19,
  education_level = $20, visibility = $21, updated_at = $22
WHERE id = $1
)sql"};
constexpr db::Statement kOwn{"resumes.own", R"sql(
SELECT status FROM resumes.resumes WHERE id = $1 AND user_id = $2 FOR UPDATE
)sql"};
constexpr db::Statement kOwner{"resumes.owner", R"sql(
SELECT 1 FROM resumes.resumes WHERE id = $1 AND user_id = $2
)sql"};
constexpr db::Statement kDeleteExperience{"resumes.delete_experience", R"sql(
DELETE FROM resumes.experience WHERE resume_id = $1
)sql"};
constexpr db::Statement kInsertExperience{"resumes.insert_experience", R"sql(
INSERT INTO resumes.experience (resume_id, company, position, started_on, ended_on, description, priority)
SELECT $1, e.company, e.position, e.started_on::date, NULLIF(e.ended_on, '')::date, e.description, e.priority
FROM unnest($2::text[], $3::text[], $4::text[], $5::text[], $6::text[])
  WITH ORDINALITY AS e(company, position, started_on, ended_on, description, priority)
)sql"};
constexpr db::Statement kDeleteEducation{"resumes.delete_education", R"sql(
DELETE FROM resumes.education WHERE resume_id = $1
)sql"};
constexpr db::Statement kInsertEducation{"resumes.insert_education", R"sql(
INSERT INTO resumes.education (resume_id, level, institution, specialty, graduation_year, priority)
SELECT $1, e.level, e.institution, e.specialty, NULLIF(e.graduation_year, 0)::smallint, e.priority
FROM unnest($2::text[], $3::text[], $4::text[], $5::bigint[]) WITH ORDINALITY
  AS e(level, institution, specialty, graduation_year, priority)
)sql"};
constexpr db::Statement kSearch{"resumes.search", R"sql(
UPDATE resumes.resumes SET search = resumes.search_document(id) WHERE id = $1
)sql"};
constexpr db::Statement kSetStatus{"resumes.set_status", R"sql(
UPDATE resumes.resumes
SET status = $2, published_at = CASE WHEN $2 = 'published' THEN $3 ELSE published_at END, updated_at = $3
WHERE id = $1
)sql"};
constexpr db::Statement kDelete{"resumes.delete", R"sql(
DELETE FROM resumes.resumes WHERE id = $1
)sql"};
constexpr db::Statement kSetPhoto{"resumes.set_photo", R"sql(
UPDATE resumes.resumes SET photo = $3, photo_thumbnail = $4, updated_at = $5 WHERE id = $1 AND user_id = $2
)sql"};

constexpr std::string_view kDetailTemplate = R"sql(
SELECT {card}, r.specialization_ids, r.employments, r.schedules, r.languages::text AS languages, r.about,
  r.citizenship_id, r.relocate, r.business_trips, r.salary_base, r.created_at, r.user_id AS owner_id
FROM resumes.resumes r
JOIN identity.users u ON u.id = r.user_id
WHERE r.id = $1 AND {visible}
)sql";
constexpr db::Statement kExperience{"resumes.experience", R"sql(
SELECT id, company, position, to_char(started_on, 'YYYY-MM') AS started,
  to_char(ended_on, 'YYYY-MM') AS ended, description
FROM resumes.experience WHERE resume_id = $1 ORDER BY priority, id
)sql"};
constexpr db::Statement kEducation{"resumes.education", R"sql(
SELECT level, institution, specialty, graduation_year::int AS graduation_year
FROM resumes.education WHERE resume_id = $1 ORDER BY priority, id
)sql"};

Error ResumeNotFound() {
  return NotFound({"resumes:not_found", {}});
}

std::vector<std::int64_t> Wide(const std::vector<std::int32_t>& ids) {
  return {ids.begin(), ids.end()};
}

boost::json::value LanguagesJson(const std::vector<Language>& languages) {
  boost::json::array array;
  for (const auto& language : languages)
    array.push_back(boost::json::object{{"code", language.code}, {"level", language.level}});
  return array;
}

/// The columns both the insert and the update write, in their order from $2.
struct Columns {
  std::vector<std::int64_t> specialization_ids;
  std::optional<std::int64_t> salary_amount;
  std::optional<std::string> salary_currency;
  std::vector<std::int64_t> skill_ids;
  boost::json::value languages;
  std::int32_t experience_months = 0;
  std::string experience;
  std::string education_level;
};

Columns ColumnsOf(const ResumeInput& input, TimePoint now) {
  Columns columns;
  columns.specialization_ids = Wide(input.specialization_ids);
  columns.salary_amount = kernel::AmountOf(input.salary);
  columns.salary_currency = kernel::CurrencyOf(input.salary);
  columns.skill_ids = Wide(input.skill_ids);
  columns.languages = LanguagesJson(input.languages);
  columns.experience_months = ExperienceMonths(input.experience, MonthOf(now));
  columns.experience = std::string(ExperienceBucket(columns.experience_months));
  columns.education_level = std::string(EducationLevel(input.education));
  return columns;
}

const search::Lexicon& ResumesLexicon() {
  static const search::Lexicon lexicon(search::Index{.schema = "resumes", .lexicon = "search_lexemes"});
  return lexicon;
}

/// The stored resume as its owner's form (what a PATCH is merged onto).
ResumeInput FormOf(const ResumeView& resume) {
  ResumeInput input;
  input.position = resume.position;
  input.category_id = resume.category_id;
  input.specialization_ids.assign(resume.specialization_ids.begin(), resume.specialization_ids.end());
  if (resume.salary) input.salary = kernel::Money{resume.salary->amount, resume.salary->currency};
  input.employments = resume.employments;
  input.schedules = resume.schedules;
  for (const auto& item : resume.experience) {
    ExperienceEntry entry;
    entry.company = item.company;
    entry.position = item.position;
    entry.start = ParseYearMonth(item.start).value_or(YearMonth{});
    if (item.end) entry.end = ParseYearMonth(*item.end);
    entry.description = item.description;
    input.experience.push_back(std::move(entry));
  }
  for (const auto& item : resume.education)
    input.education.push_back({item.level, item.institution, item.specialty, item.graduation_year});
  input.skill_ids.assign(resume.skill_ids.begin(), resume.skill_ids.end());
  for (const auto& item : resume.languages) input.languages.push_back({item.code, item.level});
  input.about = resume.about;
  input.citizenship_id = resume.citizenship_id;
  input.country_id = resume.country_id;
  input.city_id = resume.city_id;
  input.relocate = resume.relocate;
  input.business_trips = resume.business_trips;
  input.visibility = resume.visibility;
  return input;
}

}  // namespace

struct Resumes::Impl {
  Impl(db::Pool& p, catalog::Catalog& c, const Clock& k) : pool(p), catalog(c), clock(k) {
    detail_sql = std::string(kDetailTemplate);
    detail_sql.replace(detail_sql.find("{card}"), 6, list::CardColumns());
    detail_sql.replace(detail_sql.find("{visible}"), 9, kVisibleTo);
    detail = db::Statement{"resumes.detail", detail_sql};
    mine_sql = "SELECT " + list::CardColumns() +
               "\nFROM resumes.resumes r JOIN identity.users u ON u.id = r.user_id\nWHERE r.user_id = $1\n"
               "ORDER BY r.updated_at DESC, r.id DESC";
    mine = db::Statement{"resumes.mine", mine_sql};
  }

  awaitable<void> WriteEntries(db::Transaction& tx, std::int64_t id, const ResumeInput& input) {
    co_await tx.Query(kDeleteExperience, id);
    if (!input.experience.empty()) {
      std::vector<std::string> companies, positions, starts, ends, descriptions;
      for (const auto& entry : input.experience) {
        companies.push_back(entry.company);
        positions.push_back(entry.position);
        starts.push_back(FormatYearMonth(entry.start) + "-01");
        ends.push_back(entry.end ? FormatYearMonth(*entry.end) + "-01" : std::string());
        descriptions.push_back(entry.description);
      }
      co_await tx.Query(kInsertExperience, id, companies, positions, starts, ends, descriptions);
    }
    co_await tx.Query(kDeleteEducation, id);
    if (!input.education.empty()) {
      std::vector<std::string> levels, institutions, specialties;
      std::vector<std::int64_t> years;
      for (const auto& entry : input.education) {
        levels.push_back(entry.level);
        institutions.push_back(entry.institution);
        specialties.push_back(entry.specialty);
        years.push_back(entry.graduation_year.value_or(0));
      }
      co_await tx.Query(kInsertEducation, id, levels, institutions, specialties, years);
    }
    co_await tx.Query(kSearch, id);
  }

  /// The owner's resume's status, locked for the rest of `tx`; NotFound for anybody else.
  awaitable<Status> LockOwn(db::Transaction& tx, std::int64_t user_id, std::int64_t resume_id) {
    auto rows = co_await tx.Query(kOwn, resume_id, user_id);
    if (rows.Empty()) throw ResumeNotFound();
    co_return ParseStatus(rows.One().Get<std::string>("status")).value_or(Status::kDraft);
  }

  awaitable<void> Transition(std::int64_t user_id, std::int64_t resume_id, Action action) {
    auto tx = co_await pool.Begin();
    const auto status = co_await LockOwn(tx, user_id, resume_id);
    const auto next = Apply(status, action);
    const std::string name(StatusName(next));
    co_await tx.Query(kSetStatus, resume_id, name, clock.Now());
    co_await tx.Commit();
  }

  awaitable<Counts> RunCounts(const Filter& filter, std::optional<std::int64_t> base,
                              const search::Corrected& corrected) {
    auto categories = list::BuildCategoryCounts(filter, base, corrected);
    auto total = list::BuildTotal(filter, base, corrected);
    std::vector<db::PipelineQuery> queries;
    queries.push_back({categories.statement, std::move(categories.params)});
    queries.push_back({total.statement, std::move(total.params)});
    auto results = co_await pool.Pipeline(std::move(queries));
    Counts counts;
    for (auto row : results[0])
      counts.categories.emplace_back(row.Get<std::int32_t>("category_id"), row.Get<std::int64_t>("count"));
    counts.total = results[1].One().Get<std::int64_t>("count");
    co_return counts;
  }

  /// The form with its rules (CheckRules) and then its catalog references (CheckReferences) checked
  /// (ValidationFailed with every problem otherwise), whoever calls (the HTTP edge, the demo seeder, tests).
  awaitable<ResumeInput> Checked(const ResumeInput& form) {
    auto snapshot = co_await catalog.Get();
    ResumeInput input = form;
    ValidationErrors errors;
    CheckRules(input, clock.Now(), errors);
    CheckReferences(*snapshot, input, errors);
    errors.ThrowIfAny();
    co_return input;
  }

  /// The salary filter in rouble kopecks at today's rate.
  awaitable<std::optional<std::int64_t>> SalaryBase(const Filter& filter) {
    if (!filter.salary) co_return std::nullopt;
    auto snapshot = co_await catalog.Get();
    auto base = snapshot->ToBase(*filter.salary, filter.currency);
    co_return base.value_or(std::numeric_limits<std::int64_t>::max());
  }

  Page ReadPage(const db::Result& rows, const Filter& filter, const PageRequest& request, bool fuzzy) {
    Page page;
    const auto sort = list::EffectiveSort(filter);
    const std::size_t take = std::min<std::size_t>(rows.Size(), static_cast<std::size_t>(request.limit));
    for (std::size_t i = 0; i < take; ++i) page.items.push_back(CardView(rows[i]));
    if (take > 0 && rows.Size() > take) {
      const auto last = rows[take - 1];
      list::Cursor cursor;
      cursor.key = sort == Sort::kDate ? kernel::CursorKey(last.Get<TimePoint>("sort_key"))
                                       : last.Get<std::int64_t>("sort_key");
      cursor.id = last.Get<std::int64_t>("id");
      cursor.fuzzy = fuzzy;
      page.next_cursor = list::EncodeCursor(sort, cursor);
    }
    return page;
  }

  db::Pool& pool;
  catalog::Catalog& catalog;
  const Clock& clock;
  std::string detail_sql;
  db::Statement detail;
  std::string mine_sql;
  db::Statement mine;
  kernel::TtlCache<Counts> counts_cache{kCountsTtl, kCountsCacheLimit};
};

Resumes::Resumes(db::Pool& pool, catalog::Catalog& catalog, const Clock& clock)
    : impl_(std::make_unique<Impl>(pool, catalog, clock)) {}

Resumes::~Resumes() = default;

catalog::Catalog& Resumes::Catalog() noexcept {
  return impl_->catalog;
}

awaitable<std::int64_t> Resumes::Create(std::int64_t user_id, const ResumeInput& form) {
  // The form's catalog references checked (ValidationFailed otherwise), its salary's base amount set.
  ResumeInput input = co_await impl_->Checked(form);
  const TimePoint now = impl_->clock.Now();
  auto columns = ColumnsOf(input, now);
  auto tx = co_await impl_->pool.Begin();
  co_await tx.Query(kLockUser, user_id);
  auto count = co_await tx.Query(kCountOwn, user_id);
  if (count.One().Get<std::int64_t>("count") >= static_cast<std::int64_t>(kMaxResumesPerUser)) {
    throw Conflict({"resumes:too_many", {{"count", std::to_string(kMaxResumesPerUser)}}});
  }
  const std::string status(input.publish ? "published" : "draft");
  std::optional<TimePoint> published_at;
  if (input.publish) published_at = now;
  auto inserted = co_await tx.Query(
      kInsert, user_id, input.position, input.category_id, columns.specialization_ids, columns.salary_amount,
      columns.salary_currency, input.salary_base, input.employments, input.schedules, columns.skill_ids,
      columns.languages, input.about, input.citizenship_id, input.country_id, input.city_id, input.relocate,
      input.business_trips, columns.experience_months, columns.experience, columns.education_level, status,
      input.visibility, published_at, now);
  const auto id = inserted.One().Get<std::int64_t>("id");
  co_await impl_->WriteEntries(tx, id, input);
  co_await tx.Commit();
  co_return id;
}

void ResumePatch::ApplyTo(ResumeInput& form) const {
  position.ApplyTo(form.position);
  category_id.ApplyTo(form.category_id);
  specialization_ids.ApplyTo(form.specialization_ids);
  salary.ApplyTo(form.salary);
  employments.ApplyTo(form.employments);
  schedules.ApplyTo(form.schedules);
  experience.ApplyTo(form.experience);
  education.ApplyTo(form.education);
  skill_ids.ApplyTo(form.skill_ids);
  languages.ApplyTo(form.languages);
  about.ApplyTo(form.about);
  citizenship_id.ApplyTo(form.citizenship_id);
  country_id.ApplyTo(form.country_id);
  city_id.ApplyTo(form.city_id);
  relocate.ApplyTo(form.relocate);
  business_trips.ApplyTo(form.business_trips);
  visibility.ApplyTo(form.visibility);
}

awaitable<void> Resumes::Update(std::int64_t user_id, std::int64_t resume_id, const ResumePatch& patch) {
  auto tx = co_await impl_->pool.Begin();
  // Somebody else's resume is 404 before its form is looked at (as vacancies).
  const auto status = co_await impl_->LockOwn(tx, user_id, resume_id);
  Apply(status, Action::kEdit);
  // The stored form with the sent fields replaced, checked as a new one (its salary's base amount set).
  const auto stored = co_await Get(resume_id, user_id);
  ResumeInput merged = FormOf(stored);
  patch.ApplyTo(merged);
  ResumeInput input = co_await impl_->Checked(merged);
  const TimePoint now = impl_->clock.Now();
  auto columns = ColumnsOf(input, now);
  co_await tx.Query(kUpdate, resume_id, input.position, input.category_id, columns.specialization_ids,
                    columns.salary_amount, columns.salary_currency, input.salary_base, input.employments,
                    input.schedules, columns.skill_ids, columns.languages, input.about, input.citizenship_id,
                    input.country_id, input.city_id, input.relocate, input.business_trips,
                    columns.experience_months, columns.experience, columns.education_level, input.visibility,
                    now);
  co_await impl_->WriteEntries(tx, resume_id, input);
  co_await tx.Commit();
}

awaitable<void> Resumes::Delete(std::int64_t user_id, std::int64_t resume_id) {
  auto tx = co_await impl_->pool.Begin();
  const auto status = co_await impl_->LockOwn(tx, user_id, resume_id);
  Apply(status, Action::kDelete);
  bool in_use = false;
  try {
    co_await tx.Query(kDelete, resume_id);
  } catch (const db::ForeignKeyViolation&) {
    in_use = true;  // responses refer to it (hiring's RESTRICT)
  }
  if (in_use) throw Conflict({"resumes:in_use", {}});
  co_await tx.Commit();
}

awaitable<void> Resumes::Publish(std::int64_t user_id, std::int64_t resume_id) {
  co_await impl_->Transition(user_id, resume_id, Action::kPublish);
}

awaitable<void> Resumes::Hide(std::int64_t user_id, std::int64_t resume_id) {
  co_await impl_->Transition(user_id, resume_id, Action::kHide);
}

awaitable<void> Resumes::RequireOwner(std::int64_t user_id, std::int64_t resume_id) {
  auto rows = co_await impl_->pool.Query(kOwner, resume_id, user_id);
  if (rows.Empty()) throw ResumeNotFound();
}

awaitable<void> Resumes::SetPhoto(std::int64_t user_id, std::int64_t resume_id,
                                  const std::optional<storage::StoredFile>& stored) {
  std::optional<std::string> name;
  std::optional<std::string> thumbnail;
  if (stored) {
    name = stored->name;
    thumbnail = stored->thumbnail_name.value_or(stored->name);
  }
  auto updated =
      co_await impl_->pool.Query(kSetPhoto, resume_id, user_id, name, thumbnail, impl_->clock.Now());
  if (updated.AffectedRows() == 0) throw ResumeNotFound();
}

awaitable<ResumeView> Resumes::Get(std::int64_t resume_id, std::optional<std::int64_t> viewer_id) {
  std::vector<db::PipelineQuery> queries;
  queries.push_back({impl_->detail, db::MakeParams(resume_id, viewer_id)});
  queries.push_back({kExperience, db::MakeParams(resume_id)});
  queries.push_back({kEducation, db::MakeParams(resume_id)});
  auto results = co_await impl_->pool.Pipeline(std::move(queries));
  if (results[0].Empty()) throw ResumeNotFound();
  auto row = results[0].One();
  auto card = CardView(row);
  ResumeView resume;
  resume.id = card.id;
  resume.user = std::move(card.user);
  resume.position = std::move(card.position);
  resume.category_id = card.category_id;
  resume.specialization_ids = row.Get<std::vector<std::int64_t>>("specialization_ids");
  resume.salary = std::move(card.salary);
  resume.employments = row.Get<std::vector<std::string>>("employments");
  resume.schedules = row.Get<std::vector<std::string>>("schedules");
  for (auto entry : results[1]) {
    resume.experience.push_back({.id = entry.Get<std::int64_t>("id"),
                                 .company = entry.Get<std::string>("company"),
                                 .position = entry.Get<std::string>("position"),
                                 .start = entry.Get<std::string>("started"),
                                 .end = entry.Get<std::optional<std::string>>("ended"),
                                 .description = entry.Get<std::string>("description")});
  }
  for (auto entry : results[2]) {
    resume.education.push_back(
        {.level = entry.Get<std::string>("level"),
         .institution = entry.Get<std::string>("institution"),
         .specialty = entry.Get<std::string>("specialty"),
         .graduation_year = entry.Get<std::optional<std::int32_t>>("graduation_year")});
  }
  resume.skill_ids = std::move(card.skill_ids);
  const auto languages = boost::json::parse(row.Get<std::string>("languages"));
  for (const auto& item : languages.as_array()) {
    resume.languages.push_back(
        {std::string(item.at("code").as_string()), std::string(item.at("level").as_string())});
  }
  resume.about = row.Get<std::string>("about");
  resume.citizenship_id = row.Get<std::optional<std::int32_t>>("citizenship_id");
  resume.country_id = card.country_id;
  resume.city_id = card.city_id;
  resume.relocate = row.Get<bool>("relocate");
  resume.business_trips = row.Get<bool>("business_trips");
  resume.visibility = row.Get<std::string>("visibility");
  resume.experience_months = card.experience_months;
  resume.experience_bucket = std::move(card.experience_bucket);
  resume.education_level = std::move(card.education_level);
  resume.photo = std::move(card.photo);
  resume.status = row.Get<std::string>("status");
  resume.published_at = card.published_at;
  resume.created_at = row.Get<TimePoint>("created_at");
  resume.updated_at = card.updated_at;
  resume.is_owner = viewer_id && *viewer_id == row.Get<std::int64_t>("owner_id");
  co_return resume;
}

awaitable<std::vector<MyResumeCardView>> Resumes::Mine(std::int64_t user_id) {
  auto rows = co_await impl_->pool.Query(impl_->mine, user_id);
  std::vector<MyResumeCardView> items;
  for (auto row : rows) {
    MyResumeCardView card{CardView(row)};
    card.status = row.Get<std::string>("status");
    card.visibility = row.Get<std::string>("visibility");
    items.push_back(std::move(card));
  }
  co_return items;
}

awaitable<Page> Resumes::List(const Filter& filter, const PageRequest& request) {
  // The freelancer catalogue's strategy: several words look among the first rows in list order first (not for
  // relevance, which ranks every match); the full query next; the typo fallback when the words find nothing
  // on a first page.
  auto base = co_await impl_->SalaryBase(filter);
  const auto sort = list::EffectiveSort(filter);
  std::optional<list::Cursor> cursor;
  if (request.cursor) cursor = list::DecodeCursor(sort, *request.cursor);
  const bool fuzzy_page = cursor && cursor->fuzzy;
  if (filter.query && !fuzzy_page && sort != Sort::kRelevance && search::PrefersWindow(*filter.query)) {
    auto recent = list::BuildWindow(filter, base, request, search::kWindow);
    auto recent_rows = co_await impl_->pool.Execute(recent.statement, std::move(recent.params));
    if (recent_rows.Size() > static_cast<std::size_t>(request.limit))
      co_return impl_->ReadPage(recent_rows, filter, request, false);
  }
  if (!fuzzy_page || !filter.query) {
    auto query = list::BuildList(filter, base, request, std::nullopt);
    auto rows = co_await impl_->pool.Execute(query.statement, std::move(query.params));
    auto page = impl_->ReadPage(rows, filter, request, false);
    if (!page.items.empty() || !filter.query || request.cursor) co_return page;
  }
  // Words that match nothing may be misspelt: their closest known spellings (resumes.search_lexemes).
  auto corrected = co_await ResumesLexicon().Correct(impl_->pool, *filter.query);
  if (!corrected) co_return Page{};
  auto fuzzy = list::BuildList(filter, base, request, corrected);
  auto fuzzy_rows = co_await impl_->pool.Execute(fuzzy.statement, std::move(fuzzy.params));
  co_return search::WithCorrection(impl_->ReadPage(fuzzy_rows, filter, request, true), *corrected);
}

awaitable<Counts> Resumes::CountAll(const Filter& filter) {
  auto base = co_await impl_->SalaryBase(filter);
  Filter key_filter = filter;
  key_filter.category_id.reset();
  key_filter.sort = Sort::kDate;
  const std::string key = boost::json::serialize(key_filter.ToJson());
  if (auto cached = impl_->counts_cache.Get(key)) co_return std::move(*cached);
  auto counts = co_await impl_->RunCounts(filter, base, std::nullopt);
  if (counts.total == 0 && filter.query) {
    auto corrected = co_await ResumesLexicon().Correct(impl_->pool, *filter.query);
    if (corrected) counts = co_await impl_->RunCounts(filter, base, corrected);
  }
  impl_->counts_cache.Put(key, counts);
  co_return counts;
}

}  // namespace artel::resumes
