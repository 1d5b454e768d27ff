#pragma once

// What the companies domain tells the rest of the system, inside the transaction of the change. Neither
// event carries the author of a review: an anonymous one must stay anonymous in every notification, so the
// owner's notices are built from what the owner may know.

#include <cstdint>
#include <string>

#include "artel/core/clock.hpp"

namespace artel::notifications {
class Notifier;
}  // namespace artel::notifications

namespace artel::companies {

/// A new review of a company (not an edit of one).
struct ReviewPosted {
  std::int64_t company_id = 0;
  std::string company_name;
  std::int64_t owner_id = 0;
  std::int64_t review_id = 0;
  std::int32_t rating = 0;
  TimePoint at;
};

/// The company's owner replied to a review; `author_id` is whom to tell.
struct ReplyPosted {
  std::int64_t company_id = 0;
  std::string company_name;
  std::int64_t author_id = 0;
  std::int64_t review_id = 0;
  TimePoint at;
};

/// Registers company_review (to the owner: {company: {id, name}, review_id, rating}) and
/// company_review_reply (to the author: {company: {id, name}, review_id}).
void AddNotificationKinds(notifications::Notifier& notifier);

}  // namespace artel::companies
