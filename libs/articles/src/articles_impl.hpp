#pragma once

// The Articles service's private parts, shared by the files it is split into along its aggregates
// (docs/architecture.md, "Articles"): articles.cpp (an author's articles, the public list, views, covers),
// admin.cpp (categories and moderation), comments.cpp (comments and their moderation) and votes.cpp.

#include <fmt/format.h>

#include <boost/json/array.hpp>
#include <chrono>

#include "artel/articles/articles.hpp"
#include "artel/articles/events.hpp"
#include "artel/articles/state_machine.hpp"
#include "artel/core/error.hpp"
#include "artel/core/time.hpp"
#include "artel/db/errors.hpp"
#include "artel/kernel/cursor.hpp"
#include "artel/kernel/json.hpp"
#include "artel/markdown/markdown.hpp"
#include "artel/platform/audit.hpp"
#include "artel/platform/events.hpp"
#include "artel/storage/storage.hpp"
#include "views.hpp"

namespace artel::articles {

using boost::asio::awaitable;

// ReadArticle reads these columns (articles.articles a, the author u).
#define ARTEL_ARTICLE_COLUMNS                                                                                \
  "a.id, a.code, a.category_id, a.title, a.lead, a.body, a.body_html, a.cover, a.cover_thumbnail, a.tags, "  \
  "a.lang, a.status, a.moderation_action, a.moderation_reason, a.moderation_comment, a.moderated_at, "       \
  "a.rating, a.view_count, a.comment_count, a.published_at, a.created_at, a.updated_at, u.id AS author_id, " \
  "u.name AS author_name, u.lastname AS author_lastname, u.avatar AS author_avatar"
// The same for lists (cards carry no body).
#define ARTEL_CARD_COLUMNS                                                                                   \
  "a.id, a.code, a.category_id, a.title, a.lead, '' AS body, '' AS body_html, a.cover, a.cover_thumbnail, "  \
  "a.tags, a.lang, a.status, a.moderation_action, a.moderation_reason, a.moderation_comment, "               \
  "a.moderated_at, "                                                                                         \
  "a.rating, a.view_count, a.comment_count, a.published_at, a.created_at, a.updated_at, u.id AS author_id, " \
  "u.name AS author_name, u.lastname AS author_lastname, u.avatar AS author_avatar"
#define ARTEL_COMMENT_COLUMNS                                                                   \
  "c.id, c.article_id, c.parent_id, c.text, c.rating, c.created_at, c.edited_at, "              \
  "c.deleted_at IS NOT NULL AS deleted, c.hidden_at IS NOT NULL AS hidden, u.id AS author_id, " \
  "u.name AS author_name, u.lastname AS author_lastname, u.avatar AS author_avatar"

namespace detail {

inline constexpr std::size_t kMaxBodyText = 100000;

/// Used by more than one of the service's files.
inline constexpr db::Statement kSetStatus{"articles.set_status", R"sql(
UPDATE articles.articles
SET status = $2, published_at = CASE WHEN $2 = 'published' THEN coalesce(published_at, $3) ELSE published_at END,
    updated_at = $3
WHERE id = $1
)sql"};
inline constexpr db::Statement kLockComment{"articles.lock_comment", R"sql(
SELECT c.author_id, c.created_at, c.deleted_at IS NOT NULL AS deleted, c.hidden_at IS NOT NULL AS hidden
FROM articles.comments c JOIN articles.articles a ON a.id = c.article_id
WHERE c.id = $1 AND c.article_id = $2 AND a.status = 'published'
FOR UPDATE OF c
)sql"};

Article ReadArticle(const db::Row& row);
/// A locked comment row (kLockComment) as the comment state machine sees it at `now`.
CommentState StateOf(const db::Row& row, TimePoint now);
Comment ReadComment(const db::Row& row);
Category ReadCategory(const db::Row& row);
[[noreturn]] void ThrowNotFound();
[[noreturn]] void ThrowIllegal();
/// An admin sees everything (for the audit's before/after).
Viewer AdminViewer(const Actor& admin);
std::string Day(TimePoint now);

/// Pages by (updated_at DESC, id DESC): the author's list and the admin's.
template <class Run>
awaitable<ArticlePage> UpdatedPage(const std::optional<std::string>& cursor, std::int32_t limit,
                                   const Run& run) {
  std::optional<TimePoint> after;
  std::optional<std::int64_t> after_id;
  if (cursor) {
    auto decoded = kernel::DecodeCursor("u", *cursor);
    if (!decoded || !decoded->flags.empty())
      throw ValidationFailed("cursor", {"articles:cursor_invalid", {}});
    after = kernel::CursorTime(decoded->key);
    after_id = decoded->id;
  }
  const std::int64_t fetch = std::int64_t{limit} + 1;
  auto rows = co_await run(fetch, after, after_id);
  ArticlePage page;
  for (std::size_t i = 0; i < rows.Size() && i < static_cast<std::size_t>(limit); ++i) {
    page.items.push_back(ReadArticle(rows[i]));
  }
  if (rows.Size() > static_cast<std::size_t>(limit) && !page.items.empty()) {
    const auto& last = page.items.back();
    page.next_cursor = kernel::EncodeCursor("u", kernel::CursorKey(last.updated_at), last.id);
  }
  co_return page;
}

}  // namespace detail

struct Articles::Impl {
  Impl(db::Pool& p, platform::EventBus& e, const Clock& c) : pool(p), events(e), clock(c) {}

  db::Pool& pool;
  platform::EventBus& events;
  const Clock& clock;

  awaitable<Article> ReadById(db::Transaction& tx, std::int64_t id, std::int64_t viewer_id);

  awaitable<Article> Lock(db::Transaction& tx, std::int64_t id);

  /// The author's own article, locked; someone else's is NotFound.
  awaitable<Article> LockOwn(db::Transaction& tx, const Actor& actor, std::int64_t id);

  /// The input's rules no schema states, for every caller (routes, seeders, tests): a code that is a code
  /// (blank: none), the tags in their one spelling, a language the site has.
  static ArticleInput Normalized(const ArticleInput& given);

  awaitable<void> CheckCategory(db::Transaction& tx, std::int64_t category_id);

  /// The code to store: the input's (422 articles:code_taken when another article has it), the article's own
  /// when editing without one, or one made from the title with the first free numeric suffix.
  awaitable<std::string> ChooseCode(db::Transaction& tx, const ArticleInput& input, const Article* existing);

  /// Writes the input's fields (new row when `existing` is empty) in `status`; returns the id.
  awaitable<std::int64_t> Write(db::Transaction& tx, std::int64_t author_id, const ArticleInput& given,
                                const Article* existing, Status status);

  awaitable<void> Moderate(db::Transaction& tx, const Article& article, const Actor& admin, Action action,
                           const ModerationInput* input);

  /// An admin's transition with its audit row, in one transaction.
  awaitable<Article> AdminTransition(const Actor& admin, std::int64_t id, Action action,
                                     const ModerationInput* input);

  awaitable<Comment> ReadComment(db::Transaction& tx, std::int64_t comment_id, std::int64_t viewer_id);

  awaitable<VoteResult> SetVote(db::Transaction& tx, const db::Statement& upsert, const db::Statement& remove,
                                const db::Statement& recount, std::int64_t target, std::int64_t user_id,
                                std::int32_t value);
};

}  // namespace artel::articles
