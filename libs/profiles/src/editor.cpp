#include "artel/profiles/editor.hpp"

#include <algorithm>
#include <boost/json/array.hpp>

#include "artel/catalog/catalog.hpp"
#include "artel/core/error.hpp"
#include "artel/core/text.hpp"
#include "artel/core/time.hpp"
#include "artel/db/errors.hpp"
#include "artel/db/pool.hpp"
#include "artel/kernel/user_card.hpp"
#include "artel/profiles/online.hpp"
#include "artel/profiles/profiles.hpp"
#include "artel/profiles/reputation.hpp"
#include "artel/profiles/rules.hpp"
#include "artel/storage/storage.hpp"
#include "input.hpp"

namespace artel::profiles {
namespace {

using boost::asio::awaitable;

// ---- The profile ----

constexpr std::string_view kFreelancerTemplate = R"sql(
SELECT u.id AS user_id, u.name AS user_name, u.lastname AS user_lastname, u.avatar AS user_avatar, u.created_at,
  f.slug, coalesce(f.headline, '') AS headline, coalesce(f.about, '') AS about,
  length(coalesce(f.about, '')) AS about_length,
  coalesce(f.specialization_ids, '{}') AS specialization_ids, f.main_specialization_id,
  coalesce(f.category_ids, '{}') AS category_ids, coalesce(f.skill_ids, '{}') AS skill_ids,
  f.experience_years::int AS experience_years, f.country_id, f.city_id,
  coalesce(f.languages, '{}') AS languages, f.rate_amount, f.rate_currency::text AS rate_currency,
  coalesce(f.available, true) AS available, {online} AS online,
  f.rating::float8 AS rating, coalesce(f.review_count, 0) AS review_count,
  coalesce(f.completed_orders, 0) AS completed_orders, coalesce(f.repeat_customers, 0) AS repeat_customers,
  (SELECT count(*) FROM profiles.portfolio_projects p WHERE p.user_id = u.id) AS project_count,
  (SELECT count(*) FROM profiles.portfolio_groups g WHERE g.user_id = u.id) AS group_count,
  (SELECT count(*) FROM profiles.prices p WHERE p.user_id = u.id) AS price_count
FROM identity.users u
LEFT JOIN profiles.freelancers f ON f.user_id = u.id
WHERE u.id = $1
)sql";
constexpr db::Statement kUserBySlug{"profiles.user_by_slug", R"sql(
SELECT user_id FROM profiles.freelancers WHERE lower(slug) = lower($1)
)sql"};
constexpr db::Statement kEnsureFreelancer{"profiles.editor_ensure_freelancer", R"sql(
INSERT INTO profiles.freelancers (user_id, search, active_at, created_at, updated_at)
VALUES ($1, profiles.search_vector($1, '', '', '{}'), $2, $2, $2)
ON CONFLICT (user_id) DO NOTHING
)sql"};
/// Locks the performer's row for the rest of the transaction (every change of their profile, portfolio or
/// prices takes it, so limits and priorities are checked one change at a time) and marks them active.
constexpr db::Statement kTouch{"profiles.touch", R"sql(
UPDATE profiles.freelancers SET active_at = greatest(active_at, $2), updated_at = $2 WHERE user_id = $1
)sql"};
constexpr db::Statement kUpdateFreelancer{"profiles.update_freelancer", R"sql(
UPDATE profiles.freelancers
SET headline = $2, about = $3, specialization_ids = $4::bigint[]::int[], main_specialization_id = $5,
  category_ids = $6::bigint[]::int[], skill_ids = $7::bigint[]::int[], experience_years = $8,
  country_id = $9, city_id = $10, languages = $11::text[], rate_amount = $12, rate_currency = $13,
  rate_base = $14, available = $15,
  search = profiles.search_vector($1, $2, $3, $7::bigint[]::int[]), updated_at = $16
WHERE user_id = $1
)sql"};
constexpr db::Statement kCountProjects{"profiles.count_projects", R"sql(
UPDATE profiles.freelancers f
SET project_count = (SELECT count(*) FROM profiles.portfolio_projects p WHERE p.user_id = f.user_id)
WHERE f.user_id = $1
)sql"};
constexpr db::Statement kSlugTaken{"profiles.slug_taken", R"sql(
SELECT 1 FROM profiles.freelancers WHERE lower(slug) = lower($1) AND user_id <> $2
)sql"};
constexpr db::Statement kSetSlug{"profiles.set_slug", R"sql(
UPDATE profiles.freelancers SET slug = $2, updated_at = $3 WHERE user_id = $1
)sql"};

// ---- The customer ----

constexpr db::Statement kCustomer{"profiles.customer", R"sql(
SELECT u.id AS user_id, u.name AS user_name, u.lastname AS user_lastname, u.avatar AS user_avatar, u.created_at,
  coalesce(c.about, '') AS about,
  coalesce(c.orders_posted, 0) AS orders_posted, coalesce(c.performers_selected, 0) AS performers_selected,
  coalesce(c.orders_completed, 0) AS orders_completed, c.median_select_seconds,
  c.rating::float8 AS customer_rating, coalesce(c.review_count, 0) AS customer_review_count
FROM identity.users u
LEFT JOIN profiles.customers c ON c.user_id = u.id
WHERE u.id = $1
)sql"};
constexpr db::Statement kUpdateCustomer{"profiles.update_customer", R"sql(
INSERT INTO profiles.customers (user_id, about, created_at, updated_at) VALUES ($1, $2, $3, $3)
ON CONFLICT (user_id) DO UPDATE SET about = EXCLUDED.about, updated_at = EXCLUDED.updated_at
)sql"};

// ---- Portfolio ----

constexpr db::Statement kUserExists{"profiles.editor_user_exists", R"sql(
SELECT 1 FROM identity.users WHERE id = $1
)sql"};
constexpr db::Statement kGroups{"profiles.groups", R"sql(
SELECT g.id, g.name, g.description, g.priority,
  (SELECT count(*) FROM profiles.portfolio_projects p WHERE p.group_id = g.id) AS project_count
FROM profiles.portfolio_groups g
WHERE g.user_id = $1
ORDER BY g.priority, g.id
)sql"};
constexpr db::Statement kGroup{"profiles.group", R"sql(
SELECT g.id, g.name, g.description, g.priority,
  (SELECT count(*) FROM profiles.portfolio_projects p WHERE p.group_id = g.id) AS project_count
FROM profiles.portfolio_groups g
WHERE g.id = $1 AND g.user_id = $2
)sql"};
constexpr db::Statement kProjects{"profiles.projects", R"sql(
SELECT p.id, p.group_id, p.name, p.description, p.tools, p.link, p.priority,
  c.id AS cover_id, c.file_name AS cover_file, c.thumbnail_name AS cover_thumbnail, c.width AS cover_width,
  c.height AS cover_height,
  (SELECT count(*) FROM profiles.portfolio_images i WHERE i.project_id = p.id) AS image_count
FROM profiles.portfolio_projects p
LEFT JOIN profiles.portfolio_images c ON c.project_id = p.id AND c.is_cover
WHERE p.user_id = $1
ORDER BY p.priority, p.id
)sql"};
constexpr db::Statement kProject{"profiles.project", R"sql(
SELECT p.id, p.group_id, p.name, p.description, p.tools, p.link, p.priority,
  c.id AS cover_id, c.file_name AS cover_file, c.thumbnail_name AS cover_thumbnail, c.width AS cover_width,
  c.height AS cover_height,
  (SELECT count(*) FROM profiles.portfolio_images i WHERE i.project_id = p.id) AS image_count,
  u.id AS user_id, u.name AS user_name, u.lastname AS user_lastname, u.avatar AS user_avatar,
  g.name AS group_name
FROM profiles.portfolio_projects p
JOIN identity.users u ON u.id = p.user_id
LEFT JOIN profiles.portfolio_images c ON c.project_id = p.id AND c.is_cover
LEFT JOIN profiles.portfolio_groups g ON g.id = p.group_id
WHERE p.id = $1
)sql"};
constexpr db::Statement kProjectImages{"profiles.project_images", R"sql(
SELECT id, file_name, thumbnail_name, width, height, is_cover
FROM profiles.portfolio_images
WHERE project_id = $1
ORDER BY position, id
)sql"};
constexpr db::Statement kCount{"profiles.count_items", R"sql(
SELECT (SELECT count(*) FROM profiles.portfolio_groups WHERE user_id = $1) AS groups,
  (SELECT count(*) FROM profiles.portfolio_projects WHERE user_id = $1) AS projects,
  (SELECT count(*) FROM profiles.prices WHERE user_id = $1) AS prices
)sql"};
constexpr db::Statement kInsertGroup{"profiles.insert_group", R"sql(
INSERT INTO profiles.portfolio_groups (user_id, name, description, priority, created_at, updated_at)
VALUES ($1, $2, $3,
  (SELECT coalesce(max(priority), 0) + 1 FROM profiles.portfolio_groups WHERE user_id = $1), $4, $4)
RETURNING id
)sql"};
constexpr db::Statement kUpdateGroup{"profiles.update_group", R"sql(
UPDATE profiles.portfolio_groups SET name = $3, description = $4, updated_at = $5
WHERE id = $1 AND user_id = $2
)sql"};
constexpr db::Statement kDeleteGroup{"profiles.delete_group", R"sql(
DELETE FROM profiles.portfolio_groups WHERE id = $1 AND user_id = $2
)sql"};
constexpr db::Statement kGroupIds{"profiles.group_ids", R"sql(
SELECT coalesce(array_agg(id ORDER BY priority, id), '{}') AS ids FROM profiles.portfolio_groups WHERE user_id = $1
)sql"};
constexpr db::Statement kReorderGroups{"profiles.reorder_groups", R"sql(
UPDATE profiles.portfolio_groups g SET priority = o.priority, updated_at = $4
FROM unnest($2::bigint[], $3::bigint[]) AS o(id, priority)
WHERE g.id = o.id AND g.user_id = $1
)sql"};
constexpr db::Statement kOwnGroup{"profiles.own_group", R"sql(
SELECT 1 FROM profiles.portfolio_groups WHERE id = $1 AND user_id = $2
)sql"};
constexpr db::Statement kInsertProject{"profiles.insert_project", R"sql(
INSERT INTO profiles.portfolio_projects (user_id, group_id, name, description, tools, link, priority,
  created_at, updated_at)
VALUES ($1, $2, $3, $4, $5::text[], $6,
  (SELECT coalesce(max(priority), 0) + 1 FROM profiles.portfolio_projects
   WHERE user_id = $1 AND group_id IS NOT DISTINCT FROM $2::bigint), $7, $7)
RETURNING id
)sql"};
constexpr db::Statement kOwnProject{"profiles.own_project", R"sql(
SELECT group_id FROM profiles.portfolio_projects WHERE id = $1 AND user_id = $2
)sql"};
constexpr db::Statement kUpdateProject{"profiles.update_project", R"sql(
UPDATE profiles.portfolio_projects
SET group_id = $3, name = $4, description = $5, tools = $6::text[], link = $7, updated_at = $8,
  priority = CASE WHEN group_id IS NOT DISTINCT FROM $3::bigint THEN priority
    ELSE (SELECT coalesce(max(priority), 0) + 1 FROM profiles.portfolio_projects
          WHERE user_id = $2 AND group_id IS NOT DISTINCT FROM $3::bigint) END
WHERE id = $1 AND user_id = $2
)sql"};
constexpr db::Statement kDetachAll{"profiles.detach_all", R"sql(
UPDATE profiles.portfolio_images SET project_id = NULL, owner_id = NULL, is_cover = false WHERE project_id = $1
)sql"};
constexpr db::Statement kDeleteProject{"profiles.delete_project", R"sql(
DELETE FROM profiles.portfolio_projects WHERE id = $1 AND user_id = $2
)sql"};
constexpr db::Statement kProjectIds{"profiles.project_ids", R"sql(
SELECT coalesce(array_agg(id ORDER BY priority, id), '{}') AS ids FROM profiles.portfolio_projects
WHERE user_id = $1 AND group_id IS NOT DISTINCT FROM $2::bigint
)sql"};
constexpr db::Statement kReorderProjects{"profiles.reorder_projects", R"sql(
UPDATE profiles.portfolio_projects p SET priority = o.priority, updated_at = $4
FROM unnest($2::bigint[], $3::bigint[]) AS o(id, priority)
WHERE p.id = o.id AND p.user_id = $1
)sql"};
/// The images a project may show: the owner's uploads, and the project's own images.
constexpr db::Statement kUsableImages{"profiles.usable_images", R"sql(
SELECT count(*) AS usable FROM profiles.portfolio_images
WHERE id = ANY ($1::bigint[]) AND ((project_id IS NULL AND owner_id = $2) OR project_id = $3)
)sql"};
constexpr db::Statement kDetachOthers{"profiles.detach_others", R"sql(
UPDATE profiles.portfolio_images SET project_id = NULL, owner_id = NULL, is_cover = false
WHERE project_id = $1 AND NOT (id = ANY ($2::bigint[]))
)sql"};
constexpr db::Statement kClearCover{"profiles.clear_cover", R"sql(
UPDATE profiles.portfolio_images SET is_cover = false WHERE project_id = $1 AND is_cover
)sql"};
constexpr db::Statement kAttach{"profiles.attach", R"sql(
UPDATE profiles.portfolio_images
SET project_id = $1, owner_id = $2, position = array_position($3::bigint[], id), is_cover = (id = $4)
WHERE id = ANY ($3::bigint[])
)sql"};
constexpr db::Statement kPendingUploads{"profiles.pending_uploads", R"sql(
SELECT count(*) AS pending
FROM (SELECT 1 FROM profiles.portfolio_images WHERE owner_id = $1 AND project_id IS NULL LIMIT $2) pending
)sql"};
constexpr db::Statement kInsertUpload{"profiles.insert_upload", R"sql(
INSERT INTO profiles.portfolio_images (owner_id, file_name, thumbnail_name, width, height, position, created_at)
VALUES ($1, $2, $3, $4, $5, 0, $6)
RETURNING id
)sql"};
/// As orders' upload sweep: the rows go, and each of their files is checked against every other use.
constexpr std::string_view kSweepTemplate = R"sql(
WITH gone AS (
  DELETE FROM profiles.portfolio_images
  WHERE id IN (
    SELECT id FROM profiles.portfolio_images
    WHERE project_id IS NULL AND created_at < $1
    ORDER BY created_at
    LIMIT $2
    FOR UPDATE SKIP LOCKED)
  RETURNING id, file_name, thumbnail_name
),
names AS (
  SELECT file_name AS name FROM gone
  UNION
  SELECT thumbnail_name FROM gone
)
SELECT n.name,
  NOT EXISTS (SELECT 1 FROM profiles.portfolio_images i WHERE (i.file_name = n.name OR i.thumbnail_name = n.name)
              AND i.id NOT IN (SELECT id FROM gone))
  AND NOT ({others}) AS unused
FROM names n
)sql";

