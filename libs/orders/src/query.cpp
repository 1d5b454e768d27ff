#include "query.hpp"

#include <chrono>

#include "artel/core/error.hpp"
#include "artel/kernel/cursor.hpp"
#include "artel/kernel/user_card.hpp"

namespace artel::orders::detail {
namespace {

using namespace std::chrono_literals;

constexpr auto kUrgent = std::chrono::hours(24 * 3);
constexpr auto kWeek = std::chrono::hours(24 * 7);
constexpr auto kMonth = std::chrono::hours(24 * 30);

/// Statement names of the list shapes: "orders.q_" and a hash of the text.
constexpr std::string_view kShapePrefix = "orders.q_";

// A list query picks its page from orders alone (the inner query, ending in the page's ORDER BY and LIMIT),
// then joins the users for those rows: joined inside the ordered scan, the planner sized a Memoize cache for
// tens of thousands of rows on every execution (docs/performance.md, "Order list"). The columns are
// ReadOrder's, with the description cut to an excerpt, and `sort_budget` the budget cursor's key.
constexpr std::string_view kPageColumns = R"sql(SELECT o.id, o.name, left(o.description, 300) AS description,
  o.category_id, o.specialization_id, o.skill_ids, o.budget_amount, o.budget_currency, o.deadline_at,
  o.payment_option, o.country_id, o.city_id, o.status, o.visibility = 'personal' AS personal, o.opens_at,
  o.bid_count, o.portfolio_required, o.created_at, o.updated_at,
  c.id AS customer_id, c.name AS customer_name, c.lastname AS customer_lastname, c.avatar AS customer_avatar,
  p.id AS performer_id, p.name AS performer_name, p.lastname AS performer_lastname,
  p.avatar AS performer_avatar,
  page.sort_budget
FROM ()sql";
constexpr std::string_view kPageSelect = R"sql(
  SELECT o.id, o.created_at AS sort_created, COALESCE(o.budget_base, -1) AS sort_budget
  FROM orders.orders o
  WHERE )sql";
constexpr std::string_view kPageJoin = R"sql(
) page
JOIN orders.orders o ON o.id = page.id
JOIN identity.users c ON c.id = o.customer_id
LEFT JOIN identity.users p ON p.id = o.performer_id
)sql";
/// The window of BuildRecentMatches: the rows in list order under every filter but the words.
constexpr std::string_view kWindowSelect = R"sql(
    SELECT o.id, o.created_at AS sort_created, COALESCE(o.budget_base, -1) AS sort_budget, o.search
    FROM orders.orders o
    WHERE )sql";

constexpr std::string_view kByDate = " ORDER BY o.created_at DESC, o.id DESC";
constexpr std::string_view kByBudget = " ORDER BY COALESCE(o.budget_base, -1) DESC, o.id DESC";
constexpr std::string_view kPageByDate = "ORDER BY page.sort_created DESC, page.id DESC";
constexpr std::string_view kPageByBudget = "ORDER BY page.sort_budget DESC, page.id DESC";

constexpr std::string_view SortTag(Sort sort) {
  return sort == Sort::kBudget ? "b" : "d";
}

/// The cursor flag of a typo-fallback page.
constexpr std::string_view kFuzzyFlag = "f";

Error BadCursor() {
  return ValidationFailed("cursor", {"orders:cursor_invalid", {}});
}

