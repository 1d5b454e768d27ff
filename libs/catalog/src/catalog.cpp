#include "artel/catalog/catalog.hpp"

#include <boost/json/serialize.hpp>
#include <cmath>
#include <limits>
#include <mutex>
#include <unordered_map>

#include "artel/core/crypto.hpp"
#include "artel/db/pool.hpp"
#include "artel/kernel/json.hpp"
#include "views.hpp"

namespace artel::catalog {
namespace {

using boost::asio::awaitable;

constexpr db::Statement kCategories{"catalog.categories", R"sql(
SELECT id, code, name_en, name_ru FROM catalog.categories ORDER BY position, id
)sql"};
constexpr db::Statement kSpecializations{"catalog.specializations", R"sql(
SELECT id, category_id, code, name_en, name_ru FROM catalog.specializations ORDER BY position, id
)sql"};
constexpr db::Statement kSkills{"catalog.skills", R"sql(
SELECT id, code, name_en, name_ru FROM catalog.skills ORDER BY name_en, id
)sql"};
constexpr db::Statement kSkillCategories{"catalog.skill_categories", R"sql(
SELECT skill_id, category_id FROM catalog.skill_categories ORDER BY skill_id, category_id
)sql"};
constexpr db::Statement kCountries{"catalog.countries", R"sql(
SELECT id, code, name_en, name_ru FROM catalog.countries ORDER BY position, id
)sql"};
constexpr db::Statement kCities{"catalog.cities", R"sql(
SELECT id, country_id, name_en, name_ru FROM catalog.cities ORDER BY position, id
)sql"};
constexpr db::Statement kCurrencies{"catalog.currencies", R"sql(
SELECT code, name_en, name_ru, symbol, minor_units, rate_to_rub::float8 AS rate_to_rub
FROM catalog.currencies ORDER BY position, code
)sql"};

/// The `name_en` and `name_ru` columns every catalog table has.
Names ReadNames(const db::Row& row) {
  return Names{row.Get<std::string>("name_en"), row.Get<std::string>("name_ru")};
}

template <class T, class Key>
const T* FindBy(const std::vector<T>& items, Key key, Key T::*member) noexcept {
  for (const auto& item : items) {
    if (item.*member == key) return &item;
  }
  return nullptr;
}

}  // namespace

Snapshot::Snapshot(std::vector<Category> categories, std::vector<Skill> skills,
                   std::vector<Country> countries, std::vector<Currency> currencies)
    : categories_(std::move(categories)),
      skills_(std::move(skills)),
      countries_(std::move(countries)),
      currencies_(std::move(currencies)) {
  json_ = boost::json::serialize(kernel::ToJson(View(*this)));
  etag_ = "\"" + ToHex(Sha256(json_)).substr(0, 32) + "\"";
}

const Category* Snapshot::FindCategory(std::int32_t id) const noexcept {
  return FindBy(categories_, id, &Category::id);
}

const Category* Snapshot::FindCategory(std::string_view code) const noexcept {
  for (const auto& category : categories_) {
    if (category.code == code) return &category;
  }
  return nullptr;
}

const Specialization* Snapshot::FindSpecialization(std::int32_t id) const noexcept {
  for (const auto& category : categories_) {
    if (const auto* found = FindBy(category.specializations, id, &Specialization::id)) return found;
  }
  return nullptr;
}

const Skill* Snapshot::FindSkill(std::int32_t id) const noexcept {
  return FindBy(skills_, id, &Skill::id);
}

const Country* Snapshot::FindCountry(std::int32_t id) const noexcept {
  return FindBy(countries_, id, &Country::id);
}

const City* Snapshot::FindCity(std::int32_t id) const noexcept {
  for (const auto& country : countries_) {
    if (const auto* found = FindBy(country.cities, id, &City::id)) return found;
  }
  return nullptr;
}

const Currency* Snapshot::FindCurrency(std::string_view code) const noexcept {
  for (const auto& currency : currencies_) {
    if (currency.code == code) return &currency;
  }
  return nullptr;
}

std::optional<std::int64_t> Snapshot::ToBase(std::int64_t amount, std::string_view currency) const noexcept {
  const auto* from = FindCurrency(currency);
  const auto* base = FindCurrency(kBaseCurrency);
  if (from == nullptr || base == nullptr) return std::nullopt;
  double value =
      static_cast<double>(amount) * from->rate_to_rub * std::pow(10.0, base->minor_units - from->minor_units);
  // 2^63 is exactly representable; anything at or beyond it does not fit.
  if (!std::isfinite(value) || std::fabs(value) >= 9.2e18) return std::nullopt;
  return static_cast<std::int64_t>(std::llround(value));
}

/// Builds the snapshot from the seven results of Load's pipeline (kept out of the coroutine: g++ 12
/// miscompiles some locals of coroutine frames).
static std::shared_ptr<const Snapshot> BuildSnapshot(const std::vector<db::Result>& results) {
  std::vector<Category> categories;
  std::unordered_map<std::int32_t, std::size_t> category_index;
  for (auto row : results[0]) {
    Category category;
    category.id = row.Get<std::int32_t>("id");
    category.code = row.Get<std::string>("code");
    category.names = ReadNames(row);
    category_index.emplace(category.id, categories.size());
    categories.push_back(std::move(category));
  }
  for (auto row : results[1]) {
    Specialization specialization;
    specialization.id = row.Get<std::int32_t>("id");
    specialization.category_id = row.Get<std::int32_t>("category_id");
    specialization.code = row.Get<std::string>("code");
    specialization.names = ReadNames(row);
    auto it = category_index.find(specialization.category_id);
    if (it != category_index.end())
      categories[it->second].specializations.push_back(std::move(specialization));
  }
  std::vector<Skill> skills;
  std::unordered_map<std::int32_t, std::size_t> skill_index;
  for (auto row : results[2]) {
    Skill skill;
    skill.id = row.Get<std::int32_t>("id");
    skill.code = row.Get<std::string>("code");
    skill.names = ReadNames(row);
    skill_index.emplace(skill.id, skills.size());
    skills.push_back(std::move(skill));
  }
  for (auto row : results[6]) {
    auto it = skill_index.find(row.Get<std::int32_t>("skill_id"));
    if (it != skill_index.end())
      skills[it->second].category_ids.push_back(row.Get<std::int32_t>("category_id"));
  }
  std::vector<Country> countries;
  std::unordered_map<std::int32_t, std::size_t> country_index;
  for (auto row : results[3]) {
    Country country;
    country.id = row.Get<std::int32_t>("id");
    country.code = row.Get<std::string>("code");
    country.names = ReadNames(row);
    country_index.emplace(country.id, countries.size());
    countries.push_back(std::move(country));
  }
  for (auto row : results[4]) {
    City city;
    city.id = row.Get<std::int32_t>("id");
    city.country_id = row.Get<std::int32_t>("country_id");
    city.names = ReadNames(row);
    auto it = country_index.find(city.country_id);
    if (it != country_index.end()) countries[it->second].cities.push_back(std::move(city));
  }
  std::vector<Currency> currencies;
  for (auto row : results[5]) {
    Currency currency;
    currency.code = row.Get<std::string>("code");
    currency.names = ReadNames(row);
    currency.symbol = row.Get<std::string>("symbol");
    currency.minor_units = row.Get<std::int16_t>("minor_units");
    currency.rate_to_rub = row.Get<double>("rate_to_rub");
    currencies.push_back(std::move(currency));
  }
  return std::make_shared<const Snapshot>(std::move(categories), std::move(skills), std::move(countries),
                                          std::move(currencies));
}

static std::vector<db::PipelineQuery> CatalogQueries() {
  std::vector<db::PipelineQuery> queries;
  for (const auto* statement :
       {&kCategories, &kSpecializations, &kSkills, &kCountries, &kCities, &kCurrencies, &kSkillCategories}) {
    queries.push_back(db::PipelineQuery{*statement, {}});
  }
  return queries;
}

awaitable<std::shared_ptr<const Snapshot>> Load(db::Pool& pool) {
  auto queries = CatalogQueries();
  auto results = co_await pool.Pipeline(std::move(queries));
  co_return BuildSnapshot(results);
}

struct Catalog::Impl {
  explicit Impl(db::Pool& p) : pool(p) {}

  db::Pool& pool;
  std::mutex mutex;
  std::shared_ptr<const Snapshot> snapshot;
  /// Bumped by Invalidate(); a load that started before a bump does not install its (stale) result.
  std::uint64_t generation = 0;
};

Catalog::Catalog(db::Pool& pool) : impl_(std::make_unique<Impl>(pool)) {}
Catalog::~Catalog() = default;

awaitable<std::shared_ptr<const Snapshot>> Catalog::Get() {
  std::uint64_t generation = 0;
  {
    std::lock_guard lock(impl_->mutex);
    if (impl_->snapshot) co_return impl_->snapshot;
    generation = impl_->generation;
  }
  // Several first readers may load at once; each gets a correct copy and one of them is kept.
  auto loaded = co_await Load(impl_->pool);
  std::lock_guard lock(impl_->mutex);
  if (impl_->generation == generation && !impl_->snapshot) impl_->snapshot = loaded;
  co_return loaded;
}

void Catalog::Invalidate() {
  std::lock_guard lock(impl_->mutex);
  impl_->snapshot.reset();
  ++impl_->generation;
}

}  // namespace artel::catalog
