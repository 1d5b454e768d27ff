// The pure parts of resumes: months, the derived experience and education, the filter as a stored value.

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <charconv>

#include "artel/kernel/enum_names.hpp"
#include "artel/resumes/resumes.hpp"

namespace artel::resumes {
namespace {

constexpr kernel::EnumNames<Sort, 3> kSortNames{{
    {Sort::kDate, "date"},
    {Sort::kSalary, "salary"},
    {Sort::kRelevance, "relevance"},
}};

bool Digits(std::string_view text) {
  return !text.empty() && std::all_of(text.begin(), text.end(), [](char c) { return c >= '0' && c <= '9'; });
}

boost::json::array Strings(const std::vector<std::string>& values) {
  boost::json::array array;
  for (const auto& value : values) array.emplace_back(value);
  return array;
}

std::optional<std::string> StringOf(const boost::json::object& json, std::string_view key) {
  const auto* value = json.if_contains(key);
  if (value == nullptr || !value->is_string()) return std::nullopt;
  return std::string(value->as_string());
}

std::optional<std::int64_t> IntOf(const boost::json::object& json, std::string_view key) {
  const auto* value = json.if_contains(key);
  if (value == nullptr || !value->is_int64()) return std::nullopt;
  return value->as_int64();
}

std::optional<std::int32_t> IdOf(const boost::json::object& json, std::string_view key) {
  auto value = IntOf(json, key);
  if (!value || *value < 1 || *value > std::numeric_limits<std::int32_t>::max()) return std::nullopt;
  return static_cast<std::int32_t>(*value);
}

std::vector<std::string> StringsOf(const boost::json::object& json, std::string_view key) {
  std::vector<std::string> out;
  const auto* value = json.if_contains(key);
  if (value == nullptr || !value->is_array()) return out;
  for (const auto& item : value->as_array()) {
    if (item.is_string()) out.emplace_back(item.as_string());
  }
  return out;
}

}  // namespace

std::optional<YearMonth> ParseYearMonth(std::string_view text) {
  if (text.size() != 7 || text[4] != '-' || !Digits(text.substr(0, 4)) || !Digits(text.substr(5, 2)))
    return std::nullopt;
  YearMonth month;
  std::from_chars(text.data(), text.data() + 4, month.year);
  std::from_chars(text.data() + 5, text.data() + 7, month.month);
  if (month.year < 1940 || month.year > 2100 || month.month < 1 || month.month > 12) return std::nullopt;
  return month;
}

std::string FormatYearMonth(YearMonth month) {
  return fmt::format("{:04}-{:02}", month.year, month.month);
}

std::int32_t ExperienceMonths(const std::vector<ExperienceEntry>& entries, YearMonth now) {
  std::vector<std::pair<std::int32_t, std::int32_t>> spans;  // [first, last] month indexes
  for (const auto& entry : entries) {
    const auto first = entry.start.Index();
    const auto last = std::min(entry.end ? entry.end->Index() : now.Index(), now.Index());
    if (last >= first) spans.emplace_back(first, last);
  }
  std::sort(spans.begin(), spans.end());
  std::int32_t months = 0;
  std::int32_t covered = std::numeric_limits<std::int32_t>::min();  // the last month counted so far
  for (const auto& [first, last] : spans) {
    const auto from = std::max(first, covered + 1);
    if (last >= from) {
      months += last - from + 1;
      covered = last;
    }
  }
  return months;
}

std::string_view ExperienceBucket(std::int32_t months) {
  if (months < 12) return "none";
  if (months < 36) return "1_3";
  if (months < 72) return "3_6";
  return "6_plus";
}

int EducationRank(std::string_view level) {
  constexpr std::array<std::string_view, 4> kLevels{"none", "secondary", "vocational", "higher"};
  for (std::size_t i = 0; i < kLevels.size(); ++i) {
    if (kLevels[i] == level) return static_cast<int>(i);
  }
  return -1;
}

std::string_view EducationLevel(const std::vector<EducationEntry>& entries) {
  std::string_view best = "none";
  for (const auto& entry : entries) {
    if (EducationRank(entry.level) > EducationRank(best)) best = entry.level;
  }
  // `best` points into an entry: map it to a static name.
  switch (EducationRank(best)) {
    case 1:
      return "secondary";
    case 2:
      return "vocational";
    case 3:
      return "higher";
    default:
      return "none";
  }
}

std::optional<Sort> ParseSort(std::string_view name) {
  return kSortNames.Parse(name);
}

std::string_view SortName(Sort sort) {
  return kSortNames.Name(sort);
}

boost::json::object Filter::ToJson() const {
  boost::json::object json;
  if (category_id) json["category_id"] = *category_id;
  if (specialization_id) json["specialization_id"] = *specialization_id;
  if (query) json["q"] = *query;
  if (!employments.empty()) json["employments"] = Strings(employments);
  if (!schedules.empty()) json["schedules"] = Strings(schedules);
  if (experience) json["experience"] = *experience;
  if (education) json["education"] = *education;
  if (salary) json["salary"] = *salary;
  if (currency != "RUB") json["currency"] = currency;
  if (country_id) json["country_id"] = *country_id;
  if (city_id) json["city_id"] = *city_id;
  if (!skill_ids.empty()) {
    boost::json::array skills;
    for (auto id : skill_ids) skills.push_back(id);
    json["skill_ids"] = std::move(skills);
  }
  if (relocate) json["relocate"] = true;
  if (remote) json["remote"] = true;
  if (sort != Sort::kDate) json["sort"] = SortName(sort);
  return json;
}

Filter Filter::FromJson(const boost::json::object& json) {
  Filter filter;
  filter.category_id = IdOf(json, "category_id");
  filter.specialization_id = IdOf(json, "specialization_id");
  filter.query = StringOf(json, "q");
  filter.employments = StringsOf(json, "employments");
  filter.schedules = StringsOf(json, "schedules");
  filter.experience = StringOf(json, "experience");
  filter.education = StringOf(json, "education");
  filter.salary = IntOf(json, "salary");
  filter.currency = StringOf(json, "currency").value_or("RUB");
  filter.country_id = IdOf(json, "country_id");
  filter.city_id = IdOf(json, "city_id");
  if (const auto* skills = json.if_contains("skill_ids"); skills != nullptr && skills->is_array()) {
    for (const auto& item : skills->as_array()) {
      if (item.is_int64() && item.as_int64() > 0 &&
          item.as_int64() <= std::numeric_limits<std::int32_t>::max())
        filter.skill_ids.push_back(static_cast<std::int32_t>(item.as_int64()));
    }
  }
  if (const auto* flag = json.if_contains("relocate"); flag != nullptr && flag->is_bool())
    filter.relocate = flag->as_bool();
  if (const auto* flag = json.if_contains("remote"); flag != nullptr && flag->is_bool())
    filter.remote = flag->as_bool();
  if (auto sort = StringOf(json, "sort")) filter.sort = ParseSort(*sort).value_or(Sort::kDate);
  return filter;
}

}  // namespace artel::resumes
