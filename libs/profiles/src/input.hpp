#pragma once

// The rules of the profile, portfolio and price forms, which the editor checks on every form whoever calls it
// (over HTTP the bodies are shaped by libs/profiles/api.yaml first, so these errors come in a 422 of their
// own after the schema's). Every field's error is collected, with the profiles:* keys.

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "artel/kernel/money.hpp"
#include "artel/profiles/editor.hpp"

namespace artel::catalog {
class Snapshot;
}  // namespace artel::catalog

namespace artel {
class ValidationErrors;
}  // namespace artel

namespace artel::profiles {

/// SPEC §3, §5: descriptions of projects, groups and prices are at most 500 characters.
inline constexpr std::size_t kMaxDescription = 500;
/// A performer's headline, in characters, and their years of experience.
inline constexpr std::size_t kMaxHeadline = 120;
inline constexpr std::int64_t kMaxExperience = 70;
/// A project's tool, in characters, and its link.
inline constexpr std::size_t kMaxTool = 50;
inline constexpr std::size_t kMaxLink = 500;
/// Largest rate or price in minor units (as orders' budgets).
inline constexpr std::int64_t kMaxAmount = 1'000'000'000'000;

/// A performer's profile as the editor stores it: the form checked against the catalog, with what it derives.
struct FreelancerForm {
  std::string headline;
  std::string about;
  /// Specialization ids in the owner's order, and the main one among them (set when any).
  std::vector<std::int32_t> specialization_ids;
  std::optional<std::int32_t> main_specialization_id;
  /// The specializations' categories, distinct, in order.
  std::vector<std::int32_t> category_ids;
  std::vector<std::int32_t> skill_ids;
  std::optional<std::int32_t> experience_years;
  std::optional<std::int32_t> country_id;
  std::optional<std::int32_t> city_id;
  /// Distinct, in order.
  std::vector<std::string> languages;
  std::optional<kernel::Money> rate;
  /// The rate in minor units of catalog::kBaseCurrency.
  std::optional<std::int64_t> rate_base;
  bool available = true;
};

/// A performer's profile's rules (the reader's keys; the catalog's references with catalog::ReferenceCheck
/// and its catalog:* keys): the headline at most 120 characters and the about text at most kMaxAbout; at most
/// kMaxSpecializations known specializations (catalog:specialization_unknown), each once, exactly one main
/// (profiles:specialization_repeated, specializations_max, main_required); at most kMaxSkills known skills
/// (catalog:skill_unknown, profiles:skills_max); experience 0–70 (experience_range); a known country and a
/// known city of it (catalog:country_unknown, city_unknown, city_country; none for the city when the country
/// is itself unknown); at most kMaxLanguages ISO 639-1 codes, repeats dropped (language_invalid,
/// languages_max); a rate from 1 to kMaxAmount (profiles:rate_invalid) in a currency the catalog knows
/// (catalog:currency_unknown), on `rate`. Trims the texts.
FreelancerForm CheckFreelancer(FreelancerInput& input, const catalog::Snapshot& catalog,
                               ValidationErrors& errors);

/// A portfolio group's rules: the name 1–100 characters, the description at most kMaxDescription
/// (profiles:description_max). Trims the texts.
void CheckGroup(GroupInput& input, ValidationErrors& errors);
/// A portfolio project's rules (the reader's keys): the name 1–200 characters, the description at most
/// kMaxDescription, at most kMaxTools tools of 1–50 characters (profiles:tool_invalid, tools_max), an
/// http(s) link of at most 500 characters without blanks (profiles:link_invalid; blank: none), at most
/// kMaxImages images, each once (profiles:image_repeated, images_max), at most one cover
/// (profiles:cover_one; the first one when none is marked). Trims the texts.
void CheckProject(ProjectInput& input, ValidationErrors& errors);

/// A price's rules (the reader's keys): the name 1–100 characters, the description at most kMaxDescription
/// (profiles:description_max), the kind (profiles:kind_invalid), an amount from 1 to kMaxAmount
/// (profiles:amount_invalid), a currency the catalog knows (catalog:currency_unknown), the unit
/// (profiles:unit_invalid). Trims the texts.
void CheckPrice(PriceInput& input, const catalog::Snapshot& catalog, ValidationErrors& errors);

}  // namespace artel::profiles
