#include "artel/companies/companies.hpp"

#include <boost/json/array.hpp>
#include <cmath>

#include "artel/catalog/catalog.hpp"
#include "artel/companies/events.hpp"
#include "artel/core/error.hpp"
#include "artel/core/time.hpp"
#include "artel/db/errors.hpp"
#include "artel/kernel/cursor.hpp"
#include "artel/platform/events.hpp"
#include "artel/storage/storage.hpp"
#include "input.hpp"

namespace artel::companies {
namespace {

using boost::asio::awaitable;

/// The tag of the review list's cursors (newest first, keyed by created_at).
constexpr std::string_view kDateTag = "d";

// ReadCompany reads these columns (of companies.companies under the alias c).
#define ARTEL_COMPANY_COLUMNS                                                                                \
  "c.id, c.owner_id, c.name, c.logo, c.logo_thumbnail, c.description, c.website, c.industry, c.size, "       \
  "c.country_id, c.city_id, c.founded_year, c.verified, c.rating_sum, c.review_count, c.salary_sum, "        \
  "c.salary_count, c.management_sum, c.management_count, c.team_sum, c.team_count, c.growth_sum, "           \
  "c.growth_count, c.conditions_sum, c.conditions_count, c.recommend_yes, c.recommend_count, c.created_at, " \
  "c.updated_at"
// ReadReview reads these (companies.reviews r, the author a).
#define ARTEL_REVIEW_COLUMNS                                                                               \
  "r.id, r.company_id, r.rating, r.salary, r.management, r.team, r.growth, r.conditions, r.pros, r.cons, " \
  "r.relation, r.position, r.recommend, r.anonymous, r.reply, r.replied_at, r.created_at, r.updated_at, "  \
  "a.id AS author_id, a.name AS author_name, a.lastname AS author_lastname, a.avatar AS author_avatar"

constexpr db::Statement kInsert{"companies.insert", R"sql(
INSERT INTO companies.companies AS c (owner_id, name, description, website, industry, size, country_id, city_id,
                                      founded_year, created_at, updated_at)
VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9::smallint, $10, $10)
RETURNING )sql" ARTEL_COMPANY_COLUMNS};
constexpr db::Statement kById{"companies.by_id", "SELECT " ARTEL_COMPANY_COLUMNS R"sql(
FROM companies.companies c WHERE c.id = $1
)sql"};
constexpr db::Statement kOwned{"companies.owned", "SELECT " ARTEL_COMPANY_COLUMNS R"sql(
FROM companies.companies c WHERE c.id = $1 AND c.owner_id = $2
)sql"};
constexpr db::Statement kOfOwner{"companies.of_owner", "SELECT " ARTEL_COMPANY_COLUMNS R"sql(
FROM companies.companies c WHERE c.owner_id = $1 ORDER BY c.id DESC
)sql"};
constexpr db::Statement kUpdate{"companies.update", R"sql(
UPDATE companies.companies c
SET name = $3, description = $4, website = $5, industry = $6, size = $7, country_id = $8, city_id = $9,
    founded_year = $10::smallint, updated_at = $11
WHERE c.id = $1 AND c.owner_id = $2
RETURNING )sql" ARTEL_COMPANY_COLUMNS};
constexpr db::Statement kSetLogo{"companies.set_logo", R"sql(
UPDATE companies.companies c SET logo = $3, logo_thumbnail = $4, updated_at = $5
WHERE c.id = $1 AND c.owner_id = $2
RETURNING )sql" ARTEL_COMPANY_COLUMNS};
constexpr db::Statement kSetVerified{"companies.set_verified", R"sql(
UPDATE companies.companies c SET verified = $2, updated_at = $3 WHERE c.id = $1
RETURNING )sql" ARTEL_COMPANY_COLUMNS};
constexpr db::Statement kDelete{"companies.delete", R"sql(
DELETE FROM companies.companies WHERE id = $1 AND owner_id = $2 RETURNING id
)sql"};
constexpr db::Statement kLockCompany{"companies.lock", R"sql(
SELECT owner_id, name FROM companies.companies WHERE id = $1 FOR UPDATE
)sql"};
constexpr db::Statement kOwnerOf{"companies.owner_of", R"sql(
SELECT owner_id FROM companies.companies WHERE id = $1
)sql"};

constexpr db::Statement kUpsertReview{"companies.upsert_review", R"sql(
INSERT INTO companies.reviews AS r (company_id, author_id, rating, salary, management, team, growth, conditions,
                                    pros, cons, relation, position, recommend, anonymous, created_at, updated_at)
VALUES ($1, $2, $3::smallint, $4::smallint, $5::smallint, $6::smallint, $7::smallint, $8::smallint, $9, $10, $11,
        $12, $13, $14, $15, $15)
ON CONFLICT (company_id, author_id) DO UPDATE
SET rating = EXCLUDED.rating, salary = EXCLUDED.salary, management = EXCLUDED.management, team = EXCLUDED.team,
    growth = EXCLUDED.growth, conditions = EXCLUDED.conditions, pros = EXCLUDED.pros, cons = EXCLUDED.cons,
    relation = EXCLUDED.relation, position = EXCLUDED.position, recommend = EXCLUDED.recommend,
    anonymous = EXCLUDED.anonymous, updated_at = EXCLUDED.updated_at
RETURNING r.id, (r.xmax = 0) AS created
)sql"};
constexpr db::Statement kDeleteReview{"companies.delete_review", R"sql(
DELETE FROM companies.reviews WHERE company_id = $1 AND author_id = $2 RETURNING id
)sql"};
// Every write or edit of a review recounts its company's sums from the reviews themselves, in the same
// transaction and under the company row's lock (kLockCompany), so they can never drift; a delete is recounted
// by the trigger of migration 0027.
constexpr db::Statement kRecount{"companies.recount", R"sql(
UPDATE companies.companies c
SET rating_sum = s.rating_sum, review_count = s.review_count,
    salary_sum = s.salary_sum, salary_count = s.salary_count,
    management_sum = s.management_sum, management_count = s.management_count,
    team_sum = s.team_sum, team_count = s.team_count,
    growth_sum = s.growth_sum, growth_count = s.growth_count,
    conditions_sum = s.conditions_sum, conditions_count = s.conditions_count,
    recommend_yes = s.recommend_yes, recommend_count = s.recommend_count
FROM (
  SELECT coalesce(sum(rating), 0) AS rating_sum, count(*) AS review_count,
    coalesce(sum(salary), 0) AS salary_sum, count(salary) AS salary_count,
    coalesce(sum(management), 0) AS management_sum, count(management) AS management_count,
    coalesce(sum(team), 0) AS team_sum, count(team) AS team_count,
    coalesce(sum(growth), 0) AS growth_sum, count(growth) AS growth_count,
    coalesce(sum(conditions), 0) AS conditions_sum, count(conditions) AS conditions_count,
    count(*) FILTER (WHERE recommend) AS recommend_yes, count(recommend) AS recommend_count
  FROM companies.reviews WHERE company_id = $1
) s
WHERE c.id = $1
)sql"};
constexpr db::Statement kReviewById{"companies.review_by_id", "SELECT " ARTEL_REVIEW_COLUMNS R"sql(
FROM companies.reviews r JOIN identity.users a ON a.id = r.author_id
WHERE r.id = $1
)sql"};
constexpr db::Statement kReviewOf{"companies.review_of", "SELECT " ARTEL_REVIEW_COLUMNS R"sql(
FROM companies.reviews r JOIN identity.users a ON a.id = r.author_id
WHERE r.company_id = $1 AND r.author_id = $2
)sql"};
constexpr db::Statement kReviews{"companies.reviews", "SELECT " ARTEL_REVIEW_COLUMNS R"sql(
FROM companies.reviews r JOIN identity.users a ON a.id = r.author_id
WHERE r.company_id = $1
ORDER BY r.created_at DESC, r.id DESC
LIMIT $2
)sql"};
constexpr db::Statement kReviewsAfter{"companies.reviews_after", "SELECT " ARTEL_REVIEW_COLUMNS R"sql(
FROM companies.reviews r JOIN identity.users a ON a.id = r.author_id
WHERE r.company_id = $1 AND (r.created_at, r.id) < ($3::timestamptz, $4::bigint)
ORDER BY r.created_at DESC, r.id DESC
LIMIT $2
)sql"};
constexpr db::Statement kCompanyExists{"companies.exists", R"sql(
SELECT EXISTS (SELECT 1 FROM companies.companies WHERE id = $1) AS found
)sql"};
// The reply is written only by the company's owner, only once: both in the statement itself.
constexpr db::Statement kReply{"companies.reply", R"sql(
UPDATE companies.reviews r SET reply = $4, replied_at = $5
FROM companies.companies c
WHERE r.id = $2 AND r.company_id = $1 AND c.id = r.company_id AND c.owner_id = $3 AND r.reply IS NULL
RETURNING r.author_id, c.name AS company_name
)sql"};
constexpr db::Statement kReplied{"companies.replied", R"sql(
SELECT r.reply IS NOT NULL AS replied
FROM companies.reviews r JOIN companies.companies c ON c.id = r.company_id
WHERE r.id = $2 AND r.company_id = $1 AND c.owner_id = $3
)sql"};
#undef ARTEL_COMPANY_COLUMNS
#undef ARTEL_REVIEW_COLUMNS

Company ReadCompany(const db::Row& row) {
  Company company;
  company.id = row.Get<std::int64_t>("id");
  company.owner_id = row.Get<std::int64_t>("owner_id");
  company.fields.name = row.Get<std::string>("name");
  company.fields.description = row.Get<std::string>("description");
  company.fields.website = row.Get<std::optional<std::string>>("website");
  company.fields.industry = row.Get<std::string>("industry");
  company.fields.size = row.Get<std::string>("size");
  company.fields.country_id = row.Get<std::optional<std::int32_t>>("country_id");
  company.fields.city_id = row.Get<std::optional<std::int32_t>>("city_id");
  if (auto year = row.Get<std::optional<std::int16_t>>("founded_year")) company.fields.founded_year = *year;
  company.logo = row.Get<std::optional<std::string>>("logo");
  company.logo_thumbnail = row.Get<std::optional<std::string>>("logo_thumbnail");
  company.verified = row.Get<bool>("verified");
  company.rating_sum = row.Get<std::int32_t>("rating_sum");
  company.review_count = row.Get<std::int32_t>("review_count");
  for (std::size_t i = 0; i < kAxes.size(); ++i) {
    company.axis_sums[i] = row.Get<std::int32_t>(std::string(kAxes[i]) + "_sum");
    company.axis_counts[i] = row.Get<std::int32_t>(std::string(kAxes[i]) + "_count");
  }
  company.recommend_yes = row.Get<std::int32_t>("recommend_yes");
  company.recommend_count = row.Get<std::int32_t>("recommend_count");
  company.created_at = row.Get<TimePoint>("created_at");
  company.updated_at = row.Get<TimePoint>("updated_at");
  return company;
}

Review ReadReview(const db::Row& row) {
  Review review;
  review.id = row.Get<std::int64_t>("id");
  review.company_id = row.Get<std::int64_t>("company_id");
  review.author = kernel::ReadUserCard(row, "author");
  review.input.rating = row.Get<std::int16_t>("rating");
  for (std::size_t i = 0; i < kAxes.size(); ++i) {
    if (auto value = row.Get<std::optional<std::int16_t>>(kAxes[i])) review.input.axes[i] = *value;
  }
  review.input.pros = row.Get<std::string>("pros");
  review.input.cons = row.Get<std::string>("cons");
  review.input.relation = row.Get<std::string>("relation");
  review.input.position = row.Get<std::string>("position");
  review.input.recommend = row.Get<std::optional<bool>>("recommend");
  review.input.anonymous = row.Get<bool>("anonymous");
  review.reply = row.Get<std::optional<std::string>>("reply");
  review.replied_at = row.Get<std::optional<TimePoint>>("replied_at");
  review.created_at = row.Get<TimePoint>("created_at");
  review.updated_at = row.Get<TimePoint>("updated_at");
  return review;
}

[[noreturn]] void ThrowNotFound() {
  throw NotFound({"companies:not_found", {}});
}

Company OneCompany(const db::Result& rows) {
  if (rows.Empty()) ThrowNotFound();
  return ReadCompany(rows[0]);
}

}  // namespace

