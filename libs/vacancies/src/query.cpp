#include "query.hpp"

#include "artel/core/error.hpp"
#include "artel/kernel/cursor.hpp"

namespace artel::vacancies::detail {
namespace {

constexpr std::string_view kShapePrefix = "vacancies.q_";
constexpr std::string_view kFuzzyFlag = "f";

// A list picks its page from vacancies alone (the inner query, ending in the page's ORDER BY and LIMIT, so
// it walks one partial index of 0028), then joins the companies for those rows.
constexpr std::string_view kPageSelect = R"sql(
  SELECT v.id, v.published_at AS sort_published, COALESCE(v.salary_base, -1) AS sort_salary,
    v.updated_at AS sort_updated, )sql";
constexpr std::string_view kPageFrom = R"sql(
  FROM vacancies.vacancies v
  WHERE )sql";

constexpr std::string_view kSalaryKey = "COALESCE(v.salary_base, -1)";

std::string_view Tag(Key key) {
  switch (key) {
    case Key::kPublished:
      return "d";
    case Key::kSalary:
      return "s";
    case Key::kRank:
      return "r";
    case Key::kUpdated:
      return "u";
  }
  return "d";
}

Error BadCursor() {
  return ValidationFailed("cursor", {"vacancies:cursor_invalid", {}});
}

/// The rank of the relevance sort as an integer key (ts_rank × 10⁶), so the keyset compares exactly.
std::string RankExpression(db::SqlBuilder& sql, const Filter& filter, const Corrected& corrected) {
  return "(ts_rank(v.search, " + search::TsQuery(sql, *filter.query, corrected) + ") * 1000000)::bigint";
}

/// The filters shared by the list and the counts (not the category, sort or cursor).
void AddFilters(db::SqlBuilder& sql, const Filter& filter, std::optional<std::int64_t> salary_base,
                const Corrected& corrected) {
  sql.And("v.status = 'published'");
  if (filter.specialization_id) sql.And("v.specialization_id = " + sql.Bind(*filter.specialization_id));
  if (filter.query) sql.And(search::MatchCondition(sql, "v.search", *filter.query, corrected));
  if (!filter.employments.empty())
    sql.And("v.employment = ANY(" + sql.Bind(filter.employments) + "::text[])");
  if (filter.remote) {
    sql.And("v.schedule = 'remote'");
  } else if (!filter.schedules.empty()) {
    sql.And("v.schedule = ANY(" + sql.Bind(filter.schedules) + "::text[])");
  }
  if (filter.experience) sql.And("v.experience = " + sql.Bind(*filter.experience));
  if (filter.education) sql.And("v.education = " + sql.Bind(*filter.education));
  // On the salary sort's key (NULL: -1, never at or above a minimum ≥ 0), so the salary indexes' walk starts
  // at the minimum: on salary_base itself a minimum nobody pays read the whole table (benchmarks/run.sh
  // vacancies).
  if (salary_base) sql.And(std::string(kSalaryKey) + " >= " + sql.Bind(*salary_base));
  if (filter.country_id) sql.And("v.country_id = " + sql.Bind(*filter.country_id));
  if (filter.city_id) sql.And("v.city_id = " + sql.Bind(*filter.city_id));
  if (!filter.skill_ids.empty()) {
    std::vector<std::int64_t> skills(filter.skill_ids.begin(), filter.skill_ids.end());
    sql.And("v.skill_ids @> " + sql.Bind(skills) + "::int[]");
  }
  if (filter.company_id) sql.And("v.company_id = " + sql.Bind(*filter.company_id));
}

std::optional<kernel::Cursor> Decode(Key key, const std::optional<std::string>& cursor, bool fuzzy) {
  if (!cursor) return std::nullopt;
  auto decoded = kernel::DecodeCursor(Tag(key), *cursor);
  if (!decoded || (!decoded->flags.empty() && decoded->flags != kFuzzyFlag) ||
      (decoded->flags == kFuzzyFlag) != fuzzy) {
    throw BadCursor();
  }
  return decoded;
}

void AddKeyset(db::SqlBuilder& sql, std::string_view expression, const kernel::Cursor& cursor, bool time) {
  const std::string key =
      time ? sql.Bind(kernel::CursorTime(cursor.key)) + "::timestamptz" : sql.Bind(cursor.key) + "::bigint";
  sql.And("(" + std::string(expression) + ", v.id) < (" + key + ", " + sql.Bind(cursor.id) + "::bigint)");
}

/// The outer query: ReadVacancy's columns for the page's rows, in the page's order.
Query BuildPage(db::SqlBuilder& sql, const std::string& page, std::string_view order) {
  sql.Append("SELECT ").Append(VacancyColumns(true));
  sql.Append(", page.sort_salary, page.sort_rank\nFROM (").Append(page);
  sql.Append(R"sql(
) page
JOIN vacancies.vacancies v ON v.id = page.id
JOIN companies.companies c ON c.id = v.company_id
ORDER BY )sql");
  sql.Append(order);
  return std::move(sql).Build(kShapePrefix);
}

}  // namespace

