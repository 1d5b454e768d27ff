#pragma once

// The public resume list's SQL (GET /api/resumes, /counts), built from the filters with bound values only
// (db::SqlBuilder), as the order list and the freelancer catalogue: published public resumes only; each
// sort walks its partial index (db/migrations/resumes/0029_resumes_list.sql).

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "artel/db/sql_builder.hpp"
#include "artel/resumes/resumes.hpp"
#include "artel/search/search.hpp"

namespace artel::resumes::list {

/// The condition of every list, search and count: THE visibility rule's list half.
inline constexpr std::string_view kPublic = "r.status = 'published' AND r.visibility = 'public'";

/// A list cursor: kernel::EncodeCursor with a tag per sort ("d" date, "s" salary, "v" relevance) and the
/// flag "f" on pages of the typo fallback.
struct Cursor {
  std::int64_t key = 0;
  std::int64_t id = 0;
  bool fuzzy = false;
};
std::string EncodeCursor(Sort sort, const Cursor& cursor);
std::optional<Cursor> DecodeCursor(Sort sort, std::string_view text);

/// The sort actually used: relevance without words is date.
Sort EffectiveSort(const Filter& filter);

/// The page under `filter` (`salary_base`: the salary filter in rouble kopecks). ValidationFailed("cursor")
/// for a cursor of another sort or mode.
db::BuiltQuery BuildList(const Filter& filter, std::optional<std::int64_t> salary_base,
                         const PageRequest& page, const search::Corrected& corrected);
/// The page among the first `window` resumes in list order under the other filters (see
/// search::PrefersWindow).
db::BuiltQuery BuildWindow(const Filter& filter, std::optional<std::int64_t> salary_base,
                           const PageRequest& page, std::int64_t window);
db::BuiltQuery BuildCategoryCounts(const Filter& filter, std::optional<std::int64_t> salary_base,
                                   const search::Corrected& corrected);
db::BuiltQuery BuildTotal(const Filter& filter, std::optional<std::int64_t> salary_base,
                          const search::Corrected& corrected);

/// The card's columns of `r` (resumes.resumes) joined with `u` (identity.users).
std::string CardColumns();

}  // namespace artel::resumes::list
