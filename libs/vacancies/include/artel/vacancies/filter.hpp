#pragma once

// The public list's filters as a plain value: read from a query string (routes), and kept as JSON by
// whatever stores a search later (saved searches with digests), ToJson/FromJson round-trip.

#include <boost/json/object.hpp>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "artel/kernel/enum_names.hpp"

namespace artel::vacancies {

enum class Sort : std::uint8_t { kDate, kSalary, kRelevance };
inline constexpr kernel::EnumNames<Sort, 3> kSortNames{
    {{Sort::kDate, "date"}, {Sort::kSalary, "salary"}, {Sort::kRelevance, "relevance"}}};

/// Codes of the vacancies' vocabulary (the checks of 0024; names in i18n jobs.json).
inline constexpr std::string_view kEmployments[] = {"full", "part", "project", "volunteer", "internship"};
inline constexpr std::string_view kSchedules[] = {"full_day", "shift", "flexible", "remote", "rotation"};
inline constexpr std::string_view kExperiences[] = {"none", "1_3", "3_6", "6_plus"};
inline constexpr std::string_view kEducations[] = {"any", "secondary", "vocational", "higher"};

template <std::size_t N>
constexpr bool IsCode(const std::string_view (&codes)[N], std::string_view code) noexcept {
  for (auto known : codes) {
    if (known == code) return true;
  }
  return false;
}

/// GET /api/vacancies's filters (published vacancies only). Empty vectors and nullopt mean "any".
struct Filter {
  std::optional<std::int32_t> category_id;
  std::optional<std::int32_t> specialization_id;
  /// Full-text words.
  std::optional<std::string> query;
  /// Any of them.
  std::vector<std::string> employments;
  std::vector<std::string> schedules;
  std::optional<std::string> experience;
  std::optional<std::string> education;
  /// Pays at least this, in minor units of `currency` (converted at the catalog's rate when listing).
  std::optional<std::int64_t> salary;
  std::string currency = "RUB";
  std::optional<std::int32_t> country_id;
  std::optional<std::int32_t> city_id;
  /// All of them.
  std::vector<std::int32_t> skill_ids;
  /// Schedule remote.
  bool remote = false;
  std::optional<std::int64_t> company_id;
  Sort sort = Sort::kDate;

  /// Only the fields set (absent = any), e.g. {"category_id":3,"employments":["full"],"sort":"salary"}.
  boost::json::object ToJson() const;
  /// What ToJson wrote. Unknown keys are ignored; a value of the wrong type or outside the vocabulary
  /// throws std::invalid_argument (a stored filter is data this code wrote).
  static Filter FromJson(const boost::json::object& json);

  bool operator==(const Filter&) const = default;
};

}  // namespace artel::vacancies
