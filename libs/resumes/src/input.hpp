#pragma once

// The rules of a resume form that a schema cannot state, run by the service on every form (Resumes::Create,
// the merged form of Resumes::Update), whoever calls: the HTTP edge, the demo seeder, tests.

#include <optional>

#include "artel/core/clock.hpp"
#include "artel/core/error.hpp"
#include "artel/resumes/resumes.hpp"

namespace artel::resumes {

/// The form's own rules with resumes' keys, each problem under its field (nested ones as
/// "experience.0.start"): the texts' lengths (trimmed), the codes (each once), the entries' counts, months
/// (none after `now`'s, an end not before its start), graduation years, languages (each once), visibility.
void CheckRules(ResumeInput& input, TimePoint now, ValidationErrors& errors);

/// The catalog references of a form (category, specializations of that category, skills, citizenship,
/// country, city of that country, the salary's currency; catalog::ReferenceCheck with the catalog's keys) and
/// the salary's base amount (`salary_base`), each problem under its field. Resumes::Create/Update run it on
/// every form, whoever calls.
void CheckReferences(const catalog::Snapshot& catalog, ResumeInput& input, ValidationErrors& errors);

/// The current month in UTC.
YearMonth MonthOf(TimePoint time);

}  // namespace artel::resumes
