#include "query.hpp"

#include <charconv>
#include <chrono>
#include <memory>
#include <mutex>
#include <unordered_map>

#include "artel/core/crypto.hpp"
#include "artel/core/error.hpp"

namespace artel::orders::detail {
namespace {

using namespace std::chrono_literals;

constexpr auto kUrgent = std::chrono::hours(24 * 3);
constexpr auto kWeek = std::chrono::hours(24 * 7);
constexpr auto kMonth = std::chrono::hours(24 * 30);

/// Column 26 of every list row: the budget sort key (by agreement sorts last).
constexpr std::size_t kBudgetKeyColumn = 26;

// A list query picks its page from orders alone, then joins the users for those rows: joined inside the
// ordered scan, the planner sized a Memoize cache for tens of thousands of rows on every execution
// (docs/performance.md, "Order list").
constexpr std::string_view kPageSelect =
    "SELECT o.id, o.created_at AS sort_created, COALESCE(o.budget_base, -1) AS sort_budget "
    "FROM orders.orders o WHERE ";
constexpr std::string_view kPageJoin =
    ") page JOIN orders.orders o ON o.id = page.id "
    "JOIN identity.users c ON c.id = o.customer_id "
    "LEFT JOIN identity.users p ON p.id = o.performer_id";
constexpr std::string_view kPageColumns =
    "SELECT " ARTEL_ORDER_COLUMNS("left(o.description, 300)") ", page.sort_budget FROM (";
constexpr std::string_view kByDate = " ORDER BY o.created_at DESC, o.id DESC";
constexpr std::string_view kByBudget = " ORDER BY COALESCE(o.budget_base, -1) DESC, o.id DESC";
constexpr std::string_view kPageByDate = " ORDER BY page.sort_created DESC, page.id DESC";
constexpr std::string_view kPageByBudget = " ORDER BY page.sort_budget DESC, page.id DESC";

/// Named statements for the SQL texts the builders produce; entries live as long as the process, and there
/// are only as many as filter combinations (a few hundred at most).
db::Statement Intern(std::string sql) {
  struct Entry {
    std::string name;
    std::string sql;
  };
  static std::mutex mutex;
  static std::unordered_map<std::string, std::unique_ptr<Entry>> entries;
  std::lock_guard lock(mutex);
  auto it = entries.find(sql);
  if (it == entries.end()) {
    auto entry = std::make_unique<Entry>();
    entry->name = "orders.q_" + ToHex(Sha256(sql)).substr(0, 20);
    entry->sql = sql;
    it = entries.emplace(std::move(sql), std::move(entry)).first;
  }
  return db::Statement{it->second->name, it->second->sql};
}

class Builder final {
 public:
  template <class T>
  std::string Bind(const T& value) {
    params_.push_back(db::ToParam(value));
    return "$" + std::to_string(params_.size());
  }
  void And(std::string_view condition) {
    if (!where_.empty()) where_ += " AND ";
    where_ += condition;
  }
  const std::string& Where() const noexcept { return where_; }
  db::Params TakeParams() { return std::move(params_); }

