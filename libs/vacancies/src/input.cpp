// A vacancy form's rules and catalog references (the service's checks), the edge's typed inputs turned into
// the service's form and filter, and a patch merged onto the stored form.

#include "input.hpp"

#include <algorithm>
#include <limits>

#include "artel/catalog/catalog.hpp"
#include "artel/catalog/references.hpp"
#include "artel/core/text.hpp"

namespace artel::vacancies {
namespace {

/// The lengths api.yaml states too (VacancyInput, VacancyContactInput), in characters.
struct Length {
  std::size_t min_length = 0;
  std::size_t max_length = 0;
};
constexpr Length kTitleRule{.min_length = 3, .max_length = 150};
constexpr Length kDescriptionRule{.min_length = 1, .max_length = 10000};
constexpr Length kAddressRule{.max_length = 300};
constexpr Length kContactNameRule{.max_length = 120};
constexpr Length kContactEmailRule{.max_length = 254};
constexpr Length kContactPhoneRule{.max_length = 40};

Message Key(std::string key) {
  return Message{std::move(key), {}};
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

}  // namespace

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
  // Each skill once, in the order sent.
  std::vector<std::int64_t> skills;
  for (auto id : input.skill_ids) {
    if (std::find(skills.begin(), skills.end(), id) == skills.end()) skills.push_back(id);
  }
  input.skill_ids = std::move(skills);
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
  check.KnownClassification(input.category_id, input.specialization_id, input.skill_ids);
  input.salary_base.reset();
  if (input.salary && !errors.Has("salary") && check.KnownCurrency("salary", input.salary->currency)) {
    const std::int64_t top = input.salary->to ? *input.salary->to : input.salary->from.value_or(0);
    input.salary_base = catalog.ToBase(top, input.salary->currency);
    if (!input.salary_base) errors.Add("salary", Key("vacancies:salary_too_large"));
  }
  check.KnownPlace(input.country_id, input.city_id);
}

std::int32_t CatalogId(std::int64_t id) noexcept {
  if (id < 1 || id > std::numeric_limits<std::int32_t>::max()) return -1;
  return static_cast<std::int32_t>(id);
}

std::optional<std::int32_t> CatalogId(const std::optional<std::int64_t>& id) noexcept {
  if (!id) return std::nullopt;
  return CatalogId(*id);
}

VacancyInput InputOf(FormInput form) {
  VacancyInput input;
  input.company_id = form.company_id;
  input.title = std::move(form.title);
  input.category_id = CatalogId(form.category_id);
  input.specialization_id = CatalogId(form.specialization_id);
  input.description = std::move(form.description);
  input.skill_ids = std::move(form.skill_ids);
  input.salary = std::move(form.salary);
  input.employment = std::move(form.employment);
  input.schedule = std::move(form.schedule);
  input.experience = std::move(form.experience);
  input.education = std::move(form.education);
  input.country_id = CatalogId(form.country_id);
  input.city_id = CatalogId(form.city_id);
  input.address = std::move(form.address);
  input.contact = std::move(form.contact);
  input.publish = form.publish;
  return input;
}

VacancyInput FormOf(const Vacancy& vacancy) {
  VacancyInput form;
  form.company_id = vacancy.company.id;
  form.title = vacancy.title;
  form.category_id = vacancy.category_id;
  form.specialization_id = vacancy.specialization_id;
  form.description = vacancy.description;
  form.skill_ids = vacancy.skill_ids;
  form.salary = vacancy.salary;
  form.employment = vacancy.employment;
  form.schedule = vacancy.schedule;
  form.experience = vacancy.experience;
  form.education = vacancy.education;
  form.country_id = vacancy.country_id;
  form.city_id = vacancy.city_id;
  form.address = vacancy.address;
  form.contact = vacancy.contact;
  return form;
}

void Merge(const VacancyPatch& patch, VacancyInput& form) {
  patch.title.ApplyTo(form.title);
  if (patch.category_id) form.category_id = CatalogId(patch.category_id.value);
  if (patch.specialization_id) form.specialization_id = CatalogId(patch.specialization_id.value);
  patch.description.ApplyTo(form.description);
  patch.skill_ids.ApplyTo(form.skill_ids);
  patch.salary.ApplyTo(form.salary);
  patch.employment.ApplyTo(form.employment);
  patch.schedule.ApplyTo(form.schedule);
  patch.experience.ApplyTo(form.experience);
  patch.education.ApplyTo(form.education);
  if (patch.country_id) form.country_id = CatalogId(patch.country_id.value);
  if (patch.city_id) form.city_id = CatalogId(patch.city_id.value);
  patch.address.ApplyTo(form.address);
  patch.contact.ApplyTo(form.contact);
}

Filter FilterOf(const catalog::Snapshot& catalog, FilterQuery query,
                const std::optional<std::string>& category, const std::optional<std::string>& sort) {
  ValidationErrors errors;
  Filter filter;
  if (category) {
    if (const auto* found = catalog.FindCategory(*category); found != nullptr) {
      filter.category_id = found->id;
    } else {
      errors.Add("category", Key("catalog:category_unknown"));
    }
  }
  filter.currency = std::move(query.currency);
  if (catalog.FindCurrency(filter.currency) == nullptr) {
    errors.Add("currency", Key("catalog:currency_unknown"));
  }
  // The schema bounds the specialization and the skills; the shared country and city parameters are any
  // integer, so one beyond the catalog's ids is the filter's error here.
  auto id = [&](std::string_view name,
                const std::optional<std::int64_t>& sent) -> std::optional<std::int32_t> {
    if (!sent) return std::nullopt;
    const auto known = CatalogId(*sent);
    if (known < 0) errors.Add(std::string(name), Key("vacancies:filter_invalid"));
    return known;
  };
  filter.specialization_id = id("specialization", query.specialization);
  filter.country_id = id("country", query.country);
  filter.city_id = id("city", query.city);
  filter.query = std::move(query.q);
  filter.employments = std::move(query.employment);
  filter.schedules = std::move(query.schedule);
  filter.experience = std::move(query.experience);
  filter.education = std::move(query.education);
  filter.salary = query.salary;
  for (auto skill : query.skill) filter.skill_ids.push_back(CatalogId(skill));
  filter.remote = query.remote.value_or(false);
  filter.company_id = query.company;
  if (sort) filter.sort = kSortNames.Parse(*sort).value_or(Sort::kDate);
  errors.ThrowIfAny();
  return filter;
}

}  // namespace artel::vacancies