// ---- Prices ----

constexpr db::Statement kPrices{"profiles.prices", R"sql(
SELECT id, name, description, kind, amount, currency::text AS currency, unit, priority
FROM profiles.prices WHERE user_id = $1 ORDER BY priority, id
)sql"};
constexpr db::Statement kPrice{"profiles.price", R"sql(
SELECT id, name, description, kind, amount, currency::text AS currency, unit, priority
FROM profiles.prices WHERE id = $1 AND user_id = $2
)sql"};
constexpr db::Statement kInsertPrice{"profiles.insert_price", R"sql(
INSERT INTO profiles.prices (user_id, name, description, kind, amount, currency, unit, priority, created_at,
  updated_at)
VALUES ($1, $2, $3, $4, $5, $6, $7,
  (SELECT coalesce(max(priority), 0) + 1 FROM profiles.prices WHERE user_id = $1), $8, $8)
RETURNING id
)sql"};
constexpr db::Statement kUpdatePrice{"profiles.update_price", R"sql(
UPDATE profiles.prices
SET name = $3, description = $4, kind = $5, amount = $6, currency = $7, unit = $8, updated_at = $9
WHERE id = $1 AND user_id = $2
)sql"};
constexpr db::Statement kDeletePrice{"profiles.delete_price", R"sql(
DELETE FROM profiles.prices WHERE id = $1 AND user_id = $2
)sql"};
constexpr db::Statement kPriceIds{"profiles.price_ids", R"sql(
SELECT coalesce(array_agg(id ORDER BY priority, id), '{}') AS ids FROM profiles.prices WHERE user_id = $1
)sql"};
constexpr db::Statement kReorderPrices{"profiles.reorder_prices", R"sql(
UPDATE profiles.prices p SET priority = o.priority, updated_at = $4
FROM unnest($2::bigint[], $3::bigint[]) AS o(id, priority)
WHERE p.id = o.id AND p.user_id = $1
)sql"};