CompanyInput CompanyPatch::MergedOnto(CompanyInput stored) const {
  name.ApplyTo(stored.name);
  description.ApplyTo(stored.description);
  website.ApplyTo(stored.website);
  industry.ApplyTo(stored.industry);
  size.ApplyTo(stored.size);
  country_id.ApplyTo(stored.country_id);
  city_id.ApplyTo(stored.city_id);
  founded_year.ApplyTo(stored.founded_year);
  return stored;
}

struct Companies::Impl {
  Impl(db::Pool& p, catalog::Catalog& cat, platform::EventBus& e, const Clock& c)
      : pool(p), catalog(cat), events(e), clock(c) {}

  /// The form's rules (CheckRules) and catalog references (CheckReferences), every field's error at once.
  awaitable<void> Check(CompanyInput& input, TimePoint now) {
    ValidationErrors errors;
    CheckRules(input, YearOf(now), errors);
    auto snapshot = co_await catalog.Get();
    CheckReferences(input, *snapshot, errors);
    errors.ThrowIfAny();
  }

  db::Pool& pool;
  catalog::Catalog& catalog;
  platform::EventBus& events;
  const Clock& clock;
  db::Contributions<const Company&, std::optional<std::int64_t>> contributors;
};

Companies::Companies(db::Pool& pool, catalog::Catalog& catalog, platform::EventBus& events,
                     const Clock& clock)
    : impl_(std::make_unique<Impl>(pool, catalog, events, clock)) {}

