#pragma once

#include <boost/asio/awaitable.hpp>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace artel::db {
class Pool;
}  // namespace artel::db

namespace artel::catalog {

/// A name in each interface language.
struct Names {
  std::string en;
  std::string ru;
};

struct Specialization {
  std::int32_t id = 0;
  std::int32_t category_id = 0;
  std::string code;
  Names names;
};

struct Category {
  std::int32_t id = 0;
  std::string code;
  Names names;
  std::vector<Specialization> specializations;
};

struct Skill {
  std::int32_t id = 0;
  std::string code;
  Names names;
  /// The categories of work it serves (catalog.skill_categories); empty: offered in every category.
  std::vector<std::int32_t> category_ids;
};

struct City {
  std::int32_t id = 0;
  std::int32_t country_id = 0;
  Names names;
};

struct Country {
  std::int32_t id = 0;
  std::string code;
  Names names;
  std::vector<City> cities;
};

struct Currency {
  std::string code;
  Names names;
  std::string symbol;
  std::int32_t minor_units = 2;
  /// Roubles per one unit of this currency.
  double rate_to_rub = 1;
};

/// The base currency of budget comparisons: amounts are converted to its minor units (kopecks).
inline constexpr std::string_view kBaseCurrency = "RUB";

/// One immutable copy of the taxonomy, shared by every reader until the catalog is invalidated.
class Snapshot final {
 public:
  Snapshot(std::vector<Category> categories, std::vector<Skill> skills, std::vector<Country> countries,
           std::vector<Currency> currencies);

  const std::vector<Category>& Categories() const noexcept { return categories_; }
  const std::vector<Skill>& Skills() const noexcept { return skills_; }
  const std::vector<Country>& Countries() const noexcept { return countries_; }
  const std::vector<Currency>& Currencies() const noexcept { return currencies_; }

  const Category* FindCategory(std::int32_t id) const noexcept;
  const Category* FindCategory(std::string_view code) const noexcept;
  const Specialization* FindSpecialization(std::int32_t id) const noexcept;
  const Skill* FindSkill(std::int32_t id) const noexcept;
  const Country* FindCountry(std::int32_t id) const noexcept;
  const City* FindCity(std::int32_t id) const noexcept;
  const Currency* FindCurrency(std::string_view code) const noexcept;

  /// `amount` minor units of `currency` as minor units of kBaseCurrency at the catalog's rate, rounded;
  /// nullopt for an unknown currency or a result beyond int64.
  std::optional<std::int64_t> ToBase(std::int64_t amount, std::string_view currency) const noexcept;

  /// The GET /api/catalog body (serialized once) and its strong ETag.
  const std::string& Json() const noexcept { return json_; }
  const std::string& ETag() const noexcept { return etag_; }

 private:
  std::vector<Category> categories_;
  std::vector<Skill> skills_;
  std::vector<Country> countries_;
  std::vector<Currency> currencies_;
  std::string json_;
  std::string etag_;
};

/// The taxonomy read from the `catalog` schema and cached in memory. Readers get a shared snapshot; it is
/// loaded on first use and again after Invalidate() (admin edits call it). Thread-safe.
class Catalog final {
 public:
  explicit Catalog(db::Pool& pool);
  ~Catalog();
  Catalog(const Catalog&) = delete;
  Catalog& operator=(const Catalog&) = delete;

  boost::asio::awaitable<std::shared_ptr<const Snapshot>> Get();
  /// The next Get() reloads from the database.
  void Invalidate();

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

/// Reads the whole taxonomy (ordered by position) from the database.
boost::asio::awaitable<std::shared_ptr<const Snapshot>> Load(db::Pool& pool);

}  // namespace artel::catalog