/// The filters shared by the list and the counts (not the category, sort or cursor).
void AddOpenFilters(db::SqlBuilder& sql, const ListFilter& filter, TimePoint now,
                    const Corrected& corrected) {
  sql.And("o.status = 'search' AND o.visibility = 'public'");
  sql.And("(o.deadline_at IS NULL OR o.deadline_at > " + sql.Bind(now) + ")");
  if (filter.specialization_id) sql.And("o.specialization_id = " + sql.Bind(*filter.specialization_id));
  if (filter.query) sql.And(search::MatchCondition(sql, "o.search", *filter.query, corrected));
  if (filter.deadline) {
    switch (*filter.deadline) {
      case DeadlineBucket::kUrgent:
        sql.And("o.deadline_at <= " + sql.Bind(now + kUrgent));
        break;
      case DeadlineBucket::kWeek:
        sql.And("o.deadline_at <= " + sql.Bind(now + kWeek));
        break;
      case DeadlineBucket::kMonth:
        sql.And("o.deadline_at <= " + sql.Bind(now + kMonth));
        break;
      case DeadlineBucket::kNonUrgent:
        sql.And("o.deadline_at > " + sql.Bind(now + kMonth));
        break;
      case DeadlineBucket::kByAgreement:
        sql.And("o.deadline_at IS NULL");
        break;
    }
  }
  if (filter.payment_option)
    sql.And("o.payment_option = " + sql.Bind(PaymentOptionName(*filter.payment_option)));
  if (filter.budget_min_base) sql.And("o.budget_base >= " + sql.Bind(*filter.budget_min_base));
  if (filter.budget_max_base) sql.And("o.budget_base <= " + sql.Bind(*filter.budget_max_base));
  if (filter.country_id) sql.And("o.country_id = " + sql.Bind(*filter.country_id));
  if (filter.city_id) sql.And("o.city_id = " + sql.Bind(*filter.city_id));
  if (filter.skill_id) sql.And("o.skill_ids @> ARRAY[" + sql.Bind(*filter.skill_id) + "::int]");
  if (filter.portfolio_required) sql.And("o.portfolio_required");
}

void AddDateKey(db::SqlBuilder& sql, const Cursor& cursor) {
  sql.And("(o.created_at, o.id) < (" + sql.Bind(CursorTime(cursor.key)) + "::timestamptz, " +
          sql.Bind(cursor.id) + "::bigint)");
}

void AddDateCursor(db::SqlBuilder& sql, const std::optional<std::string>& cursor) {
  if (!cursor) return;
  auto decoded = DecodeCursor(Sort::kDate, *cursor);
  if (!decoded || decoded->fuzzy) throw BadCursor();
  AddDateKey(sql, *decoded);
}

/// The list's category and keyset cursor conditions (the cursor must come from this sort and mode).
void AddCategoryAndCursor(db::SqlBuilder& sql, const ListFilter& filter, bool fuzzy) {
  if (filter.category_id) sql.And("o.category_id = " + sql.Bind(*filter.category_id));
  if (!filter.cursor) return;
  auto decoded = DecodeCursor(filter.sort, *filter.cursor);
  if (!decoded || decoded->fuzzy != fuzzy) throw BadCursor();
  if (filter.sort == Sort::kBudget) {
    sql.And("(COALESCE(o.budget_base, -1), o.id) < (" + sql.Bind(decoded->key) + "::bigint, " +
            sql.Bind(decoded->id) + "::bigint)");
  } else {
    AddDateKey(sql, *decoded);
  }
}

/// kPageColumns, the inner query `page`, then the users' join in the page's order.
Query BuildPage(db::SqlBuilder& sql, std::string_view page, Sort sort) {
  sql.Append(kPageColumns).Append(page).Append(kPageJoin);
  sql.Append(sort == Sort::kBudget ? kPageByBudget : kPageByDate);
  return std::move(sql).Build(kShapePrefix);
}

}  // namespace

const search::Lexicon& Lexicon() {
  static const search::Lexicon lexicon(search::Index{.schema = "orders", .lexicon = "search_lexemes"});
  return lexicon;
}

OrderColumns::OrderColumns(const db::Row& row)
    : id(row.ColumnIndex("id")),
      name(row.ColumnIndex("name")),
      description(row.ColumnIndex("description")),
      category_id(row.ColumnIndex("category_id")),
      specialization_id(row.ColumnIndex("specialization_id")),
      skill_ids(row.ColumnIndex("skill_ids")),
      budget_amount(row.ColumnIndex("budget_amount")),
      budget_currency(row.ColumnIndex("budget_currency")),
      deadline_at(row.ColumnIndex("deadline_at")),
      payment_option(row.ColumnIndex("payment_option")),
      country_id(row.ColumnIndex("country_id")),
      city_id(row.ColumnIndex("city_id")),
      status(row.ColumnIndex("status")),
      personal(row.ColumnIndex("personal")),
      opens_at(row.ColumnIndex("opens_at")),
      bid_count(row.ColumnIndex("bid_count")),
      portfolio_required(row.ColumnIndex("portfolio_required")),
      created_at(row.ColumnIndex("created_at")),
      updated_at(row.ColumnIndex("updated_at")),
      customer(row, "customer"),
      performer(row, "performer") {}