const search::Lexicon& Lexicon() {
  static const search::Lexicon lexicon(search::Index{.schema = "vacancies", .lexicon = "search_lexemes"});
  return lexicon;
}

std::string VacancyColumns(bool excerpt) {
  std::string columns = R"sql(v.id, v.owner_id, v.title, v.category_id, v.specialization_id, )sql";
  columns += excerpt ? "left(v.description, 200) AS description" : "v.description";
  columns += R"sql(, v.skill_ids, v.salary_from, v.salary_to, v.salary_currency, v.salary_gross, v.employment,
  v.schedule, v.experience, v.education, v.country_id, v.city_id, v.address, v.contact_name, v.contact_email,
  v.contact_phone, v.status, v.published_at, v.expires_at, v.archived_at, v.created_at, v.updated_at,
  v.response_count, v.new_response_count, v.view_count,
  c.id AS company_id, c.name AS company_name, c.logo AS company_logo, c.logo_thumbnail AS company_logo_thumbnail,
  c.verified AS company_verified, c.rating_sum AS company_rating_sum, c.review_count AS company_review_count)sql";
  return columns;
}

Vacancy ReadVacancy(const db::Row& row) {
  Vacancy v;
  v.id = row.Get<std::int64_t>("id");
  v.owner_id = row.Get<std::int64_t>("owner_id");
  v.title = row.Get<std::string>("title");
  v.category_id = row.Get<std::int32_t>("category_id");
  v.specialization_id = row.Get<std::optional<std::int32_t>>("specialization_id");
  v.description = row.Get<std::string>("description");
  v.skill_ids = row.Get<std::vector<std::int64_t>>("skill_ids");
  auto currency = row.Get<std::optional<std::string>>("salary_currency");
  if (currency) {
    Salary salary;
    salary.from = row.Get<std::optional<std::int64_t>>("salary_from");
    salary.to = row.Get<std::optional<std::int64_t>>("salary_to");
    salary.currency = *currency;
    salary.gross = row.Get<std::optional<bool>>("salary_gross").value_or(true);
    v.salary = std::move(salary);
  }
  v.employment = row.Get<std::string>("employment");
  v.schedule = row.Get<std::string>("schedule");
  v.experience = row.Get<std::string>("experience");
  v.education = row.Get<std::string>("education");
  v.country_id = row.Get<std::optional<std::int32_t>>("country_id");
  v.city_id = row.Get<std::optional<std::int32_t>>("city_id");
  v.address = row.Get<std::string>("address");
  v.contact.name = row.Get<std::string>("contact_name");
  v.contact.email = row.Get<std::string>("contact_email");
  v.contact.phone = row.Get<std::string>("contact_phone");
  v.status = ParseStatus(row.Get<std::string_view>("status")).value_or(Status::kDraft);
  v.published_at = row.Get<std::optional<TimePoint>>("published_at");
  v.expires_at = row.Get<std::optional<TimePoint>>("expires_at");
  v.archived_at = row.Get<std::optional<TimePoint>>("archived_at");
  v.created_at = row.Get<TimePoint>("created_at");
  v.updated_at = row.Get<TimePoint>("updated_at");
  v.response_count = row.Get<std::int32_t>("response_count");
  v.new_response_count = row.Get<std::int32_t>("new_response_count");
  v.view_count = row.Get<std::int32_t>("view_count");
  v.company.id = row.Get<std::int64_t>("company_id");
  v.company.name = row.Get<std::string>("company_name");
  v.company.logo = row.Get<std::optional<std::string>>("company_logo");
  v.company.logo_thumbnail = row.Get<std::optional<std::string>>("company_logo_thumbnail");
  v.company.verified = row.Get<bool>("company_verified");
  v.company.rating_sum = row.Get<std::int32_t>("company_rating_sum");
  v.company.review_count = row.Get<std::int32_t>("company_review_count");
  return v;
}

Key KeyOf(Sort sort, bool has_query) {
  switch (sort) {
    case Sort::kDate:
      return Key::kPublished;
    case Sort::kSalary:
      return Key::kSalary;
    case Sort::kRelevance:
      return has_query ? Key::kRank : Key::kPublished;
  }
  return Key::kPublished;
}

