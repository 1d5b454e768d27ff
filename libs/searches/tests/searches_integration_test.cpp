// Saved searches against a real PostgreSQL with the repository's migrations and the real orders scope (the
// one orders' module registers): saving, listing, renaming, deleting and the cap are the owner's own; a
// published order is matched through the key index exactly as a test of every search would match it
// (a seeded property test); a search never matches an order twice; hidden orders never match.

#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <random>
#include <string>
#include <vector>

#include "artel/catalog/catalog.hpp"
#include "artel/core/error.hpp"
#include "artel/db/pool.hpp"
#include "artel/db/testing/database.hpp"
#include "artel/notifications/notifications.hpp"
#include "artel/orders/events.hpp"
#include "artel/orders/orders.hpp"
#include "artel/orders/saved_searches.hpp"
#include "artel/platform/events.hpp"
#include "artel/searches/searches.hpp"

namespace artel::searches {
namespace {

using boost::asio::awaitable;
using db::testing::TestDatabase;

awaitable<std::int64_t> NewUser(db::Pool& pool, std::string email, std::string name) {
  auto rows = co_await pool.Query(
      "INSERT INTO identity.users (email, password_hash, name, lastname, lang, created_at, updated_at) "
      "VALUES ($1, 'x', $2, 'Tester', 'en', now(), now()) RETURNING id",
      email, name);
  co_return rows.One().Get<std::int64_t>(0);
}

struct World {
  TestDatabase db;
  catalog::Catalog catalog{db.GetPool()};
  platform::EventBus events;
  notifications::Notifier notifier{events};
  orders::Orders orders{db.GetPool(), catalog, events};
  Searches searches{db.GetPool(), events, Settings{.max_per_user = 20}};

  World() {
    orders::AddNotificationKinds(notifier);
    AddNotificationKind(notifier);
    orders::AddSavedSearchScope(searches, orders, events);
  }

  std::int64_t User(const std::string& name) {
    return db.Run(NewUser(db.GetPool(), name + "@example.com", name));
  }

  std::int64_t Post(std::int64_t customer, orders::OrderInput input) {
    return db.Run(orders.Create(customer, input));
  }

  /// A personal order (hidden from everybody but the invited performer).
  std::int64_t PostPersonal(std::int64_t customer, orders::OrderInput input) {
    return db.Run([&]() -> awaitable<std::int64_t> {
      auto tx = co_await db.GetPool().Begin();
      const auto opens = DefaultClock().Now() + std::chrono::hours(24);
      const auto id = co_await orders.Create(tx, customer, input, opens);
      co_await tx.Commit();
      co_return id;
    }());
  }

  std::vector<std::int64_t> Matching(std::int64_t order, bool brute_force) {
    return db.Run([&]() -> awaitable<std::vector<std::int64_t>> {
      auto tx = co_await db.GetPool().Begin();
      auto ids = co_await searches.Matching(tx, "orders", order, brute_force);
      co_return ids;
    }());
  }

