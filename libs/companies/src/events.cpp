#include "artel/companies/events.hpp"

#include "artel/notifications/notifications.hpp"

namespace artel::companies {
namespace {

boost::json::object CompanyRef(std::int64_t id, const std::string& name) {
  return {{"id", id}, {"name", name}};
}

std::string CompanyPath(const boost::json::object& payload) {
  const auto* company = payload.if_contains("company");
  const auto* id =
      company != nullptr && company->is_object() ? company->as_object().if_contains("id") : nullptr;
  if (id == nullptr || !id->is_int64()) return {};
  return "/employer/" + std::to_string(id->get_int64());
}

}  // namespace

void AddNotificationKinds(notifications::Notifier& notifier) {
  // Built from the event alone, which carries no author: the owner never learns who wrote a review.
  notifier.On<ReviewPosted>(
      {.name = "company_review",
       .group = notifications::Group::kJobs,
       .email = notifications::Interval::kImmediately,
       .path = CompanyPath},
      [](const ReviewPosted& e) {
        return std::vector<notifications::Notice>{{e.owner_id,
                                                   {{"company", CompanyRef(e.company_id, e.company_name)},
                                                    {"review_id", e.review_id},
                                                    {"rating", e.rating}}}};
      });
  notifier.On<ReplyPosted>(
      {.name = "company_review_reply",
       .group = notifications::Group::kJobs,
       .email = notifications::Interval::kDaily,
       .path = CompanyPath},
      [](const ReplyPosted& e) {
        return std::vector<notifications::Notice>{
            {e.author_id,
             {{"company", CompanyRef(e.company_id, e.company_name)}, {"review_id", e.review_id}}}};
      });
}

}  // namespace artel::companies
