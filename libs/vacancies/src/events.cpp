#include "artel/vacancies/events.hpp"

#include <boost/json/object.hpp>
#include <vector>

#include "artel/notifications/notifications.hpp"

namespace artel::vacancies {

void AddNotificationKinds(notifications::Notifier& notifier) {
  using notifications::Notice;
  notifier.On<VacancyArchived>("vacancy_archived", [](const VacancyArchived& e) {
    std::vector<Notice> notices;
    if (e.expired) {
      boost::json::object vacancy{{"id", e.vacancy_id}, {"title", e.title}};
      notices.push_back({e.owner_id, boost::json::object{{"vacancy", std::move(vacancy)}}});
    }
    return notices;
  });
}

}  // namespace artel::vacancies
