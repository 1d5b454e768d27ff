#pragma once

// Reading a vacancy form and the list's query string (private to the library; unit-tested).

#include <boost/json/object.hpp>

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

/// The form of a stored vacancy as VacancyInput's JSON (what a PATCH body is merged onto).
boost::json::object InputJson(const Vacancy& vacancy);

/// GET /api/vacancies's (and /counts') query parameters as a Filter, each bad one recorded on `reader` (the
/// caller reads the cursor and limit too, then reader.Finish()).
Filter ReadFilter(web::QueryReader& reader, const web::Request& request, const catalog::Snapshot& catalog,
                  bool for_counts);

}  // namespace artel::vacancies
