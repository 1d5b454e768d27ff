// The home page's front against a real PostgreSQL with the repository's migrations and the real domains'
// lists (the ones module.cpp wires): it shows only what a guest could open, counts every category, and is
// read again only when its ttl has passed.

#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>

#include "artel/catalog/catalog.hpp"
#include "artel/db/testing/database.hpp"
#include "artel/home/home.hpp"
#include "artel/orders/orders.hpp"
#include "artel/platform/events.hpp"
#include "artel/profiles/catalogue.hpp"
#include "artel/vacancies/vacancies.hpp"

namespace artel::home {
namespace {

using boost::asio::awaitable;
using db::testing::TestDatabase;
using namespace std::chrono_literals;

constexpr std::int32_t kDevelopment = 1;
constexpr std::int32_t kDesign = 2;

awaitable<std::int64_t> NewUser(db::Pool& pool, std::string email) {
  auto rows = co_await pool.Query(
      "INSERT INTO identity.users (email, password_hash, name, lastname, lang, created_at, updated_at) "
      "VALUES ($1, 'x', 'Home', 'Tester', 'en', now(), now()) RETURNING id",
      email);
  co_return rows.One().Get<std::int64_t>(0);
}

struct World {
  TestDatabase db;
  catalog::Catalog catalog{db.GetPool()};
  platform::EventBus events;
  orders::Orders orders{db.GetPool(), catalog, events};
  vacancies::Vacancies vacancies{db.GetPool(), catalog, events};
  profiles::Catalogue catalogue{db.GetPool(), catalog};

  Home Make(std::chrono::seconds ttl, std::uint32_t items = 6) {
    return {Domains{.orders = orders, .vacancies = vacancies, .catalogue = catalogue},
            Settings{.ttl = ttl, .items = items}};
  }

  std::int64_t Order(std::int64_t customer, std::string name, std::int32_t category) {
    orders::OrderInput input;
    input.name = std::move(name);
    input.description = "A description long enough for the order's rules to accept it.";
    input.category_id = category;
    return db.Run(orders.Create(customer, input));
  }
};

std::vector<std::int64_t> OrderIds(const Front& front) {
  std::vector<std::int64_t> ids;
  for (const auto& order : front.orders) ids.push_back(order.id);
  return ids;
}

const CategoryFigures& Figures(const Front& front, std::int32_t category) {
  auto it = std::find_if(front.categories.begin(), front.categories.end(),
                         [category](const auto& figures) { return figures.category_id == category; });
  if (it == front.categories.end()) throw std::runtime_error("category missing from the front");
  return *it;
}

TEST(HomeTest, TheFrontHasEveryCategoryTheNewestPublicOrdersAndTheirCounts) {
  World world;
  auto& pool = world.db.GetPool();
  auto home = world.Make(0s, 2);
  const auto customer = world.db.Run(NewUser(pool, "customer@example.com"));
  const auto first = world.Order(customer, "A landing page for a bakery", kDevelopment);
  const auto second = world.Order(customer, "A logo for a coffee shop", kDesign);
  const auto third = world.Order(customer, "A Telegram bot for orders", kDevelopment);

  auto front = world.db.Run(home.Get());
  // The newest first, as many as `items`.
  EXPECT_EQ(OrderIds(front), (std::vector<std::int64_t>{third, second}));
  EXPECT_EQ(front.orders[0].name, "A Telegram bot for orders");
  EXPECT_EQ(front.orders[0].category_id, kDevelopment);
  EXPECT_EQ(front.orders[0].payment_option, "no_prepayment");
  // Every category of the catalog, zero counts included, with the open orders counted.
  auto snapshot = world.db.Run(world.catalog.Get());
  EXPECT_EQ(front.categories.size(), snapshot->Categories().size());
  EXPECT_EQ(Figures(front, kDevelopment).orders, 2);
  EXPECT_EQ(Figures(front, kDesign).orders, 1);
  EXPECT_EQ(front.totals.orders, 3);
  EXPECT_EQ(front.totals.vacancies, 0);
  EXPECT_TRUE(front.vacancies.empty());
  EXPECT_TRUE(front.freelancers.empty());
  (void)first;
}

TEST(HomeTest, WhatAGuestCannotOpenIsNeitherShownNorCounted) {
  World world;
  auto& pool = world.db.GetPool();
  auto home = world.Make(0s);
  const auto customer = world.db.Run(NewUser(pool, "customer@example.com"));
  const auto open = world.Order(customer, "An open order", kDevelopment);
  const auto closed = world.Order(customer, "A closed order", kDevelopment);
  world.db.Run(world.orders.Transition(customer, closed, orders::Action::kClose));
  // A personal order (offered to one performer) is hidden from everybody else.
  const auto personal = world.db.Run([&]() -> awaitable<std::int64_t> {
    auto tx = co_await pool.Begin();
    orders::OrderInput input;
    input.name = "A personal offer";
    input.description = "A description long enough for the order's rules to accept it.";
    input.category_id = kDevelopment;
    const auto id = co_await world.orders.Create(tx, customer, input, DefaultClock().Now() + 24h * 30);
    co_await tx.Commit();
    co_return id;
  }());

  auto front = world.db.Run(home.Get());
  EXPECT_EQ(OrderIds(front), (std::vector<std::int64_t>{open}));
  EXPECT_EQ(Figures(front, kDevelopment).orders, 1);
  EXPECT_EQ(front.totals.orders, 1);
  (void)personal;
}

TEST(HomeTest, TheFrontIsKeptForItsTtlAndReadAgainAfterIt) {
  World world;
  auto& pool = world.db.GetPool();
  auto kept = world.Make(1h);
  auto fresh = world.Make(0s);
  const auto customer = world.db.Run(NewUser(pool, "customer@example.com"));
  const auto first = world.Order(customer, "The first order", kDevelopment);
  EXPECT_EQ(OrderIds(world.db.Run(kept.Get())), (std::vector<std::int64_t>{first}));
  const auto second = world.Order(customer, "The second order", kDevelopment);
  // Within the ttl the front is the one read before; with no ttl it is read on every request.
  EXPECT_EQ(OrderIds(world.db.Run(kept.Get())), (std::vector<std::int64_t>{first}));
  EXPECT_EQ(OrderIds(world.db.Run(fresh.Get())), (std::vector<std::int64_t>{second, first}));
}

}  // namespace
}  // namespace artel::home
