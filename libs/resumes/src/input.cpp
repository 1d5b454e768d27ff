#include "input.hpp"

#include <fmt/format.h>

#include <array>
#include <boost/json/array.hpp>
#include <chrono>
#include <limits>

#include "artel/catalog/catalog.hpp"
#include "artel/catalog/references.hpp"
#include "artel/core/text.hpp"

namespace artel::resumes {
namespace {

/// Largest expected salary in minor units (as orders' budgets).
constexpr std::int64_t kMaxAmount = 1'000'000'000'000;
constexpr std::array<std::string_view, 5> kEmployments{"full", "part", "project", "volunteer", "internship"};
constexpr std::array<std::string_view, 5> kSchedules{"full_day", "shift", "flexible", "remote", "rotation"};
constexpr std::array<std::string_view, 3> kEducationLevels{"secondary", "vocational", "higher"};
constexpr std::array<std::string_view, 7> kLanguageLevels{"a1", "a2", "b1", "b2", "c1", "c2", "native"};
constexpr std::array<std::string_view, 2> kVisibilities{"public", "responded"};

Message Key(std::string key) {
  return Message{std::move(key), {}};
}

Message CountMessage(std::string key, std::size_t count) {
  return Message{std::move(key), {{"count", std::to_string(count)}}};
}

template <std::size_t N>
bool OneOf(const std::array<std::string_view, N>& values, std::string_view value) {
  for (auto known : values) {
    if (known == value) return true;
  }
  return false;
}

template <std::size_t N>
Message OneOfMessage(const std::array<std::string_view, N>& values) {
  std::string list;
  for (auto value : values) list += (list.empty() ? "" : ", ") + std::string(value);
  return Message{"validation:one_of", {{"values", list}}};
}

/// Texts of an entry: trimmed (the edge trims too; a seeder may not), then their length rule.
void EntryText(std::string& text, const std::string& field, std::size_t least, std::size_t most,
               ValidationErrors& errors) {
  text = std::string(Trim(text, kAsciiWhitespace));
  errors.CheckLength(field, text, least, most);
}

/// Codes of a known list, each once (the owner's order).
template <std::size_t N>
void CheckCodes(std::vector<std::string>& codes, const std::array<std::string_view, N>& known,
                std::string_view field, std::string_view unknown, ValidationErrors& errors) {
  std::vector<std::string> unique;
  for (auto& code : codes) {
    if (!OneOf(known, code)) {
      errors.Add(std::string(field), Key(std::string(unknown)));
      return;
    }
    if (std::find(unique.begin(), unique.end(), code) == unique.end()) unique.push_back(std::move(code));
  }
  codes = std::move(unique);
}

}  // namespace

YearMonth MonthOf(TimePoint time) {
  const auto days = std::chrono::floor<std::chrono::days>(time);
  const std::chrono::year_month_day date{days};
  return {static_cast<std::int32_t>(static_cast<int>(date.year())),
          static_cast<std::int32_t>(static_cast<unsigned>(date.month()))};
}

void CheckRules(ResumeInput& input, TimePoint now, ValidationErrors& errors) {
  const auto month = MonthOf(now);
  input.position = std::string(Trim(input.position, kAsciiWhitespace));
  errors.CheckLength("position", input.position, 2, 150);
  if (input.specialization_ids.size() > kMaxSpecializations) {
    errors.Add("specialization_ids", CountMessage("resumes:specializations_max", kMaxSpecializations));
  }
  if (input.skill_ids.size() > kMaxSkills) {
    errors.Add("skill_ids", CountMessage("resumes:skills_max", kMaxSkills));
  }
  CheckCodes(input.employments, kEmployments, "employments", "resumes:employment_unknown", errors);
  CheckCodes(input.schedules, kSchedules, "schedules", "resumes:schedule_unknown", errors);
  if (input.experience.size() > kMaxExperience) {
    errors.Add("experience", CountMessage("resumes:experience_max", kMaxExperience));
  } else {
    for (std::size_t i = 0; i < input.experience.size(); ++i) {
      auto& entry = input.experience[i];
      const std::string prefix = fmt::format("experience.{}.", i);
      EntryText(entry.company, prefix + "company", 1, 150, errors);
      EntryText(entry.position, prefix + "position", 1, 150, errors);
      EntryText(entry.description, prefix + "description", 0, 3000, errors);
      const bool start_ok = entry.start.month >= 1 && entry.start.month <= 12 && entry.start.year >= 1940 &&
                            entry.start.year <= 2100;
      if (!start_ok) {
        errors.Add(prefix + "start", Key("resumes:month_format"));
      } else if (entry.start.Index() > month.Index()) {
        errors.Add(prefix + "start", Key("resumes:month_future"));
      }
      if (entry.end) {
        if (entry.end->Index() > month.Index()) {
          errors.Add(prefix + "end", Key("resumes:month_future"));
        } else if (start_ok && entry.end->Index() < entry.start.Index()) {
          errors.Add(prefix + "end", Key("resumes:end_before_start"));
        }
      }
    }
  }
  if (input.education.size() > kMaxEducation) {
    errors.Add("education", CountMessage("resumes:education_max", kMaxEducation));
  } else {
    for (std::size_t i = 0; i < input.education.size(); ++i) {
      auto& entry = input.education[i];
      const std::string prefix = fmt::format("education.{}.", i);
      if (!OneOf(kEducationLevels, entry.level)) errors.Add(prefix + "level", OneOfMessage(kEducationLevels));
      EntryText(entry.institution, prefix + "institution", 1, 200, errors);
      EntryText(entry.specialty, prefix + "specialty", 0, 200, errors);
      if (entry.graduation_year &&
          (*entry.graduation_year < 1940 || *entry.graduation_year > month.year + 10)) {
        errors.Add(prefix + "graduation_year",
                   Message{"resumes:graduation_year", {{"max", std::to_string(month.year + 10)}}});
      }
    }
  }
  if (input.languages.size() > kMaxLanguages) {
    errors.Add("languages", CountMessage("resumes:languages_max", kMaxLanguages));
  } else {
    for (std::size_t i = 0; i < input.languages.size(); ++i) {
      const auto& language = input.languages[i];
      const std::string prefix = fmt::format("languages.{}.", i);
      const bool code_ok =
          language.code.size() == 2 && std::all_of(language.code.begin(), language.code.end(),
                                                   [](char c) { return c >= 'a' && c <= 'z'; });
      if (!code_ok) {
        errors.Add(prefix + "code", Key("resumes:language_code"));
      } else {
        for (std::size_t j = 0; j < i; ++j) {
          if (input.languages[j].code == language.code) {
            errors.Add(prefix + "code", Key("resumes:language_repeated"));
            break;
          }
        }
      }
      if (!OneOf(kLanguageLevels, language.level))
        errors.Add(prefix + "level", OneOfMessage(kLanguageLevels));
    }
  }
  input.about = std::string(Trim(input.about, kAsciiWhitespace));
  if (Utf8Length(input.about) > 5000) errors.Add("about", CountMessage("resumes:about_max", 5000));
  if (!OneOf(kVisibilities, input.visibility)) errors.Add("visibility", OneOfMessage(kVisibilities));
}

void CheckReferences(const catalog::Snapshot& catalog, ResumeInput& input, ValidationErrors& errors) {
  catalog::ReferenceCheck check(catalog, errors);
  if (check.KnownCategory("category_id", input.category_id) != nullptr) {
    check.KnownSpecializations("specialization_ids", input.specialization_ids, input.category_id);
  }
  check.KnownSkills("skill_ids", input.skill_ids);
  input.salary_base.reset();
  if (input.salary) {
    if (input.salary->amount <= 0) {
      errors.Add("salary.amount", Key("resumes:salary_positive"));
    } else if (input.salary->amount > kMaxAmount) {
      errors.Add("salary.amount", Key("resumes:salary_too_large"));
    } else if (check.KnownCurrency("salary.currency", input.salary->currency) != nullptr) {
      input.salary_base = catalog.ToBase(input.salary->amount, input.salary->currency);
      if (!input.salary_base) errors.Add("salary.amount", Key("resumes:salary_too_large"));
    }
  }
  if (input.citizenship_id) check.KnownCountry("citizenship_id", *input.citizenship_id);
  if (input.country_id) check.KnownCountry("country_id", *input.country_id);
  if (input.city_id) check.KnownCity("city_id", *input.city_id, input.country_id);
}

}  // namespace artel::resumes
