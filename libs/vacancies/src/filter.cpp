#include "artel/vacancies/filter.hpp"

#include <boost/json/array.hpp>
#include <stdexcept>

namespace artel::vacancies {
namespace {

std::int64_t ReadInt(const boost::json::value& value, std::string_view key) {
  if (!value.is_int64() && !value.is_uint64()) {
    throw std::invalid_argument("vacancies::Filter: " + std::string(key) + " is not an integer");
  }
  return value.to_number<std::int64_t>();
}

std::int32_t ReadId(const boost::json::value& value, std::string_view key) {
  const auto id = ReadInt(value, key);
  if (id < 1 || id > std::numeric_limits<std::int32_t>::max()) {
    throw std::invalid_argument("vacancies::Filter: " + std::string(key) + " is out of range");
  }
  return static_cast<std::int32_t>(id);
}

std::string ReadString(const boost::json::value& value, std::string_view key) {
  if (!value.is_string())
    throw std::invalid_argument("vacancies::Filter: " + std::string(key) + " is not a string");
  return std::string(value.as_string());
}

template <std::size_t N>
std::string ReadCode(const boost::json::value& value, std::string_view key,
                     const std::string_view (&codes)[N]) {
  auto code = ReadString(value, key);
  if (!IsCode(codes, code)) throw std::invalid_argument("vacancies::Filter: unknown " + std::string(key));
  return code;
}

template <std::size_t N>
std::vector<std::string> ReadCodes(const boost::json::value& value, std::string_view key,
                                   const std::string_view (&codes)[N]) {
  if (!value.is_array())
    throw std::invalid_argument("vacancies::Filter: " + std::string(key) + " is not an array");
  std::vector<std::string> out;
  for (const auto& item : value.as_array()) out.push_back(ReadCode(item, key, codes));
  return out;
}

boost::json::array Strings(const std::vector<std::string>& values) {
  boost::json::array out;
  for (const auto& value : values) out.emplace_back(value);
  return out;
}

}  // namespace

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
  if (salary || currency != "RUB") json["currency"] = currency;
  if (country_id) json["country_id"] = *country_id;
  if (city_id) json["city_id"] = *city_id;
  if (!skill_ids.empty()) {
    boost::json::array skills;
    for (auto id : skill_ids) skills.push_back(id);
    json["skill_ids"] = std::move(skills);
  }
  if (remote) json["remote"] = true;
  if (company_id) json["company_id"] = *company_id;
  if (sort != Sort::kDate) json["sort"] = kSortNames.Name(sort);
  return json;
}

Filter Filter::FromJson(const boost::json::object& json) {
  Filter filter;
  for (const auto& [key, value] : json) {
    if (key == "category_id") {
      filter.category_id = ReadId(value, key);
    } else if (key == "specialization_id") {
      filter.specialization_id = ReadId(value, key);
    } else if (key == "q") {
      filter.query = ReadString(value, key);
    } else if (key == "employments") {
      filter.employments = ReadCodes(value, key, kEmployments);
    } else if (key == "schedules") {
      filter.schedules = ReadCodes(value, key, kSchedules);
    } else if (key == "experience") {
      filter.experience = ReadCode(value, key, kExperiences);
    } else if (key == "education") {
      filter.education = ReadCode(value, key, kEducations);
    } else if (key == "salary") {
      filter.salary = ReadInt(value, key);
    } else if (key == "currency") {
      filter.currency = ReadString(value, key);
    } else if (key == "country_id") {
      filter.country_id = ReadId(value, key);
    } else if (key == "city_id") {
      filter.city_id = ReadId(value, key);
    } else if (key == "skill_ids") {
      if (!value.is_array()) throw std::invalid_argument("vacancies::Filter: skill_ids is not an array");
      for (const auto& item : value.as_array()) filter.skill_ids.push_back(ReadId(item, key));
    } else if (key == "remote") {
      if (!value.is_bool()) throw std::invalid_argument("vacancies::Filter: remote is not a boolean");
      filter.remote = value.as_bool();
    } else if (key == "company_id") {
      filter.company_id = ReadInt(value, key);
    } else if (key == "sort") {
      auto sort = kSortNames.Parse(ReadString(value, key));
      if (!sort) throw std::invalid_argument("vacancies::Filter: unknown sort");
      filter.sort = *sort;
    }
  }
  return filter;
}

}  // namespace artel::vacancies
