#pragma once

// Reading a vacancy form and the list's query string (private to the library; unit-tested).

#include <boost/json/object.hpp>

#include "artel/core/error.hpp"
#include "artel/vacancies/filter.hpp"
#include "artel/vacancies/vacancies.hpp"

namespace artel::catalog {
class Snapshot;
}  // namespace artel::catalog

namespace artel::web {
class JsonReader;
class QueryReader;
class Request;
}  // namespace artel::web

namespace artel::vacancies {

/// Every field of a VacancyInput checked against the catalog, each problem recorded on `reader` under its
/// field (reader.Finish() throws them). `company_id` is read only when `with_company` (creation).
VacancyInput ReadVacancyInput(web::JsonReader& reader, const catalog::Snapshot& catalog, bool with_company);

/// The rules of a form a schema cannot state or that every caller must meet (the demo seeder, tests, other
/// modules): lengths of the trimmed texts, the codes, the salary (a currency of three letters, one end at
/// least, positive, at most kMaxAmount, from ≤ to), the skills' count, the contact (lengths, a plausible
/// e-mail), each problem under its field with the reader's keys. The service runs it on every Create and
/// Update.
void CheckRules(VacancyInput& input, ValidationErrors& errors);

/// The catalog references of a form (category, specialization of that category, skills, country, city of
/// that country, the salary's currency; catalog::ReferenceCheck) and the salary's base amount
/// (`salary_base`), each problem under its field; a field that already has an error is skipped. The service
/// runs it on every Create and Update, whoever calls; the form's reader too, for one 422 with every error.
void CheckReferences(const catalog::Snapshot& catalog, VacancyInput& input, ValidationErrors& errors);

/// The form of a stored vacancy as VacancyInput's JSON (what a PATCH body is merged onto).
boost::json::object InputJson(const Vacancy& vacancy);

/// GET /api/vacancies's (and /counts') query parameters as a Filter, each bad one recorded on `reader` (the
/// caller reads the cursor and limit too, then reader.Finish()).
Filter ReadFilter(web::QueryReader& reader, const web::Request& request, const catalog::Snapshot& catalog,
                  bool for_counts);

}  // namespace artel::vacancies
