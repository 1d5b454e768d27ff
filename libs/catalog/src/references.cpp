#include "artel/catalog/references.hpp"

#include <limits>
#include <vector>

namespace artel::catalog {
namespace {

/// A catalog id (int32, from 1), or nullopt for one no catalog entry can have.
std::optional<std::int32_t> CatalogId(std::int64_t id) {
  if (id < 1 || id > std::numeric_limits<std::int32_t>::max()) return std::nullopt;
  return static_cast<std::int32_t>(id);
}

std::vector<std::int64_t> Widen(std::span<const std::int32_t> ids) {
  return {ids.begin(), ids.end()};
}

}  // namespace

bool ReferenceCheck::KnownSpecializations(std::string_view field, std::span<const std::int32_t> ids,
                                          std::optional<std::int64_t> category_id) {
  const auto wide = Widen(ids);
  return KnownSpecializations(field, std::span<const std::int64_t>(wide), category_id);
}

bool ReferenceCheck::KnownSkills(std::string_view field, std::span<const std::int32_t> ids) {
  const auto wide = Widen(ids);
  return KnownSkills(field, std::span<const std::int64_t>(wide));
}

void ReferenceCheck::Fail(std::string_view field, std::string_view key) {
  errors_.Add(std::string(field), Message{std::string(key), {}});
}

const Category* ReferenceCheck::KnownCategory(std::string_view field, std::int64_t id) {
  const auto narrow = CatalogId(id);
  const auto* found = narrow ? snapshot_.FindCategory(*narrow) : nullptr;
  if (found == nullptr) Fail(field, "catalog:category_unknown");
  return found;
}

const Specialization* ReferenceCheck::KnownSpecialization(std::string_view field, std::int64_t id,
                                                          const Category* category) {
  const auto narrow = CatalogId(id);
  const auto* found = narrow ? snapshot_.FindSpecialization(*narrow) : nullptr;
  if (found == nullptr || (category != nullptr && found->category_id != category->id)) {
    Fail(field, "catalog:specialization_unknown");
    return nullptr;
  }
  return found;
}

bool ReferenceCheck::KnownSpecializations(std::string_view field, std::span<const std::int64_t> ids,
                                          std::optional<std::int64_t> category_id) {
  for (const auto id : ids) {
    const auto narrow = CatalogId(id);
    const auto* found = narrow ? snapshot_.FindSpecialization(*narrow) : nullptr;
    if (found == nullptr || (category_id && found->category_id != *category_id)) {
      Fail(field, "catalog:specialization_unknown");
      return false;
    }
  }
  return true;
}

bool ReferenceCheck::KnownSkills(std::string_view field, std::span<const std::int64_t> ids) {
  for (const auto id : ids) {
    const auto narrow = CatalogId(id);
    if (!narrow || snapshot_.FindSkill(*narrow) == nullptr) {
      Fail(field, "catalog:skill_unknown");
      return false;
    }
  }
  return true;
}

const Country* ReferenceCheck::KnownCountry(std::string_view field, std::int64_t id) {
  const auto narrow = CatalogId(id);
  const auto* found = narrow ? snapshot_.FindCountry(*narrow) : nullptr;
  if (found == nullptr) Fail(field, "catalog:country_unknown");
  return found;
}

const City* ReferenceCheck::KnownCity(std::string_view field, std::int64_t id,
                                      std::optional<std::int64_t> country_id) {
  const auto narrow = CatalogId(id);
  const auto* found = narrow ? snapshot_.FindCity(*narrow) : nullptr;
  if (found == nullptr) {
    Fail(field, "catalog:city_unknown");
    return nullptr;
  }
  if (!country_id) {
    Fail(field, "catalog:city_country");
    return nullptr;
  }
  const auto country = CatalogId(*country_id);
  if (country && snapshot_.FindCountry(*country) != nullptr && found->country_id != *country) {
    Fail(field, "catalog:city_country");
    return nullptr;
  }
  return found;
}

const Currency* ReferenceCheck::KnownCurrency(std::string_view field, std::string_view code) {
  const auto* found = snapshot_.FindCurrency(code);
  if (found == nullptr) Fail(field, "catalog:currency_unknown");
  return found;
}

void ReferenceCheck::KnownClassification(std::int64_t category_id,
                                         std::optional<std::int64_t> specialization_id,
                                         std::span<const std::int64_t> skill_ids) {
  const Category* category = nullptr;
  if (!errors_.Has("category_id")) category = KnownCategory("category_id", category_id);
  if (specialization_id && !errors_.Has("specialization_id")) {
    // Of the form's category when that is known; any known one otherwise (the category has its error).
    KnownSpecialization("specialization_id", *specialization_id, category);
  }
  KnownSkills("skill_ids", skill_ids);  // also after "too many", as the readers always did
}

void ReferenceCheck::KnownPlace(std::optional<std::int64_t> country_id, std::optional<std::int64_t> city_id) {
  if (country_id && !errors_.Has("country_id")) KnownCountry("country_id", *country_id);
  if (city_id && !errors_.Has("city_id")) KnownCity("city_id", *city_id, country_id);
}

}  // namespace artel::catalog
