#pragma once

// What the vacancies domain tells the rest of the system, inside the transaction of the change (published on
// platform::EventBus). Listeners: the notification kind vacancy_archived (vacancies' module); later the
// digests of saved searches.

#include <cstdint>
#include <string>

#include "artel/core/clock.hpp"
#include "artel/vacancies/state_machine.hpp"

namespace artel::notifications {
class Notifier;
}  // namespace artel::notifications

namespace artel::vacancies {

/// A vacancy became published (created published, published from a draft, or republished).
struct VacancyPublished {
  std::int64_t vacancy_id = 0;
  std::int64_t owner_id = 0;
  std::string title;
  TimePoint at;
};

/// A published vacancy was archived: by its owner (`expired` false) or by the 30-day job (`expired` true).
struct VacancyArchived {
  std::int64_t vacancy_id = 0;
  std::int64_t owner_id = 0;
  std::string title;
  bool expired = false;
  TimePoint at;
};

/// Registers vacancies' notification kind vacancy_archived (to the owner, when the 30-day job archived the
/// vacancy; an owner's own archiving tells nobody). Payload {vacancy: {id, title}}.
void AddNotificationKinds(notifications::Notifier& notifier);

}  // namespace artel::vacancies
