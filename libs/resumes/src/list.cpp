#include "list.hpp"

#include "artel/core/error.hpp"
#include "artel/kernel/cursor.hpp"

namespace artel::resumes::list {
namespace {

constexpr std::string_view kShapePrefix = "resumes.l_";
constexpr std::string_view kFuzzyFlag = "f";

struct SortShape {
  std::string key;
  bool descending;
  std::string_view tag;
};

/// Exactly the expressions of 0029's indexes. Relevance ranks in millionths (an integer keyset key).
SortShape ShapeOf(Sort sort, const std::string& tsquery) {
  switch (sort) {
    case Sort::kSalary:
      return {"COALESCE(r.salary_base, 9223372036854775807)", false, "s"};
    case Sort::kRelevance:
      return {"(ts_rank(r.search, " + tsquery + ") * 1000000)::bigint", true, "v"};
    case Sort::kDate:
      break;
  }
  return {"r.published_at", true, "d"};
}

std::string_view TagOf(Sort sort) {
  switch (sort) {
    case Sort::kSalary:
      return "s";
    case Sort::kRelevance:
      return "v";
    case Sort::kDate:
      break;
  }
  return "d";
}

Error BadCursor() {
  return ValidationFailed("cursor", {"orders:cursor_invalid", {}});
}

std::vector<std::int64_t> Wide(const std::vector<std::int32_t>& ids) {
  return {ids.begin(), ids.end()};
}

/// Every filter but the category, the words and the cursor.
void AddFilters(db::SqlBuilder& sql, const Filter& filter, std::optional<std::int64_t> salary_base) {
  sql.And(std::string(kPublic));
  if (filter.specialization_id)
    sql.And("r.specialization_ids @> ARRAY[" + sql.Bind(*filter.specialization_id) + "::int]");
  if (!filter.employments.empty()) sql.And("r.employments && " + sql.Bind(filter.employments) + "::text[]");
  if (!filter.schedules.empty()) sql.And("r.schedules && " + sql.Bind(filter.schedules) + "::text[]");
  if (filter.remote) sql.And("r.schedules @> ARRAY['remote']");
  if (filter.experience) sql.And("r.experience = " + sql.Bind(*filter.experience));
  if (filter.education) {
    // The least level: higher ⊂ vocational ⊂ secondary.
    const int rank = EducationRank(*filter.education);
    if (rank >= 3) {
      sql.And("r.education_level = 'higher'");
    } else if (rank == 2) {
      sql.And("r.education_level IN ('vocational', 'higher')");
    } else {
      sql.And("r.education_level IN ('secondary', 'vocational', 'higher')");
    }
  }
  if (salary_base) sql.And("r.salary_base <= " + sql.Bind(*salary_base));
  if (filter.country_id) sql.And("r.country_id = " + sql.Bind(*filter.country_id));
  if (filter.city_id) sql.And("r.city_id = " + sql.Bind(*filter.city_id));
  if (!filter.skill_ids.empty()) sql.And("r.skill_ids @> " + sql.Bind(Wide(filter.skill_ids)) + "::int[]");
  if (filter.relocate) sql.And("r.relocate");
}

/// The words' tsquery, the same text MatchCondition binds (so the rank is of what matched).
std::string TsQuery(db::SqlBuilder& sql, const Filter& filter, const search::Corrected& corrected) {
  const std::string column = "r.search";
  auto condition = search::MatchCondition(sql, column, *filter.query, corrected);
  sql.And(condition);
  return condition.substr(column.size() + 4);  // after "r.search @@ "
}

void AddCategoryAndCursor(db::SqlBuilder& sql, const Filter& filter, Sort sort, const SortShape& shape,
                          const PageRequest& page, bool fuzzy) {
  if (filter.category_id) sql.And("r.category_id = " + sql.Bind(*filter.category_id));
  if (!page.cursor) return;
  auto decoded = DecodeCursor(sort, *page.cursor);
  if (!decoded || decoded->fuzzy != fuzzy) throw BadCursor();
  const std::string key = sort == Sort::kDate ? sql.Bind(kernel::CursorTime(decoded->key)) + "::timestamptz"
                                              : sql.Bind(decoded->key) + "::bigint";
  sql.And("(" + shape.key + ", r.id) " + (shape.descending ? "<" : ">") + " (" + key + ", " +
          sql.Bind(decoded->id) + "::bigint)");
}

std::string OrderBy(const SortShape& shape, std::string_view key, std::string_view id) {
  const std::string_view direction = shape.descending ? " DESC" : "";
  return " ORDER BY " + std::string(key) + std::string(direction) + ", " + std::string(id) +
         std::string(direction);
}

db::BuiltQuery BuildPage(db::SqlBuilder& sql, const std::string& page, const SortShape& shape) {
  sql.Append("SELECT " + CardColumns() + ", page.sort_key\nFROM (");
  sql.Append(page);
  sql.Append(
      "\n) page\nJOIN resumes.resumes r ON r.id = page.id\nJOIN identity.users u ON u.id = r.user_id\n");
  sql.Append(OrderBy(shape, "page.sort_key", "page.id"));
  return std::move(sql).Build(kShapePrefix);
}

}  // namespace

std::string EncodeCursor(Sort sort, const Cursor& cursor) {
  return kernel::EncodeCursor(TagOf(sort), cursor.key, cursor.id, cursor.fuzzy ? kFuzzyFlag : "");
}

std::optional<Cursor> DecodeCursor(Sort sort, std::string_view text) {
  auto decoded = kernel::DecodeCursor(TagOf(sort), text);
  if (!decoded || (!decoded->flags.empty() && decoded->flags != kFuzzyFlag)) return std::nullopt;
  return Cursor{decoded->key, decoded->id, !decoded->flags.empty()};
}

Sort EffectiveSort(const Filter& filter) {
  if (filter.sort == Sort::kRelevance && !filter.query) return Sort::kDate;
  return filter.sort;
}

std::string CardColumns() {
  return R"sql(r.id, u.id AS user_id, u.name AS user_name, u.lastname AS user_lastname, u.avatar AS user_avatar,
  r.position, r.category_id, r.salary_amount, r.salary_currency::text AS salary_currency, r.experience_months,
  r.experience, r.education_level, r.country_id, r.city_id, r.skill_ids, r.photo, r.photo_thumbnail,
  r.published_at, r.updated_at, r.status, r.visibility,
  (SELECT e.company FROM resumes.experience e WHERE e.resume_id = r.id ORDER BY e.priority, e.id LIMIT 1)
    AS last_company,
  (SELECT e.position FROM resumes.experience e WHERE e.resume_id = r.id ORDER BY e.priority, e.id LIMIT 1)
    AS last_position)sql";
}

