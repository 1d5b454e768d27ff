// `artel seed-demo`'s reviews: customers complete some of the demo orders in progress (the bids seeder
// selected their performers) and both sides review each other, in the order's language.

#include "demo.hpp"

#include <algorithm>
#include <array>
#include <string>
#include <vector>

#include "artel/db/pool.hpp"
#include "artel/identity/identity.hpp"
#include "artel/orders/orders.hpp"
#include "artel/platform/module.hpp"
#include "artel/reviews/reviews.hpp"

namespace artel::reviews {
namespace {

using boost::asio::awaitable;

constexpr std::array<std::string_view, 4> kReviewsRu{
    "Отличная работа: всё сделано в срок и даже чуть раньше. Рекомендую!",
    "Хороший результат, быстро отвечал на вопросы, правки внёс без споров.",
    "Работа выполнена, но пришлось несколько раз напоминать о сроках.",
    "Понятное ТЗ, оплата вовремя, приятно работать.",
};
constexpr std::array<std::string_view, 4> kReviewsEn{
    "Excellent work: everything on time and even a little early. Recommended!",
    "Good result, quick answers, revisions made without fuss.",
    "The job got done, but I had to remind about the deadlines a few times.",
    "A clear brief, paid on time, a pleasure to work with.",
};

constexpr db::Statement kInProgress{"reviews.demo_in_progress", R"sql(
SELECT id, customer_id, performer_id, name
FROM orders.orders
WHERE customer_id = ANY($1::bigint[]) AND status = 'in_progress'
ORDER BY id
)sql"};

constexpr db::Statement kHasReviews{"reviews.demo_has_reviews", R"sql(
SELECT EXISTS (SELECT 1 FROM reviews.reviews r JOIN orders.orders o ON o.id = r.order_id
               WHERE o.customer_id = ANY($1::bigint[])) AS seeded
)sql"};

}  // namespace

awaitable<DemoReviews> SeedDemoReviews(db::Pool& pool, Reviews& reviews, orders::Orders& orders) {
  DemoReviews result;
  const auto demo_customer = co_await identity::FindUserId(pool, "customer@artel.local");
  if (!demo_customer) throw std::runtime_error("seed-demo: the demo accounts come first");
  auto customers = co_await identity::DemoPeople(pool, "customer");
  customers.push_back(*demo_customer);
  auto seeded = co_await pool.Query(kHasReviews, customers);
  if (seeded.One().Get<bool>("seeded")) co_return result;

  platform::DemoDice dice(20261125);
  auto rows = co_await pool.Query(kInProgress, customers);
  for (auto row : rows) {
    // Two in three orders in progress are done; the rest are still being worked on.
    if (dice.Below(3) == 2) continue;
    const auto order_id = row.Get<std::int64_t>("id");
    const auto customer = row.Get<std::int64_t>("customer_id");
    const auto performer = row.Get<std::int64_t>("performer_id");
    const bool russian = platform::IsRussianDemoText(row.Get<std::string_view>("name"));
    co_await orders.Transition(customer, order_id, orders::Action::kComplete);
    ++result.completed;
    const std::string about_performer(russian ? kReviewsRu[dice.Below(4)] : kReviewsEn[dice.Below(4)]);
    const auto rating = static_cast<std::int32_t>(4 + dice.Below(2));
    co_await reviews.Create(customer, order_id, rating, about_performer);
    ++result.reviews;
    if (dice.Chance(0.7)) {
      const std::string about_customer(russian ? kReviewsRu[3] : kReviewsEn[3]);
      co_await reviews.Create(performer, order_id, 5, about_customer);
      ++result.reviews;
    }
  }
  co_return result;
}

}  // namespace artel::reviews