Error UserNotFound() {
  return NotFound({"marketplace:users.not_found", {}});
}
Error ProjectNotFound() {
  return NotFound({"profiles:project_not_found", {}});
}
Error GroupNotFound() {
  return NotFound({"profiles:group_not_found", {}});
}
Error PriceNotFound() {
  return NotFound({"profiles:price_not_found", {}});
}
Message CountMessage(std::string key, std::size_t count) {
  return Message{std::move(key), {{"count", std::to_string(count)}}};
}

std::vector<std::int64_t> Wide(const std::vector<std::int32_t>& ids) {
  return {ids.begin(), ids.end()};
}

PortfolioImageView ImageOf(std::int64_t id, const std::string& file, const std::string& thumbnail,
                           std::int32_t width, std::int32_t height, bool cover) {
  return {.id = id,
          .url = storage::FileUrl(file),
          .thumbnail_url = storage::FileUrl(thumbnail),
          .width = width,
          .height = height,
          .is_cover = cover};
}

PortfolioGroupView GroupOf(const db::Row& row) {
  return {.id = row.Get<std::int64_t>("id"),
          .name = row.Get<std::string>("name"),
          .description = row.Get<std::string>("description"),
          .priority = row.Get<std::int32_t>("priority"),
          .project_count = row.Get<std::int64_t>("project_count")};
}