  std::int64_t Notifications(std::int64_t user) {
    return db.Run([&]() -> awaitable<std::int64_t> {
      auto rows = co_await db.GetPool().Query(
          "SELECT count(*) FROM notifications.notifications WHERE user_id = $1 AND kind = "
          "'saved_search_match'",
          user);
      co_return rows.One().Get<std::int64_t>(0);
    }());
  }
};

orders::OrderInput Order(std::string name, std::int32_t category,
                         std::optional<std::int32_t> specialization) {
  orders::OrderInput input;
  input.name = std::move(name);
  input.description = "A job described well enough for the rules of the form, with details.";
  input.category_id = category;
  input.specialization_id = specialization;
  return input;
}

boost::json::object Filter(std::initializer_list<std::pair<std::string, std::string>> values) {
  boost::json::object filter;
  for (const auto& [key, value] : values) filter[key] = value;
  return filter;
}

ErrorCode CodeOf(auto&& run, std::string* field = nullptr) {
  try {
    run();
  } catch (const Error& error) {
    if (field != nullptr && !error.Fields().empty()) *field = error.Fields().begin()->first;
    return error.Code();
  }
  return ErrorCode::kBadRequest;  // "no error" never matches what the tests expect
}

TEST(SearchesTest, SavingListingEditingAndDeletingAreTheOwnersOwn) {
  World world;
  const Actor owner{.user_id = world.User("owner")};
  const Actor other{.user_id = world.User("other")};
  auto saved = world.db.Run(
      world.searches.Save(owner, {.name = "  Web sites  ",
                                  .scope = "orders",
                                  .filter = Filter({{"category", "development"}, {"q", "сайт"}})}));
  EXPECT_EQ(saved.name, "Web sites");
  EXPECT_EQ(saved.interval, Interval::kDaily);
  EXPECT_EQ(saved.new_matches, 0);
  EXPECT_EQ(saved.filter.at("category").as_string(), "development");

  auto mine = world.db.Run(world.searches.ListMine(owner));
  ASSERT_EQ(mine.size(), 1U);
  EXPECT_TRUE(world.db.Run(world.searches.ListMine(other)).empty());

  // Somebody else's search is 404 for every operation, and unchanged.
  EXPECT_EQ(CodeOf([&] { world.db.Run(world.searches.Get(other, saved.id)); }), ErrorCode::kNotFound);
  EXPECT_EQ(CodeOf([&] { world.db.Run(world.searches.Update(other, saved.id, {.name = "Mine now"})); }),
            ErrorCode::kNotFound);
  EXPECT_EQ(CodeOf([&] { world.db.Run(world.searches.MarkSeen(other, saved.id)); }), ErrorCode::kNotFound);
  EXPECT_EQ(CodeOf([&] { world.db.Run(world.searches.Delete(other, saved.id)); }), ErrorCode::kNotFound);
  EXPECT_EQ(world.db.Run(world.searches.Get(owner, saved.id)).name, "Web sites");

  auto renamed =
      world.db.Run(world.searches.Update(owner, saved.id, {.name = "Sites", .interval = Interval::kWeekly}));
  EXPECT_EQ(renamed.name, "Sites");
  EXPECT_EQ(renamed.interval, Interval::kWeekly);
  std::string field;
  EXPECT_EQ(CodeOf([&] { world.db.Run(world.searches.Update(owner, saved.id, {.name = "   "})); }, &field),
            ErrorCode::kValidationFailed);
  EXPECT_EQ(field, "name");

  world.db.Run(world.searches.Delete(owner, saved.id));
  EXPECT_TRUE(world.db.Run(world.searches.ListMine(owner)).empty());
}

TEST(SearchesTest, FiltersAreCheckedByTheScopeAndTheCapHolds) {
  World world;
  const Actor owner{.user_id = world.User("owner")};
  std::string field;
  const auto save = [&](std::string name, std::string scope, boost::json::object filter) {
    return world.db.Run(world.searches.Save(
        owner, {.name = std::move(name), .scope = std::move(scope), .filter = std::move(filter)}));
  };
  EXPECT_EQ(CodeOf([&] { save("x", "planets", {}); }, &field), ErrorCode::kValidationFailed);
  EXPECT_EQ(field, "scope");
  EXPECT_EQ(CodeOf([&] { save(std::string(101, 'a'), "orders", {}); }, &field), ErrorCode::kValidationFailed);
  EXPECT_EQ(field, "name");
  EXPECT_EQ(CodeOf(
                [&] {
                  save("x", "orders", Filter({{"colour", "red"}}));
                },
                &field),
            ErrorCode::kValidationFailed);
  EXPECT_EQ(field, "filter.colour");
  EXPECT_EQ(CodeOf(
                [&] {
                  save("x", "orders", Filter({{"category", "astrology"}}));
                },
                &field),
            ErrorCode::kValidationFailed);
  EXPECT_EQ(field, "filter.category");
  EXPECT_EQ(CodeOf(
                [&] {
                  save("x", "orders", Filter({{"min_rating", "7"}}));
                },
                &field),
            ErrorCode::kValidationFailed);
  EXPECT_EQ(field, "filter.min_rating");
  EXPECT_EQ(CodeOf(
                [&] {
                  save("x", "orders", Filter({{"budget_min", "9"}, {"budget_max", "1"}}));
                },
                &field),
            ErrorCode::kValidationFailed);
  EXPECT_EQ(field, "filter.budget_min");

  for (int i = 0; i < 20; ++i) save("search " + std::to_string(i), "orders", {});
  EXPECT_EQ(CodeOf([&] { save("one too many", "orders", {}); }, &field), ErrorCode::kValidationFailed);
  EXPECT_EQ(field, "name");
  EXPECT_EQ(world.db.Run(world.searches.ListMine(owner)).size(), 20U);
}

TEST(SearchesTest, APublishedOrderIsMatchedOnceCountedAndNotified) {
  World world;
  const Actor reader{.user_id = world.User("reader")};
  const Actor quiet{.user_id = world.User("quiet")};
  const auto customer = world.User("customer");
  auto sites =
      world.db.Run(world.searches.Save(reader, {.name = "Sites",
                                                .scope = "orders",
                                                .filter = Filter({{"specialization", "101"}, {"q", "сайт"}}),
                                                .interval = Interval::kImmediately}));
  auto design = world.db.Run(world.searches.Save(
      reader, {.name = "Design", .scope = "orders", .filter = Filter({{"category", "design"}})}));
  auto silent = world.db.Run(world.searches.Save(
      quiet, {.name = "All", .scope = "orders", .filter = {}, .interval = Interval::kNever}));

  const auto order = world.Post(customer, Order("Сайт для пекарни", 1, 101));
  auto mine = world.db.Run(world.searches.ListMine(reader));
  const auto count = [&mine](std::int64_t id) {
    return std::ranges::find(mine, id, &Search::id)->new_matches;
  };
  EXPECT_EQ(count(sites.id), 1);
  EXPECT_EQ(count(design.id), 0);
  EXPECT_EQ(world.Notifications(reader.user_id), 1);
  // `never`: counted, not notified.
  EXPECT_EQ(world.db.Run(world.searches.Get(quiet, silent.id)).new_matches, 1);
  EXPECT_EQ(world.Notifications(quiet.user_id), 0);

  // Published again (closed and reopened): never twice.
  world.db.Run(world.orders.Transition(customer, order, orders::Action::kClose));
  world.db.Run(world.orders.Transition(customer, order, orders::Action::kReopen));
  EXPECT_EQ(world.db.Run(world.searches.Get(reader, sites.id)).new_matches, 1);
  EXPECT_EQ(world.Notifications(reader.user_id), 1);

  // Opening it from "My searches" resets the count.
  EXPECT_EQ(world.db.Run(world.searches.MarkSeen(reader, sites.id)).new_matches, 0);
  // The customer's own searches never match their own orders.
  auto own = world.db.Run(
      world.searches.Save(Actor{.user_id = customer}, {.name = "Mine", .scope = "orders", .filter = {}}));
  world.Post(customer, Order("Ещё один сайт", 1, 101));
  EXPECT_EQ(world.db.Run(world.searches.Get(Actor{.user_id = customer}, own.id)).new_matches, 0);
  EXPECT_EQ(world.db.Run(world.searches.Get(reader, sites.id)).new_matches, 1);
}

TEST(SearchesTest, HiddenOrdersNeverMatch) {
  World world;
  const Actor reader{.user_id = world.User("reader")};
  const auto customer = world.User("customer");
  auto every =
      world.db.Run(world.searches.Save(reader, {.name = "Every order", .scope = "orders", .filter = {}}));
  const auto personal = world.PostPersonal(customer, Order("Секретный заказ", 1, 101));
  EXPECT_TRUE(world.Matching(personal, false).empty());
  EXPECT_TRUE(world.Matching(personal, true).empty());
  EXPECT_EQ(world.db.Run(world.searches.Get(reader, every.id)).new_matches, 0);
  EXPECT_EQ(world.Notifications(reader.user_id), 0);
  // Once it is opened to everybody (nobody answered the offer), it matches.
  world.db.Run(world.db.GetPool().Query(
      "UPDATE orders.orders SET opens_at = now() - interval '1 minute' WHERE id = $1", personal));
  world.db.Run(world.orders.OpenDuePersonalOrders(DefaultClock().Now()));
  EXPECT_EQ(world.db.Run(world.searches.Get(reader, every.id)).new_matches, 1);

  // A closed order is not public news either.
  const auto closed = world.Post(customer, Order("Закрытый заказ", 2, std::nullopt));
  world.db.Run(world.orders.Transition(customer, closed, orders::Action::kClose));
  EXPECT_TRUE(world.Matching(closed, false).empty());
}

TEST(SearchesTest, TheIndexMatchesExactlyWhatTestingEverySearchMatches) {
  const auto seed = static_cast<std::uint32_t>(std::random_device{}());
  SCOPED_TRACE("seed " + std::to_string(seed));
  std::mt19937 random(seed);
  const auto pick = [&random](int n) { return static_cast<int>(random() % static_cast<unsigned>(n)); };
  World world;
  // Searches over the catalog's first categories and specializations, cities, skills, budgets, payment,
  // words, competition and customer rating, with each condition present at random.
  const std::array<std::pair<std::string, int>, 3> categories{
      {{"development", 1}, {"design", 2}, {"texts", 3}}};
  const std::array<int, 3> specializations{101, 102, 108};
  const std::array<std::string, 3> words{"сайт", "бот", "логотип"};
  const std::array<std::string, 3> payments{"no_prepayment", "prepayment", "safe_deal"};
  constexpr int kUsers = 6;
  constexpr int kSearches = 60;
  std::vector<Actor> users;
  for (int i = 0; i < kUsers; ++i) users.push_back(Actor{.user_id = world.User("user" + std::to_string(i))});
  for (int i = 0; i < kSearches; ++i) {
    boost::json::object filter;
    const int shape = pick(4);
    if (shape == 0) filter["category"] = categories[static_cast<std::size_t>(pick(3))].first;
    if (shape == 1)
      filter["specialization"] = std::to_string(specializations[static_cast<std::size_t>(pick(3))]);
    if (pick(3) == 0) filter["city"] = std::to_string(1 + pick(3));
    if (pick(3) == 0) filter["country"] = "1";
    if (pick(4) == 0) filter["skill"] = std::to_string(1 + pick(5));
    if (pick(3) == 0) filter["q"] = words[static_cast<std::size_t>(pick(3))];
    if (pick(3) == 0) filter["payment"] = payments[static_cast<std::size_t>(pick(3))];
    if (pick(3) == 0) filter["budget_min"] = std::to_string(1000 * (1 + pick(50)));
    if (pick(4) == 0) filter["budget_max"] = std::to_string(50000 + 1000 * pick(100));
    if (pick(4) == 0) filter["max_bids"] = std::to_string(1 + pick(3));
    if (pick(5) == 0) filter["min_rating"] = std::to_string(1 + pick(5));
    if (pick(5) == 0) filter["deadline"] = pick(2) == 0 ? "by_agreement" : "non_urgent";
    try {
      world.db.Run(
          world.searches.Save(users[static_cast<std::size_t>(i % kUsers)],
                              {.name = "search " + std::to_string(i), .scope = "orders", .filter = filter}));
    } catch (const Error&) {
      // A city of another country than the one chosen: the list's rules refuse it, and so do we.
    }
  }
  const auto customer = world.User("customer");
  // The customer's rating (kept by reputation from reviews; set here as reviews would leave it).
  world.db.Run(world.db.GetPool().Query(
      "INSERT INTO profiles.customers (user_id, rating_sum, review_count, created_at, updated_at) "
      "VALUES ($1, $2, 1, now(), now()) ON CONFLICT (user_id) DO UPDATE SET rating_sum = $2, review_count = "
      "1",
      customer, static_cast<std::int32_t>(1 + pick(5))));
  const std::array<std::string, 4> names{"Сайт для пекарни", "Telegram бот для записи", "Логотип кофейни",
                                         "Перевод инструкции"};
  int matched_any = 0;
  for (int i = 0; i < 40; ++i) {
    const auto category = categories[static_cast<std::size_t>(pick(3))].second;
    auto input =
        Order(names[static_cast<std::size_t>(pick(4))], category,
              category == 1 ? std::optional<std::int32_t>(specializations[static_cast<std::size_t>(pick(3))])
                            : std::nullopt);
    if (pick(2) == 0) {
      input.country_id = 1;
      input.city_id = 1 + pick(3);
    }
    if (pick(2) == 0) input.skill_ids = {1 + pick(5), 1 + pick(5)};
    std::ranges::sort(input.skill_ids);
    input.skill_ids.erase(std::unique(input.skill_ids.begin(), input.skill_ids.end()), input.skill_ids.end());
    if (pick(3) != 0)
      input.budget = kernel::Money{.amount = 100 * (1000 + 1000 * pick(120)), .currency = "RUB"};
    input.payment_option =
        orders::kPaymentOptionNames.Parse(payments[static_cast<std::size_t>(pick(3))]).value();
    if (pick(2) == 0) input.deadline = DefaultClock().Now() + std::chrono::hours(24 * (1 + pick(60)));
    orders::OrderInput checked = input;
    std::int64_t order = 0;
    try {
      order = world.Post(customer, input);
    } catch (const Error&) {
      continue;  // a skill outside the specialization or the like: the form's rules
    }
    if (pick(3) == 0) {
      world.db.Run(world.db.GetPool().Query("UPDATE orders.orders SET bid_count = $2 WHERE id = $1", order,
                                            static_cast<std::int32_t>(pick(4))));
    }
    const auto indexed = world.Matching(order, false);
    const auto every = world.Matching(order, true);
    EXPECT_EQ(indexed, every) << "order " << order;
    if (!every.empty()) ++matched_any;
  }
  // The data make matches happen (a property over empty sets would prove nothing).
  EXPECT_GT(matched_any, 0);
}

}  // namespace
}  // namespace artel::searches
