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

constexpr std::string_view kListSelect = "SELECT " ARTEL_ORDER_COLUMNS(
    "left(o.description, 300)") ", COALESCE(o.budget_base, -1) FROM orders.orders o "
                                "JOIN identity.users c ON c.id = o.customer_id "
                                "LEFT JOIN identity.users p ON p.id = o.performer_id WHERE ";

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

TimePoint FromMicros(std::int64_t micros) {
  return TimePoint(std::chrono::duration_cast<TimePoint::duration>(std::chrono::microseconds(micros)));
}

std::int64_t ToMicros(TimePoint time) {
  return std::chrono::duration_cast<std::chrono::microseconds>(time.time_since_epoch()).count();
}

Error BadCursor() {
  return ValidationFailed("cursor", {"marketplace:orders.cursor_invalid", {}});
}

/// The filters shared by the list and the counts (not the category, sort or cursor).
void AddOpenFilters(Builder& builder, const ListFilter& filter, TimePoint now) {
  builder.And("o.status = 'search' AND o.visibility = 'public'");
  builder.And("(o.deadline_at IS NULL OR o.deadline_at > " + builder.Bind(now) + ")");
  if (filter.specialization_id)
    builder.And("o.specialization_id = " + builder.Bind(*filter.specialization_id));
  if (filter.query) {
    auto q = builder.Bind(*filter.query);
    // Stemmed words in Russian and English, or a name that contains a close spelling (typos).
    builder.And("(o.search @@ websearch_to_tsquery('russian', " + q + ") OR " + q + " <% o.name)");
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
  if (!decoded) throw BadCursor();
  builder.And("(o.created_at, o.id) < (" + builder.Bind(FromMicros(decoded->key)) + "::timestamptz, " +
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

Query BuildPublicList(const ListFilter& filter, TimePoint now) {
  Builder builder;
  AddOpenFilters(builder, filter, now);
  if (filter.category_id) builder.And("o.category_id = " + builder.Bind(*filter.category_id));
  std::string order_by;
  if (filter.sort == Sort::kBudget) {
    if (filter.cursor) {
      auto decoded = DecodeCursor(Sort::kBudget, *filter.cursor);
      if (!decoded) throw BadCursor();
      builder.And("(COALESCE(o.budget_base, -1), o.id) < (" + builder.Bind(decoded->key) + "::bigint, " +
                  builder.Bind(decoded->id) + "::bigint)");
    }
    order_by = " ORDER BY COALESCE(o.budget_base, -1) DESC, o.id DESC";
  } else {
    AddDateCursor(builder, filter.cursor);
    order_by = " ORDER BY o.created_at DESC, o.id DESC";
  }
  const std::int64_t limit = filter.limit + 1;
  std::string sql = std::string(kListSelect) + builder.Where() + order_by + " LIMIT " + builder.Bind(limit);
  return Query{Intern(std::move(sql)), builder.TakeParams()};
}

Query BuildCounts(const ListFilter& filter, TimePoint now) {
  Builder builder;
  AddOpenFilters(builder, filter, now);
  std::string sql = "SELECT o.category_id, count(*) FROM orders.orders o WHERE " + builder.Where() +
                    " GROUP BY o.category_id ORDER BY o.category_id";
  return Query{Intern(std::move(sql)), builder.TakeParams()};
}

Query BuildMine(std::int64_t user_id, Side side, std::optional<State> state,
                const std::optional<std::string>& cursor, std::int32_t limit, TimePoint now) {
  Builder builder;
  auto user = builder.Bind(user_id);
  if (side == Side::kCustomer) {
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
        builder.And("o.status = '" +
                    std::string(StatusName(state == State::kClosed       ? Status::kClosed
                                           : state == State::kInProgress ? Status::kInProgress
                                                                         : Status::kCompleted)) +
                    "'");
        break;
    }
  }
  AddDateCursor(builder, cursor);
  const std::int64_t fetch = limit + 1;
  std::string sql = std::string(kListSelect) + builder.Where() +
                    " ORDER BY o.created_at DESC, o.id DESC LIMIT " + builder.Bind(fetch);
  return Query{Intern(std::move(sql)), builder.TakeParams()};
}

Page ReadPage(const db::Result& rows, std::int32_t limit, Sort sort) {
  Page page;
  const std::size_t take = std::min<std::size_t>(rows.Size(), static_cast<std::size_t>(limit));
  for (std::size_t i = 0; i < take; ++i) page.items.push_back(ReadOrder(rows[i]));
  if (rows.Size() > take && take > 0) {
    const auto& last = page.items.back();
    const std::int64_t key = sort == Sort::kBudget ? rows[take - 1].Get<std::int64_t>(kBudgetKeyColumn)
                                                   : ToMicros(last.created_at);
    page.next_cursor = EncodeCursor(sort, key, last.id);
  }
  return page;
}

std::string EncodeCursor(Sort sort, std::int64_t key, std::int64_t id) {
  std::string text = (sort == Sort::kBudget ? "b:" : "d:") + std::to_string(key) + ":" + std::to_string(id);
  return Base64UrlEncode(text);
}

std::optional<Cursor> DecodeCursor(Sort sort, std::string_view text) {
  std::string decoded;
  if (text.size() > 100 || !Base64UrlDecode(text, decoded)) return std::nullopt;
  const std::string_view prefix = sort == Sort::kBudget ? "b:" : "d:";
  if (!decoded.starts_with(prefix)) return std::nullopt;
  std::string_view rest = std::string_view(decoded).substr(prefix.size());
  auto colon = rest.find(':');
  if (colon == std::string_view::npos) return std::nullopt;
  Cursor cursor;
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

}  // namespace artel::orders::detail