void FillCard(const db::Row& row, PortfolioProjectCardView& card) {
  card.id = row.Get<std::int64_t>("id");
  card.group_id = row.Get<std::optional<std::int64_t>>("group_id");
  card.name = row.Get<std::string>("name");
  card.description = row.Get<std::string>("description");
  card.tools = row.Get<std::vector<std::string>>("tools");
  card.link = row.Get<std::optional<std::string>>("link");
  card.priority = row.Get<std::int32_t>("priority");
  if (auto cover_id = row.Get<std::optional<std::int64_t>>("cover_id")) {
    card.cover =
        ImageOf(*cover_id, row.Get<std::string>("cover_file"), row.Get<std::string>("cover_thumbnail"),
                row.Get<std::int32_t>("cover_width"), row.Get<std::int32_t>("cover_height"), true);
  }
  card.image_count = row.Get<std::int64_t>("image_count");
}

PortfolioProjectCardView CardOf(const db::Row& row) {
  PortfolioProjectCardView card;
  FillCard(row, card);
  return card;
}

PriceView PriceOf(const db::Row& row) {
  return {.id = row.Get<std::int64_t>("id"),
          .name = row.Get<std::string>("name"),
          .description = row.Get<std::string>("description"),
          .kind = row.Get<std::string>("kind"),
          .amount = row.Get<std::int64_t>("amount"),
          .currency = row.Get<std::string>("currency"),
          .unit = row.Get<std::string>("unit"),
          .priority = row.Get<std::int32_t>("priority")};
}

}  // namespace

struct Editor::Impl {
  Impl(db::Pool& p, catalog::Catalog& k, const Clock& c) : pool(p), catalog(k), clock(c) {
    freelancer_sql = std::string(kFreelancerTemplate);
    freelancer_sql.replace(freelancer_sql.find("{online}"), 8, OnlineSql("u.id"));
    freelancer = db::Statement{"profiles.freelancer", freelancer_sql};
  }

  /// Creates the performer's row when missing and locks it for the rest of `tx`, marking them active.
  awaitable<void> Lock(db::Transaction& tx, std::int64_t user_id, TimePoint now) {
    co_await tx.Query(kEnsureFreelancer, user_id, now);
    co_await tx.Query(kTouch, user_id, now);
  }

  /// The stored project count after a change (the catalogue's "with portfolio only" reads it from the row;
  /// the completeness score is computed when a profile is read, so it never lags behind the avatar).
  awaitable<void> Refresh(db::Transaction& tx, std::int64_t user_id) {
    co_await tx.Query(kCountProjects, user_id);
  }

  awaitable<void> AttachImages(db::Transaction& tx, std::int64_t user_id, std::int64_t project_id,
                               const std::vector<ImageRef>& images) {
    std::vector<std::int64_t> ids;
    std::int64_t cover = 0;
    for (const auto& image : images) {
      ids.push_back(image.id);
      if (image.cover) cover = image.id;
    }
    if (!ids.empty()) {
      auto usable = co_await tx.Query(kUsableImages, ids, user_id, project_id);
      if (usable.One().Get<std::int64_t>("usable") != static_cast<std::int64_t>(ids.size())) {
        throw ValidationFailed("images", {"profiles:image_unknown", {}});
      }
    }
    co_await tx.Query(kDetachOthers, project_id, ids);
    co_await tx.Query(kClearCover, project_id);
    if (!ids.empty()) co_await tx.Query(kAttach, project_id, user_id, ids, cover);
  }

