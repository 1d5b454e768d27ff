#include "catalogue.hpp"

#include <chrono>
#include <limits>

#include "artel/catalog/catalog.hpp"
#include "artel/core/error.hpp"
#include "artel/core/time.hpp"
#include "artel/kernel/cursor.hpp"
#include "artel/kernel/enum_names.hpp"
#include "artel/kernel/money.hpp"
#include "artel/kernel/ttl_cache.hpp"
#include "artel/kernel/user_card.hpp"
#include "artel/profiles/online.hpp"
#include "artel/profiles/profiles.hpp"
#include "artel/storage/storage.hpp"

namespace artel::profiles {
namespace {

using boost::asio::awaitable;
using namespace std::chrono_literals;

constexpr auto kCountsTtl = 10s;
constexpr std::size_t kCountsCacheLimit = 1000;

/// Statement names of the catalogue's shapes: "profiles.c_" and a hash of the text.
constexpr std::string_view kShapePrefix = "profiles.c_";
/// The cursor flag of a typo-fallback page.
constexpr std::string_view kFuzzyFlag = "f";

/// Every sort's key, exactly the expressions of 0019_catalogue.sql's indexes, its direction and cursor tag.
struct SortShape {
  std::string_view key;
  bool descending;
  std::string_view tag;
};

SortShape ShapeOf(CatalogueSort sort) {
  switch (sort) {
    case CatalogueSort::kRating:
      // Rating (three decimals) then review count in one bigint; unrated performers (NULL rating) last.
      return {"(COALESCE((f.rating * 1000)::bigint, 0) * 4294967296 + f.review_count)", true, "r"};
    case CatalogueSort::kReviews:
      return {"f.review_count", true, "v"};
    case CatalogueSort::kActivity:
      return {"f.active_at", true, "a"};
    case CatalogueSort::kRateAsc:
      return {"COALESCE(f.rate_base, 9223372036854775807)", false, "l"};
    case CatalogueSort::kRateDesc:
      return {"COALESCE(f.rate_base, -1)", true, "h"};
  }
  return {"f.review_count", true, "v"};
}

constexpr kernel::EnumNames<CatalogueSort, 5> kSortNames{{
    {CatalogueSort::kRating, "rating"},
    {CatalogueSort::kReviews, "reviews"},
    {CatalogueSort::kActivity, "activity"},
    {CatalogueSort::kRateAsc, "rate_asc"},
    {CatalogueSort::kRateDesc, "rate_desc"},
}};

Error BadCursor() {
  return ValidationFailed("cursor", {"orders:cursor_invalid", {}});
}

/// The users OnlineSql calls online, as a set: the ids of everybody online, for the "online now" filter,
/// which starts from the few online users instead of testing every performer of the sort's index (OnlineSql
/// per row walked the whole index when few were online). The same two sources and conditions as OnlineSql.
std::string OnlineUsersSql() {
  return "(SELECT os.user_id FROM identity.sessions os WHERE os.impersonator_id IS NULL AND os.revoked_at IS "
         "NULL "
         "AND os.last_seen_at > now() - interval '" +
         std::to_string(kOnlineSessionMinutes) +
         " minutes' UNION SELECT rp.user_id::bigint FROM realtime.presence rp WHERE rp.user_id ~ "
         "'^[0-9]{1,18}$')";
}

/// The filters shared by the list and the counts (not the category, sort or cursor).
void AddFilters(db::SqlBuilder& sql, const CatalogueFilter& filter, const search::Corrected& corrected) {
  sql.And("f.main_specialization_id IS NOT NULL");
  if (filter.specialization_id)
    sql.And("f.specialization_ids @> ARRAY[" + sql.Bind(*filter.specialization_id) + "::int]");
  if (filter.query) sql.And(search::MatchCondition(sql, "f.search", *filter.query, corrected));
  if (!filter.skill_ids.empty()) sql.And("f.skill_ids @> " + sql.Bind(filter.skill_ids) + "::int[]");
  if (filter.country_id) sql.And("f.country_id = " + sql.Bind(*filter.country_id));
  if (filter.city_id) sql.And("f.city_id = " + sql.Bind(*filter.city_id));
  if (filter.portfolio) sql.And("f.project_count > 0");
  if (filter.rate_min_base) sql.And("f.rate_base >= " + sql.Bind(*filter.rate_min_base));
  if (filter.rate_max_base) sql.And("f.rate_base <= " + sql.Bind(*filter.rate_max_base));
  if (filter.rating_min) sql.And("f.rating >= " + sql.Bind(*filter.rating_min) + "::numeric");
  if (filter.available) sql.And("f.available");
  if (filter.online) sql.And("f.user_id IN " + OnlineUsersSql());
}

/// The category and keyset cursor conditions (the cursor must come from this sort and mode).
void AddCategoryAndCursor(db::SqlBuilder& sql, const CatalogueFilter& filter, bool fuzzy) {
  if (filter.category_id) sql.And("f.category_ids @> ARRAY[" + sql.Bind(*filter.category_id) + "::int]");
  if (!filter.cursor) return;
  auto decoded = DecodeCatalogueCursor(filter.sort, *filter.cursor);
  if (!decoded || decoded->fuzzy != fuzzy) throw BadCursor();
  const auto shape = ShapeOf(filter.sort);
  const std::string key = filter.sort == CatalogueSort::kActivity
                              ? sql.Bind(kernel::CursorTime(decoded->key)) + "::timestamptz"
                              : sql.Bind(decoded->key) + "::bigint";
  sql.And("(" + std::string(shape.key) + ", f.user_id) " + (shape.descending ? "<" : ">") + " (" + key +
          ", " + sql.Bind(decoded->id) + "::bigint)");
}

std::string OrderBy(CatalogueSort sort, std::string_view key, std::string_view id) {
  const auto shape = ShapeOf(sort);
  const std::string_view direction = shape.descending ? " DESC" : "";
  return " ORDER BY " + std::string(key) + std::string(direction) + ", " + std::string(id) +
         std::string(direction);
}

/// The card's columns around the inner query `page` (user_id, sort_key): the users' join, the first
/// projects' covers and `online` for the page's rows only, in one statement.
db::BuiltQuery BuildPage(db::SqlBuilder& sql, const std::string& page, CatalogueSort sort) {
  sql.Append(R"sql(SELECT f.user_id, u.name AS user_name, u.lastname AS user_lastname,
  u.avatar AS user_avatar, f.slug, f.headline, f.main_specialization_id, f.specialization_ids,
  f.skill_ids[1:)sql");
  sql.Append(std::to_string(kCardSkills));
  sql.Append(R"sql(] AS skill_ids, f.country_id, f.city_id, f.rate_amount, f.rate_currency, f.available,
  f.rating::float8 AS rating, f.review_count, f.completed_orders, f.repeat_customers, f.project_count,
  f.active_at, page.sort_key,
  )sql");
  sql.Append(OnlineSql("f.user_id"));
  sql.Append(R"sql( AS online,
  ARRAY(
    SELECT i.thumbnail_name
    FROM profiles.portfolio_projects pp
    JOIN profiles.portfolio_images i ON i.project_id = pp.id AND i.is_cover
    WHERE pp.user_id = f.user_id
    ORDER BY pp.priority, pp.id
    LIMIT )sql");
  sql.Append(std::to_string(kCardCovers));
  sql.Append(R"sql(
  ) AS covers
FROM ()sql");
  sql.Append(page);
  sql.Append(R"sql(
) page
JOIN profiles.freelancers f ON f.user_id = page.user_id
JOIN identity.users u ON u.id = f.user_id
)sql");
  sql.Append(OrderBy(sort, "page.sort_key", "page.user_id"));
  return std::move(sql).Build(kShapePrefix);
}

std::string PageSelect(CatalogueSort sort) {
  return "\n  SELECT f.user_id, " + std::string(ShapeOf(sort).key) +
         " AS sort_key\n  FROM profiles.freelancers f\n  WHERE ";
}

std::vector<std::string> CoverUrls(const std::vector<std::string>& names) {
  std::vector<std::string> urls;
  urls.reserve(names.size());
  for (const auto& name : names) urls.push_back(storage::FileUrl(name));
  return urls;
}

FreelancerCardView CardOf(const db::Row& row) {
  std::optional<RateView> rate;
  if (auto amount = row.Get<std::optional<std::int64_t>>("rate_amount"))
    rate = RateView{*amount, row.Get<std::string>("rate_currency")};
  return {.user = CardView(kernel::ReadUserCard(row, "user")),
          .slug = row.Get<std::optional<std::string>>("slug"),
          .headline = row.Get<std::string>("headline"),
          .main_specialization_id = row.Get<std::int32_t>("main_specialization_id"),
          .specialization_ids = row.Get<std::vector<std::int64_t>>("specialization_ids"),
          .skill_ids = row.Get<std::vector<std::int64_t>>("skill_ids"),
          .country_id = row.Get<std::optional<std::int32_t>>("country_id"),
          .city_id = row.Get<std::optional<std::int32_t>>("city_id"),
          .rate = std::move(rate),
          .available = row.Get<bool>("available"),
          .online = row.Get<bool>("online"),
          .stats = {.rating = row.Get<std::optional<double>>("rating"),
                    .review_count = row.Get<std::int32_t>("review_count"),
                    .completed_orders = row.Get<std::int32_t>("completed_orders"),
                    .repeat_customers = row.Get<std::int32_t>("repeat_customers")},
          .project_count = row.Get<std::int32_t>("project_count"),
          .covers = CoverUrls(row.Get<std::vector<std::string>>("covers")),
          .active_at = row.Get<TimePoint>("active_at")};
}

/// The first `limit` rows as cards; a next cursor when the query returned more (it asks for limit + 1).
CataloguePage ReadPage(const db::Result& rows, const CatalogueFilter& filter, bool fuzzy) {
  CataloguePage page;
  const std::size_t take = std::min<std::size_t>(rows.Size(), static_cast<std::size_t>(filter.limit));
  for (std::size_t i = 0; i < take; ++i) page.items.push_back(CardOf(rows[i]));
  if (take > 0 && rows.Size() > take) {
    const auto last = rows[take - 1];
    CatalogueCursor cursor;
    cursor.key = filter.sort == CatalogueSort::kActivity ? kernel::CursorKey(last.Get<TimePoint>("sort_key"))
                                                         : last.Get<std::int64_t>("sort_key");
    cursor.id = last.Get<std::int64_t>("user_id");
    cursor.fuzzy = fuzzy;
    page.next_cursor = EncodeCatalogueCursor(filter.sort, cursor);
  }
  return page;
}

std::string CountsKey(const CatalogueFilter& filter) {
  auto part = [](const auto& value) -> std::string {
    if (!value) return "-";
    if constexpr (std::is_same_v<std::decay_t<decltype(*value)>, std::string>) {
      return *value;
    } else {
      return std::to_string(static_cast<std::int64_t>(*value));
    }
  };
  std::string skills;
  for (auto id : filter.skill_ids) skills += std::to_string(id) + ",";
  return part(filter.specialization_id) + "|" + part(filter.query) + "|" + skills + "|" +
         part(filter.country_id) + "|" + part(filter.city_id) + "|" + (filter.portfolio ? "p" : "-") + "|" +
         part(filter.rate_min_base) + "|" + part(filter.rate_max_base) + "|" + part(filter.rating_min) + "|" +
         (filter.available ? "a" : "-") + "|" + (filter.online ? "o" : "-");
}

CatalogueCounts ReadCounts(const db::Result& categories, const db::Result& total) {
  CatalogueCounts counts;
  for (auto row : categories)
    counts.categories.emplace_back(row.Get<std::int32_t>("category_id"), row.Get<std::int64_t>("count"));
  counts.total = total.One().Get<std::int64_t>("count");
  return counts;
}

}  // namespace

std::optional<CatalogueSort> ParseCatalogueSort(std::string_view name) {
  return kSortNames.Parse(name);
}

std::string EncodeCatalogueCursor(CatalogueSort sort, const CatalogueCursor& cursor) {
  return kernel::EncodeCursor(ShapeOf(sort).tag, cursor.key, cursor.id, cursor.fuzzy ? kFuzzyFlag : "");
}

std::optional<CatalogueCursor> DecodeCatalogueCursor(CatalogueSort sort, std::string_view text) {
  auto decoded = kernel::DecodeCursor(ShapeOf(sort).tag, text);
  if (!decoded || (!decoded->flags.empty() && decoded->flags != kFuzzyFlag)) return std::nullopt;
  return CatalogueCursor{decoded->key, decoded->id, !decoded->flags.empty()};
}

namespace {

/// The filters the list and the counts share, each parameter's error into `errors`.
void ReadFilters(const CatalogueCountsQuery& query, const catalog::Snapshot& catalog, CatalogueFilter& filter,
                 ValidationErrors& errors) {
  const Message invalid{"orders:filter_invalid", {}};
  if (query.specialization) {
    for (const auto& category : catalog.Categories()) {
      for (const auto& specialization : category.specializations) {
        if (specialization.code == *query.specialization) filter.specialization_id = specialization.id;
      }
    }
    if (!filter.specialization_id) errors.Add("specialization", invalid);
  }
  filter.query = query.q;
  filter.skill_ids = query.skill;
  // The catalog's ids are int32: anything else names no country or city.
  auto id = [&](std::string_view field,
                const std::optional<std::int64_t>& value) -> std::optional<std::int32_t> {
    if (!value) return std::nullopt;
    if (*value < 1 || *value > std::numeric_limits<std::int32_t>::max()) {
      errors.Add(std::string(field), invalid);
      return std::nullopt;
    }
    return static_cast<std::int32_t>(*value);
  };
  filter.country_id = id("country", query.country);
  filter.city_id = id("city", query.city);
  filter.portfolio = query.portfolio;
  const auto* currency = catalog.FindCurrency(query.currency.value_or(std::string(catalog::kBaseCurrency)));
  if (currency == nullptr) errors.Add("currency", {"catalog:currency_unknown", {}});
  if (query.rate_min && query.rate_max && *query.rate_min > *query.rate_max) errors.Add("rate_min", invalid);
  if (currency != nullptr) {
    // Major units to the currency's minor units, then to rouble kopecks at the catalog's rate.
    std::int64_t scale = 1;
    for (std::int32_t i = 0; i < currency->minor_units; ++i) scale *= 10;
    if (query.rate_min) filter.rate_min_base = catalog.ToBase(*query.rate_min * scale, currency->code);
    if (query.rate_max) filter.rate_max_base = catalog.ToBase(*query.rate_max * scale, currency->code);
  }
  filter.rating_min = query.rating_min;
  filter.available = query.available;
  filter.online = query.online;
}

}  // namespace

CatalogueFilter CatalogueFilterOf(const CatalogueCountsQuery& query, const catalog::Snapshot& catalog) {
  ValidationErrors errors;
  CatalogueFilter filter;
  ReadFilters(query, catalog, filter, errors);
  errors.ThrowIfAny();
  return filter;
}

CatalogueFilter CatalogueFilterOf(const CatalogueQuery& query, const catalog::Snapshot& catalog) {
  ValidationErrors errors;
  std::optional<std::int32_t> category_id;
  if (query.category) {
    const auto* found = catalog.FindCategory(*query.category);
    if (found == nullptr) {
      errors.Add("category", {"catalog:category_unknown", {}});
    } else {
      category_id = found->id;
    }
  }
  CatalogueFilter filter;
  ReadFilters(query, catalog, filter, errors);
  errors.ThrowIfAny();
  filter.category_id = category_id;
  // The schema admits the sort's names only.
  filter.sort = ParseCatalogueSort(query.sort).value_or(CatalogueSort::kRating);
  filter.cursor = query.cursor;
  filter.limit = query.limit;
  return filter;
}

namespace catalogue_detail {

db::BuiltQuery BuildList(const CatalogueFilter& filter, const search::Corrected& corrected) {
  db::SqlBuilder sql;
  AddFilters(sql, filter, corrected);
  AddCategoryAndCursor(sql, filter, corrected.has_value());
  std::string page = PageSelect(filter.sort);
  page += sql.Conditions();
  page += OrderBy(filter.sort, ShapeOf(filter.sort).key, "f.user_id");
  page += " LIMIT " + sql.Bind(std::int64_t{filter.limit} + 1);
  return BuildPage(sql, page, filter.sort);
}

db::BuiltQuery BuildWindow(const CatalogueFilter& filter, std::int64_t window) {
  CatalogueFilter rest = filter;
  rest.query.reset();
  db::SqlBuilder sql;
  AddFilters(sql, rest, std::nullopt);
  AddCategoryAndCursor(sql, rest, false);
  // The first `window` performers in list order under every filter but the words, through the sort's index.
  // LIMIT keeps the planner from pushing the words into it.
  std::string page = "\n  SELECT w.user_id, w.sort_key\n  FROM (\n    SELECT f.user_id, ";
  page += ShapeOf(filter.sort).key;
  page += " AS sort_key, f.search\n    FROM profiles.freelancers f\n    WHERE ";
  page += sql.Conditions();
  page += OrderBy(filter.sort, ShapeOf(filter.sort).key, "f.user_id");
  page += " LIMIT " + sql.Bind(window);
  page += "\n  ) w\n  WHERE " + search::MatchCondition(sql, "w.search", *filter.query, std::nullopt);
  page += OrderBy(filter.sort, "w.sort_key", "w.user_id");
  page += " LIMIT " + sql.Bind(std::int64_t{filter.limit} + 1);
  return BuildPage(sql, page, filter.sort);
}

db::BuiltQuery BuildCategoryCounts(const CatalogueFilter& filter, const search::Corrected& corrected) {
  db::SqlBuilder sql;
  AddFilters(sql, filter, corrected);
  sql.Append(R"sql(SELECT c.category_id, count(*) AS count
FROM profiles.freelancers f CROSS JOIN LATERAL unnest(f.category_ids) AS c(category_id)
WHERE )sql");
  sql.Append(sql.Conditions()).Append("\nGROUP BY c.category_id\nORDER BY c.category_id");
  return std::move(sql).Build(kShapePrefix);
}

db::BuiltQuery BuildTotal(const CatalogueFilter& filter, const search::Corrected& corrected) {
  db::SqlBuilder sql;
  AddFilters(sql, filter, corrected);
  sql.Append("SELECT count(*) AS count\nFROM profiles.freelancers f\nWHERE ").Append(sql.Conditions());
  return std::move(sql).Build(kShapePrefix);
}

}  // namespace catalogue_detail

namespace {

const search::Lexicon& Lexicon() {
  static const search::Lexicon lexicon(search::Index{.schema = "profiles", .lexicon = "search_lexemes"});
  return lexicon;
}

}  // namespace

struct Catalogue::Impl {
  Impl(db::Pool& p, catalog::Catalog& c) : pool(p), catalog(c) {}