Companies::~Companies() = default;

awaitable<Company> Companies::Create(std::int64_t owner_id, const CompanyInput& form) {
  const TimePoint now = impl_->clock.Now();
  CompanyInput input = form;
  co_await impl_->Check(input, now);
  auto rows = co_await impl_->pool.Query(kInsert, owner_id, input.name, input.description, input.website,
                                         input.industry, input.size, input.country_id, input.city_id,
                                         input.founded_year, now);
  co_return ReadCompany(rows.One());
}

awaitable<Company> Companies::Get(std::int64_t company_id) {
  auto rows = co_await impl_->pool.Query(kById, company_id);
  co_return OneCompany(rows);
}

awaitable<Company> Companies::GetOwned(std::int64_t company_id, std::int64_t user_id) {
  auto rows = co_await impl_->pool.Query(kOwned, company_id, user_id);
  co_return OneCompany(rows);
}

awaitable<Company> Companies::Update(std::int64_t company_id, std::int64_t user_id,
                                     const CompanyPatch& patch) {
  // Somebody else's company is 404 before its form is looked at.
  auto stored = co_await GetOwned(company_id, user_id);
  const TimePoint now = impl_->clock.Now();
  CompanyInput input = patch.MergedOnto(std::move(stored.fields));
  co_await impl_->Check(input, now);
  auto rows = co_await impl_->pool.Query(kUpdate, company_id, user_id, input.name, input.description,
                                         input.website, input.industry, input.size, input.country_id,
                                         input.city_id, input.founded_year, now);
  co_return OneCompany(rows);
}

