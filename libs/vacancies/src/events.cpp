#include "artel/vacancies/events.hpp"

#include <boost/json/object.hpp>
#include <vector>

#include "artel/notifications/notifications.hpp"

namespace artel::vacancies {

void AddNotificationKinds(notifications::Notifier& notifier) {
  using notifications::Notice;
  const auto vacancy_path = [](const boost::json::object& payload) -> std::string {
    const auto* vacancy = payload.if_contains("vacancy");
    const auto* id =
        vacancy != nullptr && vacancy->is_object() ? vacancy->as_object().if_contains("id") : nullptr;
    if (id == nullptr || !id->is_int64()) return {};
    return "/vacancy/" + std::to_string(id->get_int64());
  };
  notifier.On<VacancyArchived>(
      {.name = "vacancy_archived",
       .group = notifications::Group::kJobs,
       .email = notifications::Interval::kImmediately,
       .path = vacancy_path},
      [](const VacancyArchived& e) {
        std::vector<Notice> notices;
        if (e.expired) {
          boost::json::object vacancy{{"id", e.vacancy_id}, {"title", e.title}};
          notices.push_back({e.owner_id, boost::json::object{{"vacancy", std::move(vacancy)}}});
        }
        return notices;
      });
}

}  // namespace artel::vacancies