  awaitable<void> RequireOwnGroup(db::Transaction& tx, std::int64_t user_id,
                                  std::optional<std::int64_t> group_id) {
    if (!group_id) co_return;
    auto own = co_await tx.Query(kOwnGroup, *group_id, user_id);
    if (own.Empty()) throw ValidationFailed("group_id", {"profiles:group_unknown", {}});
  }

  /// A group's and a project's rules, every field's error at once.
  static void Check(GroupInput& input) {
    ValidationErrors errors;
    CheckGroup(input, errors);
    errors.ThrowIfAny();
  }
  static void Check(ProjectInput& input) {
    ValidationErrors errors;
    CheckProject(input, errors);
    errors.ThrowIfAny();
  }

  /// A price's rules (CheckPrice), every field's error at once.
  awaitable<void> Check(PriceInput& input) {
    auto snapshot = co_await catalog.Get();
    ValidationErrors errors;
    CheckPrice(input, *snapshot, errors);
    errors.ThrowIfAny();
  }

  db::Pool& pool;
  catalog::Catalog& catalog;
  const Clock& clock;
  std::string freelancer_sql;
  db::Statement freelancer;
  const storage::FileReferences* file_references = nullptr;
};

Editor::Editor(db::Pool& pool, catalog::Catalog& catalog, const Clock& clock)
    : impl_(std::make_unique<Impl>(pool, catalog, clock)) {}

Editor::~Editor() = default;

awaitable<FreelancerProfileView> Editor::Freelancer(std::string_view key,
                                                    std::optional<std::int64_t> viewer_id) {
  const bool numeric = !key.empty() && key.size() <= 18 &&
                       std::all_of(key.begin(), key.end(), [](char c) { return c >= '0' && c <= '9'; });
  if (numeric) {
    const std::string digits(key);
    const std::int64_t id = std::stoll(digits);
    co_return co_await FreelancerById(id, viewer_id);
  }
  if (key.size() > kSlugMaxLength) throw UserNotFound();
  const std::string slug(key);
  auto rows = co_await impl_->pool.Query(kUserBySlug, slug);
  if (rows.Empty()) throw UserNotFound();
  co_return co_await FreelancerById(rows.One().Get<std::int64_t>("user_id"), viewer_id);
}

awaitable<FreelancerProfileView> Editor::FreelancerById(std::int64_t user_id,
                                                        std::optional<std::int64_t> viewer_id) {
  auto rows = co_await impl_->pool.Query(impl_->freelancer, user_id);
  if (rows.Empty()) throw UserNotFound();
  auto row = rows.One();
  FreelancerProfileView profile;
  profile.is_owner = viewer_id && *viewer_id == user_id;
  profile.user = CardView(kernel::ReadUserCard(row, "user"));
  profile.created_at = row.Get<TimePoint>("created_at");
  profile.slug = row.Get<std::optional<std::string>>("slug");
  profile.headline = row.Get<std::string>("headline");
  profile.about = row.Get<std::string>("about");
  const auto main = row.Get<std::optional<std::int32_t>>("main_specialization_id");
  for (auto id : row.Get<std::vector<std::int64_t>>("specialization_ids")) {
    profile.specializations.push_back({.id = id, .main = main && *main == id});
  }
  profile.category_ids = row.Get<std::vector<std::int64_t>>("category_ids");
  profile.skill_ids = row.Get<std::vector<std::int64_t>>("skill_ids");
  profile.experience_years = row.Get<std::optional<std::int32_t>>("experience_years");
  profile.country_id = row.Get<std::optional<std::int32_t>>("country_id");
  profile.city_id = row.Get<std::optional<std::int32_t>>("city_id");
  profile.languages = row.Get<std::vector<std::string>>("languages");
  if (auto amount = row.Get<std::optional<std::int64_t>>("rate_amount")) {
    profile.rate = RateView{.amount = *amount, .currency = row.Get<std::string>("rate_currency")};
  }
  profile.available = row.Get<bool>("available");
  profile.online = row.Get<bool>("online");
  profile.stats = {.rating = row.Get<std::optional<double>>("rating"),
                   .review_count = row.Get<std::int32_t>("review_count"),
                   .completed_orders = row.Get<std::int32_t>("completed_orders"),
                   .repeat_customers = row.Get<std::int32_t>("repeat_customers")};
  profile.project_count = row.Get<std::int64_t>("project_count");
  profile.group_count = row.Get<std::int64_t>("group_count");
  profile.price_count = row.Get<std::int64_t>("price_count");

  CompletenessInput completeness;
  completeness.avatar = profile.user.avatar.has_value();
  completeness.headline = !profile.headline.empty();
  completeness.about_length = static_cast<std::size_t>(row.Get<std::int32_t>("about_length"));
  completeness.main_specialization = main.has_value();
  completeness.skills = profile.skill_ids.size();
  completeness.rate = profile.rate.has_value();
  completeness.location = profile.country_id.has_value();
  completeness.projects = profile.project_count;
  completeness.prices = profile.price_count;
  auto score = ComputeCompleteness(completeness);
  profile.completeness.score = score.score;
  if (profile.is_owner) profile.completeness.missing = std::move(score.missing);
  co_return profile;
}

