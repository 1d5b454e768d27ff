#pragma once

// What the hiring domain tells the rest of the system, inside the transaction of the change (published on
// platform::EventBus).

#include <cstdint>
#include <optional>
#include <string>

#include "artel/core/clock.hpp"
#include "artel/hiring/state_machine.hpp"

namespace artel::notifications {
class Notifier;
}  // namespace artel::notifications

namespace artel::hiring {

/// The parts of a response an event's listener needs.
struct ResponseRef {
  std::int64_t id = 0;
  std::int64_t vacancy_id = 0;
  std::string vacancy_title;
  std::int64_t applicant_id = 0;
  std::int64_t employer_id = 0;
  std::string applicant_name;
  std::string employer_name;
};

/// An applicant applied (apply) or reapplied (reapply): the response is new for the employer.
struct ResponseReceived {
  ResponseRef response;
  Action action = Action::kApply;
  TimePoint at;
};

/// When and how an interview happens, as the notifications name it.
struct InterviewRef {
  TimePoint at;
  std::string format;
};

/// An employer invited a resume to a vacancy (the response starts at interview), with the interview's
/// date-time and format when given.
struct ResponseInvited {
  ResponseRef response;
  std::optional<InterviewRef> interview;
  TimePoint at;
};

/// Any other transition (view, interview, offer, hire, discard, withdraw): `actor` took `action`, the
/// response is now in `status`.
struct ResponseStatusChanged {
  ResponseRef response;
  Action action = Action::kView;
  Status status = Status::kViewed;
  Side actor = Side::kEmployer;
  /// The interview action's date-time and format.
  std::optional<InterviewRef> interview;
  TimePoint at;
};

/// Registers hiring's notification kinds: response_received (the employer), response_invited (the
/// applicant), response_status (the other side of every other transition). Payload {response_id, vacancy:
/// {id, title}, status, action, user_name, and for an interview interview_at (UTC date-time) and
/// interview_format}. The module does this at install; tests that build the services by hand too.
void AddNotificationKinds(notifications::Notifier& notifier);

}  // namespace artel::hiring
