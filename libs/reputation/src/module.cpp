#include "artel/reputation/module.hpp"

#include "artel/bids/events.hpp"
#include "artel/db/pool.hpp"
#include "artel/orders/events.hpp"
#include "artel/orders/orders.hpp"
#include "artel/platform/events.hpp"
#include "artel/profiles/reputation.hpp"
#include "artel/reviews/events.hpp"
#include "module_requires.hpp"

namespace artel::reputation {
namespace {

using boost::asio::awaitable;
using profiles::Reputation;

/// Everybody who took part in an order on either side (the demo seeder's recount).
constexpr db::Statement kParticipants{"reputation.participants", R"sql(
SELECT DISTINCT id FROM (
  SELECT customer_id AS id FROM orders.orders
  UNION SELECT performer_id FROM orders.orders WHERE performer_id IS NOT NULL) participants
ORDER BY id
)sql"};

void Subscribe(platform::EventBus& events) {
  events.Subscribe<orders::OrderPosted>(
      [](db::Transaction& tx, const orders::OrderPosted& e) -> awaitable<void> {
        co_await Reputation::OrderPosted(tx, e.customer_id, e.at);
      });
  events.Subscribe<bids::BidPlaced>([](db::Transaction& tx, const bids::BidPlaced& e) -> awaitable<void> {
    co_await Reputation::Active(tx, e.bid.performer.id, e.at);
  });
  events.Subscribe<bids::BidSelected>([](db::Transaction& tx, const bids::BidSelected& e) -> awaitable<void> {
    co_await Reputation::RecomputeCustomerOrders(tx, e.order.customer.id, e.at);
  });
  events.Subscribe<bids::InvitationAccepted>(
      [](db::Transaction& tx, const bids::InvitationAccepted& e) -> awaitable<void> {
        co_await Reputation::RecomputeCustomerOrders(tx, e.order.customer.id, e.at);
      });
  events.Subscribe<orders::OrderTransitioned>(
      [](db::Transaction& tx, const orders::OrderTransitioned& e) -> awaitable<void> {
        if (e.action != orders::Action::kComplete || !e.order.performer) co_return;
        co_await Reputation::RecomputeCustomerOrders(tx, e.order.customer.id, e.at);
        co_await Reputation::RecomputePerformerOrders(tx, e.order.performer->id, e.order.id, e.at);
      });
  events.Subscribe<reviews::ReviewPosted>([](db::Transaction& tx,
                                             const reviews::ReviewPosted& e) -> awaitable<void> {
    // A customer's review rates the performer; a performer's rates the customer.
    const std::string_view role = e.review.author_side == kernel::Side::kCustomer ? "customer" : "performer";
    co_await Reputation::RecomputeRating(tx, e.target_id, role, e.at);
  });
}

orders::DetailContributor CustomerStatsPart() {
  orders::DetailContributor part;
  part.queries = [](const orders::Order& order, std::optional<std::int64_t>) {
    std::vector<db::PipelineQuery> queries;
    queries.push_back({profiles::CustomerStatsStatement(), db::MakeParams(order.customer.id)});
    return queries;
  };
  part.apply = [](const orders::Order&, std::optional<std::int64_t>, std::span<const db::Result> results,
                  boost::json::object& detail) {
    detail["customer_stats"] = profiles::CustomerStatsJson(results[0]);
  };
  return part;
}

awaitable<void> RecountDemo(db::Pool& pool) {
  auto users = co_await pool.Query(kParticipants);
  auto tx = co_await pool.Begin();
  const TimePoint now = std::chrono::system_clock::now();
  for (auto row : users) {
    co_await Reputation::RecomputeAll(tx, row.Get<std::int64_t>("id"), now);
  }
  co_await tx.Commit();
}

void Install(platform::ModuleContext& context) {
  Subscribe(context.Events());
  context.Get<orders::Orders>().AddDetailContributor(CustomerStatsPart());
  context.AddDemoSeeder([](platform::DemoContext& demo) -> awaitable<void> {
    // Idempotent and silent: the figures equal their sources however often it runs.
    co_await RecountDemo(demo.Pool());
  });
}

}  // namespace

platform::Module Module() {
  return generated::ModuleOf(&Install);
}

}  // namespace artel::reputation