awaitable<void> Companies::Delete(std::int64_t company_id, std::int64_t user_id) {
  bool has_vacancies = false;
  try {
    auto rows = co_await impl_->pool.Query(kDelete, company_id, user_id);
    if (rows.Empty()) ThrowNotFound();
  } catch (const db::ForeignKeyViolation&) {
    // vacancies.vacancies references the company ON DELETE RESTRICT.
    has_vacancies = true;
  }
  if (has_vacancies) {
    // Only the owner learns that: anybody else gets the 404 of a company that is not theirs.
    auto owned = co_await GetOwned(company_id, user_id);
    throw Conflict({"companies:has_vacancies", {}});
  }
}

awaitable<Company> Companies::SetLogo(std::int64_t company_id, std::int64_t user_id,
                                      std::optional<std::pair<std::string, std::string>> logo) {
  const TimePoint now = impl_->clock.Now();
  std::optional<std::string> name;
  std::optional<std::string> thumbnail;
  if (logo) {
    name = logo->first;
    thumbnail = logo->second;
  }
  auto rows = co_await impl_->pool.Query(kSetLogo, company_id, user_id, name, thumbnail, now);
  co_return OneCompany(rows);
}

awaitable<std::vector<Company>> Companies::OfOwner(std::int64_t user_id) {
  auto rows = co_await impl_->pool.Query(kOfOwner, user_id);
  std::vector<Company> companies;
  for (auto row : rows) companies.push_back(ReadCompany(row));
  co_return companies;
}

