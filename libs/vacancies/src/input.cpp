// Vacancy forms and the list's query string.

#include "input.hpp"

#include <algorithm>
#include <boost/json/array.hpp>
#include <limits>

#include "artel/catalog/catalog.hpp"
#include "artel/catalog/references.hpp"
#include "artel/core/text.hpp"
#include "artel/web/http.hpp"
#include "artel/web/json.hpp"
#include "artel/web/query.hpp"

namespace artel::vacancies {
namespace {

constexpr web::StringRule kTitleRule{.min_length = 3, .max_length = 150};
constexpr web::StringRule kDescriptionRule{.min_length = 1, .max_length = 10000};
constexpr web::StringRule kAddressRule{.max_length = 300, .required = false};
constexpr web::StringRule kContactNameRule{.max_length = 120, .required = false};
constexpr web::StringRule kContactEmailRule{.max_length = 254, .required = false};
constexpr web::StringRule kContactPhoneRule{.max_length = 40, .required = false};
constexpr std::size_t kMaxQueryLength = 200;
constexpr std::size_t kMaxRepeated = 10;

Message Key(std::string key) {
  return Message{std::move(key), {}};
}

/// An optional integer id that must fit int32 (catalog ids); -1 for one that does not.
std::optional<std::int32_t> ReadId(web::JsonReader& reader, std::string_view field, bool required) {
  auto value = reader.Int(field, required);
  if (!value) return std::nullopt;
  if (*value < 1 || *value > std::numeric_limits<std::int32_t>::max()) return -1;
  return static_cast<std::int32_t>(*value);
}

template <std::size_t N>
std::string ReadCode(web::JsonReader& reader, std::string_view field, const std::string_view (&codes)[N]) {
  auto value = reader.String(field, {.min_length = 1, .max_length = 40});
  if (!value) return {};
  if (!IsCode(codes, *value)) {
    reader.AddError(std::string(field), Key("vacancies:" + std::string(field) + "_unknown"));
    return {};
  }
  return *value;
}

/// A plausible e-mail address: something@something.something, no spaces (the contact may leave it empty).
bool LooksLikeEmail(std::string_view text) {
  const auto at = text.find('@');
  if (at == std::string_view::npos || at == 0 || text.find('@', at + 1) != std::string_view::npos)
    return false;
  const auto dot = text.find('.', at);
  if (dot == std::string_view::npos || dot == at + 1 || dot + 1 >= text.size()) return false;
  return text.find_first_of(" \t\r\n") == std::string_view::npos;
}

std::optional<Salary> ReadSalary(web::JsonReader& reader) {
  const auto* object = reader.Object("salary");
  if (object == nullptr) return std::nullopt;
  web::JsonReader inner(*object);
  Salary salary;
  salary.from = inner.Int("from", false);
  salary.to = inner.Int("to", false);
  auto currency = inner.String("currency", {.min_length = 3, .max_length = 3, .required = false});
  salary.currency = currency.value_or("RUB");
  salary.gross = inner.Bool("gross", false).value_or(true);
  if (inner.HasError("from") || inner.HasError("to") || inner.HasError("currency") ||
      inner.HasError("gross")) {
    reader.AddError("salary", Key("vacancies:salary_invalid"));
    return std::nullopt;
  }
  if (!salary.from && !salary.to) {
    reader.AddError("salary", Key("vacancies:salary_empty"));
    return std::nullopt;
  }
  for (auto end : {salary.from, salary.to}) {
    if (end && *end <= 0) {
      reader.AddError("salary", Key("vacancies:salary_positive"));
      return std::nullopt;
    }
    if (end && *end > kMaxAmount) {
      reader.AddError("salary", Key("vacancies:salary_too_large"));
      return std::nullopt;
    }
  }
  if (salary.from && salary.to && *salary.from > *salary.to) {
    reader.AddError("salary", Key("vacancies:salary_range"));
    return std::nullopt;
  }
  return salary;
}

boost::json::value OptionalId(const std::optional<std::int32_t>& id) {
  if (!id) return nullptr;
  return *id;
}

}  // namespace

VacancyInput ReadVacancyInput(web::JsonReader& reader, const catalog::Snapshot& catalog, bool with_company) {
  VacancyInput input;
  if (with_company) {
    auto company = reader.Int("company_id");
    if (company && *company < 1) reader.AddError("company_id", Key("companies:not_found"));
    input.company_id = company.value_or(0);
  }
  input.title = reader.String("title", kTitleRule).value_or("");
  input.description = reader.String("description", kDescriptionRule).value_or("");

  if (auto category_id = ReadId(reader, "category_id", true)) input.category_id = *category_id;
  input.specialization_id = ReadId(reader, "specialization_id", false);
  input.skill_ids = reader.IntArray("skill_ids");
  if (input.skill_ids.size() > kMaxSkills) {
    reader.AddError("skill_ids",
                    Message{"vacancies:skills_too_many", {{"count", std::to_string(kMaxSkills)}}});
  }
  input.salary = ReadSalary(reader);

  input.employment = ReadCode(reader, "employment", kEmployments);
  input.schedule = ReadCode(reader, "schedule", kSchedules);
  input.experience = ReadCode(reader, "experience", kExperiences);
  input.education = ReadCode(reader, "education", kEducations);

  input.country_id = ReadId(reader, "country_id", false);
  input.city_id = ReadId(reader, "city_id", false);
  input.address = reader.String("address", kAddressRule).value_or("");

  if (const auto* contact = reader.Object("contact")) {
    web::JsonReader inner(*contact);
    input.contact.name = inner.String("name", kContactNameRule).value_or("");
    input.contact.email = inner.String("email", kContactEmailRule).value_or("");
    input.contact.phone = inner.String("phone", kContactPhoneRule).value_or("");
    if (inner.HasError("name")) reader.AddError("contact.name", Key("vacancies:contact_name_invalid"));
    if (inner.HasError("phone")) reader.AddError("contact.phone", Key("vacancies:contact_phone_invalid"));
    if (inner.HasError("email") || (!input.contact.email.empty() && !LooksLikeEmail(input.contact.email))) {
      reader.AddError("contact.email", Key("validation:email"));
    }
  }
  input.publish = reader.Bool("publish", false).value_or(false);
  CheckReferences(catalog, input, reader.Errors());
  return input;
}

void CheckRules(VacancyInput& input, ValidationErrors& errors) {
  input.title = std::string(Trim(input.title, kAsciiWhitespace));
  input.description = std::string(Trim(input.description, kAsciiWhitespace));
  input.address = std::string(Trim(input.address, kAsciiWhitespace));
  input.contact.name = std::string(Trim(input.contact.name, kAsciiWhitespace));
  input.contact.email = std::string(Trim(input.contact.email, kAsciiWhitespace));
  input.contact.phone = std::string(Trim(input.contact.phone, kAsciiWhitespace));
  errors.CheckLength("title", input.title, kTitleRule.min_length, kTitleRule.max_length);
  errors.CheckLength("description", input.description, kDescriptionRule.min_length,
                     kDescriptionRule.max_length);
  if (input.skill_ids.size() > kMaxSkills) {
    errors.Add("skill_ids", Message{"vacancies:skills_too_many", {{"count", std::to_string(kMaxSkills)}}});
  }
  if (input.salary) {
    const auto& salary = *input.salary;
    std::optional<std::string> problem;
    if (salary.currency.size() != 3) {
      problem = "vacancies:salary_invalid";
    } else if (!salary.from && !salary.to) {
      problem = "vacancies:salary_empty";
    } else if ((salary.from && *salary.from <= 0) || (salary.to && *salary.to <= 0)) {
      problem = "vacancies:salary_positive";
    } else if ((salary.from && *salary.from > kMaxAmount) || (salary.to && *salary.to > kMaxAmount)) {
      problem = "vacancies:salary_too_large";
    } else if (salary.from && salary.to && *salary.from > *salary.to) {
      problem = "vacancies:salary_range";
    }
    if (problem) errors.Add("salary", Key(std::move(*problem)));
  }
  auto code = [&](std::string_view field, const auto& codes, const std::string& value) {
    if (value.empty()) {
      errors.Add(std::string(field), Key("validation:required"));
    } else if (!IsCode(codes, value)) {
      errors.Add(std::string(field), Key("vacancies:" + std::string(field) + "_unknown"));
    }
  };
  code("employment", kEmployments, input.employment);
  code("schedule", kSchedules, input.schedule);
  code("experience", kExperiences, input.experience);
  code("education", kEducations, input.education);
  errors.CheckLength("address", input.address, 0, kAddressRule.max_length);
  if (artel::Utf8Length(input.contact.name) > kContactNameRule.max_length) {
    errors.Add("contact.name", Key("vacancies:contact_name_invalid"));
  }
  if (artel::Utf8Length(input.contact.phone) > kContactPhoneRule.max_length) {
    errors.Add("contact.phone", Key("vacancies:contact_phone_invalid"));
  }
  if (artel::Utf8Length(input.contact.email) > kContactEmailRule.max_length ||
      (!input.contact.email.empty() && !LooksLikeEmail(input.contact.email))) {
    errors.Add("contact.email", Key("validation:email"));
  }
}

void CheckReferences(const catalog::Snapshot& catalog, VacancyInput& input, ValidationErrors& errors) {
  catalog::ReferenceCheck check(catalog, errors);
  const catalog::Category* category = nullptr;
  if (!errors.Has("category_id")) category = check.KnownCategory("category_id", input.category_id);
  if (input.specialization_id && !errors.Has("specialization_id")) {
    // Of the form's category when that is known; any known one otherwise (the category has its error).
    check.KnownSpecialization("specialization_id", *input.specialization_id, category);
  }
  check.KnownSkills("skill_ids", input.skill_ids);  // also after "too many", as the reader always did
  input.salary_base.reset();
  if (input.salary && !errors.Has("salary") && check.KnownCurrency("salary", input.salary->currency)) {
    const std::int64_t top = input.salary->to ? *input.salary->to : input.salary->from.value_or(0);
    input.salary_base = catalog.ToBase(top, input.salary->currency);
    if (!input.salary_base) errors.Add("salary", Key("vacancies:salary_too_large"));
  }
  if (input.country_id && !errors.Has("country_id")) check.KnownCountry("country_id", *input.country_id);
  if (input.city_id && !errors.Has("city_id")) check.KnownCity("city_id", *input.city_id, input.country_id);
}

boost::json::object InputJson(const Vacancy& vacancy) {
  boost::json::array skills;
  for (auto id : vacancy.skill_ids) skills.push_back(id);
  return {{"title", vacancy.title},
          {"category_id", vacancy.category_id},
          {"specialization_id", OptionalId(vacancy.specialization_id)},
          {"description", vacancy.description},
          {"skill_ids", std::move(skills)},
          {"salary", SalaryJson(vacancy.salary)},
          {"employment", vacancy.employment},
          {"schedule", vacancy.schedule},
          {"experience", vacancy.experience},
          {"education", vacancy.education},
          {"country_id", OptionalId(vacancy.country_id)},
          {"city_id", OptionalId(vacancy.city_id)},
          {"address", vacancy.address},
          {"contact", boost::json::object{{"name", vacancy.contact.name},
                                          {"email", vacancy.contact.email},
                                          {"phone", vacancy.contact.phone}}}};
}

Filter ReadFilter(web::QueryReader& reader, const web::Request& request, const catalog::Snapshot& catalog,
                  bool for_counts) {
  Filter filter;
  if (!for_counts) {
    auto category = reader.Text("category");
    if (category) {
      const auto* found = catalog.FindCategory(*category);
      if (found == nullptr) {
        reader.AddError("category", Key("marketplace:catalog.category_unknown"));
      } else {
        filter.category_id = found->id;
      }
    }
  }
  filter.specialization_id = reader.Id("specialization");
  auto query = reader.Text("q");
  if (query) {
    if (web::Utf8Length(*query) > kMaxQueryLength) {
      reader.AddError("q", {"validation:length.max", {{"count", std::to_string(kMaxQueryLength)}}});
    } else {
      filter.query = std::move(query);
    }
  }
  auto codes = [&](std::string_view name, auto& known, std::vector<std::string>& out) {
    for (auto& value : request.QueryParams(name)) {
      if (value.empty()) continue;
      if (!IsCode(known, value) || out.size() >= kMaxRepeated) {
        reader.AddInvalid(name);
        out.clear();
        return;
      }
      if (std::find(out.begin(), out.end(), value) == out.end()) out.push_back(value);
    }
  };
  codes("employment", kEmployments, filter.employments);
  codes("schedule", kSchedules, filter.schedules);
  filter.experience = reader.Enum("experience", [](std::string_view v) -> std::optional<std::string> {
    if (!IsCode(kExperiences, v)) return std::nullopt;
    return std::string(v);
  });
  filter.education = reader.Enum("education", [](std::string_view v) -> std::optional<std::string> {
    if (!IsCode(kEducations, v)) return std::nullopt;
    return std::string(v);
  });
  filter.currency = reader.Text("currency").value_or(std::string(catalog::kBaseCurrency));
  if (catalog.FindCurrency(filter.currency) == nullptr) {
    reader.AddError("currency", Key("marketplace:catalog.currency_unknown"));
  }
  filter.salary = reader.Int("salary", 0, kMaxAmount);
  filter.country_id = reader.Id("country");
  filter.city_id = reader.Id("city");
  filter.skill_ids = reader.Ids("skill", kMaxRepeated);
  filter.remote = reader.Flag("remote");
  if (auto company = reader.Int("company", 1, std::numeric_limits<std::int64_t>::max())) {
    filter.company_id = *company;
  }
  if (!for_counts) {
    filter.sort = reader.Enum("sort", [](std::string_view name) { return kSortNames.Parse(name); })
                      .value_or(Sort::kDate);
  }
  return filter;
}

}  // namespace artel::vacancies
