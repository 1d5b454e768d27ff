#pragma once

// The profile editor's private part, shared by the files it is split into along its aggregates: editor.cpp
// (the performer's and the customer's profile, the portfolio address), portfolio.cpp (groups, projects, their
// images and the uploads) and prices.cpp (the price list, with its own SQL). Here: the profile's and the
// portfolio's SQL, the small helpers and Editor::Impl. Included by those files only.

#include <algorithm>
#include <boost/json/array.hpp>

#include "artel/catalog/catalog.hpp"
#include "artel/core/error.hpp"
#include "artel/core/text.hpp"
#include "artel/core/time.hpp"
#include "artel/db/errors.hpp"
#include "artel/db/pool.hpp"
#include "artel/kernel/user_card.hpp"
#include "artel/profiles/editor.hpp"
#include "artel/profiles/online.hpp"
#include "artel/profiles/profiles.hpp"
#include "artel/profiles/reputation.hpp"
#include "artel/profiles/rules.hpp"
#include "artel/storage/storage.hpp"
#include "input.hpp"

namespace artel::profiles {

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
inline Error UserNotFound() {
  return NotFound({"profiles:users.not_found", {}});
}
inline Error ProjectNotFound() {
  return NotFound({"profiles:project_not_found", {}});
}
inline Error GroupNotFound() {
  return NotFound({"profiles:group_not_found", {}});
}
inline Message CountMessage(std::string key, std::size_t count) {
  return Message{std::move(key), {{"count", std::to_string(count)}}};
}

inline std::vector<std::int64_t> Wide(const std::vector<std::int32_t>& ids) {
  return {ids.begin(), ids.end()};
}

inline PortfolioImageView ImageOf(std::int64_t id, const std::string& file, const std::string& thumbnail,
                                  std::int32_t width, std::int32_t height, bool cover) {
  return {.id = id,
          .url = storage::FileUrl(file),
          .thumbnail_url = storage::FileUrl(thumbnail),
          .width = width,
          .height = height,
          .is_cover = cover};
}

inline PortfolioGroupView GroupOf(const db::Row& row) {
  return {.id = row.Get<std::int64_t>("id"),
          .name = row.Get<std::string>("name"),
          .description = row.Get<std::string>("description"),
          .priority = row.Get<std::int32_t>("priority"),
          .project_count = row.Get<std::int64_t>("project_count")};
}

inline void FillCard(const db::Row& row, PortfolioProjectCardView& card) {
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

inline PortfolioProjectCardView CardOf(const db::Row& row) {
  PortfolioProjectCardView card;
  FillCard(row, card);
  return card;
}

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
};

}  // namespace artel::profiles