awaitable<Company> Companies::SetVerified(std::int64_t company_id, bool verified) {
  const TimePoint now = impl_->clock.Now();
  auto rows = co_await impl_->pool.Query(kSetVerified, company_id, verified, now);
  co_return OneCompany(rows);
}

awaitable<ReviewPage> Companies::Reviews(std::int64_t company_id, std::optional<std::string> cursor,
                                         std::int32_t limit) {
  auto exists = co_await impl_->pool.Query(kCompanyExists, company_id);
  if (!exists.One().Get<bool>("found")) ThrowNotFound();
  const std::int64_t fetch = limit + 1;
  db::Result rows;
  if (cursor) {
    auto decoded = kernel::DecodeCursor(kDateTag, *cursor);
    if (!decoded || !decoded->flags.empty())
      throw ValidationFailed("cursor", {"companies:cursor_invalid", {}});
    const TimePoint after = kernel::CursorTime(decoded->key);
    rows = co_await impl_->pool.Query(kReviewsAfter, company_id, fetch, after, decoded->id);
  } else {
    rows = co_await impl_->pool.Query(kReviews, company_id, fetch);
  }
  ReviewPage page;
  for (std::size_t i = 0; i < rows.Size() && i < static_cast<std::size_t>(limit); ++i) {
    page.items.push_back(ReadReview(rows[i]));
  }
  if (rows.Size() > static_cast<std::size_t>(limit) && !page.items.empty()) {
    const auto& last = page.items.back();
    page.next_cursor = kernel::EncodeCursor(kDateTag, kernel::CursorKey(last.created_at), last.id);
  }
  co_return page;
}

awaitable<std::optional<Review>> Companies::ReviewOf(std::int64_t company_id, std::int64_t user_id) {
  auto rows = co_await impl_->pool.Query(kReviewOf, company_id, user_id);
  if (rows.Empty()) {
    (void)co_await Get(company_id);  // NotFound (companies:not_found) for a company that does not exist
    co_return std::nullopt;
  }
  co_return ReadReview(rows[0]);
}

