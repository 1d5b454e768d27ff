#include "views.hpp"

namespace artel::catalog {

CatalogView View(const Snapshot& snapshot) {
  CatalogView view;
  for (const auto& category : snapshot.Categories()) {
    auto& item = view.categories.emplace_back(CategoryView{category.id, category.code, category.names, {}});
    for (const auto& specialization : category.specializations) {
      item.specializations.push_back({specialization.id, specialization.code, specialization.names});
    }
  }
  for (const auto& skill : snapshot.Skills()) {
    view.skills.push_back({skill.id, skill.code, skill.names, skill.category_ids});
  }
  for (const auto& country : snapshot.Countries()) {
    auto& item = view.countries.emplace_back(CountryView{country.id, country.code, country.names, {}});
    for (const auto& city : country.cities) item.cities.push_back({city.id, city.names});
  }
  for (const auto& currency : snapshot.Currencies()) {
    view.currencies.push_back({currency.code, currency.names, currency.symbol, currency.minor_units});
  }
  return view;
}

}  // namespace artel::catalog