awaitable<FreelancerProfileView> Editor::UpdateFreelancer(std::int64_t user_id, FreelancerInput input) {
  FreelancerForm form;
  {
    auto snapshot = co_await impl_->catalog.Get();
    ValidationErrors errors;
    form = CheckFreelancer(input, *snapshot, errors);
    errors.ThrowIfAny();
  }
  const TimePoint now = impl_->clock.Now();
  {
    auto tx = co_await impl_->pool.Begin();
    co_await impl_->Lock(tx, user_id, now);
    std::optional<std::int64_t> amount;
    std::optional<std::string> currency;
    if (form.rate) {
      amount = form.rate->amount;
      currency = form.rate->currency;
    }
    const auto specialization_ids = Wide(form.specialization_ids);
    const auto category_ids = Wide(form.category_ids);
    const auto skill_ids = Wide(form.skill_ids);
    co_await tx.Query(kUpdateFreelancer, user_id, form.headline, form.about, specialization_ids,
                      form.main_specialization_id, category_ids, skill_ids, form.experience_years,
                      form.country_id, form.city_id, form.languages, amount, currency, form.rate_base,
                      form.available, now);
    co_await impl_->Refresh(tx, user_id);
    co_await tx.Commit();
  }
  co_return co_await FreelancerById(user_id, user_id);
}

awaitable<std::optional<std::string>> Editor::SetSlug(std::int64_t user_id, std::optional<std::string> slug) {
  if (slug) {
    if (auto problem = SlugProblem(*slug)) throw ValidationFailed("slug", {*problem, {}});
  }
  const TimePoint now = impl_->clock.Now();
  auto tx = co_await impl_->pool.Begin();
  co_await impl_->Lock(tx, user_id, now);
  if (slug) {
    auto taken = co_await tx.Query(kSlugTaken, *slug, user_id);
    if (!taken.Empty()) throw ValidationFailed("slug", {"profiles:slug_taken", {}});
  }
  bool raced = false;
  try {
    co_await tx.Query(kSetSlug, user_id, slug, now);
  } catch (const db::UniqueViolation&) {
    raced = true;  // the same address saved by somebody else a moment ago
  }
  if (raced) throw ValidationFailed("slug", {"profiles:slug_taken", {}});
  co_await tx.Commit();
  co_return slug;
}

awaitable<CustomerProfileView> Editor::Customer(std::int64_t user_id, std::optional<std::int64_t> viewer_id) {
  auto rows = co_await impl_->pool.Query(kCustomer, user_id);
  if (rows.Empty()) throw UserNotFound();
  auto row = rows.One();
  co_return CustomerProfileView{.user = CardView(kernel::ReadUserCard(row, "user")),
                                .created_at = row.Get<TimePoint>("created_at"),
                                .about = row.Get<std::string>("about"),
                                .stats = CustomerStatsOf(row),
                                .is_owner = viewer_id && *viewer_id == user_id};
}

awaitable<CustomerProfileView> Editor::UpdateCustomer(std::int64_t user_id, CustomerInput input) {
  input.about = std::string(Trim(input.about, kAsciiWhitespace));
  ValidationErrors errors;
  errors.CheckLength("about", input.about, 0, kMaxAbout);
  errors.ThrowIfAny();
  co_await impl_->pool.Query(kUpdateCustomer, user_id, input.about, impl_->clock.Now());
  co_return co_await Customer(user_id, user_id);
}

awaitable<PortfolioView> Editor::Portfolio(std::int64_t user_id) {
  std::vector<db::PipelineQuery> queries;
  queries.push_back({kUserExists, db::MakeParams(user_id)});
  queries.push_back({kGroups, db::MakeParams(user_id)});
  queries.push_back({kProjects, db::MakeParams(user_id)});
  auto results = co_await impl_->pool.Pipeline(std::move(queries));
  if (results[0].Empty()) throw UserNotFound();
  PortfolioView portfolio;
  for (auto row : results[1]) portfolio.groups.push_back(GroupOf(row));
  for (auto row : results[2]) portfolio.projects.push_back(CardOf(row));
  co_return portfolio;
}

awaitable<PortfolioProjectView> Editor::Project(std::int64_t project_id) {
  std::vector<db::PipelineQuery> queries;
  queries.push_back({kProject, db::MakeParams(project_id)});
  queries.push_back({kProjectImages, db::MakeParams(project_id)});
  auto results = co_await impl_->pool.Pipeline(std::move(queries));
  if (results[0].Empty()) throw ProjectNotFound();
  auto row = results[0].One();
  PortfolioProjectView project;
  FillCard(row, project);
  for (auto image : results[1]) {
    project.images.push_back(ImageOf(image.Get<std::int64_t>("id"), image.Get<std::string>("file_name"),
                                     image.Get<std::string>("thumbnail_name"),
                                     image.Get<std::int32_t>("width"), image.Get<std::int32_t>("height"),
                                     image.Get<bool>("is_cover")));
  }
  project.user = CardView(kernel::ReadUserCard(row, "user"));
  if (auto group_id = row.Get<std::optional<std::int64_t>>("group_id")) {
    project.group = PortfolioGroupRef{.id = *group_id, .name = row.Get<std::string>("group_name")};
  }
  co_return project;
}

awaitable<PortfolioGroupView> Editor::CreateGroup(std::int64_t user_id, GroupInput input) {
  Impl::Check(input);
  const TimePoint now = impl_->clock.Now();
  std::int64_t id = 0;
  {
    auto tx = co_await impl_->pool.Begin();
    co_await impl_->Lock(tx, user_id, now);
    auto counts = co_await tx.Query(kCount, user_id);
    if (counts.One().Get<std::int64_t>("groups") >= static_cast<std::int64_t>(kMaxGroups)) {
      throw Conflict(CountMessage("profiles:groups_max", kMaxGroups));
    }
    auto inserted = co_await tx.Query(kInsertGroup, user_id, input.name, input.description, now);
    id = inserted.One().Get<std::int64_t>("id");
    co_await tx.Commit();
  }
  auto rows = co_await impl_->pool.Query(kGroup, id, user_id);
  co_return GroupOf(rows.One());
}