awaitable<std::pair<Review, bool>> Companies::PutReview(std::int64_t company_id, std::int64_t user_id,
                                                        const ReviewInput& form) {
  ReviewInput input = form;
  ValidationErrors errors;
  CheckReview(input, errors);
  errors.ThrowIfAny();
  auto tx = co_await impl_->pool.Begin();
  auto locked = co_await tx.Query(kLockCompany, company_id);
  if (locked.Empty()) ThrowNotFound();
  const auto owner_id = locked[0].Get<std::int64_t>("owner_id");
  if (owner_id == user_id) throw Conflict({"companies:own_company", {}});
  const TimePoint now = impl_->clock.Now();
  auto upserted =
      co_await tx.Query(kUpsertReview, company_id, user_id, input.rating, input.axes[0], input.axes[1],
                        input.axes[2], input.axes[3], input.axes[4], input.pros, input.cons, input.relation,
                        input.position, input.recommend, input.anonymous, now);
  const auto review_id = upserted.One().Get<std::int64_t>("id");
  const bool created = upserted.One().Get<bool>("created");
  co_await tx.Query(kRecount, company_id);
  if (created) {
    ReviewPosted event;
    event.company_id = company_id;
    event.company_name = locked[0].Get<std::string>("name");
    event.owner_id = owner_id;
    event.review_id = review_id;
    event.rating = input.rating;
    event.at = now;
    co_await impl_->events.Publish(tx, event);
  }
  auto row = co_await tx.Query(kReviewById, review_id);
  auto review = ReadReview(row.One());
  co_await tx.Commit();
  co_return std::pair<Review, bool>{std::move(review), created};
}

awaitable<void> Companies::DeleteReview(std::int64_t company_id, std::int64_t user_id) {
  auto tx = co_await impl_->pool.Begin();
  auto locked = co_await tx.Query(kLockCompany, company_id);
  if (locked.Empty()) ThrowNotFound();
  auto deleted = co_await tx.Query(kDeleteReview, company_id, user_id);
  // The company's sums are recounted by the delete trigger of migration 0027 (which also covers a review that
  // goes with its author's account).
  if (deleted.Empty()) throw NotFound({"companies:review_not_found", {}});
  co_await tx.Commit();
}

awaitable<Review> Companies::Reply(std::int64_t company_id, std::int64_t review_id, std::int64_t user_id,
                                   std::string text) {
  ValidationErrors errors;
  CheckReply(text, errors);
  errors.ThrowIfAny();
  auto tx = co_await impl_->pool.Begin();
  const TimePoint now = impl_->clock.Now();
  auto updated = co_await tx.Query(kReply, company_id, review_id, user_id, text, now);
  if (updated.Empty()) {
    auto replied = co_await tx.Query(kReplied, company_id, review_id, user_id);
    if (replied.Empty()) throw NotFound({"companies:review_not_found", {}});
    throw Conflict({"companies:already_replied", {}});
  }
  ReplyPosted event;
  event.company_id = company_id;
  event.company_name = updated[0].Get<std::string>("company_name");
  event.author_id = updated[0].Get<std::int64_t>("author_id");
  event.review_id = review_id;
  event.at = now;
  co_await impl_->events.Publish(tx, event);
  auto row = co_await tx.Query(kReviewById, review_id);
  auto review = ReadReview(row.One());
  co_await tx.Commit();
  co_return review;
}

void Companies::AddContributor(CompanyContributor contributor) {
  impl_->contributors.Add(std::move(contributor));
}

awaitable<boost::json::object> Companies::Contributed(const Company& company,
                                                      std::optional<std::int64_t> viewer_id) {
  boost::json::object json;
  auto batch = impl_->contributors.Collect({}, company, viewer_id);
  std::vector<db::Result> results;
  if (!batch.queries.empty()) results = co_await impl_->pool.Pipeline(std::move(batch.queries));
  impl_->contributors.Apply(batch, results, company, viewer_id, json);
  co_return json;
}

awaitable<std::optional<std::int64_t>> Companies::OwnerOf(db::Transaction& tx, std::int64_t company_id) {
  auto rows = co_await tx.Query(kOwnerOf, company_id);
  if (rows.Empty()) co_return std::nullopt;
  co_return rows[0].Get<std::int64_t>("owner_id");
}

}  // namespace artel::companies
