// `artel seed-demo`'s people: believable customers and performers from across the CIS and beyond.

#include <array>

#include "artel/core/clock.hpp"
#include "artel/db/pool.hpp"
#include "artel/identity/identity.hpp"
#include "artel/identity/password.hpp"

namespace artel::identity {
namespace {

using boost::asio::awaitable;

constexpr std::string_view kDemoPassword = "Demo#Artel2026";
constexpr std::string_view kDemoDomain = "@demo.artel.local";

struct Person {
  std::string_view email;
  std::string_view name;
  std::string_view lastname;
  std::string_view lang;
  std::string_view intent;
};

constexpr std::array kPeople{
    Person{"anna.smirnova@demo.artel.local", "Анна", "Смирнова", "ru", "customer"},
    Person{"igor.volkov@demo.artel.local", "Игорь", "Волков", "ru", "customer"},
    Person{"aigerim.nurlanova@demo.artel.local", "Айгерим", "Нурланова", "ru", "customer"},
    Person{"olga.kuznetsova@demo.artel.local", "Ольга", "Кузнецова", "ru", "customer"},
    Person{"james.carter@demo.artel.local", "James", "Carter", "en", "customer"},
    Person{"sofia.mueller@demo.artel.local", "Sofia", "Müller", "en", "customer"},
    Person{"timur.rakhimov@demo.artel.local", "Тимур", "Рахимов", "ru", "customer"},
    Person{"elena.sokolova@demo.artel.local", "Елена", "Соколова", "ru", "customer"},
    Person{"dmitry.kozlov@demo.artel.local", "Дмитрий", "Козлов", "ru", "performer"},
    Person{"maria.ivanova@demo.artel.local", "Мария", "Иванова", "ru", "performer"},
    Person{"alexey.popov@demo.artel.local", "Алексей", "Попов", "ru", "performer"},
    Person{"nurlan.abenov@demo.artel.local", "Нурлан", "Абенов", "ru", "performer"},
    Person{"kate.wilson@demo.artel.local", "Kate", "Wilson", "en", "performer"},
    Person{"pavel.morozov@demo.artel.local", "Павел", "Морозов", "ru", "performer"},
    Person{"daria.lebedeva@demo.artel.local", "Дарья", "Лебедева", "ru", "performer"},
    Person{"aziz.karimov@demo.artel.local", "Азиз", "Каримов", "ru", "performer"},
    Person{"lucas.martin@demo.artel.local", "Lucas", "Martin", "en", "performer"},
    Person{"irina.orlova@demo.artel.local", "Ирина", "Орлова", "ru", "performer"},
    Person{"sergey.novikov@demo.artel.local", "Сергей", "Новиков", "ru", "performer"},
    Person{"yulia.fedorova@demo.artel.local", "Юлия", "Фёдорова", "ru", "performer"},
};

constexpr db::Statement kInsertPerson{"identity.demo_insert_person", R"sql(
INSERT INTO identity.users (email, password_hash, name, lastname, lang, email_verified_at, created_at,
                            updated_at, intent)
VALUES ($1, $2, $3, $4, $5, $6, $6, $6, $7)
ON CONFLICT (email) DO NOTHING
)sql"};

constexpr db::Statement kCountPeople{"identity.demo_count_people", R"sql(
SELECT count(*) AS people FROM identity.users WHERE email LIKE '%' || $1
)sql"};

constexpr db::Statement kPeopleWithIntent{"identity.demo_people", R"sql(
SELECT id FROM identity.users WHERE email LIKE '%' || $1 AND intent = $2 ORDER BY id
)sql"};

constexpr db::Statement kFindUserId{"identity.find_user_id", R"sql(
SELECT id FROM identity.users WHERE email = $1
)sql"};

}  // namespace

awaitable<std::size_t> SeedDemoPeople(db::Pool& pool, const IdentityOptions& options) {
  auto existing = co_await pool.Query(kCountPeople, kDemoDomain);
  if (existing.One().Get<std::int64_t>("people") >= static_cast<std::int64_t>(kPeople.size())) {
    co_return kPeople.size();
  }
  // A one-off command, not a request: one hash on this thread serves every demo person.
  const auto hash = HashPasswordNow(kDemoPassword, options.security.argon2);
  const TimePoint now = DefaultClock().Now();
  for (const auto& person : kPeople) {
    co_await pool.Query(kInsertPerson, person.email, hash, person.name, person.lastname, person.lang, now,
                        person.intent);
  }
  co_return kPeople.size();
}

awaitable<std::vector<std::int64_t>> DemoPeople(db::Pool& pool, std::string_view intent) {
  auto rows = co_await pool.Query(kPeopleWithIntent, kDemoDomain, intent);
  std::vector<std::int64_t> ids;
  for (auto row : rows) ids.push_back(row.Get<std::int64_t>("id"));
  co_return ids;
}

awaitable<std::optional<std::int64_t>> FindUserId(db::Pool& pool, std::string_view email) {
  auto rows = co_await pool.Query(kFindUserId, email);
  if (rows.Empty()) co_return std::nullopt;
  co_return rows.One().Get<std::int64_t>("id");
}

}  // namespace artel::identity
