// Favourites against a real PostgreSQL with the repository's migrations and the real domains' readers (the
// ones module.cpp wires): what the list shows is what the reader could open, adding and removing are
// idempotent, the limit holds, and one user's bookmarks are nobody else's.

#include <gtest/gtest.h>

#include "artel/catalog/catalog.hpp"
#include "artel/companies/companies.hpp"
#include "artel/core/error.hpp"
#include "artel/db/testing/database.hpp"
#include "artel/favourites/favourites.hpp"
#include "artel/orders/orders.hpp"
#include "artel/platform/events.hpp"
#include "artel/profiles/profiles.hpp"
#include "artel/resumes/resumes.hpp"
#include "artel/vacancies/vacancies.hpp"
#include "readers.hpp"

namespace artel::favourites {
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

awaitable<std::int64_t> NewCompany(db::Pool& pool, std::int64_t owner, std::string name) {
  auto rows = co_await pool.Query(
      "INSERT INTO companies.companies (owner_id, name, industry, size, created_at, updated_at) "
      "VALUES ($1, $2, 'it', '1_10', now(), now()) "
      "RETURNING id",
      owner, name);
  co_return rows.One().Get<std::int64_t>(0);
}

struct World {
  TestDatabase db;
  catalog::Catalog catalog{db.GetPool()};
  platform::EventBus events;
  orders::Orders orders{db.GetPool(), catalog, events};
  profiles::Profiles profiles{db.GetPool()};
  vacancies::Vacancies vacancies{db.GetPool(), catalog, events};
  resumes::Resumes resumes{db.GetPool(), catalog};
  companies::Companies companies{db.GetPool(), catalog, events};

