#pragma once

// The rules of a vacancy form (the service runs them on every Create and Update), the edge's described inputs
// (api.yaml's VacancyInput body and the list's query parameters) and how they become the service's form and
// filter, and a patch merged onto the stored form (private to the library; unit-tested).

#include <boost/describe/class.hpp>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "artel/core/error.hpp"
#include "artel/vacancies/filter.hpp"
#include "artel/vacancies/vacancies.hpp"

namespace artel::catalog {
class Snapshot;
}  // namespace artel::catalog

namespace artel::vacancies {

/// createVacancy's body (api.yaml VacancyInput) as the schema checked it; catalog ids as sent (int64).
struct FormInput {
  std::int64_t company_id = 0;
  std::string title;
  std::int64_t category_id = 0;
  std::optional<std::int64_t> specialization_id;
  std::string description;
  std::vector<std::int64_t> skill_ids;
  std::optional<Salary> salary;
  std::string employment;
  std::string schedule;
  std::string experience;
  std::string education;
  std::optional<std::int64_t> country_id;
  std::optional<std::int64_t> city_id;
  std::string address;
  Contact contact;
  bool publish = false;
};
BOOST_DESCRIBE_STRUCT(FormInput, (),
                      (company_id, title, category_id, specialization_id, description, skill_ids, salary,
                       employment, schedule, experience, education, country_id, city_id, address, contact,
                       publish))

/// countVacancies' query parameters, which listVacancies shares (its own: category, sort, cursor, limit). The
/// schema has checked the codes, bounds and counts; FilterOf checks the catalog's.
struct FilterQuery {
  std::optional<std::int64_t> specialization;
  std::optional<std::string> q;
  std::vector<std::string> employment;
  std::vector<std::string> schedule;
  std::optional<std::string> experience;
  std::optional<std::string> education;
  std::optional<std::int64_t> salary;
  std::string currency;
  std::optional<std::int64_t> country;
  std::optional<std::int64_t> city;
  std::vector<std::int64_t> skill;
  std::optional<bool> remote;
  std::optional<std::int64_t> company;
};
BOOST_DESCRIBE_STRUCT(FilterQuery, (),
                      (specialization, q, employment, schedule, experience, education, salary, currency,
                       country, city, skill, remote, company))

/// A catalog id as sent: -1 (unknown to every check) when outside 1..INT32_MAX.
std::int32_t CatalogId(std::int64_t id) noexcept;
std::optional<std::int32_t> CatalogId(const std::optional<std::int64_t>& id) noexcept;

/// The service's form of a create body.
VacancyInput InputOf(FormInput form);

/// The form of a stored vacancy (what a patch is merged onto).
VacancyInput FormOf(const Vacancy& vacancy);

/// The sent properties of `patch` over `form` (company_id is the service's check, not merged).
void Merge(const VacancyPatch& patch, VacancyInput& form);

/// The list's filter: the category code and the currency looked up in the catalog, a country or city beyond
/// its ids rejected (ValidationFailed, each under its parameter).
Filter FilterOf(const catalog::Snapshot& catalog, FilterQuery query,
                const std::optional<std::string>& category = std::nullopt,
                const std::optional<std::string>& sort = std::nullopt);

/// The rules of a form a schema cannot state or that every caller must meet (the demo seeder, tests, other
/// modules): lengths of the trimmed texts, the codes, the salary (a currency of three letters, one end at
/// least, positive, at most kMaxAmount, from ≤ to), the skills (each once, at most kMaxSkills), the contact
/// (lengths, a plausible e-mail), each problem under its field with the keys api.yaml gives the edge. The
/// service runs it on every Create and Update.
void CheckRules(VacancyInput& input, ValidationErrors& errors);

/// The catalog references of a form (category, specialization of that category, skills, country, city of
/// that country, the salary's currency; catalog::ReferenceCheck) and the salary's base amount
/// (`salary_base`), each problem under its field; a field that already has an error is skipped. The service
/// runs it on every Create and Update, whoever calls.
void CheckReferences(const catalog::Snapshot& catalog, VacancyInput& input, ValidationErrors& errors);

}  // namespace artel::vacancies
