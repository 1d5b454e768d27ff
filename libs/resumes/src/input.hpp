#pragma once

// Reading the resume form (POST, PATCH /api/resumes) and the list's query parameters.

#include <boost/json/object.hpp>
#include <optional>

#include "artel/core/clock.hpp"
#include "artel/core/error.hpp"
#include "artel/resumes/resumes.hpp"

namespace artel::web {
class JsonReader;
struct Request;
}  // namespace artel::web

namespace artel::resumes {

/// The catalog references of a form (category, specializations of that category, skills, citizenship,
/// country, city of that country, the salary's currency; catalog::ReferenceCheck with resumes' own keys) and
/// the salary's base amount (`salary_base`), each problem under its field. Resumes::Create/Update run it on
/// every form, whoever calls.
void CheckReferences(const catalog::Snapshot& catalog, ResumeInput& input, ValidationErrors& errors);

/// The form against the catalog, every problem under its field (nested ones as "experience.0.start").
/// With `base` (a PATCH) the fields the body lacks keep the base's values; without it (a POST) position and
/// category_id are required. `now` bounds the experience dates (no month after the current one).
ResumeInput ReadResumeInput(web::JsonReader& reader, const catalog::Snapshot& catalog, TimePoint now,
                            const std::optional<ResumeInput>& base);

/// The list's filters (`for_counts`: the category and sort are ignored) and its page (cursor, limit).
/// Throws ValidationFailed with every bad parameter.
Filter ReadFilter(const web::Request& request, const catalog::Snapshot& catalog, bool for_counts,
                  PageRequest* page);

/// The current month in UTC.
YearMonth MonthOf(TimePoint time);

}  // namespace artel::resumes
