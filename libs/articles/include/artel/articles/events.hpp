#pragma once

// What the articles domain tells the rest of the system, inside the transaction of the change.

#include <cstdint>
#include <optional>
#include <string>

#include "artel/core/clock.hpp"

namespace artel::notifications {
class Notifier;
}  // namespace artel::notifications

namespace artel::articles {

/// An admin published, returned or blocked an article (`action`: publish | return | block).
struct ArticleModerated {
  std::int64_t article_id = 0;
  std::string code;
  std::string title;
  std::int64_t author_id = 0;
  std::string action;
  std::optional<std::string> reason;
  std::optional<std::string> comment;
  TimePoint at;
};

/// A new comment (not an edit): `author_id` is the article's author, `parent_author_id` the replied
/// comment's.
struct CommentPosted {
  std::int64_t article_id = 0;
  std::string code;
  std::string title;
  std::int64_t author_id = 0;
  std::int64_t comment_id = 0;
  std::int64_t commenter_id = 0;
  std::optional<std::int64_t> parent_author_id;
  TimePoint at;
};

/// Registers article_published, article_returned, article_blocked (to the author: {article: {id, code,
/// title}, reason, comment}) and article_comment (to the article's author and to the replied comment's
/// author, never to the commenter: {article: {id, code, title}, comment_id}).
void AddNotificationKinds(notifications::Notifier& notifier);

}  // namespace artel::articles
