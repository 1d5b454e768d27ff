// `artel seed-demo`'s bids: performers bid on the demo orders (orders' seeder ran before), some customers
// select a performer, some close their order, and the demo performer has a personal offer to answer.

#include "demo.hpp"

#include <algorithm>
#include <array>
#include <string>
#include <vector>

#include "artel/bids/bids.hpp"
#include "artel/db/pool.hpp"
#include "artel/identity/identity.hpp"
#include "artel/orders/orders.hpp"
#include "artel/platform/module.hpp"

namespace artel::bids {
namespace {

using boost::asio::awaitable;

/// An open demo order, as much as bidding on it needs.
struct DemoOrder {
  std::int64_t id = 0;
  std::int64_t customer_id = 0;
  std::string name;
  std::optional<orders::Money> budget;
};

constexpr db::Statement kOpenOrders{"bids.demo_open_orders", R"sql(
SELECT id, customer_id, name, budget_amount, budget_currency
FROM orders.orders
WHERE customer_id = ANY($1::bigint[]) AND status = 'search' AND visibility = 'public'
ORDER BY id
)sql"};

constexpr db::Statement kHasBids{"bids.demo_has_bids", R"sql(
SELECT EXISTS (SELECT 1 FROM bids.bids b JOIN orders.orders o ON o.id = b.order_id
               WHERE o.customer_id = ANY($1::bigint[])) AS seeded
)sql"};

constexpr std::array<std::string_view, 6> kBidCommentsRu{
    "Делал похожие проекты, примеры покажу в личке. Начну сразу после согласования ТЗ.",
    "Готов взяться. Предлагаю разбить работу на этапы с оплатой по каждому.",
    "Есть вопросы по деталям — после созвона назову точную цену и срок.",
    "Опыт 6 лет, работаю по договору. Сроки соблюдаю, правки включены.",
    "Сделаю качественно и в срок, портфолио в профиле.",
    "Могу начать завтра. Две итерации правок входят в стоимость.",
};
constexpr std::array<std::string_view, 6> kBidCommentsEn{
    "I have done similar projects and will share examples. I can start as soon as we agree on the brief.",
    "Happy to take this on. I suggest splitting the work into milestones paid one by one.",
    "A few questions first; after a short call I will give an exact price and term.",
    "Six years of experience, working under a contract. Deadlines kept, revisions included.",
    "Quality work on time; my portfolio is in my profile.",
    "I can start tomorrow. Two rounds of revisions are included.",
};

BidInput MakeBid(const DemoOrder& order, bool russian, bool final_bid, platform::DemoDice& dice) {
  BidInput input;
  input.kind = final_bid ? Kind::kFinal : Kind::kPreliminary;
  input.comment = std::string(russian ? kBidCommentsRu[dice.Below(6)] : kBidCommentsEn[dice.Below(6)]);
  input.term_days = static_cast<std::int32_t>(3 + dice.Below(40));
  if (final_bid || dice.Chance(0.5)) {
    std::int64_t amount = order.budget ? order.budget->amount : 3000000;
    const double factor = 0.8 + 0.05 * static_cast<double>(dice.Below(9));
    amount = std::max<std::int64_t>(
        100000, static_cast<std::int64_t>(static_cast<double>(amount) * factor) / 10000 * 10000);
    input.price = orders::Money{amount, order.budget ? order.budget->currency : "RUB"};
  }
  return input;
}

orders::OrderInput PersonalOffer() {
  orders::OrderInput offer;
  offer.name = "Личное предложение: сайт для пекарни";
  offer.description =
      "Нужен адаптивный сайт на 5–7 страниц: ассортимент, цены, отзывы, контакты и форма предзаказа. "
      "Фотографии и тексты есть.";
  offer.category_id = 1;
  offer.specialization_id = 101;
  offer.skill_ids = {3, 5, 21};
  offer.budget = orders::Money{5500000, "RUB"};
  offer.budget_base = 5500000;
  return offer;
}

}  // namespace

awaitable<DemoBids> SeedDemoBids(db::Pool& pool, Bids& bids, orders::Orders& orders) {
  DemoBids result;
  const auto demo_customer = co_await identity::FindUserId(pool, "customer@artel.local");
  const auto demo_performer = co_await identity::FindUserId(pool, "performer@artel.local");
  if (!demo_customer || !demo_performer) throw std::runtime_error("seed-demo: the demo accounts come first");
  auto customers = co_await identity::DemoPeople(pool, "customer");
  customers.push_back(*demo_customer);
  auto performers = co_await identity::DemoPeople(pool, "performer");
  if (performers.empty()) throw std::runtime_error("seed-demo: the demo people come first");
  auto seeded = co_await pool.Query(kHasBids, customers);
  if (seeded.One().Get<bool>("seeded")) co_return result;

  std::vector<DemoOrder> open;
  auto rows = co_await pool.Query(kOpenOrders, customers);
  for (auto row : rows) {
    DemoOrder order;
    order.id = row.Get<std::int64_t>("id");
    order.customer_id = row.Get<std::int64_t>("customer_id");
    order.name = row.Get<std::string>("name");
    if (auto amount = row.Get<std::optional<std::int64_t>>("budget_amount")) {
      orders::Money budget;
      budget.amount = *amount;
      budget.currency = row.Get<std::string>("budget_currency");
      order.budget = std::move(budget);
    }
    open.push_back(std::move(order));
  }

  platform::DemoDice dice(20261124);
  for (std::size_t i = 0; i < open.size(); ++i) {
    const auto& order = open[i];
    const bool russian = platform::IsRussianDemoText(order.name);
    // Bids from a few performers; the demo performer bids on every seventh order.
    std::vector<std::int64_t> bidders;
    if (i % 7 == 0) bidders.push_back(*demo_performer);
    const std::size_t wanted = dice.Below(6);
    for (std::size_t k = 0; k < wanted; ++k) {
      auto performer = performers[dice.Below(performers.size())];
      if (std::ranges::find(bidders, performer) == bidders.end()) bidders.push_back(performer);
    }
    std::vector<Bid> placed;
    for (auto performer : bidders) {
      auto input = MakeBid(order, russian, dice.Chance(0.75), dice);
      auto created = co_await bids.Create(performer, order.id, input);
      placed.push_back(std::move(created.bid));
      ++result.bids;
    }
    // Some orders move on: a performer selected (the reviews seeder completes some of those), or the
    // order closed.
    const std::size_t fate = dice.Below(10);
    auto final_bid = std::ranges::find_if(placed, [](const Bid& bid) { return bid.kind == Kind::kFinal; });
    if (fate < 3 && final_bid != placed.end()) {
      co_await bids.Select(order.customer_id, order.id, final_bid->id);
      ++result.selected;
    } else if (fate == 3) {
      co_await orders.Transition(order.customer_id, order.id, orders::Action::kClose);
      ++result.closed;
    }
  }

  // A personal offer waiting for the demo performer's answer.
  const auto offer = PersonalOffer();
  co_await bids.CreateJobOffer(*demo_customer, offer, *demo_performer);
  result.offers = 1;
  co_return result;
}

}  // namespace artel::bids
