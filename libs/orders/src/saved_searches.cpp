// Orders' scope of saved searches. A saved filter is the list's URL parameters; it is checked and converted
// by the list's own FilterOf (list_filter.hpp), so a search saves exactly what the list would show, and kept
// as typed conditions for matching. A published order is tested against the candidates the key index gives
// (searches_match_idx) with the list's conditions (query.cpp's AddOpenFilters) in C++, the words against the
// order's search vector in one statement.

#include "artel/orders/saved_searches.hpp"

#include <array>
#include <charconv>
#include <chrono>
#include <cmath>
#include <limits>
#include <string>
#include <string_view>
#include <vector>

#include "artel/catalog/catalog.hpp"
#include "artel/core/error.hpp"
#include "artel/db/pool.hpp"
#include "artel/orders/events.hpp"
#include "artel/orders/orders.hpp"
#include "artel/platform/events.hpp"
#include "artel/searches/searches.hpp"
#include "list_filter.hpp"

namespace artel::orders {
namespace {

using boost::asio::awaitable;

constexpr std::string_view kScope = "orders";
constexpr std::string_view kDefaultCurrency = "RUB";
constexpr std::int64_t kMaxBidsLimit = 1000;

// Must agree with query.cpp's buckets (the list's deadline filter).
constexpr auto kUrgent = std::chrono::hours(24 * 3);
constexpr auto kWeek = std::chrono::hours(24 * 7);
constexpr auto kMonth = std::chrono::hours(24 * 30);

/// The parameters a saved orders search may have: the list's, its sort (kept for opening it), and the two
/// only saved searches have.
constexpr std::array<std::string_view, 15> kParameters{
    "category", "specialization", "q",     "deadline",  "payment", "budget_min", "budget_max", "currency",
    "country",  "city",           "skill", "portfolio", "sort",    "max_bids",   "min_rating"};

// The order as everybody may see it, with its customer's rating (profiles.customers, kept by reputation;
// read, never recomputed) in thousandths.
constexpr db::Statement kRead{"orders.saved_search_read", R"sql(
SELECT o.id, o.customer_id, o.name, o.category_id, o.specialization_id, o.skill_ids::bigint[] AS skill_ids,
  o.budget_base, o.deadline_at, o.payment_option, o.country_id, o.city_id, o.portfolio_required, o.bid_count,
  o.status = 'search' AND o.visibility = 'public' AND (o.deadline_at IS NULL OR o.deadline_at > $2) AS open,
  round(cu.rating * 1000)::bigint AS rating_milli
FROM orders.orders o
LEFT JOIN profiles.customers cu ON cu.user_id = o.customer_id
WHERE o.id = $1
)sql"};

// Which of the texts ($2, 1-based) the order's words match: the list's MatchCondition, without its typo
// fallback.
constexpr db::Statement kWords{"orders.saved_search_words", R"sql(
SELECT q.i FROM orders.orders o, unnest($2::text[]) WITH ORDINALITY AS q(t, i)
WHERE o.id = $1 AND o.search @@ websearch_to_tsquery('russian', q.t)
)sql"};

Error Invalid(std::string_view parameter) {
  return ValidationFailed("filter." + std::string(parameter), {"searches:filter_invalid", {}});
}

std::optional<std::int64_t> Integer(std::string_view text) {
  std::int64_t value = 0;
  const auto* end = text.data() + text.size();
  auto [ptr, ec] = std::from_chars(text.data(), end, value);
  if (ec != std::errc() || ptr != end) return std::nullopt;
  return value;
}

/// "1500" or "1500.5" in major units → minor units (`digits` of them); nullopt for anything else.
std::optional<std::int64_t> Amount(std::string_view text, std::int32_t digits) {
  const auto dot = text.find('.');
  const auto whole = Integer(text.substr(0, dot));
  if (!whole || *whole < 0 || *whole > 10'000'000'000LL) return std::nullopt;
  std::int64_t minor = *whole;
  std::string_view fraction = dot == std::string_view::npos ? std::string_view{} : text.substr(dot + 1);
  if (dot != std::string_view::npos &&
      (fraction.empty() || fraction.size() > static_cast<std::size_t>(digits))) {
    return std::nullopt;
  }
  for (std::int32_t i = 0; i < digits; ++i) {
    minor *= 10;
    if (static_cast<std::size_t>(i) < fraction.size()) {
      const char c = fraction[static_cast<std::size_t>(i)];
      if (c < '0' || c > '9') return std::nullopt;
      minor += c - '0';
    }
  }
  return minor;
}

void Put(boost::json::object& conditions, std::string_view key, const std::optional<std::int32_t>& value) {
  if (value) conditions[key] = *value;
}

std::optional<std::int64_t> IntAt(const boost::json::object& object, std::string_view key) {
  const auto* value = object.if_contains(key);
  if (value == nullptr || !value->is_int64()) return std::nullopt;
  return value->get_int64();
}

/// The filter's parameters, checked and made the list's FilterParams and the saved-search-only ones.
awaitable<searches::Normalised> Normalise(Orders& orders, const boost::json::object& filter) {
  searches::Normalised result;
  FilterParams params;
  params.currency = std::string(kDefaultCurrency);
  std::optional<std::string> category;
  std::optional<std::int64_t> max_bids;
  std::optional<std::int64_t> min_rating;
  std::optional<std::string> budget_min;
  std::optional<std::string> budget_max;
  for (const auto& [key, value] : filter) {
    if (std::ranges::find(kParameters, std::string_view(key)) == kParameters.end()) throw Invalid(key);
    if (!value.is_string()) throw Invalid(key);
    const std::string text(value.get_string());
    if (text.empty()) continue;
    result.filter[key] = text;
    const auto number = Integer(text);
    if (key == "category") {
      category = text;
    } else if (key == "specialization" || key == "country" || key == "city" || key == "skill") {
      if (!number || *number < 1) throw Invalid(key);
      if (key == "specialization") params.specialization = number;
      if (key == "country") params.country = number;
      if (key == "city") params.city = number;
      if (key == "skill") params.skill = number;
    } else if (key == "q") {
      params.q = text;
    } else if (key == "deadline") {
      if (!ParseDeadlineBucket(text)) throw Invalid(key);
      params.deadline = text;
    } else if (key == "payment") {
      if (!kPaymentOptionNames.Parse(text)) throw Invalid(key);
      params.payment = text;
    } else if (key == "budget_min") {
      budget_min = text;
    } else if (key == "budget_max") {
      budget_max = text;
    } else if (key == "currency") {
      params.currency = text;
    } else if (key == "portfolio") {
      if (text != "true" && text != "false") throw Invalid(key);
      params.portfolio = text == "true";
    } else if (key == "sort") {
      if (!kSortNames.Parse(text)) throw Invalid(key);
    } else if (key == "max_bids") {
      if (!number || *number < 1 || *number > kMaxBidsLimit) throw Invalid(key);
      max_bids = number;
    } else if (key == "min_rating") {
      const auto milli = Amount(text, 3);
      if (!milli || *milli < 1000 || *milli > 5000) throw Invalid(key);
      min_rating = milli;
    }
  }
  auto catalog = co_await orders.Catalog().Get();
  const auto* currency = catalog->FindCurrency(params.currency);
  if (currency == nullptr) throw Invalid("currency");
  if (budget_min) {
    params.budget_min = Amount(*budget_min, currency->minor_units);
    if (!params.budget_min) throw Invalid("budget_min");
  }
  if (budget_max) {
    params.budget_max = Amount(*budget_max, currency->minor_units);
    if (!params.budget_max) throw Invalid("budget_max");
  }
  ListFilter list;
  try {
    list = FilterOf(*catalog, params, category);
  } catch (const Error& error) {
    // The list's own rules and texts, under the saved filter's names.
    if (error.Fields().empty()) throw;
    ValidationErrors renamed;
    for (const auto& [field, messages] : error.Fields()) {
      for (const auto& message : messages) renamed.Add("filter." + field, message);
    }
    renamed.ThrowIfAny();
    throw;
  }
  auto& conditions = result.conditions;
  Put(conditions, "category_id", list.category_id);
  Put(conditions, "specialization_id", list.specialization_id);
  Put(conditions, "country_id", list.country_id);
  Put(conditions, "city_id", list.city_id);
  Put(conditions, "skill_id", list.skill_id);
  if (list.query) conditions["q"] = *list.query;
  if (list.deadline) conditions["deadline"] = kDeadlineBucketNames.Name(*list.deadline);
  if (list.payment_option) conditions["payment"] = kPaymentOptionNames.Name(*list.payment_option);
  if (list.budget_min_base) conditions["budget_min_base"] = *list.budget_min_base;
  if (list.budget_max_base) conditions["budget_max_base"] = *list.budget_max_base;
  if (list.portfolio_required) conditions["portfolio"] = true;
  if (max_bids) conditions["max_bids"] = *max_bids;
  if (min_rating) conditions["min_rating_milli"] = *min_rating;
  // The most selective condition an order must share with the search.
  if (list.specialization_id) {
    result.key = "spec:" + std::to_string(*list.specialization_id);
  } else if (list.category_id) {
    result.key = "cat:" + std::to_string(*list.category_id);
  } else if (list.city_id) {
    result.key = "city:" + std::to_string(*list.city_id);
  } else if (list.skill_id) {
    result.key = "skill:" + std::to_string(*list.skill_id);
  } else if (list.country_id) {
    result.key = "country:" + std::to_string(*list.country_id);
  } else {
    result.key = "*";
  }
  co_return result;
}

/// What the exact test needs of an open public order.
struct Facts {
  std::int64_t id = 0;
  std::int32_t category_id = 0;
  std::optional<std::int32_t> specialization_id;
  std::vector<std::int64_t> skill_ids;
  std::optional<std::int64_t> budget_base;
  std::optional<TimePoint> deadline;
  std::string payment;
  std::optional<std::int32_t> country_id;
  std::optional<std::int32_t> city_id;
  bool portfolio_required = false;
  std::int64_t bid_count = 0;
  std::optional<std::int64_t> rating_milli;
  TimePoint now;
};

/// Every condition but the words (AddOpenFilters' rules on one order).
bool Fits(const Facts& order, const boost::json::object& c) {
  const auto same = [&c](std::string_view key, const std::optional<std::int32_t>& value) {
    const auto wanted = IntAt(c, key);
    return !wanted || (value && *value == *wanted);
  };
  if (const auto category = IntAt(c, "category_id"); category && *category != order.category_id) return false;
  if (!same("specialization_id", order.specialization_id)) return false;
  if (!same("country_id", order.country_id)) return false;
  if (!same("city_id", order.city_id)) return false;
  if (const auto skill = IntAt(c, "skill_id");
      skill && std::ranges::find(order.skill_ids, *skill) == order.skill_ids.end()) {
    return false;
  }
  if (const auto* payment = c.if_contains("payment");
      payment != nullptr && payment->is_string() && payment->get_string() != order.payment) {
    return false;
  }
  if (const auto least = IntAt(c, "budget_min_base");
      least && !(order.budget_base && *order.budget_base >= *least)) {
    return false;
  }
  if (const auto most = IntAt(c, "budget_max_base");
      most && !(order.budget_base && *order.budget_base <= *most)) {
    return false;
  }
  if (const auto* portfolio = c.if_contains("portfolio");
      portfolio != nullptr && portfolio->is_bool() && portfolio->get_bool() && !order.portfolio_required) {
    return false;
  }
  if (const auto* deadline = c.if_contains("deadline"); deadline != nullptr && deadline->is_string()) {
    const auto bucket = ParseDeadlineBucket(deadline->get_string());
    if (!bucket) return false;
    const auto& at = order.deadline;
    switch (*bucket) {
      case DeadlineBucket::kUrgent:
        if (!at || *at > order.now + kUrgent) return false;
        break;
      case DeadlineBucket::kWeek:
        if (!at || *at > order.now + kWeek) return false;
        break;
      case DeadlineBucket::kMonth:
        if (!at || *at > order.now + kMonth) return false;
        break;
      case DeadlineBucket::kNonUrgent:
        if (!at || *at <= order.now + kMonth) return false;
        break;
      case DeadlineBucket::kByAgreement:
        if (at) return false;
        break;
    }
  }
  if (const auto bids = IntAt(c, "max_bids"); bids && order.bid_count >= *bids) return false;
  if (const auto rating = IntAt(c, "min_rating_milli");
      rating && !(order.rating_milli && *order.rating_milli >= *rating)) {
    return false;
  }
  return true;
}

awaitable<std::optional<searches::Published>> Read(Orders& orders, db::Transaction& tx, std::int64_t id) {
  const auto now = orders.GetClock().Now();
  auto rows = co_await tx.Query(kRead, id, now);
  auto row = rows.First();
  if (!row || !row->Get<bool>("open")) co_return std::nullopt;
  Facts facts;
  facts.id = id;
  facts.category_id = static_cast<std::int32_t>(row->Get<std::int64_t>("category_id"));
  if (auto spec = row->Get<std::optional<std::int64_t>>("specialization_id")) {
    facts.specialization_id = static_cast<std::int32_t>(*spec);
  }
  facts.skill_ids = row->Get<std::vector<std::int64_t>>("skill_ids");
  facts.budget_base = row->Get<std::optional<std::int64_t>>("budget_base");
  facts.deadline = row->Get<std::optional<TimePoint>>("deadline_at");
  facts.payment = row->Get<std::string>("payment_option");
  if (auto country = row->Get<std::optional<std::int64_t>>("country_id")) {
    facts.country_id = static_cast<std::int32_t>(*country);
  }
  if (auto city = row->Get<std::optional<std::int64_t>>("city_id"))
    facts.city_id = static_cast<std::int32_t>(*city);
  facts.portfolio_required = row->Get<bool>("portfolio_required");
  facts.bid_count = row->Get<std::int64_t>("bid_count");
  facts.rating_milli = row->Get<std::optional<std::int64_t>>("rating_milli");
  facts.now = now;

  searches::Published item;
  item.title = row->Get<std::string>("name");
  item.path = "/order/" + std::to_string(id);
  item.owner_id = row->Get<std::int64_t>("customer_id");
  item.keys = {"*", "cat:" + std::to_string(facts.category_id)};
  if (facts.specialization_id) item.keys.push_back("spec:" + std::to_string(*facts.specialization_id));
  if (facts.city_id) item.keys.push_back("city:" + std::to_string(*facts.city_id));
  if (facts.country_id) item.keys.push_back("country:" + std::to_string(*facts.country_id));
  for (const auto skill : facts.skill_ids) item.keys.push_back("skill:" + std::to_string(skill));
  item.test = [facts](
                  db::Transaction& in,
                  const std::vector<boost::json::object>& conditions) -> awaitable<std::vector<std::size_t>> {
    std::vector<std::size_t> matched;
    std::vector<std::size_t> worded;
    std::vector<std::string> texts;
    for (std::size_t i = 0; i < conditions.size(); ++i) {
      if (!Fits(facts, conditions[i])) continue;
      const auto* q = conditions[i].if_contains("q");
      if (q != nullptr && q->is_string()) {
        worded.push_back(i);
        texts.emplace_back(q->get_string());
      } else {
        matched.push_back(i);
      }
    }
    if (!texts.empty()) {
      auto hits = co_await in.Query(kWords, facts.id, texts);
      for (auto hit : hits) {
        const auto position = hit.Get<std::int64_t>("i");
        if (position >= 1 && static_cast<std::size_t>(position) <= worded.size()) {
          matched.push_back(worded[static_cast<std::size_t>(position - 1)]);
        }
      }
      std::ranges::sort(matched);
    }
    co_return matched;
  };
  co_return item;
}

}  // namespace

void AddSavedSearchScope(searches::Searches& searches, Orders& orders, platform::EventBus& events) {
  searches.AddScope(
      {.name = std::string(kScope),
       .normalise = [&orders](const boost::json::object& filter) { return Normalise(orders, filter); },
       .read = [&orders](db::Transaction& tx, std::int64_t id) { return Read(orders, tx, id); }});
  // Matched when it becomes public: posted, a personal offer opened, a closed order reopened (a search
  // never matches the same order twice).
  events.Subscribe<OrderPosted>([&searches](db::Transaction& tx, const OrderPosted& e) -> awaitable<void> {
    if (e.personal) co_return;
    co_await searches.Publish(tx, kScope, e.order_id, e.at);
  });
  events.Subscribe<PersonalOrderOpened>(
      [&searches](db::Transaction& tx, const PersonalOrderOpened& e) -> awaitable<void> {
        co_await searches.Publish(tx, kScope, e.order_id, e.at);
      });
  events.Subscribe<OrderTransitioned>(
      [&searches](db::Transaction& tx, const OrderTransitioned& e) -> awaitable<void> {
        if (e.action != Action::kReopen) co_return;
        co_await searches.Publish(tx, kScope, e.order.id, e.at);
      });
}

}  // namespace artel::orders
