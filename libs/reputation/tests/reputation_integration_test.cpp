// Reputation against a real PostgreSQL: its module installed on a platform::Host after the four modules it
// requires (here stand-ins that register the real orders, bids and reviews services, as their modules do),
// then an order's life driven through those services; the profiles' summary rows must follow each event in
// its transaction, the order's detail carries the customer's figures, and the demo seeder's recount restores
// figures from their sources. Each test on a fresh migrated database.

#include <gtest/gtest.h>

#include <boost/json/serialize.hpp>

#include "artel/bids/bids.hpp"
#include "artel/catalog/catalog.hpp"
#include "artel/core/config.hpp"
#include "artel/core/time.hpp"
#include "artel/db/pool.hpp"
#include "artel/orders/orders.hpp"
#include "artel/platform/host.hpp"
#include "artel/platform/module.hpp"
#include "artel/reputation/module.hpp"
#include "artel/reviews/reviews.hpp"
#include "artel/testing/testing.hpp"

namespace artel::reputation {
namespace {

using db::testing::TestDatabase;
using testing::MakeUser;
using namespace std::chrono_literals;

/// The services the stand-in modules register; set before Host::Install.
orders::Orders* g_orders = nullptr;

void InstallNothing(platform::ModuleContext&) {}
void InstallOrders(platform::ModuleContext& context) {
  context.GetServices().Borrow(*g_orders);
}

class ReputationTest : public ::testing::Test {
 protected:
  ReputationTest()
      : clock_(*ParseIsoTime("2026-11-22T12:00:00Z")),
        source_(ConfigSource::Parse("", false)),
        config_(BindPlatform(source_)),
        host_(config_, source_, db_.SharedPool(), clock_),
        catalog_(db_.GetPool()),
        orders_(db_.GetPool(), catalog_, host_.Events(), clock_),
        bids_(db_.GetPool(), orders_, host_.Events(), clock_),
        reviews_(db_.GetPool(), orders_, host_.Events(), clock_) {
    g_orders = &orders_;
    const std::vector<platform::Module> modules{{"profiles", {}, &InstallNothing},
                                                {"orders", {}, &InstallOrders},
                                                {"bids", {}, &InstallNothing},
                                                {"reviews", {}, &InstallNothing},
                                                Module()};
    host_.Install(modules);
    customer_ = MakeUser(db_, "customer");
    performer_ = MakeUser(db_, "performer");
  }
  ~ReputationTest() override { g_orders = nullptr; }

  std::int64_t Order() {
    orders::OrderInput input;
    input.name = "Logo for a coffee shop";
    input.description = "A round logo, two colours, for cups and the sign.";
    input.category_id = 1;
    input.payment_option = orders::PaymentOption::kSafeDeal;
    input.deadline = clock_.Now() + 24h * 14;
    return db_.Run(orders_.Create(customer_, input));
  }

  /// The performer bids, the customer selects them after `wait`, and completes the order.
  std::int64_t DoneOrder(std::chrono::seconds wait = 1h) {
    const auto order_id = Order();
    bids::BidInput bid;
    bid.kind = bids::Kind::kFinal;
    bid.comment = "Three sketches in two days.";
    bid.term_days = 5;
    bid.price = kernel::Money{1500000, "RUB"};
    auto created = db_.Run(bids_.Create(performer_, order_id, bid));
    clock_.Advance(wait);
    db_.Run(bids_.Select(customer_, order_id, created.bid.id));
    db_.Run(orders_.Transition(customer_, order_id, orders::Action::kComplete));
    return order_id;
  }

  /// One figure of a summary row ("profiles.customers", "orders_posted").
  std::int64_t Figure(std::string_view table, std::string_view column, std::int64_t user_id) {
    const std::string sql = "SELECT coalesce((SELECT " + std::string(column) + "::bigint FROM " +
                            std::string(table) + " WHERE user_id = $1), -1)";
    return db_.Run(db_.GetPool().Query(std::string_view(sql), user_id)).One().Get<std::int64_t>(0);
  }

