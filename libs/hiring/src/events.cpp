#include "artel/hiring/events.hpp"

#include "artel/core/time.hpp"
#include "artel/notifications/notifications.hpp"

namespace artel::hiring {
namespace {

boost::json::object Payload(const ResponseRef& response, Status status, Action action,
                            const std::string& user_name, const std::optional<InterviewRef>& interview) {
  boost::json::object payload{
      {"response_id", response.id},
      {"vacancy", boost::json::object{{"id", response.vacancy_id}, {"title", response.vacancy_title}}},
      {"status", StatusName(status)},
      {"action", ActionName(action)}};
  if (!user_name.empty()) payload["user_name"] = user_name;
  if (interview) {
    payload["interview_at"] = IsoTime(interview->at);
    payload["interview_format"] = interview->format;
  }
  return payload;
}

std::string ResponsePath(const boost::json::object& payload) {
  const auto* id = payload.if_contains("response_id");
  if (id == nullptr || !id->is_int64()) return {};
  return "/resume/my-responses?response=" + std::to_string(id->get_int64());
}

}  // namespace

void AddNotificationKinds(notifications::Notifier& notifier) {
  using notifications::Group;
  using notifications::Interval;
  using notifications::Notice;
  notifier.On<ResponseReceived>(
      {.name = "response_received",
       .group = Group::kJobs,
       .email = Interval::kImmediately,
       .path = ResponsePath},
      [](const ResponseReceived& e) {
        return std::vector<Notice>{
            {e.response.employer_id,
             Payload(e.response, Status::kResponse, e.action, e.response.applicant_name, std::nullopt)}};
      });
  notifier.On<ResponseInvited>(
      {.name = "response_invited",
       .group = Group::kJobs,
       .email = Interval::kImmediately,
       .path = ResponsePath},
      [](const ResponseInvited& e) {
        return std::vector<Notice>{
            {e.response.applicant_id, Payload(e.response, Status::kInterview, Action::kInvite,
                                              e.response.employer_name, e.interview)}};
      });
  notifier.On<ResponseStatusChanged>(
      {.name = "response_status", .group = Group::kJobs, .email = Interval::kDaily, .path = ResponsePath},
      [](const ResponseStatusChanged& e) {
        const bool by_employer = e.actor == Side::kEmployer;
        const auto recipient = by_employer ? e.response.applicant_id : e.response.employer_id;
        const auto& name = by_employer ? e.response.employer_name : e.response.applicant_name;
        return std::vector<Notice>{{recipient, Payload(e.response, e.status, e.action, name, e.interview)}};
      });
}

}  // namespace artel::hiring