db::BuiltQuery BuildList(const Filter& filter, std::optional<std::int64_t> salary_base,
                         const PageRequest& page, const search::Corrected& corrected) {
  const Sort sort = EffectiveSort(filter);
  db::SqlBuilder sql;
  AddFilters(sql, filter, salary_base);
  std::string tsquery;
  if (filter.query) tsquery = TsQuery(sql, filter, corrected);
  const auto shape = ShapeOf(sort, tsquery);
  AddCategoryAndCursor(sql, filter, sort, shape, page, corrected.has_value());
  std::string inner = "\n  SELECT r.id, " + shape.key + " AS sort_key\n  FROM resumes.resumes r\n  WHERE ";
  inner += sql.Conditions();
  inner += OrderBy(shape, shape.key, "r.id");
  inner += " LIMIT " + sql.Bind(std::int64_t{page.limit} + 1);
  return BuildPage(sql, inner, shape);
}

db::BuiltQuery BuildWindow(const Filter& filter, std::optional<std::int64_t> salary_base,
                           const PageRequest& page, std::int64_t window) {
  // Only for date and salary: relevance needs every match ranked.
  const Sort sort = EffectiveSort(filter);
  Filter rest = filter;
  rest.query.reset();
  db::SqlBuilder sql;
  AddFilters(sql, rest, salary_base);
  const auto shape = ShapeOf(sort, "");
  AddCategoryAndCursor(sql, rest, sort, shape, page, false);
  std::string inner = "\n  SELECT w.id, w.sort_key\n  FROM (\n    SELECT r.id, " + shape.key +
                      " AS sort_key, r.search\n    FROM resumes.resumes r\n    WHERE ";
  inner += sql.Conditions();
  inner += OrderBy(shape, shape.key, "r.id");
  inner += " LIMIT " + sql.Bind(window);
  inner += "\n  ) w\n  WHERE " + search::MatchCondition(sql, "w.search", *filter.query, std::nullopt);
  inner += OrderBy(shape, "w.sort_key", "w.id");
  inner += " LIMIT " + sql.Bind(std::int64_t{page.limit} + 1);
  return BuildPage(sql, inner, shape);
}

db::BuiltQuery BuildCategoryCounts(const Filter& filter, std::optional<std::int64_t> salary_base,
                                   const search::Corrected& corrected) {
  db::SqlBuilder sql;
  AddFilters(sql, filter, salary_base);
  if (filter.query) sql.And(search::MatchCondition(sql, "r.search", *filter.query, corrected));
  sql.Append("SELECT r.category_id, count(*) AS count\nFROM resumes.resumes r\nWHERE ");
  sql.Append(sql.Conditions()).Append("\nGROUP BY r.category_id\nORDER BY r.category_id");
  return std::move(sql).Build(kShapePrefix);
}

db::BuiltQuery BuildTotal(const Filter& filter, std::optional<std::int64_t> salary_base,
                          const search::Corrected& corrected) {
  db::SqlBuilder sql;
  AddFilters(sql, filter, salary_base);
  if (filter.query) sql.And(search::MatchCondition(sql, "r.search", *filter.query, corrected));
  sql.Append("SELECT count(*) AS count\nFROM resumes.resumes r\nWHERE ").Append(sql.Conditions());
  return std::move(sql).Build(kShapePrefix);
}

}  // namespace artel::resumes::list
