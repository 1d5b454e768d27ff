#pragma once

// Vacancies' scope of saved searches (libs/searches): the public list's filters, matched against each vacancy
// when it is published (created published, published from a draft, republished).

namespace artel::platform {
class EventBus;
}  // namespace artel::platform

namespace artel::searches {
class Searches;
}  // namespace artel::searches

namespace artel::vacancies {

class Vacancies;

/// Registers the "vacancies" scope with `searches` and subscribes its matching to VacancyPublished on
/// `events`. The module does this at install; tests that build the services by hand call it too.
void AddSavedSearchScope(searches::Searches& searches, Vacancies& vacancies, platform::EventBus& events);

}  // namespace artel::vacancies
