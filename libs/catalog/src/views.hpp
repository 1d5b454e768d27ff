#pragma once

// The catalog's answer (api.yaml: Catalog) as plain described structs: kernel::ToJson writes the snapshot's
// body once per load, and web::Api checks the shape against the schema when the route is bound
// (web::Written<CatalogView>). The taxonomy's own types keep what the answer leaves out (a specialization's
// category, a currency's rate).

#include <boost/describe/class.hpp>
#include <cstdint>
#include <string>
#include <vector>

#include "artel/catalog/catalog.hpp"

namespace artel::catalog {

BOOST_DESCRIBE_STRUCT(Names, (), (en, ru))

struct SpecializationView {
  std::int32_t id = 0;
  std::string code;
  Names names;
};
BOOST_DESCRIBE_STRUCT(SpecializationView, (), (id, code, names))

struct CategoryView {
  std::int32_t id = 0;
  std::string code;
  Names names;
  std::vector<SpecializationView> specializations;
};
BOOST_DESCRIBE_STRUCT(CategoryView, (), (id, code, names, specializations))

struct SkillView {
  std::int32_t id = 0;
  std::string code;
  Names names;
  std::vector<std::int32_t> category_ids;
};
BOOST_DESCRIBE_STRUCT(SkillView, (), (id, code, names, category_ids))

struct CityView {
  std::int32_t id = 0;
  Names names;
};
BOOST_DESCRIBE_STRUCT(CityView, (), (id, names))

struct CountryView {
  std::int32_t id = 0;
  std::string code;
  Names names;
  std::vector<CityView> cities;
};
BOOST_DESCRIBE_STRUCT(CountryView, (), (id, code, names, cities))

struct CurrencyView {
  std::string code;
  Names names;
  std::string symbol;
  std::int32_t minor_units = 0;
};
BOOST_DESCRIBE_STRUCT(CurrencyView, (), (code, names, symbol, minor_units))

struct CatalogView {
  std::vector<CategoryView> categories;
  std::vector<SkillView> skills;
  std::vector<CountryView> countries;
  std::vector<CurrencyView> currencies;
};
BOOST_DESCRIBE_STRUCT(CatalogView, (), (categories, skills, countries, currencies))

/// What GET /api/catalog answers for a snapshot.
CatalogView View(const Snapshot& snapshot);

}  // namespace artel::catalog
