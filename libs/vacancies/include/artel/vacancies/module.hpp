#pragma once

#include "artel/platform/module.hpp"

namespace artel::vacancies {

/// Vacancies: provides vacancies::Vacancies, its routes, the 30-day archive job (vacancies.archive_expired,
/// on the platform's jobs.interval), the notification kind vacancy_archived, and the demo vacancies
/// (after the demo companies).
platform::Module Module();

}  // namespace artel::vacancies
