#pragma once

// SQL of the vacancy lists, built from the filters with bound values only (db::SqlBuilder): each distinct
// text is one named prepared statement. The text search is libs/search's, over vacancies.vacancies.search
// and vacancies.search_lexemes (published vacancies' words: 0044, platform.create_search_lexicon).

#include <optional>
#include <string>

#include "artel/db/pool.hpp"
#include "artel/db/sql_builder.hpp"
#include "artel/search/search.hpp"
#include "artel/vacancies/filter.hpp"
#include "artel/vacancies/vacancies.hpp"

namespace artel::vacancies::detail {

using Query = db::BuiltQuery;
using search::Corrected;

const search::Lexicon& Lexicon();

/// The columns ReadVacancy reads, for `FROM vacancies.vacancies v JOIN companies.companies c`; with
/// `excerpt` the description is cut to kExcerptLength.
std::string VacancyColumns(bool excerpt);
Vacancy ReadVacancy(const db::Row& row);

/// Published vacancies under `filter`, `salary_base` the filter's salary already in kopecks. Throws
/// ValidationFailed("cursor") for a cursor this sort and mode did not make.
Query BuildPublicList(const Filter& filter, std::optional<std::int64_t> salary_base,
                      const std::optional<std::string>& cursor, std::int32_t limit,
                      const Corrected& corrected);
/// (category_id, count) of published vacancies under `filter` without its category.
Query BuildCounts(const Filter& filter, std::optional<std::int64_t> salary_base, const Corrected& corrected);
/// The user's vacancies, most recently changed first.
Query BuildMine(std::int64_t user_id, std::optional<Status> status, std::optional<std::int64_t> company_id,
                const std::optional<std::string>& cursor, std::int32_t limit);
/// A company's published vacancies, newest first.
Query BuildOfCompany(std::int64_t company_id, const std::optional<std::string>& cursor, std::int32_t limit);

/// The sort a list's cursor keys on: the public sorts, and the owner's list by update time.
enum class Key : std::uint8_t { kPublished, kSalary, kRank, kUpdated };
/// The first `limit` rows as vacancies; a next cursor (keyed on `key`) when the query returned more.
Page ReadPage(const db::Result& rows, std::int32_t limit, Key key, bool fuzzy = false);
/// The key of a public sort (relevance without words is by date).
Key KeyOf(Sort sort, bool has_query);
/// Whether a cursor belongs to a page of the typo fallback (false for anything unreadable).
bool IsFuzzyCursor(Key key, std::string_view text);

}  // namespace artel::vacancies::detail
