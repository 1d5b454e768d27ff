#include "input.hpp"

#include <fmt/format.h>

#include <array>
#include <boost/json/array.hpp>
#include <chrono>
#include <limits>

#include "artel/catalog/catalog.hpp"
#include "artel/catalog/references.hpp"
#include "artel/web/http.hpp"
#include "artel/web/json.hpp"
#include "artel/web/query.hpp"

namespace artel::resumes {
namespace {

/// Largest expected salary in minor units (as orders' budgets).
constexpr std::int64_t kMaxAmount = 1'000'000'000'000;
constexpr std::size_t kMaxQueryLength = 200;
constexpr std::array<std::string_view, 5> kEmployments{"full", "part", "project", "volunteer", "internship"};
constexpr std::array<std::string_view, 5> kSchedules{"full_day", "shift", "flexible", "remote", "rotation"};
constexpr std::array<std::string_view, 4> kBuckets{"none", "1_3", "3_6", "6_plus"};
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

std::optional<std::int32_t> ReadCatalogId(web::JsonReader& reader, std::string_view field, bool required) {
  auto value = reader.Int(field, required);
  if (!value) return std::nullopt;
  if (*value < 1 || *value > std::numeric_limits<std::int32_t>::max()) return -1;
  return static_cast<std::int32_t>(*value);
}

/// An array field: nullptr when missing or null; another type → validation:type.array.
const boost::json::array* ArrayField(web::JsonReader& reader, std::string_view field) {
  const auto* value = reader.Body().if_contains(field);
  if (value == nullptr || value->is_null()) return nullptr;
  if (!value->is_array()) {
    reader.AddError(std::string(field), Key("validation:type.array"));
    return nullptr;
  }
  return &value->as_array();
}

/// A text member of an entry, trimmed, with its length rule; errors under `field`.
std::string EntryText(web::JsonReader& reader, const boost::json::object& entry, std::string_view key,
                      const std::string& field, std::size_t min, std::size_t max) {
  const auto* value = entry.if_contains(key);
  if (value == nullptr || value->is_null()) {
    if (min > 0) reader.AddError(field, Key("validation:required"));
    return {};
  }
  if (!value->is_string()) {
    reader.AddError(field, Key("validation:type.string"));
    return {};
  }
  std::string text(value->as_string());
  while (!text.empty() && (text.back() == ' ' || text.back() == '\t' || text.back() == '\n')) text.pop_back();
  std::size_t start = 0;
  while (start < text.size() && (text[start] == ' ' || text[start] == '\t' || text[start] == '\n')) ++start;
  text.erase(0, start);
  if (!web::IsValidUtf8(text)) {
    reader.AddError(field, Key("validation:type.string"));
    return {};
  }
  const auto length = web::Utf8Length(text);
  if (min > 0 && text.empty()) {
    reader.AddError(field, Key("validation:required"));
  } else if (length < min) {
    reader.AddError(field, CountMessage("validation:length.min", min));
  } else if (length > max) {
    reader.AddError(field, CountMessage("validation:length.max", max));
  }
  return text;
}

std::vector<std::string> ReadCodes(web::JsonReader& reader, std::string_view field,
                                   bool (*known)(std::string_view), const std::string& unknown_key) {
  std::vector<std::string> codes;
  const auto* array = ArrayField(reader, field);
  if (array == nullptr) return codes;
  for (const auto& item : *array) {
    if (!item.is_string() || !known(item.as_string())) {
      reader.AddError(std::string(field), Key(unknown_key));
      return {};
    }
    std::string code(item.as_string());
    if (std::find(codes.begin(), codes.end(), code) == codes.end()) codes.push_back(std::move(code));
  }
  return codes;
}

bool KnownEmployment(std::string_view value) {
  return OneOf(kEmployments, value);
}
bool KnownSchedule(std::string_view value) {
  return OneOf(kSchedules, value);
}

std::vector<ExperienceEntry> ReadExperience(web::JsonReader& reader, YearMonth now) {
  std::vector<ExperienceEntry> entries;
  const auto* array = ArrayField(reader, "experience");
  if (array == nullptr) return entries;
  if (array->size() > kMaxExperience) {
    reader.AddError("experience", CountMessage("resumes:experience_max", kMaxExperience));
    return entries;
  }
  for (std::size_t i = 0; i < array->size(); ++i) {
    const std::string prefix = fmt::format("experience.{}.", i);
    if (!(*array)[i].is_object()) {
      reader.AddError("experience", Key("validation:type.object"));
      continue;
    }
    const auto& item = (*array)[i].as_object();
    ExperienceEntry entry;
    entry.company = EntryText(reader, item, "company", prefix + "company", 1, 150);
    entry.position = EntryText(reader, item, "position", prefix + "position", 1, 150);
    entry.description = EntryText(reader, item, "description", prefix + "description", 0, 3000);
    const auto* start = item.if_contains("start");
    std::optional<YearMonth> start_month;
    if (start != nullptr && start->is_string()) start_month = ParseYearMonth(start->as_string());
    if (start == nullptr || start->is_null()) {
      reader.AddError(prefix + "start", Key("validation:required"));
    } else if (!start_month) {
      reader.AddError(prefix + "start", Key("resumes:month_format"));
    } else if (start_month->Index() > now.Index()) {
      reader.AddError(prefix + "start", Key("resumes:month_future"));
    } else {
      entry.start = *start_month;
    }
    const auto* end = item.if_contains("end");
    if (end != nullptr && !end->is_null()) {
      std::optional<YearMonth> end_month;
      if (end->is_string()) end_month = ParseYearMonth(end->as_string());
      if (!end_month) {
        reader.AddError(prefix + "end", Key("resumes:month_format"));
      } else if (end_month->Index() > now.Index()) {
        reader.AddError(prefix + "end", Key("resumes:month_future"));
      } else if (start_month && end_month->Index() < start_month->Index()) {
        reader.AddError(prefix + "end", Key("resumes:end_before_start"));
      } else {
        entry.end = end_month;
      }
    }
    entries.push_back(std::move(entry));
  }
  return entries;
}

std::vector<EducationEntry> ReadEducation(web::JsonReader& reader, YearMonth now) {
  std::vector<EducationEntry> entries;
  const auto* array = ArrayField(reader, "education");
  if (array == nullptr) return entries;
  if (array->size() > kMaxEducation) {
    reader.AddError("education", CountMessage("resumes:education_max", kMaxEducation));
    return entries;
  }
  for (std::size_t i = 0; i < array->size(); ++i) {
    const std::string prefix = fmt::format("education.{}.", i);
    if (!(*array)[i].is_object()) {
      reader.AddError("education", Key("validation:type.object"));
      continue;
    }
    const auto& item = (*array)[i].as_object();
    EducationEntry entry;
    const auto* level = item.if_contains("level");
    if (level == nullptr || level->is_null()) {
      reader.AddError(prefix + "level", Key("validation:required"));
    } else if (!level->is_string() || !OneOf(kEducationLevels, level->as_string())) {
      reader.AddError(prefix + "level", OneOfMessage(kEducationLevels));
    } else {
      entry.level = std::string(level->as_string());
    }
    entry.institution = EntryText(reader, item, "institution", prefix + "institution", 1, 200);
    entry.specialty = EntryText(reader, item, "specialty", prefix + "specialty", 0, 200);
    const auto* year = item.if_contains("graduation_year");
    if (year != nullptr && !year->is_null()) {
      if (!year->is_int64() || year->as_int64() < 1940 || year->as_int64() > now.year + 10) {
        reader.AddError(prefix + "graduation_year",
                        Message{"resumes:graduation_year", {{"max", std::to_string(now.year + 10)}}});
      } else {
        entry.graduation_year = static_cast<std::int32_t>(year->as_int64());
      }
    }
    entries.push_back(std::move(entry));
  }
  return entries;
}

std::vector<Language> ReadLanguages(web::JsonReader& reader) {
  std::vector<Language> languages;
  const auto* array = ArrayField(reader, "languages");
  if (array == nullptr) return languages;
  if (array->size() > kMaxLanguages) {
    reader.AddError("languages", CountMessage("resumes:languages_max", kMaxLanguages));
    return languages;
  }
  for (std::size_t i = 0; i < array->size(); ++i) {
    const std::string prefix = fmt::format("languages.{}.", i);
    const auto* item = (*array)[i].if_object();
    if (item == nullptr) {
      reader.AddError("languages", Key("validation:type.object"));
      continue;
    }
    Language language;
    const auto* code = item->if_contains("code");
    const bool code_ok = code != nullptr && code->is_string() && code->as_string().size() == 2 &&
                         std::all_of(code->as_string().begin(), code->as_string().end(),
                                     [](char c) { return c >= 'a' && c <= 'z'; });
    if (!code_ok) {
      reader.AddError(prefix + "code", Key("resumes:language_code"));
    } else {
      language.code = std::string(code->as_string());
      for (const auto& known : languages) {
        if (known.code == language.code) reader.AddError(prefix + "code", Key("resumes:language_repeated"));
      }
    }
    const auto* level = item->if_contains("level");
    if (level == nullptr || !level->is_string() || !OneOf(kLanguageLevels, level->as_string())) {
      reader.AddError(prefix + "level", OneOfMessage(kLanguageLevels));
    } else {
      language.level = std::string(level->as_string());
    }
    languages.push_back(std::move(language));
  }
  return languages;
}

}  // namespace

YearMonth MonthOf(TimePoint time) {
  const auto days = std::chrono::floor<std::chrono::days>(time);
  const std::chrono::year_month_day date{days};
  return {static_cast<std::int32_t>(static_cast<int>(date.year())),
          static_cast<std::int32_t>(static_cast<unsigned>(date.month()))};
}

void CheckReferences(const catalog::Snapshot& catalog, ResumeInput& input, ValidationErrors& errors) {
  catalog::ReferenceCheck check(catalog, errors,
                                {.country = "resumes:country_unknown",
                                 .city = "resumes:city_unknown",
                                 .city_country = "resumes:city_country"});
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

ResumeInput ReadResumeInput(web::JsonReader& reader, const catalog::Snapshot& catalog, TimePoint now,
                            const std::optional<ResumeInput>& base) {
  ResumeInput input = base.value_or(ResumeInput{});
  const auto& body = reader.Body();
  catalog::ReferenceCheck check(catalog, reader.Errors(),
                                {.country = "resumes:country_unknown",
                                 .city = "resumes:city_unknown",
                                 .city_country = "resumes:city_country"});
  // A field is read when the body has it (a PATCH) or always (a POST).
  auto given = [&](std::string_view field) { return !base || body.contains(field); };
  const auto month = MonthOf(now);

  if (given("position"))
    input.position = reader.String("position", {.min_length = 2, .max_length = 150}).value_or("");
  if (given("category_id")) {
    auto id = ReadCatalogId(reader, "category_id", true);
    if (id) {
      check.KnownCategory("category_id", *id);
      input.category_id = *id;
    }
  }
  if (given("specialization_ids")) {
    input.specialization_ids.clear();
    auto ids = reader.IntArray("specialization_ids");
    if (ids.size() > kMaxSpecializations) {
      reader.AddError("specialization_ids", CountMessage("resumes:specializations_max", kMaxSpecializations));
    }
    for (auto id : ids) {
      if (id > 0 && id <= std::numeric_limits<std::int32_t>::max())
        input.specialization_ids.push_back(static_cast<std::int32_t>(id));
    }
  }
  // Every specialization belongs to the category (checked on the merged values: a PATCH of the category alone
  // must not leave foreign specializations behind).
  if (!reader.HasError("category_id") && !reader.HasError("specialization_ids")) {
    check.KnownSpecializations("specialization_ids", input.specialization_ids, input.category_id);
  }

  if (given("salary")) {
    input.salary.reset();
    input.salary_base.reset();
    if (const auto* salary = reader.Object("salary")) {
      const auto* amount = salary->if_contains("amount");
      const auto* currency = salary->if_contains("currency");
      std::string code(catalog::kBaseCurrency);
      if (currency != nullptr && !currency->is_null())
        code = currency->is_string() ? std::string(currency->as_string()) : "";
      if (amount == nullptr || !amount->is_int64()) {
        reader.AddError("salary.amount", Key("validation:required"));
      } else if (amount->as_int64() <= 0) {
        reader.AddError("salary.amount", Key("resumes:salary_positive"));
      } else if (amount->as_int64() > kMaxAmount) {
        reader.AddError("salary.amount", Key("resumes:salary_too_large"));
      } else if (check.KnownCurrency("salary.currency", code) == nullptr) {
        // (its error is added)
      } else {
        input.salary = kernel::Money{amount->as_int64(), code};
        // The shared conversion of every money filter (orders' budgets, rates): the catalog's rate.
        input.salary_base = catalog.ToBase(amount->as_int64(), code);
        if (!input.salary_base) reader.AddError("salary.amount", Key("resumes:salary_too_large"));
      }
    }
  }

  if (given("employments"))
    input.employments = ReadCodes(reader, "employments", &KnownEmployment, "resumes:employment_unknown");
  if (given("schedules"))
    input.schedules = ReadCodes(reader, "schedules", &KnownSchedule, "resumes:schedule_unknown");
  if (given("experience")) input.experience = ReadExperience(reader, month);
  if (given("education")) input.education = ReadEducation(reader, month);

  if (given("skill_ids")) {
    input.skill_ids.clear();
    auto ids = reader.IntArray("skill_ids");
    if (ids.size() > kMaxSkills) reader.AddError("skill_ids", CountMessage("resumes:skills_max", kMaxSkills));
    if (check.KnownSkills("skill_ids", ids)) {
      for (auto id : ids) input.skill_ids.push_back(static_cast<std::int32_t>(id));
    }
  }
  if (given("languages")) input.languages = ReadLanguages(reader);
  if (given("about")) {
    input.about = reader.String("about", {.max_length = 1'000'000, .required = false}).value_or("");
    if (web::Utf8Length(input.about) > 5000)
      reader.AddError("about", CountMessage("resumes:about_max", 5000));
  }

  if (given("citizenship_id")) {
    input.citizenship_id = ReadCatalogId(reader, "citizenship_id", false);
    if (input.citizenship_id) check.KnownCountry("citizenship_id", *input.citizenship_id);
  }
  if (given("country_id")) input.country_id = ReadCatalogId(reader, "country_id", false);
  if (given("city_id")) input.city_id = ReadCatalogId(reader, "city_id", false);
  if (input.country_id) check.KnownCountry("country_id", *input.country_id);
  if (input.city_id) check.KnownCity("city_id", *input.city_id, input.country_id);
  if (given("relocate")) input.relocate = reader.Bool("relocate", false).value_or(false);
  if (given("business_trips")) input.business_trips = reader.Bool("business_trips", false).value_or(false);
  if (given("visibility")) {
    auto visibility = reader.String("visibility", {.max_length = 20, .required = false});
    if (visibility && !OneOf(kVisibilities, *visibility)) {
      reader.AddError("visibility", OneOfMessage(kVisibilities));
    } else {
      input.visibility = visibility.value_or("public");
    }
  }
  if (!base) input.publish = reader.Bool("publish", false).value_or(false);
  return input;
}

Filter ReadFilter(const web::Request& request, const catalog::Snapshot& catalog, bool for_counts,
                  PageRequest* page) {
  web::QueryReader reader(request, "resumes:filter_invalid");
  Filter filter;
  if (!for_counts) {
    if (auto category = reader.Text("category")) {
      const auto* found = catalog.FindCategory(*category);
      if (found == nullptr) {
        reader.AddError("category", {"marketplace:catalog.category_unknown", {}});
      } else {
        filter.category_id = found->id;
      }
    }
  }
  filter.specialization_id = reader.Id("specialization");
  if (filter.specialization_id && catalog.FindSpecialization(*filter.specialization_id) == nullptr)
    reader.AddInvalid("specialization");
  if (auto query = reader.Text("q")) {
    if (web::Utf8Length(*query) > kMaxQueryLength) {
      reader.AddError("q", {"validation:length.max", {{"count", std::to_string(kMaxQueryLength)}}});
    } else {
      filter.query = std::move(query);
    }
  }
  for (auto& value : request.QueryParams("employment")) {
    if (!KnownEmployment(value)) {
      reader.AddInvalid("employment");
    } else if (std::find(filter.employments.begin(), filter.employments.end(), value) ==
               filter.employments.end()) {
      filter.employments.push_back(value);
    }
  }
  for (auto& value : request.QueryParams("schedule")) {
    if (!KnownSchedule(value)) {
      reader.AddInvalid("schedule");
    } else if (std::find(filter.schedules.begin(), filter.schedules.end(), value) == filter.schedules.end()) {
      filter.schedules.push_back(value);
    }
  }
  filter.experience = reader.Enum("experience", [](std::string_view value) -> std::optional<std::string> {
    if (!OneOf(kBuckets, value)) return std::nullopt;
    return std::string(value);
  });
  filter.education = reader.Enum("education", [](std::string_view value) -> std::optional<std::string> {
    if (!OneOf(kEducationLevels, value)) return std::nullopt;
    return std::string(value);
  });
  filter.salary = reader.Int("salary", 0, kMaxAmount);
  filter.currency = reader.Text("currency").value_or(std::string(catalog::kBaseCurrency));
  if (catalog.FindCurrency(filter.currency) == nullptr)
    reader.AddError("currency", {"marketplace:catalog.currency_unknown", {}});
  filter.country_id = reader.Id("country");
  filter.city_id = reader.Id("city");
  filter.skill_ids = reader.Ids("skill", 10);
  filter.relocate = reader.Flag("relocate");
  filter.remote = reader.Flag("remote");
  if (!for_counts) {
    filter.sort = reader.Enum("sort", ParseSort).value_or(Sort::kDate);
    if (page != nullptr) {
      page->cursor = reader.Text("cursor");
      page->limit = reader.Limit(kDefaultLimit, kMaxLimit);
    }
  }
  reader.Finish();
  return filter;
}

}  // namespace artel::resumes
