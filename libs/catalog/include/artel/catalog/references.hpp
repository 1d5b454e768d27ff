#pragma once

// The catalog's reference checks, written once for every form that names catalog entries (vacancies,
// resumes, orders, profiles): a category, a specialization (of that category), skills, a country, a city (of
// that country) and a currency, each checked against one snapshot with one field error under the form's own
// field name and the catalog's own key (catalog:category_unknown, specialization_unknown, skill_unknown,
// country_unknown, city_unknown, city_country, currency_unknown; their texts are i18n/*/catalog.json's only).
// Services call it on their typed input, so seeders, tests and other modules meet the same rules as the HTTP
// edge.
//
//   catalog::ReferenceCheck check(*snapshot, errors);
//   const auto* category = check.KnownCategory("category_id", input.category_id);
//   if (input.specialization_id) check.KnownSpecialization("specialization_id", *input.specialization_id,
//   category); errors.ThrowIfAny();

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "artel/catalog/catalog.hpp"
#include "artel/core/error.hpp"

namespace artel::catalog {

/// Checks references against one snapshot, adding an error under the given field for each one it does not
/// know. Ids are taken as sent (int64): one beyond the catalog's int32 ids is unknown, not an overflow.
class ReferenceCheck final {
 public:
  ReferenceCheck(const Snapshot& snapshot, ValidationErrors& errors) : snapshot_(snapshot), errors_(errors) {}

  /// The category, or nullptr after its error.
  const Category* KnownCategory(std::string_view field, std::int64_t id);
  /// The specialization, of `category` when one is given; nullptr after its error. A specialization of
  /// another category is unknown (the form's category decides).
  const Specialization* KnownSpecialization(std::string_view field, std::int64_t id,
                                            const Category* category = nullptr);
  /// Every specialization of `category_id` (when given): one error for the first one that is not.
  bool KnownSpecializations(std::string_view field, std::span<const std::int64_t> ids,
                            std::optional<std::int64_t> category_id);
  bool KnownSpecializations(std::string_view field, std::span<const std::int32_t> ids,
                            std::optional<std::int64_t> category_id);
  /// Every skill known: one error for the first one that is not.
  bool KnownSkills(std::string_view field, std::span<const std::int64_t> ids);
  bool KnownSkills(std::string_view field, std::span<const std::int32_t> ids);
  /// The country, or nullptr after its error.
  const Country* KnownCountry(std::string_view field, std::int64_t id);
  /// The city, of the form's country: unknown → catalog:city_unknown; no country, or a known country it is
  /// not in → catalog:city_country; a country that is itself unknown has its own error, so the city gets none
  /// for it.
  const City* KnownCity(std::string_view field, std::int64_t id, std::optional<std::int64_t> country_id);
  /// The currency, or nullptr after its error.
  const Currency* KnownCurrency(std::string_view field, std::string_view code);

  /// A work form's classification (orders, vacancies) under its usual fields: `category_id`, its
  /// `specialization_id` when given, `skill_ids`. The form's own rules run first, so the category and the
  /// specialization are not checked again when they have an error already; the skills always are.
  void KnownClassification(std::int64_t category_id, std::optional<std::int64_t> specialization_id,
                           std::span<const std::int64_t> skill_ids);
  /// A work form's place under `country_id` and `city_id` (of that country), each when given and without an
  /// error already.
  void KnownPlace(std::optional<std::int64_t> country_id, std::optional<std::int64_t> city_id);

  const Snapshot& Catalog() const noexcept { return snapshot_; }

 private:
  void Fail(std::string_view field, std::string_view key);

  const Snapshot& snapshot_;
  ValidationErrors& errors_;
};

}  // namespace artel::catalog