  TestDatabase db_;
  ManualClock clock_;
  ConfigSource source_;
  Config config_;
  platform::Host host_;
  catalog::Catalog catalog_;
  orders::Orders orders_;
  bids::Bids bids_;
  reviews::Reviews reviews_;
  std::int64_t customer_ = 0;
  std::int64_t performer_ = 0;
};

TEST_F(ReputationTest, TheCustomersFiguresFollowTheirOrders) {
  Order();
  EXPECT_EQ(Figure("profiles.customers", "orders_posted", customer_), 1);
  EXPECT_EQ(Figure("profiles.customers", "performers_selected", customer_), 0);
  DoneOrder(2h);
  EXPECT_EQ(Figure("profiles.customers", "orders_posted", customer_), 2);
  EXPECT_EQ(Figure("profiles.customers", "performers_selected", customer_), 1);
  EXPECT_EQ(Figure("profiles.customers", "orders_completed", customer_), 1);
  EXPECT_EQ(Figure("profiles.customers", "median_select_seconds", customer_), 2 * 3600);
  // The performer's side: the bid made them active, the completion counted.
  EXPECT_EQ(Figure("profiles.freelancers", "completed_orders", performer_), 1);
  EXPECT_EQ(Figure("profiles.freelancers", "repeat_customers", performer_), 0);
  DoneOrder();
  EXPECT_EQ(Figure("profiles.freelancers", "completed_orders", performer_), 2);
  EXPECT_EQ(Figure("profiles.freelancers", "repeat_customers", performer_), 1);
}

TEST_F(ReputationTest, ReviewsRateTheSideTheyReview) {
  const auto first = DoneOrder();
  const auto second = DoneOrder();
  db_.Run(reviews_.Create(customer_, first, 5, "Exactly what we wanted."));
  db_.Run(reviews_.Create(customer_, second, 2, "Late and rushed."));
  db_.Run(reviews_.Create(performer_, first, 4, "Clear brief."));
  // The customer's reviews rate the performer as a performer; the performer's the customer as a customer.
  EXPECT_EQ(Figure("profiles.freelancers", "rating_sum", performer_), 7);
  EXPECT_EQ(Figure("profiles.freelancers", "review_count", performer_), 2);
  EXPECT_EQ(Figure("profiles.customers", "rating_sum", customer_), 4);
  EXPECT_EQ(Figure("profiles.customers", "review_count", customer_), 1);
  EXPECT_EQ(Figure("profiles.customers", "rating_sum", performer_), -1);
}

TEST_F(ReputationTest, TheOrderDetailCarriesTheCustomersFigures) {
  DoneOrder();
  const auto open = Order();
  auto order = db_.Run(orders_.GetVisible(open, performer_));
  auto detail = db_.Run(orders_.Contributed(order, performer_));
  ASSERT_TRUE(detail.contains("customer_stats")) << boost::json::serialize(detail);
  const auto& stats = detail.at("customer_stats").as_object();
  EXPECT_EQ(stats.at("orders_posted").to_number<std::int64_t>(), 2);
  EXPECT_EQ(stats.at("performers_selected").to_number<std::int64_t>(), 1);
  EXPECT_EQ(stats.at("orders_completed").to_number<std::int64_t>(), 1);
}

TEST_F(ReputationTest, TheDemoRecountRestoresTheFiguresFromTheirSources) {
  const auto order_id = DoneOrder();
  db_.Run(reviews_.Create(customer_, order_id, 4, "Good."));
  // History written behind the events' back (as the demo seeders backdate and bulk-load it).
  db_.Run(
      db_.GetPool().Query("UPDATE profiles.freelancers SET completed_orders = 0, rating_sum = 0, "
                          "review_count = 0 WHERE user_id = $1",
                          performer_));
  db_.Run(db_.GetPool().Query("UPDATE profiles.customers SET orders_completed = 0 WHERE user_id = $1",
                              customer_));
  db_.Run(host_.SeedDemo());
  EXPECT_EQ(Figure("profiles.freelancers", "completed_orders", performer_), 1);
  EXPECT_EQ(Figure("profiles.freelancers", "rating_sum", performer_), 4);
  EXPECT_EQ(Figure("profiles.freelancers", "review_count", performer_), 1);
  EXPECT_EQ(Figure("profiles.customers", "orders_completed", customer_), 1);
  // Idempotent.
  db_.Run(host_.SeedDemo());
  EXPECT_EQ(Figure("profiles.freelancers", "completed_orders", performer_), 1);
}

}  // namespace
}  // namespace artel::reputation