Order ReadOrder(const db::Row& row, const OrderColumns& at) {
  Order order;
  order.id = row.Get<std::int64_t>(at.id);
  order.name = row.Get<std::string>(at.name);
  order.description = row.Get<std::string>(at.description);
  order.category_id = row.Get<std::int32_t>(at.category_id);
  order.specialization_id = row.Get<std::optional<std::int32_t>>(at.specialization_id);
  order.skill_ids = row.Get<std::vector<std::int64_t>>(at.skill_ids);
  auto amount = row.Get<std::optional<std::int64_t>>(at.budget_amount);
  if (amount) order.budget = Money{*amount, row.Get<std::string>(at.budget_currency)};
  order.deadline = row.Get<std::optional<TimePoint>>(at.deadline_at);
  order.payment_option =
      ParsePaymentOption(row.Get<std::string_view>(at.payment_option)).value_or(PaymentOption::kNoPrepayment);
  order.country_id = row.Get<std::optional<std::int32_t>>(at.country_id);
  order.city_id = row.Get<std::optional<std::int32_t>>(at.city_id);
  order.status = ParseStatus(row.Get<std::string_view>(at.status)).value_or(Status::kSearch);
  order.personal = row.Get<bool>(at.personal);
  order.opens_at = row.Get<std::optional<TimePoint>>(at.opens_at);
  order.bid_count = row.Get<std::int32_t>(at.bid_count);
  order.portfolio_required = row.Get<bool>(at.portfolio_required);
  order.created_at = row.Get<TimePoint>(at.created_at);
  order.updated_at = row.Get<TimePoint>(at.updated_at);
  order.customer = kernel::ReadUserCard(row, at.customer);
  if (!row.IsNull(at.performer.id)) order.performer = kernel::ReadUserCard(row, at.performer);
  return order;
}

Order ReadOrder(const db::Row& row) {
  return ReadOrder(row, OrderColumns(row));
}

Query BuildPublicList(const ListFilter& filter, TimePoint now, const Corrected& corrected) {
  db::SqlBuilder sql;
  AddOpenFilters(sql, filter, now, corrected);
  AddCategoryAndCursor(sql, filter, corrected.has_value());
  const std::int64_t limit = filter.limit + 1;
  std::string page(kPageSelect);
  page += sql.Conditions();
  page += filter.sort == Sort::kBudget ? kByBudget : kByDate;
  page += " LIMIT " + sql.Bind(limit);
  return BuildPage(sql, page, filter.sort);
}

Query BuildRecentMatches(const ListFilter& filter, TimePoint now, std::int64_t window) {
  ListFilter rest = filter;
  rest.query.reset();
  db::SqlBuilder sql;
  AddOpenFilters(sql, rest, now, std::nullopt);
  AddCategoryAndCursor(sql, rest, false);
  const bool by_budget = filter.sort == Sort::kBudget;
  // The window: the first `window` orders in list order under every filter but the words, through the same
  // index as the list without words. LIMIT keeps the planner from pushing the words into it.
  std::string page = "\n  SELECT w.id, w.sort_created, w.sort_budget\n  FROM (";
  page += kWindowSelect;
  page += sql.Conditions();
  page += by_budget ? kByBudget : kByDate;
  page += " LIMIT " + sql.Bind(window);
  page += "\n  ) w\n  WHERE " + search::MatchCondition(sql, "w.search", *filter.query, std::nullopt);
  page += by_budget ? " ORDER BY w.sort_budget DESC, w.id DESC" : " ORDER BY w.sort_created DESC, w.id DESC";
  page += " LIMIT " + sql.Bind(std::int64_t{filter.limit} + 1);
  return BuildPage(sql, page, filter.sort);
}