awaitable<PortfolioGroupView> Editor::UpdateGroup(std::int64_t user_id, std::int64_t group_id,
                                                  GroupInput input) {
  Impl::Check(input);
  const TimePoint now = impl_->clock.Now();
  {
    auto tx = co_await impl_->pool.Begin();
    co_await impl_->Lock(tx, user_id, now);
    auto updated = co_await tx.Query(kUpdateGroup, group_id, user_id, input.name, input.description, now);
    if (updated.AffectedRows() == 0) throw GroupNotFound();
    co_await tx.Commit();
  }
  auto rows = co_await impl_->pool.Query(kGroup, group_id, user_id);
  co_return GroupOf(rows.One());
}

awaitable<void> Editor::DeleteGroup(std::int64_t user_id, std::int64_t group_id) {
  const TimePoint now = impl_->clock.Now();
  auto tx = co_await impl_->pool.Begin();
  co_await impl_->Lock(tx, user_id, now);
  auto deleted = co_await tx.Query(kDeleteGroup, group_id, user_id);
  if (deleted.AffectedRows() == 0) throw GroupNotFound();
  co_await tx.Commit();
}

awaitable<std::vector<PortfolioGroupView>> Editor::ReorderGroups(std::int64_t user_id,
                                                                 const std::vector<std::int64_t>& ids) {
  const TimePoint now = impl_->clock.Now();
  {
    auto tx = co_await impl_->pool.Begin();
    co_await impl_->Lock(tx, user_id, now);
    auto current = co_await tx.Query(kGroupIds, user_id);
    auto priorities = Priorities(current.One().Get<std::vector<std::int64_t>>("ids"), ids);
    if (!priorities) throw ValidationFailed("ids", {"profiles:order_ids", {}});
    const auto wide = Wide(*priorities);
    co_await tx.Query(kReorderGroups, user_id, ids, wide, now);
    co_await tx.Commit();
  }
  auto rows = co_await impl_->pool.Query(kGroups, user_id);
  std::vector<PortfolioGroupView> groups;
  for (auto row : rows) groups.push_back(GroupOf(row));
  co_return groups;
}

awaitable<std::int64_t> Editor::CreateProject(std::int64_t user_id, ProjectInput input) {
  Impl::Check(input);
  const TimePoint now = impl_->clock.Now();
  auto tx = co_await impl_->pool.Begin();
  co_await impl_->Lock(tx, user_id, now);
  auto counts = co_await tx.Query(kCount, user_id);
  if (counts.One().Get<std::int64_t>("projects") >= static_cast<std::int64_t>(kMaxProjects)) {
    throw Conflict(CountMessage("profiles:projects_max", kMaxProjects));
  }
  co_await impl_->RequireOwnGroup(tx, user_id, input.group_id);
  auto inserted = co_await tx.Query(kInsertProject, user_id, input.group_id, input.name, input.description,
                                    input.tools, input.link, now);
  const auto id = inserted.One().Get<std::int64_t>("id");
  co_await impl_->AttachImages(tx, user_id, id, input.images);
  co_await impl_->Refresh(tx, user_id);
  co_await tx.Commit();
  co_return id;
}

awaitable<void> Editor::UpdateProject(std::int64_t user_id, std::int64_t project_id, ProjectInput input) {
  Impl::Check(input);
  const TimePoint now = impl_->clock.Now();
  auto tx = co_await impl_->pool.Begin();
  co_await impl_->Lock(tx, user_id, now);
  auto own = co_await tx.Query(kOwnProject, project_id, user_id);
  if (own.Empty()) throw ProjectNotFound();
  co_await impl_->RequireOwnGroup(tx, user_id, input.group_id);
  co_await tx.Query(kUpdateProject, project_id, user_id, input.group_id, input.name, input.description,
                    input.tools, input.link, now);
  co_await impl_->AttachImages(tx, user_id, project_id, input.images);
  co_await tx.Commit();
}

awaitable<void> Editor::DeleteProject(std::int64_t user_id, std::int64_t project_id) {
  const TimePoint now = impl_->clock.Now();
  auto tx = co_await impl_->pool.Begin();
  co_await impl_->Lock(tx, user_id, now);
  auto own = co_await tx.Query(kOwnProject, project_id, user_id);
  if (own.Empty()) throw ProjectNotFound();
  // The images become unattached: the sweep removes them and their files.
  co_await tx.Query(kDetachAll, project_id);
  co_await tx.Query(kDeleteProject, project_id, user_id);
  co_await impl_->Refresh(tx, user_id);
  co_await tx.Commit();
}

awaitable<void> Editor::ReorderProjects(std::int64_t user_id, std::optional<std::int64_t> group_id,
                                        const std::vector<std::int64_t>& ids) {
  const TimePoint now = impl_->clock.Now();
  auto tx = co_await impl_->pool.Begin();
  co_await impl_->Lock(tx, user_id, now);
  if (group_id) {
    auto own = co_await tx.Query(kOwnGroup, *group_id, user_id);
    if (own.Empty()) throw GroupNotFound();
  }
  auto current = co_await tx.Query(kProjectIds, user_id, group_id);
  auto priorities = Priorities(current.One().Get<std::vector<std::int64_t>>("ids"), ids);
  if (!priorities) throw ValidationFailed("ids", {"profiles:order_ids", {}});
  const auto wide = Wide(*priorities);
  co_await tx.Query(kReorderProjects, user_id, ids, wide, now);
  co_await tx.Commit();
}

