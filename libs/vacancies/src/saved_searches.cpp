// Vacancies' scope of saved searches. A saved filter is the list's URL parameters (several employments or
// schedules comma-separated); it is checked and converted by the list's own FilterOf (input.hpp) and kept as
// the list's Filter::ToJson with the salary in kopecks, the conditions matched. A published vacancy is tested
// against the candidates the key index gives with the list's conditions (query.cpp's AddFilters) in C++, the
// words against the vacancy's search vector in one statement.

#include "artel/vacancies/saved_searches.hpp"

#include <array>
#include <charconv>
#include <string>
#include <string_view>
#include <vector>

#include "artel/catalog/catalog.hpp"
#include "artel/core/error.hpp"
#include "artel/db/pool.hpp"
#include "artel/platform/events.hpp"
#include "artel/searches/searches.hpp"
#include "artel/vacancies/events.hpp"
#include "artel/vacancies/filter.hpp"
#include "artel/vacancies/vacancies.hpp"
#include "input.hpp"

namespace artel::vacancies {
namespace {

using boost::asio::awaitable;

constexpr std::string_view kScope = "vacancies";

constexpr std::array<std::string_view, 15> kParameters{
    "category", "specialization", "q",    "employment", "schedule", "experience", "education", "salary",
    "currency", "country",        "city", "skill",      "remote",   "company",    "sort"};

// The vacancy as everybody may see it (the list shows published vacancies only).
constexpr db::Statement kRead{"vacancies.saved_search_read", R"sql(
SELECT v.id, v.owner_id, v.title, v.category_id, v.specialization_id, v.skill_ids::bigint[] AS skill_ids,
  COALESCE(v.salary_base, -1) AS salary_key, v.employment, v.schedule, v.experience, v.education,
  v.country_id, v.city_id, v.company_id, v.status = 'published' AS open
FROM vacancies.vacancies v
WHERE v.id = $1
)sql"};

// Which of the texts ($2, 1-based) the vacancy's words match: the list's MatchCondition without its typo
// fallback.
constexpr db::Statement kWords{"vacancies.saved_search_words", R"sql(
SELECT q.i FROM vacancies.vacancies v, unnest($2::text[]) WITH ORDINALITY AS q(t, i)
WHERE v.id = $1 AND v.search @@ websearch_to_tsquery('russian', q.t)
)sql"};

Error Invalid(std::string_view parameter) {
  return ValidationFailed("filter." + std::string(parameter), {"searches:filter_invalid", {}});
}

std::optional<std::int64_t> Integer(std::string_view text) {
  std::int64_t value = 0;
  const auto* end = text.data() + text.size();
  auto [ptr, ec] = std::from_chars(text.data(), end, value);
  if (ec != std::errc() || ptr != end) return std::nullopt;
  return value;
}

std::vector<std::string> Split(std::string_view text) {
  std::vector<std::string> parts;
  while (!text.empty()) {
    const auto comma = text.find(',');
    parts.emplace_back(text.substr(0, comma));
    if (comma == std::string_view::npos) break;
    text.remove_prefix(comma + 1);
  }
  return parts;
}

template <std::size_t N>
void CheckCodes(std::string_view parameter, const std::vector<std::string>& values,
                const std::string_view (&codes)[N]) {
  for (const auto& value : values) {
    if (!IsCode(codes, value)) throw Invalid(parameter);
  }
}

awaitable<searches::Normalised> Normalise(Vacancies& vacancies, const boost::json::object& filter) {
  searches::Normalised result;
  FilterQuery query;
  query.currency = "RUB";
  std::optional<std::string> category;
  std::optional<std::string> sort;
  std::optional<std::string> salary;
  for (const auto& [key, value] : filter) {
    if (std::ranges::find(kParameters, std::string_view(key)) == kParameters.end()) throw Invalid(key);
    if (!value.is_string()) throw Invalid(key);
    const std::string text(value.get_string());
    if (text.empty()) continue;
    result.filter[key] = text;
    const auto number = Integer(text);
    if (key == "category") {
      category = text;
    } else if (key == "specialization" || key == "country" || key == "city" || key == "skill" ||
               key == "company") {
      if (!number || *number < 1) throw Invalid(key);
      if (key == "specialization") query.specialization = number;
      if (key == "country") query.country = number;
      if (key == "city") query.city = number;
      if (key == "skill") query.skill = {*number};
      if (key == "company") query.company = number;
    } else if (key == "q") {
      query.q = text;
    } else if (key == "employment") {
      query.employment = Split(text);
      CheckCodes(key, query.employment, kEmployments);
    } else if (key == "schedule") {
      query.schedule = Split(text);
      CheckCodes(key, query.schedule, kSchedules);
    } else if (key == "experience") {
      if (!IsCode(kExperiences, text)) throw Invalid(key);
      query.experience = text;
    } else if (key == "education") {
      if (!IsCode(kEducations, text)) throw Invalid(key);
      query.education = text;
    } else if (key == "salary") {
      salary = text;
    } else if (key == "currency") {
      query.currency = text;
    } else if (key == "remote") {
      if (text != "true" && text != "false") throw Invalid(key);
      query.remote = text == "true";
    } else if (key == "sort") {
      if (!kSortNames.Parse(text)) throw Invalid(key);
      sort = text;
    }
  }
  auto catalog = co_await vacancies.Catalog().Get();
  const auto* currency = catalog->FindCurrency(query.currency);
  if (currency == nullptr) throw Invalid("currency");
  if (salary) {
    // Whole major units, as the list's URL has it.
    const auto whole = Integer(*salary);
    if (!whole || *whole < 0 || *whole > 10'000'000'000LL) throw Invalid("salary");
    std::int64_t minor = *whole;
    for (std::int32_t i = 0; i < currency->minor_units; ++i) minor *= 10;
    query.salary = minor;
  }
  Filter list;
  try {
    list = FilterOf(*catalog, std::move(query), category, sort);
  } catch (const Error& error) {
    // The list's own rules and texts, under the saved filter's names.
    if (error.Fields().empty()) throw;
    ValidationErrors renamed;
    for (const auto& [field, messages] : error.Fields()) {
      for (const auto& message : messages) renamed.Add("filter." + field, message);
    }
    renamed.ThrowIfAny();
    throw;
  }
  result.conditions = list.ToJson();
  if (list.salary) {
    if (auto base = catalog->ToBase(*list.salary, list.currency)) result.conditions["salary_base"] = *base;
  }
  if (list.specialization_id) {
    result.key = "spec:" + std::to_string(*list.specialization_id);
  } else if (list.category_id) {
    result.key = "cat:" + std::to_string(*list.category_id);
  } else if (list.city_id) {
    result.key = "city:" + std::to_string(*list.city_id);
  } else if (!list.skill_ids.empty()) {
    result.key = "skill:" + std::to_string(list.skill_ids.front());
  } else if (list.country_id) {
    result.key = "country:" + std::to_string(*list.country_id);
  } else {
    result.key = "*";
  }
  co_return result;
}

struct Facts {
  std::int64_t id = 0;
  std::int32_t category_id = 0;
  std::optional<std::int32_t> specialization_id;
  std::vector<std::int64_t> skill_ids;
  std::int64_t salary_key = -1;
  std::string employment;
  std::string schedule;
  std::string experience;
  std::string education;
  std::optional<std::int32_t> country_id;
  std::optional<std::int32_t> city_id;
  std::int64_t company_id = 0;
};

/// Every condition but the words (AddFilters' rules on one vacancy).
bool Fits(const Facts& vacancy, const boost::json::object& conditions) {
  Filter filter;
  try {
    filter = Filter::FromJson(conditions);
  } catch (const std::invalid_argument&) {
    return false;
  }
  const auto same = [](const std::optional<std::int32_t>& wanted, const std::optional<std::int32_t>& value) {
    return !wanted || (value && *value == *wanted);
  };
  if (filter.category_id && *filter.category_id != vacancy.category_id) return false;
  if (!same(filter.specialization_id, vacancy.specialization_id)) return false;
  if (!same(filter.country_id, vacancy.country_id)) return false;
  if (!same(filter.city_id, vacancy.city_id)) return false;
  if (filter.company_id && *filter.company_id != vacancy.company_id) return false;
  if (!filter.employments.empty() &&
      std::ranges::find(filter.employments, vacancy.employment) == filter.employments.end()) {
    return false;
  }
  if (filter.remote) {
    if (vacancy.schedule != "remote") return false;
  } else if (!filter.schedules.empty() &&
             std::ranges::find(filter.schedules, vacancy.schedule) == filter.schedules.end()) {
    return false;
  }
  if (filter.experience && *filter.experience != vacancy.experience) return false;
  if (filter.education && *filter.education != vacancy.education) return false;
  for (const auto skill : filter.skill_ids) {
    if (std::ranges::find(vacancy.skill_ids, static_cast<std::int64_t>(skill)) == vacancy.skill_ids.end())
      return false;
  }
  if (const auto* base = conditions.if_contains("salary_base");
      base != nullptr && base->is_int64() && vacancy.salary_key < base->get_int64()) {
    return false;
  }
  return true;
}

std::optional<std::int32_t> Id(const std::optional<std::int64_t>& id) {
  if (!id) return std::nullopt;
  return static_cast<std::int32_t>(*id);
}

awaitable<std::optional<searches::Published>> Read(db::Transaction& tx, std::int64_t id) {
  auto rows = co_await tx.Query(kRead, id);
  auto row = rows.First();
  if (!row || !row->Get<bool>("open")) co_return std::nullopt;
  Facts facts;
  facts.id = id;
  facts.category_id = static_cast<std::int32_t>(row->Get<std::int64_t>("category_id"));
  facts.specialization_id = Id(row->Get<std::optional<std::int64_t>>("specialization_id"));
  facts.skill_ids = row->Get<std::vector<std::int64_t>>("skill_ids");
  facts.salary_key = row->Get<std::int64_t>("salary_key");
  facts.employment = row->Get<std::string>("employment");
  facts.schedule = row->Get<std::string>("schedule");
  facts.experience = row->Get<std::string>("experience");
  facts.education = row->Get<std::string>("education");
  facts.country_id = Id(row->Get<std::optional<std::int64_t>>("country_id"));
  facts.city_id = Id(row->Get<std::optional<std::int64_t>>("city_id"));
  facts.company_id = row->Get<std::int64_t>("company_id");

  searches::Published item;
  item.title = row->Get<std::string>("title");
  item.path = "/vacancy/" + std::to_string(id);
  item.owner_id = row->Get<std::int64_t>("owner_id");
  item.keys = {"*", "cat:" + std::to_string(facts.category_id)};
  if (facts.specialization_id) item.keys.push_back("spec:" + std::to_string(*facts.specialization_id));
  if (facts.city_id) item.keys.push_back("city:" + std::to_string(*facts.city_id));
  if (facts.country_id) item.keys.push_back("country:" + std::to_string(*facts.country_id));
  for (const auto skill : facts.skill_ids) item.keys.push_back("skill:" + std::to_string(skill));
  item.test = [facts](
                  db::Transaction& in,
                  const std::vector<boost::json::object>& conditions) -> awaitable<std::vector<std::size_t>> {
    std::vector<std::size_t> matched;
    std::vector<std::size_t> worded;
    std::vector<std::string> texts;
    for (std::size_t i = 0; i < conditions.size(); ++i) {
      if (!Fits(facts, conditions[i])) continue;
      const auto* q = conditions[i].if_contains("q");
      if (q != nullptr && q->is_string()) {
        worded.push_back(i);
        texts.emplace_back(q->get_string());
      } else {
        matched.push_back(i);
      }
    }
    if (!texts.empty()) {
      auto hits = co_await in.Query(kWords, facts.id, texts);
      for (auto hit : hits) {
        const auto position = hit.Get<std::int64_t>("i");
        if (position >= 1 && static_cast<std::size_t>(position) <= worded.size()) {
          matched.push_back(worded[static_cast<std::size_t>(position - 1)]);
        }
      }
      std::ranges::sort(matched);
    }
    co_return matched;
  };
  co_return item;
}

}  // namespace

void AddSavedSearchScope(searches::Searches& searches, Vacancies& vacancies, platform::EventBus& events) {
  searches.AddScope(
      {.name = std::string(kScope),
       .normalise = [&vacancies](const boost::json::object& filter) { return Normalise(vacancies, filter); },
       .read = [](db::Transaction& tx, std::int64_t id) { return Read(tx, id); }});
  // Matched when it is published (a search never matches the same vacancy twice, republished or not).
  events.Subscribe<VacancyPublished>(
      [&searches](db::Transaction& tx, const VacancyPublished& e) -> awaitable<void> {
        co_await searches.Publish(tx, kScope, e.vacancy_id, e.at);
      });
}

}  // namespace artel::vacancies
