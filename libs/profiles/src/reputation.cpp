#include "artel/profiles/reputation.hpp"

#include "artel/db/pool.hpp"
#include "artel/kernel/json.hpp"
#include "artel/profiles/rules.hpp"

namespace artel::profiles {
namespace {

using boost::asio::awaitable;

constexpr db::Statement kEnsureCustomer{"profiles.ensure_customer", R"sql(
INSERT INTO profiles.customers (user_id, created_at, updated_at) VALUES ($1, $2, $2)
ON CONFLICT (user_id) DO NOTHING
)sql"};
constexpr db::Statement kEnsureFreelancer{"profiles.ensure_freelancer", R"sql(
INSERT INTO profiles.freelancers (user_id, search, active_at, created_at, updated_at)
VALUES ($1, profiles.search_vector($1, '', '', '{}'), $2, $2, $2)
ON CONFLICT (user_id) DO NOTHING
)sql"};
constexpr db::Statement kOrderPosted{"profiles.order_posted", R"sql(
UPDATE profiles.customers SET orders_posted = orders_posted + 1, updated_at = $2 WHERE user_id = $1
)sql"};
constexpr db::Statement kCustomerOrders{"profiles.customer_orders", R"sql(
SELECT count(*) AS posted,
  count(*) FILTER (WHERE performer_id IS NOT NULL) AS selected,
  count(*) FILTER (WHERE status = 'completed') AS completed,
  coalesce(array_agg(floor(extract(epoch FROM selected_at - created_at))::bigint)
           FILTER (WHERE selected_at IS NOT NULL), '{}') AS select_seconds
FROM orders.orders
WHERE customer_id = $1
)sql"};
constexpr db::Statement kSetCustomerOrders{"profiles.set_customer_orders", R"sql(
UPDATE profiles.customers
SET orders_posted = greatest(orders_posted, $2), performers_selected = $3, orders_completed = $4,
  median_select_seconds = $5, updated_at = $6
WHERE user_id = $1
)sql"};
constexpr db::Statement kPerformerOrders{"profiles.performer_orders", R"sql(
SELECT coalesce(array_agg(customer_id), '{}') AS customer_ids
FROM orders.orders
WHERE performer_id = $1 AND (status = 'completed' OR id = $2)
)sql"};
constexpr db::Statement kSetPerformerOrders{"profiles.set_performer_orders", R"sql(
UPDATE profiles.freelancers SET completed_orders = $2, repeat_customers = $3, updated_at = $4
WHERE user_id = $1
)sql"};
constexpr db::Statement kRating{"profiles.rating", R"sql(
SELECT coalesce(sum(rating), 0)::int AS rating_sum, count(*)::int AS review_count
FROM reviews.reviews
WHERE target_id = $1 AND author_role = $2
)sql"};
constexpr db::Statement kSetPerformerRating{"profiles.set_performer_rating", R"sql(
UPDATE profiles.freelancers SET rating_sum = $2, review_count = $3, updated_at = $4 WHERE user_id = $1
)sql"};
constexpr db::Statement kSetCustomerRating{"profiles.set_customer_rating", R"sql(
UPDATE profiles.customers SET rating_sum = $2, review_count = $3, updated_at = $4 WHERE user_id = $1
)sql"};
constexpr db::Statement kActive{"profiles.active", R"sql(
UPDATE profiles.freelancers SET active_at = greatest(active_at, $2) WHERE user_id = $1
)sql"};
constexpr db::Statement kCustomerStats{"profiles.customer_stats", R"sql(
SELECT coalesce(c.orders_posted, 0) AS orders_posted, coalesce(c.performers_selected, 0) AS performers_selected,
  coalesce(c.orders_completed, 0) AS orders_completed, c.median_select_seconds,
  c.rating::float8 AS customer_rating, coalesce(c.review_count, 0) AS customer_review_count
FROM (SELECT $1::bigint AS user_id) u
LEFT JOIN profiles.customers c ON c.user_id = u.user_id
)sql"};

}  // namespace

awaitable<void> Reputation::OrderPosted(db::Transaction& tx, std::int64_t customer_id, TimePoint at) {
  co_await tx.Query(kEnsureCustomer, customer_id, at);
  co_await tx.Query(kOrderPosted, customer_id, at);
}

awaitable<void> Reputation::RecomputeCustomerOrders(db::Transaction& tx, std::int64_t customer_id,
                                                    TimePoint at) {
  co_await tx.Query(kEnsureCustomer, customer_id, at);
  auto rows = co_await tx.Query(kCustomerOrders, customer_id);
  auto row = rows.One();
  auto median = Median(row.Get<std::vector<std::int64_t>>("select_seconds"));
  co_await tx.Query(kSetCustomerOrders, customer_id, row.Get<std::int64_t>("posted"),
                    row.Get<std::int64_t>("selected"), row.Get<std::int64_t>("completed"), median, at);
}

awaitable<void> Reputation::RecomputePerformerOrders(db::Transaction& tx, std::int64_t performer_id,
                                                     std::int64_t completed_order_id, TimePoint at) {
  co_await tx.Query(kEnsureFreelancer, performer_id, at);
  auto rows = co_await tx.Query(kPerformerOrders, performer_id, completed_order_id);
  auto customers = rows.One().Get<std::vector<std::int64_t>>("customer_ids");
  const auto completed = static_cast<std::int64_t>(customers.size());
  const auto repeat = RepeatCustomers(std::move(customers));
  co_await tx.Query(kSetPerformerOrders, performer_id, completed, repeat, at);
}

awaitable<void> Reputation::RecomputeRating(db::Transaction& tx, std::int64_t user_id,
                                            std::string_view author_role, TimePoint at) {
  const std::string role(author_role);
  auto rows = co_await tx.Query(kRating, user_id, role);
  auto row = rows.One();
  const auto sum = row.Get<std::int32_t>("rating_sum");
  const auto count = row.Get<std::int32_t>("review_count");
  if (role == "customer") {
    co_await tx.Query(kEnsureFreelancer, user_id, at);
    co_await tx.Query(kSetPerformerRating, user_id, sum, count, at);
  } else {
    co_await tx.Query(kEnsureCustomer, user_id, at);
    co_await tx.Query(kSetCustomerRating, user_id, sum, count, at);
  }
}

awaitable<void> Reputation::Active(db::Transaction& tx, std::int64_t performer_id, TimePoint at) {
  co_await tx.Query(kEnsureFreelancer, performer_id, at);
  co_await tx.Query(kActive, performer_id, at);
}

awaitable<void> Reputation::RecomputeAll(db::Transaction& tx, std::int64_t user_id, TimePoint at) {
  co_await RecomputeCustomerOrders(tx, user_id, at);
  co_await RecomputePerformerOrders(tx, user_id, 0, at);
  co_await RecomputeRating(tx, user_id, "customer", at);
  co_await RecomputeRating(tx, user_id, "performer", at);
}

CustomerStatsView CustomerStatsOf(const db::Row& row) {
  const auto selected = row.Get<std::int32_t>("performers_selected");
  const auto completed = row.Get<std::int32_t>("orders_completed");
  return {.orders_posted = row.Get<std::int32_t>("orders_posted"),
          .performers_selected = selected,
          .orders_completed = completed,
          .completion_rate = CompletionRate(completed, selected),
          .median_select_seconds = row.Get<std::optional<std::int64_t>>("median_select_seconds"),
          .rating = row.Get<std::optional<double>>("customer_rating"),
          .review_count = row.Get<std::int32_t>("customer_review_count")};
}

boost::json::object CustomerStatsJson(const db::Row& row) {
  auto written = kernel::ToJson(CustomerStatsOf(row));
  return std::move(written.as_object());
}

const db::Statement& CustomerStatsStatement() {
  return kCustomerStats;
}

boost::json::object CustomerStatsJson(const db::Result& result) {
  return CustomerStatsJson(result.One());
}

}  // namespace artel::profiles