 private:
  std::string where_;
  db::Params params_;
};

Error BadCursor() {
  return ValidationFailed("cursor", {"marketplace:orders.cursor_invalid", {}});
}

/// The filters shared by the list and the counts (not the category, sort or cursor).
void AddOpenFilters(Builder& builder, const ListFilter& filter, TimePoint now, const Corrected& corrected) {
  builder.And("o.status = 'search' AND o.visibility = 'public'");
  builder.And("(o.deadline_at IS NULL OR o.deadline_at > " + builder.Bind(now) + ")");
  if (filter.specialization_id)
    builder.And("o.specialization_id = " + builder.Bind(*filter.specialization_id));
  if (filter.query && corrected) {
    // Bound as a value, so each query is planned for its own words (an unknown tsquery could get a plan that
    // walks every open order).
    builder.And("o.search @@ " + builder.Bind(*corrected) + "::tsquery");
  } else if (filter.query) {
    // Stemmed words: the `russian` configuration stems Russian and English alike.
    builder.And("o.search @@ websearch_to_tsquery('russian', " + builder.Bind(*filter.query) + ")");
  }
  if (filter.deadline) {
    switch (*filter.deadline) {
      case DeadlineBucket::kUrgent:
        builder.And("o.deadline_at <= " + builder.Bind(now + kUrgent));
        break;
      case DeadlineBucket::kWeek:
        builder.And("o.deadline_at <= " + builder.Bind(now + kWeek));
        break;
      case DeadlineBucket::kMonth:
        builder.And("o.deadline_at <= " + builder.Bind(now + kMonth));
        break;
      case DeadlineBucket::kNonUrgent:
        builder.And("o.deadline_at > " + builder.Bind(now + kMonth));
        break;
      case DeadlineBucket::kByAgreement:
        builder.And("o.deadline_at IS NULL");
        break;
    }
  }
  if (filter.payment_option)
    builder.And("o.payment_option = " + builder.Bind(PaymentOptionName(*filter.payment_option)));
  if (filter.budget_min_base) builder.And("o.budget_base >= " + builder.Bind(*filter.budget_min_base));
  if (filter.budget_max_base) builder.And("o.budget_base <= " + builder.Bind(*filter.budget_max_base));
  if (filter.country_id) builder.And("o.country_id = " + builder.Bind(*filter.country_id));
  if (filter.city_id) builder.And("o.city_id = " + builder.Bind(*filter.city_id));
  if (filter.skill_id) builder.And("o.skill_ids @> ARRAY[" + builder.Bind(*filter.skill_id) + "::int]");
}

void AddDateCursor(Builder& builder, const std::optional<std::string>& cursor) {
  if (!cursor) return;
  auto decoded = DecodeCursor(Sort::kDate, *cursor);
  if (!decoded || decoded->fuzzy) throw BadCursor();
  builder.And("(o.created_at, o.id) < (" + builder.Bind(CursorTime(decoded->key)) + "::timestamptz, " +
              builder.Bind(decoded->id) + "::bigint)");
}

}  // namespace

Order ReadOrder(const db::Row& row) {
  Order order;
  order.id = row.Get<std::int64_t>(0);
  order.name = row.Get<std::string>(1);
  order.description = row.Get<std::string>(2);
  order.category_id = row.Get<std::int32_t>(3);
  order.specialization_id = row.Get<std::optional<std::int32_t>>(4);
  order.skill_ids = row.Get<std::vector<std::int64_t>>(5);
  auto amount = row.Get<std::optional<std::int64_t>>(6);
  if (amount) order.budget = Money{*amount, row.Get<std::string>(7)};
  order.deadline = row.Get<std::optional<TimePoint>>(8);
  order.payment_option =
      ParsePaymentOption(row.Get<std::string_view>(9)).value_or(PaymentOption::kNoPrepayment);
  order.country_id = row.Get<std::optional<std::int32_t>>(10);
  order.city_id = row.Get<std::optional<std::int32_t>>(11);
  order.status = ParseStatus(row.Get<std::string_view>(12)).value_or(Status::kSearch);
  order.personal = row.Get<bool>(13);
  order.opens_at = row.Get<std::optional<TimePoint>>(14);
  order.bid_count = row.Get<std::int32_t>(15);
  order.created_at = row.Get<TimePoint>(16);
  order.updated_at = row.Get<TimePoint>(17);
  order.customer = ReadUserCard(row, 18);
  if (!row.IsNull(22)) order.performer = ReadUserCard(row, 22);
  return order;
}

namespace {

/// The list's category and keyset cursor conditions (the cursor must come from this sort and mode).
void AddCategoryAndCursor(Builder& builder, const ListFilter& filter, bool fuzzy) {
  if (filter.category_id) builder.And("o.category_id = " + builder.Bind(*filter.category_id));
  const bool by_budget = filter.sort == Sort::kBudget;
  if (filter.cursor) {
    auto decoded = DecodeCursor(filter.sort, *filter.cursor);
    if (!decoded || decoded->fuzzy != fuzzy) throw BadCursor();
    if (by_budget) {
      builder.And("(COALESCE(o.budget_base, -1), o.id) < (" + builder.Bind(decoded->key) + "::bigint, " +
                  builder.Bind(decoded->id) + "::bigint)");
    } else {
      builder.And("(o.created_at, o.id) < (" + builder.Bind(CursorTime(decoded->key)) + "::timestamptz, " +
                  builder.Bind(decoded->id) + "::bigint)");
    }
  }
}

}  // namespace

Query BuildPublicList(const ListFilter& filter, TimePoint now, const Corrected& corrected) {
  Builder builder;
  AddOpenFilters(builder, filter, now, corrected);
  AddCategoryAndCursor(builder, filter, corrected.has_value());
  const bool by_budget = filter.sort == Sort::kBudget;
  const std::int64_t limit = filter.limit + 1;
  std::string sql = std::string(kPageColumns) + std::string(kPageSelect) + builder.Where() +
                    std::string(by_budget ? kByBudget : kByDate) + " LIMIT " + builder.Bind(limit) +
                    std::string(kPageJoin) + std::string(by_budget ? kPageByBudget : kPageByDate);
  return Query{Intern(std::move(sql)), builder.TakeParams()};
}

Query BuildCorrection(const std::string& text) {
  // Each word of the text (as the `russian` configuration stems it) becomes itself when it is a known lexeme,
  // otherwise any of its three closest known lexemes with a trigram similarity of at least 0.4 («логтип» →
  // «логотип» 0.5, «сервр» → «сервер» 0.44); the words are AND-ed. A word with nothing close, or no word at
  // all, gives NULL: a fallback that dropped words would answer «kubernetes helm» with unrelated orders.
  static constexpr db::Statement kCorrection{
      "orders.correct_text",
      "SELECT (CASE WHEN count(*) > 0 AND count(*) = count(alternatives) THEN "
      "orders.tsquery_all(alternatives) END)::text FROM (SELECT (SELECT "
      "orders.tsquery_any(plainto_tsquery('simple', l.lexeme)) FROM (SELECT lexeme FROM "
      "orders.search_lexemes "
      "WHERE lexeme % w.word AND similarity(lexeme, w.word) >= 0.4 AND (lexeme = w.word OR NOT EXISTS ("
      "SELECT 1 FROM orders.search_lexemes known WHERE known.lexeme = w.word)) "
      "ORDER BY lexeme <-> w.word, lexeme LIMIT 3) l) AS alternatives "
      "FROM unnest(tsvector_to_array(to_tsvector('russian', $1))) AS w(word)) words"};
  return Query{kCorrection, db::MakeParams(text)};
}

Query BuildRecentMatches(const ListFilter& filter, TimePoint now, std::int64_t window) {
  ListFilter rest = filter;
  rest.query.reset();
  Builder builder;
  AddOpenFilters(builder, rest, now, std::nullopt);
  AddCategoryAndCursor(builder, rest, false);
  const bool by_budget = filter.sort == Sort::kBudget;
  // The window: the first `window` orders in list order under every filter but the words, through the same
  // index as the list without words. LIMIT keeps the planner from pushing the words into it.
  std::string recent =
      "SELECT o.id, o.created_at AS sort_created, COALESCE(o.budget_base, -1) AS sort_budget, o.search "
      "FROM orders.orders o WHERE " +
      builder.Where() + std::string(by_budget ? kByBudget : kByDate) + " LIMIT " + builder.Bind(window);
  std::string matches =
      "SELECT w.id, w.sort_created, w.sort_budget FROM (" + recent +
      ") w WHERE w.search @@ websearch_to_tsquery('russian', " + builder.Bind(*filter.query) + ")" +
      (by_budget ? " ORDER BY w.sort_budget DESC, w.id DESC" : " ORDER BY w.sort_created DESC, w.id DESC") +
      " LIMIT " + builder.Bind(std::int64_t{filter.limit} + 1);
  std::string sql = std::string(kPageColumns) + matches + std::string(kPageJoin) +
                    std::string(by_budget ? kPageByBudget : kPageByDate);
  return Query{Intern(std::move(sql)), builder.TakeParams()};
}

Query BuildCounts(const ListFilter& filter, TimePoint now, const Corrected& corrected) {
  Builder builder;
  AddOpenFilters(builder, filter, now, corrected);
  std::string sql = "SELECT o.category_id, count(*) FROM orders.orders o WHERE " + builder.Where() +
                    " GROUP BY o.category_id ORDER BY o.category_id";
  return Query{Intern(std::move(sql)), builder.TakeParams()};
}

Query BuildUserOrders(std::int64_t user_id, Side side, Audience audience, std::optional<State> state,
                      const std::optional<std::string>& cursor, std::int32_t limit, TimePoint now) {
  Builder builder;
  auto user = builder.Bind(user_id);
  if (audience == Audience::kPublic) {
    // Personal offers stay between their two sides; bids and invitations are nobody else's business.
    builder.And((side == Side::kCustomer ? "o.customer_id = " : "o.performer_id = ") + user +
                " AND o.visibility = 'public'");
  } else if (side == Side::kCustomer) {
    builder.And("o.customer_id = " + user);
  } else {
    builder.And(
        "(o.performer_id = " + user +
        " OR EXISTS (SELECT 1 FROM bids.bids b WHERE b.order_id = o.id AND b.performer_id = " + user +
        ") OR EXISTS (SELECT 1 FROM bids.invitations i WHERE i.order_id = o.id AND i.performer_id = " + user +
        "))");
  }
  if (state) {
    switch (*state) {
      case State::kSearch:
        builder.And("o.status = 'search' AND (o.deadline_at IS NULL OR o.deadline_at > " + builder.Bind(now) +
                    ")");
        break;
      case State::kExpired:
        builder.And("o.status = 'search' AND o.deadline_at <= " + builder.Bind(now));
        break;
      case State::kClosed:
      case State::kInProgress:
      case State::kCompleted:
        builder.And("o.status = " + builder.Bind(StatusName(StoredStatus(*state))));
        break;
    }
  }
  AddDateCursor(builder, cursor);
  const std::int64_t fetch = limit + 1;
  std::string sql = std::string(kPageColumns) + std::string(kPageSelect) + builder.Where() +
                    std::string(kByDate) + " LIMIT " + builder.Bind(fetch) + std::string(kPageJoin) +
                    std::string(kPageByDate);
  return Query{Intern(std::move(sql)), builder.TakeParams()};
}

Page ReadPage(const db::Result& rows, std::int32_t limit, Sort sort, bool fuzzy) {
  Page page;
  const std::size_t take = std::min<std::size_t>(rows.Size(), static_cast<std::size_t>(limit));
  for (std::size_t i = 0; i < take; ++i) page.items.push_back(ReadOrder(rows[i]));
  if (rows.Size() > take && take > 0) {
    const auto& last = page.items.back();
    const std::int64_t key = sort == Sort::kBudget ? rows[take - 1].Get<std::int64_t>(kBudgetKeyColumn)
                                                   : CursorKey(last.created_at);
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
  std::string text = std::string(sort == Sort::kBudget ? "b" : "d") + (fuzzy ? "f:" : ":") +
                     std::to_string(key) + ":" + std::to_string(id);
  return Base64UrlEncode(text);
}

std::optional<Cursor> DecodeCursor(Sort sort, std::string_view text) {
  std::string decoded;
  if (text.size() > 100 || !Base64UrlDecode(text, decoded)) return std::nullopt;
  std::string_view rest = decoded;
  if (rest.empty() || rest.front() != (sort == Sort::kBudget ? 'b' : 'd')) return std::nullopt;
  rest.remove_prefix(1);
  Cursor cursor;
  if (!rest.empty() && rest.front() == 'f') {
    cursor.fuzzy = true;
    rest.remove_prefix(1);
  }
  if (rest.empty() || rest.front() != ':') return std::nullopt;
  rest.remove_prefix(1);
  auto colon = rest.find(':');
  if (colon == std::string_view::npos) return std::nullopt;
  auto key_text = rest.substr(0, colon);
  auto id_text = rest.substr(colon + 1);
  auto [key_end, key_error] = std::from_chars(key_text.data(), key_text.data() + key_text.size(), cursor.key);
  auto [id_end, id_error] = std::from_chars(id_text.data(), id_text.data() + id_text.size(), cursor.id);
  if (key_error != std::errc() || key_end != key_text.data() + key_text.size() || id_error != std::errc() ||
      id_end != id_text.data() + id_text.size() || cursor.id < 0) {
    return std::nullopt;
  }
  return cursor;
}

std::int64_t CursorKey(TimePoint time) {
  return std::chrono::duration_cast<std::chrono::microseconds>(time.time_since_epoch()).count();
}

TimePoint CursorTime(std::int64_t key) {
  return TimePoint(std::chrono::duration_cast<TimePoint::duration>(std::chrono::microseconds(key)));
}

}  // namespace artel::orders