Query BuildCounts(const ListFilter& filter, TimePoint now, const Corrected& corrected) {
  db::SqlBuilder sql;
  AddOpenFilters(sql, filter, now, corrected);
  sql.Append(R"sql(SELECT o.category_id, count(*) AS count
FROM orders.orders o
WHERE )sql");
  sql.Append(sql.Conditions()).Append("\nGROUP BY o.category_id\nORDER BY o.category_id");
  return std::move(sql).Build(kShapePrefix);
}

Query BuildUserOrders(std::int64_t user_id, Side side, Audience audience, std::optional<State> state,
                      const std::optional<std::string>& cursor, std::int32_t limit, TimePoint now) {
  db::SqlBuilder sql;
  auto user = sql.Bind(user_id);
  if (audience == Audience::kPublic) {
    // Personal offers stay between their two sides; bids and invitations are nobody else's business.
    sql.And((side == Side::kCustomer ? "o.customer_id = " : "o.performer_id = ") + user +
            " AND o.visibility = 'public'");
  } else if (side == Side::kCustomer) {
    sql.And("o.customer_id = " + user);
  } else {
    sql.And("(o.performer_id = " + user +
            " OR EXISTS (SELECT 1 FROM bids.bids b WHERE b.order_id = o.id AND b.performer_id = " + user +
            ") OR EXISTS (SELECT 1 FROM bids.invitations i WHERE i.order_id = o.id AND i.performer_id = " +
            user + "))");
  }
  if (state) {
    switch (*state) {
      case State::kSearch:
        sql.And("o.status = 'search' AND (o.deadline_at IS NULL OR o.deadline_at > " + sql.Bind(now) + ")");
        break;
      case State::kExpired:
        sql.And("o.status = 'search' AND o.deadline_at <= " + sql.Bind(now));
        break;
      case State::kClosed:
      case State::kInProgress:
      case State::kCompleted:
        sql.And("o.status = " + sql.Bind(StatusName(StoredStatus(*state))));
        break;
    }
  }
  AddDateCursor(sql, cursor);
  const std::int64_t fetch = limit + 1;
  std::string page(kPageSelect);
  page += sql.Conditions();
  page += kByDate;
  page += " LIMIT " + sql.Bind(fetch);
  return BuildPage(sql, page, Sort::kDate);
}

Page ReadPage(const db::Result& rows, std::int32_t limit, Sort sort, bool fuzzy) {
  Page page;
  const std::size_t take = std::min<std::size_t>(rows.Size(), static_cast<std::size_t>(limit));
  if (take == 0) return page;
  const OrderColumns at(rows[0]);
  for (std::size_t i = 0; i < take; ++i) page.items.push_back(ReadOrder(rows[i], at));
  if (rows.Size() > take) {
    const auto& last = page.items.back();
    const std::int64_t key =
        sort == Sort::kBudget ? rows[take - 1].Get<std::int64_t>("sort_budget") : CursorKey(last.created_at);
    page.next_cursor = EncodeCursor(sort, key, last.id, fuzzy);
  }
  return page;
}

bool IsFuzzyCursor(Sort sort, std::string_view text) {
  auto decoded = DecodeCursor(sort, text);
  return decoded && decoded->fuzzy;
}

}  // namespace artel::orders::detail

namespace artel::orders {

std::string EncodeCursor(Sort sort, std::int64_t key, std::int64_t id, bool fuzzy) {
  return kernel::EncodeCursor(detail::SortTag(sort), key, id, fuzzy ? detail::kFuzzyFlag : "");
}

std::optional<Cursor> DecodeCursor(Sort sort, std::string_view text) {
  auto decoded = kernel::DecodeCursor(detail::SortTag(sort), text);
  if (!decoded || (!decoded->flags.empty() && decoded->flags != detail::kFuzzyFlag)) return std::nullopt;
  return Cursor{decoded->key, decoded->id, !decoded->flags.empty()};
}

}  // namespace artel::orders