  Favourites Make(std::uint32_t max_per_user = 500) {
    const Domains domains{.orders = orders,
                          .profiles = profiles,
                          .vacancies = vacancies,
                          .resumes = resumes,
                          .companies = companies,
                          .clock = DefaultClock()};
    return {db.GetPool(), DomainReaders(domains), Settings{.max_per_user = max_per_user}};
  }
};

ErrorCode CodeOf(auto&& run) {
  try {
    run();
  } catch (const Error& error) {
    return error.Code();
  }
  return ErrorCode::kBadRequest;  // "no error" never matches what the tests expect
}

TEST(FavouritesTest, AddAndRemoveAreIdempotentAndTheListIsTheReadersOwn) {
  World world;
  auto& pool = world.db.GetPool();
  auto favourites = world.Make();
  const Actor reader{.user_id = world.db.Run(NewUser(pool, "reader@example.com", "Reader"))};
  const Actor other{.user_id = world.db.Run(NewUser(pool, "other@example.com", "Other"))};
  const auto freelancer = world.db.Run(NewUser(pool, "maria@example.com", "Maria"));

  EXPECT_TRUE(world.db.Run(favourites.Add(reader, Kind::kFreelancer, freelancer)));
  EXPECT_FALSE(world.db.Run(favourites.Add(reader, Kind::kFreelancer, freelancer)));  // already there
  EXPECT_TRUE(world.db.Run(favourites.Has(reader, Kind::kFreelancer, freelancer)));
  EXPECT_FALSE(world.db.Run(favourites.Has(other, Kind::kFreelancer, freelancer)));

  auto page = world.db.Run(favourites.List(reader, Kind::kFreelancer, 1));
  ASSERT_EQ(page.items.size(), 1U);
  EXPECT_EQ(page.total, 1);
  EXPECT_EQ(page.counts.by_kind[static_cast<std::size_t>(Kind::kFreelancer)], 1);
  ASSERT_TRUE(page.items[0].summary.has_value());
  EXPECT_EQ(page.items[0].summary->title, "Maria Tester");

  // Somebody else's list is theirs: empty, with zero counts.
  auto others = world.db.Run(favourites.List(other, Kind::kFreelancer, 1));
  EXPECT_TRUE(others.items.empty());
  EXPECT_EQ(others.total, 0);

  world.db.Run(favourites.Remove(reader, Kind::kFreelancer, freelancer));
  world.db.Run(favourites.Remove(reader, Kind::kFreelancer, freelancer));  // idempotent
  EXPECT_FALSE(world.db.Run(favourites.Has(reader, Kind::kFreelancer, freelancer)));
  EXPECT_EQ(world.db.Run(favourites.List(reader, Kind::kFreelancer, 1)).total, 0);
}

TEST(FavouritesTest, WhatTheReaderCannotOpenIsNeitherAddedNorRevealed) {
  World world;
  auto& pool = world.db.GetPool();
  auto favourites = world.Make();
  const Actor reader{.user_id = world.db.Run(NewUser(pool, "reader@example.com", "Reader"))};
  const auto owner = world.db.Run(NewUser(pool, "owner@example.com", "Owner"));
  const auto blocked = world.db.Run(NewUser(pool, "blocked@example.com", "Secretname"));
  const auto company = world.db.Run(NewCompany(pool, owner, "Northwind Secret Labs"));

  // Unknown items: 404, as opening them would be; nothing stored.
  EXPECT_EQ(CodeOf([&] { world.db.Run(favourites.Add(reader, Kind::kCompany, company + 1000)); }),
            ErrorCode::kNotFound);
  EXPECT_EQ(CodeOf([&] { world.db.Run(favourites.Add(reader, Kind::kOrder, 424242)); }),
            ErrorCode::kNotFound);
  EXPECT_EQ(CodeOf([&] { world.db.Run(favourites.Add(reader, Kind::kVacancy, 424242)); }),
            ErrorCode::kNotFound);
  EXPECT_EQ(CodeOf([&] { world.db.Run(favourites.Add(reader, Kind::kResume, 424242)); }),
            ErrorCode::kNotFound);

  EXPECT_TRUE(world.db.Run(favourites.Add(reader, Kind::kCompany, company)));
  EXPECT_TRUE(world.db.Run(favourites.Add(reader, Kind::kFreelancer, blocked)));

  // The company is deleted and the freelancer blocked: both stay listed (the reader removes them), counted,
  // but with no title.
  world.db.Run(pool.Query("DELETE FROM companies.companies WHERE id = $1", company));
  world.db.Run(pool.Query("UPDATE identity.users SET blocked_at = now() WHERE id = $1", blocked));
  auto companies = world.db.Run(favourites.List(reader, Kind::kCompany, 1));
  ASSERT_EQ(companies.items.size(), 1U);
  EXPECT_EQ(companies.items[0].id, company);
  EXPECT_FALSE(companies.items[0].summary.has_value());
  auto people = world.db.Run(favourites.List(reader, Kind::kFreelancer, 1));
  ASSERT_EQ(people.items.size(), 1U);
  EXPECT_FALSE(people.items[0].summary.has_value());
  EXPECT_EQ(people.counts.by_kind[static_cast<std::size_t>(Kind::kCompany)], 1);

  // A blocked user cannot be bookmarked anew either.
  const Actor second{.user_id = world.db.Run(NewUser(pool, "second@example.com", "Second"))};
  EXPECT_EQ(CodeOf([&] { world.db.Run(favourites.Add(second, Kind::kFreelancer, blocked)); }),
            ErrorCode::kNotFound);
  // Removing what is gone still works.
  world.db.Run(favourites.Remove(reader, Kind::kCompany, company));
  EXPECT_EQ(world.db.Run(favourites.List(reader, Kind::kCompany, 1)).total, 0);
}

TEST(FavouritesTest, TheLimitCountsEveryKindAndABookmarkAlreadyThereStillAnswers) {
  World world;
  auto& pool = world.db.GetPool();
  auto favourites = world.Make(2);
  const Actor reader{.user_id = world.db.Run(NewUser(pool, "reader@example.com", "Reader"))};
  const auto a = world.db.Run(NewUser(pool, "a@example.com", "A"));
  const auto b = world.db.Run(NewUser(pool, "b@example.com", "B"));
  const auto company = world.db.Run(NewCompany(pool, a, "Acme"));

  EXPECT_TRUE(world.db.Run(favourites.Add(reader, Kind::kFreelancer, a)));
  EXPECT_TRUE(world.db.Run(favourites.Add(reader, Kind::kCompany, company)));
  try {
    (void)world.db.Run(favourites.Add(reader, Kind::kFreelancer, b));
    ADD_FAILURE() << "a third bookmark was added past the limit of two";
  } catch (const Error& error) {
    EXPECT_EQ(error.Code(), ErrorCode::kConflict);
    EXPECT_EQ(error.GetMessage().key, "favourites:limit_reached");
  }
  // At the limit, adding one already there is still fine (idempotent), and removing one makes room.
  EXPECT_FALSE(world.db.Run(favourites.Add(reader, Kind::kFreelancer, a)));
  world.db.Run(favourites.Remove(reader, Kind::kCompany, company));
  EXPECT_TRUE(world.db.Run(favourites.Add(reader, Kind::kFreelancer, b)));
  EXPECT_EQ(world.db.Run(favourites.List(reader, Kind::kFreelancer, 1)).total, 2);
}

TEST(FavouritesTest, AKindNamedInAPathIsOneOfTheFive) {
  EXPECT_EQ(Favourites::ParseKind("vacancy"), Kind::kVacancy);
  EXPECT_EQ(CodeOf([] { (void)Favourites::ParseKind("article"); }), ErrorCode::kNotFound);
}

}  // namespace
}  // namespace artel::favourites