Query BuildPublicList(const Filter& filter, std::optional<std::int64_t> salary_base,
                      const std::optional<std::string>& cursor, std::int32_t limit,
                      const Corrected& corrected) {
  db::SqlBuilder sql;
  const Key key = KeyOf(filter.sort, filter.query.has_value());
  AddFilters(sql, filter, salary_base, corrected);
  if (filter.category_id) sql.And("v.category_id = " + sql.Bind(*filter.category_id));
  std::string rank = key == Key::kRank ? RankExpression(sql, filter, corrected) : "0::bigint";
  if (auto decoded = Decode(key, cursor, corrected.has_value())) {
    switch (key) {
      case Key::kPublished:
      case Key::kUpdated:
        AddKeyset(sql, "v.published_at", *decoded, true);
        break;
      case Key::kSalary:
        AddKeyset(sql, kSalaryKey, *decoded, false);
        break;
      case Key::kRank:
        AddKeyset(sql, rank, *decoded, false);
        break;
    }
  }
  std::string page(kPageSelect);
  page += rank + " AS sort_rank";
  page += kPageFrom;
  page += sql.Conditions();
  switch (key) {
    case Key::kSalary:
      page += " ORDER BY COALESCE(v.salary_base, -1) DESC, v.id DESC";
      break;
    case Key::kRank:
      page += " ORDER BY " + rank + " DESC, v.id DESC";
      break;
    default:
      page += " ORDER BY v.published_at DESC, v.id DESC";
  }
  page += " LIMIT " + sql.Bind(std::int64_t{limit} + 1);
  std::string_view order = key == Key::kSalary ? "page.sort_salary DESC, page.id DESC"
                           : key == Key::kRank ? "page.sort_rank DESC, page.id DESC"
                                               : "page.sort_published DESC, page.id DESC";
  return BuildPage(sql, page, order);
}

Query BuildCounts(const Filter& filter, std::optional<std::int64_t> salary_base, const Corrected& corrected) {
  db::SqlBuilder sql;
  AddFilters(sql, filter, salary_base, corrected);
  sql.Append("SELECT v.category_id, count(*) AS count\nFROM vacancies.vacancies v\nWHERE ");
  sql.Append(sql.Conditions()).Append("\nGROUP BY v.category_id\nORDER BY v.category_id");
  return std::move(sql).Build(kShapePrefix);
}

Query BuildMine(std::int64_t user_id, std::optional<Status> status, std::optional<std::int64_t> company_id,
                const std::optional<std::string>& cursor, std::int32_t limit) {
  db::SqlBuilder sql;
  sql.And("v.owner_id = " + sql.Bind(user_id));
  if (status) sql.And("v.status = " + sql.Bind(StatusName(*status)));
  if (company_id) sql.And("v.company_id = " + sql.Bind(*company_id));
  if (auto decoded = Decode(Key::kUpdated, cursor, false)) AddKeyset(sql, "v.updated_at", *decoded, true);
  std::string page(kPageSelect);
  page += "0::bigint AS sort_rank";
  page += kPageFrom;
  page += sql.Conditions();
  page += " ORDER BY v.updated_at DESC, v.id DESC LIMIT " + sql.Bind(std::int64_t{limit} + 1);
  return BuildPage(sql, page, "page.sort_updated DESC, page.id DESC");
}

Query BuildOfCompany(std::int64_t company_id, const std::optional<std::string>& cursor, std::int32_t limit) {
  db::SqlBuilder sql;
  sql.And("v.company_id = " + sql.Bind(company_id) + " AND v.status = 'published'");
  if (auto decoded = Decode(Key::kPublished, cursor, false)) AddKeyset(sql, "v.published_at", *decoded, true);
  std::string page(kPageSelect);
  page += "0::bigint AS sort_rank";
  page += kPageFrom;
  page += sql.Conditions();
  page += " ORDER BY v.published_at DESC, v.id DESC LIMIT " + sql.Bind(std::int64_t{limit} + 1);
  return BuildPage(sql, page, "page.sort_published DESC, page.id DESC");
}

Page ReadPage(const db::Result& rows, std::int32_t limit, Key key, bool fuzzy) {
  Page page;
  const std::size_t take = std::min<std::size_t>(rows.Size(), static_cast<std::size_t>(limit));
  for (std::size_t i = 0; i < take; ++i) page.items.push_back(ReadVacancy(rows[i]));
  if (rows.Size() > take && take > 0) {
    const auto& last = page.items.back();
    std::int64_t value = 0;
    switch (key) {
      case Key::kPublished:
        value = kernel::CursorKey(last.published_at.value_or(last.created_at));
        break;
      case Key::kUpdated:
        value = kernel::CursorKey(last.updated_at);
        break;
      case Key::kSalary:
        value = rows[take - 1].Get<std::int64_t>("sort_salary");
        break;
      case Key::kRank:
        value = rows[take - 1].Get<std::int64_t>("sort_rank");
        break;
    }
    page.next_cursor = kernel::EncodeCursor(Tag(key), value, last.id, fuzzy ? kFuzzyFlag : "");
  }
  return page;
}

bool IsFuzzyCursor(Key key, std::string_view text) {
  auto decoded = kernel::DecodeCursor(Tag(key), text);
  return decoded && decoded->flags == kFuzzyFlag;
}

}  // namespace artel::vacancies::detail