  db::Pool& pool;
  catalog::Catalog& catalog;
  kernel::TtlCache<CatalogueCounts> counts_cache{kCountsTtl, kCountsCacheLimit};

  awaitable<CatalogueCounts> RunCounts(const CatalogueFilter& filter, const search::Corrected& corrected) {
    auto categories = catalogue_detail::BuildCategoryCounts(filter, corrected);
    auto total = catalogue_detail::BuildTotal(filter, corrected);
    std::vector<db::PipelineQuery> queries;
    queries.push_back({categories.statement, std::move(categories.params)});
    queries.push_back({total.statement, std::move(total.params)});
    auto results = co_await pool.Pipeline(std::move(queries));
    co_return ReadCounts(results[0], results[1]);
  }
};

Catalogue::Catalogue(db::Pool& pool, catalog::Catalog& catalog)
    : impl_(std::make_unique<Impl>(pool, catalog)) {}

Catalogue::~Catalogue() = default;

catalog::Catalog& Catalogue::Catalog() noexcept {
  return impl_->catalog;
}

awaitable<CataloguePage> Catalogue::List(const CatalogueFilter& filter) {
  // The orders' strategy (orders::Orders::List): several words look among the first rows in list order
  // first; the full query next; the typo fallback when the words find nothing on a first page.
  std::optional<CatalogueCursor> cursor;
  if (filter.cursor) cursor = DecodeCatalogueCursor(filter.sort, *filter.cursor);
  const bool fuzzy_page = cursor && cursor->fuzzy;
  if (filter.query && !fuzzy_page && search::PrefersWindow(*filter.query)) {
    auto recent = catalogue_detail::BuildWindow(filter, search::kWindow);
    auto recent_rows = co_await impl_->pool.Execute(recent.statement, std::move(recent.params));
    if (recent_rows.Size() > static_cast<std::size_t>(filter.limit))
      co_return ReadPage(recent_rows, filter, false);
  }
  if (!fuzzy_page || !filter.query) {  // a typo-fallback cursor without its text is refused by the builder
    auto query = catalogue_detail::BuildList(filter, std::nullopt);
    auto rows = co_await impl_->pool.Execute(query.statement, std::move(query.params));
    auto page = ReadPage(rows, filter, false);
    if (!page.items.empty() || !filter.query || filter.cursor) co_return page;
  }
  // Words that match nothing may be misspelt: their closest known spellings (profiles.search_lexemes).
  auto corrected = co_await Lexicon().Correct(impl_->pool, *filter.query);
  if (!corrected) co_return CataloguePage{};
  auto fuzzy = catalogue_detail::BuildList(filter, corrected);
  auto fuzzy_rows = co_await impl_->pool.Execute(fuzzy.statement, std::move(fuzzy.params));
  co_return search::WithCorrection(ReadPage(fuzzy_rows, filter, true), *corrected);
}

awaitable<CatalogueCounts> Catalogue::Counts(const CatalogueFilter& filter) {
  const std::string key = CountsKey(filter);
  if (auto cached = impl_->counts_cache.Get(key)) co_return std::move(*cached);
  auto counts = co_await impl_->RunCounts(filter, std::nullopt);
  if (counts.total == 0 && filter.query) {
    // The same typo fallback as the list, so the counts describe the performers it shows.
    auto corrected = co_await Lexicon().Correct(impl_->pool, *filter.query);
    if (corrected) counts = co_await impl_->RunCounts(filter, corrected);
  }
  impl_->counts_cache.Put(key, counts);
  co_return counts;
}

}  // namespace artel::profiles