awaitable<void> Editor::CheckUploadAllowance(std::int64_t user_id) {
  auto pending = co_await impl_->pool.Query(kPendingUploads, user_id, kMaxPendingUploads);
  if (pending.One().Get<std::int64_t>("pending") >= kMaxPendingUploads) {
    throw Conflict(CountMessage("profiles:uploads_pending", static_cast<std::size_t>(kMaxPendingUploads)));
  }
}

awaitable<boost::json::object> Editor::AddUpload(std::int64_t user_id, const storage::StoredFile& stored) {
  const std::string thumbnail = stored.thumbnail_name.value_or(stored.name);
  auto inserted = co_await impl_->pool.Query(kInsertUpload, user_id, stored.name, thumbnail, stored.width,
                                             stored.height, impl_->clock.Now());
  co_return boost::json::object{{"id", inserted.One().Get<std::int64_t>("id")},
                                {"url", storage::FileUrl(stored.name)},
                                {"thumbnail_url", storage::FileUrl(thumbnail)},
                                {"width", stored.width},
                                {"height", stored.height}};
}

awaitable<std::vector<std::string>> Editor::SweepUploads(TimePoint cutoff, int batch) {
  std::string sql(kSweepTemplate);
  const std::string others =
      impl_->file_references ? impl_->file_references->OthersUse("profiles", "n.name") : std::string("false");
  sql.replace(sql.find("{others}"), 8, others);
  auto rows = co_await impl_->pool.Query(std::string_view(sql), cutoff, std::int64_t{batch});
  std::vector<std::string> unused;
  for (auto row : rows) {
    if (row.Get<bool>("unused")) unused.push_back(row.Get<std::string>("name"));
  }
  co_return unused;
}

void Editor::UseFileReferences(const storage::FileReferences& references) {
  impl_->file_references = &references;
}

awaitable<std::vector<PriceView>> Editor::Prices(std::int64_t user_id) {
  auto rows = co_await impl_->pool.Query(kPrices, user_id);
  if (rows.Empty()) co_await RequireUser(impl_->pool, user_id);
  std::vector<PriceView> items;
  for (auto row : rows) items.push_back(PriceOf(row));
  co_return items;
}

awaitable<PriceView> Editor::CreatePrice(std::int64_t user_id, PriceInput input) {
  co_await impl_->Check(input);
  const TimePoint now = impl_->clock.Now();
  std::int64_t id = 0;
  {
    auto tx = co_await impl_->pool.Begin();
    co_await impl_->Lock(tx, user_id, now);
    auto counts = co_await tx.Query(kCount, user_id);
    if (counts.One().Get<std::int64_t>("prices") >= static_cast<std::int64_t>(kMaxPrices)) {
      throw Conflict(CountMessage("profiles:prices_max", kMaxPrices));
    }
    auto inserted = co_await tx.Query(kInsertPrice, user_id, input.name, input.description, input.kind,
                                      input.amount, input.currency, input.unit, now);
    id = inserted.One().Get<std::int64_t>("id");
    co_await impl_->Refresh(tx, user_id);
    co_await tx.Commit();
  }
  auto rows = co_await impl_->pool.Query(kPrice, id, user_id);
  co_return PriceOf(rows.One());
}

awaitable<PriceView> Editor::UpdatePrice(std::int64_t user_id, std::int64_t price_id, PriceInput input) {
  co_await impl_->Check(input);
  const TimePoint now = impl_->clock.Now();
  {
    auto tx = co_await impl_->pool.Begin();
    co_await impl_->Lock(tx, user_id, now);
    auto updated = co_await tx.Query(kUpdatePrice, price_id, user_id, input.name, input.description,
                                     input.kind, input.amount, input.currency, input.unit, now);
    if (updated.AffectedRows() == 0) throw PriceNotFound();
    co_await tx.Commit();
  }
  auto rows = co_await impl_->pool.Query(kPrice, price_id, user_id);
  co_return PriceOf(rows.One());
}

awaitable<void> Editor::DeletePrice(std::int64_t user_id, std::int64_t price_id) {
  const TimePoint now = impl_->clock.Now();
  auto tx = co_await impl_->pool.Begin();
  co_await impl_->Lock(tx, user_id, now);
  auto deleted = co_await tx.Query(kDeletePrice, price_id, user_id);
  if (deleted.AffectedRows() == 0) throw PriceNotFound();
  co_await impl_->Refresh(tx, user_id);
  co_await tx.Commit();
}

awaitable<std::vector<PriceView>> Editor::ReorderPrices(std::int64_t user_id,
                                                        const std::vector<std::int64_t>& ids) {
  const TimePoint now = impl_->clock.Now();
  {
    auto tx = co_await impl_->pool.Begin();
    co_await impl_->Lock(tx, user_id, now);
    auto current = co_await tx.Query(kPriceIds, user_id);
    auto priorities = Priorities(current.One().Get<std::vector<std::int64_t>>("ids"), ids);
    if (!priorities) throw ValidationFailed("ids", {"profiles:order_ids", {}});
    const auto wide = Wide(*priorities);
    co_await tx.Query(kReorderPrices, user_id, ids, wide, now);
    co_await tx.Commit();
  }
  co_return co_await Prices(user_id);
}

}  // namespace artel::profiles
