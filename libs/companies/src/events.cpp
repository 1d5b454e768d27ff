#include "artel/companies/events.hpp"

#include "artel/notifications/notifications.hpp"

namespace artel::companies {
namespace {

boost::json::object CompanyRef(std::int64_t id, const std::string& name) {
  return {{"id", id}, {"name", name}};
}

}  // namespace

void AddNotificationKinds(notifications::Notifier& notifier) {
  // Built from the event alone, which carries no author: the owner never learns who wrote a review.
  notifier.On<ReviewPosted>("company_review", [](const ReviewPosted& e) {
    return std::vector<notifications::Notice>{{e.owner_id,
                                               {{"company", CompanyRef(e.company_id, e.company_name)},
                                                {"review_id", e.review_id},
                                                {"rating", e.rating}}}};
  });
  notifier.On<ReplyPosted>("company_review_reply", [](const ReplyPosted& e) {
    return std::vector<notifications::Notice>{
        {e.author_id, {{"company", CompanyRef(e.company_id, e.company_name)}, {"review_id", e.review_id}}}};
  });
}

}  // namespace artel::companies
