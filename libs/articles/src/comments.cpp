#include "articles_impl.hpp"

namespace artel::articles {

using namespace detail;  // NOLINT(google-build-using-namespace): the service's own helpers

namespace {

constexpr db::Statement kCommentById{"articles.comment_by_id", "SELECT " ARTEL_COMMENT_COLUMNS R"sql(,
  coalesce((SELECT v.value FROM articles.comment_votes v WHERE v.comment_id = c.id AND v.user_id = $2), 0)::int
    AS my_vote
FROM articles.comments c JOIN identity.users u ON u.id = c.author_id WHERE c.id = $1
)sql"};
constexpr db::Statement kTopComments{"articles.top_comments", "SELECT " ARTEL_COMMENT_COLUMNS R"sql(,
  coalesce((SELECT v.value FROM articles.comment_votes v WHERE v.comment_id = c.id AND v.user_id = $2), 0)::int
    AS my_vote
FROM articles.comments c JOIN identity.users u ON u.id = c.author_id
WHERE c.article_id = $1 AND c.parent_id IS NULL AND c.id > $4
ORDER BY c.id
LIMIT $3
)sql"};
constexpr db::Statement kReplies{"articles.replies", "SELECT " ARTEL_COMMENT_COLUMNS R"sql(,
  coalesce((SELECT v.value FROM articles.comment_votes v WHERE v.comment_id = c.id AND v.user_id = $2), 0)::int
    AS my_vote
FROM articles.comments c JOIN identity.users u ON u.id = c.author_id
WHERE c.parent_id = ANY($1::bigint[])
ORDER BY c.id
)sql"};
constexpr db::Statement kCommentTotal{"articles.comment_total", R"sql(
SELECT count(*)::bigint AS total FROM articles.comments WHERE article_id = $1
)sql"};
constexpr db::Statement kPublishedHead{"articles.published_head", R"sql(
SELECT id, code, title, author_id FROM articles.articles WHERE id = $1 AND status = 'published'
)sql"};
constexpr db::Statement kParent{"articles.parent", R"sql(
SELECT id, parent_id, author_id FROM articles.comments WHERE id = $1 AND article_id = $2
)sql"};
constexpr db::Statement kInsertComment{"articles.insert_comment", R"sql(
INSERT INTO articles.comments (article_id, parent_id, author_id, client_id, text, created_at)
VALUES ($1, $2, $3, $4::uuid, $5, $6)
ON CONFLICT (author_id, client_id) DO NOTHING
RETURNING id
)sql"};
constexpr db::Statement kCommentByClient{"articles.comment_by_client", R"sql(
SELECT id, article_id FROM articles.comments WHERE author_id = $1 AND client_id = $2::uuid
)sql"};
constexpr db::Statement kRecountComments{"articles.recount_comments", R"sql(
UPDATE articles.articles
SET comment_count = (SELECT count(*) FROM articles.comments
                     WHERE article_id = $1 AND deleted_at IS NULL AND hidden_at IS NULL)
WHERE id = $1
)sql"};
constexpr db::Statement kEditComment{"articles.edit_comment", R"sql(
UPDATE articles.comments SET text = $2, edited_at = $3 WHERE id = $1
)sql"};
constexpr db::Statement kDeleteComment{"articles.delete_comment", R"sql(
UPDATE articles.comments SET deleted_at = $3
WHERE id = $1 AND article_id = $2 AND author_id = $4 AND deleted_at IS NULL
RETURNING id
)sql"};
constexpr db::Statement kHideComment{"articles.hide_comment", R"sql(
UPDATE articles.comments SET hidden_at = CASE WHEN $2 THEN coalesce(hidden_at, $3) ELSE NULL END WHERE id = $1
)sql"};

}  // namespace

awaitable<Comment> Articles::Impl::ReadComment(db::Transaction& tx, std::int64_t comment_id,
                                               std::int64_t viewer_id) {
  auto rows = co_await tx.Query(kCommentById, comment_id, viewer_id);
  if (rows.Empty()) throw NotFound({"articles:comment_not_found", {}});
  co_return detail::ReadComment(rows[0]);
}

awaitable<CommentPage> Articles::Comments(std::int64_t article_id, std::optional<std::int64_t> viewer_id,
                                          std::optional<std::string> cursor, std::int32_t limit) {
  auto head = co_await impl_->pool.Query(kPublishedHead, article_id);
  if (head.Empty()) ThrowNotFound();
  std::int64_t after = 0;
  if (cursor) {
    auto decoded = kernel::DecodeCursor("c", *cursor);
    if (!decoded || !decoded->flags.empty())
      throw ValidationFailed("cursor", {"articles:cursor_invalid", {}});
    after = decoded->id;
  }
  const std::int64_t viewer = viewer_id.value_or(0);
  auto rows = co_await impl_->pool.Query(kTopComments, article_id, viewer, std::int64_t{limit} + 1, after);
  CommentPage page;
  std::vector<std::int64_t> ids;
  for (std::size_t i = 0; i < rows.Size() && i < static_cast<std::size_t>(limit); ++i) {
    page.items.push_back({ReadComment(rows[i]), {}});
    ids.push_back(page.items.back().comment.id);
  }
  if (rows.Size() > static_cast<std::size_t>(limit) && !page.items.empty()) {
    const auto last = page.items.back().comment.id;
    page.next_cursor = kernel::EncodeCursor("c", last, last);
  }
  if (!ids.empty()) {
    auto replies = co_await impl_->pool.Query(kReplies, ids, viewer);
    for (auto row : replies) {
      auto reply = ReadComment(row);
      for (auto& thread : page.items) {
        if (reply.parent_id && thread.comment.id == *reply.parent_id) {
          thread.replies.push_back(std::move(reply));
          break;
        }
      }
    }
  }
  auto total = co_await impl_->pool.Query(kCommentTotal, article_id);
  page.total = total.One().Get<std::int64_t>("total");
  co_return page;
}

awaitable<std::pair<Comment, bool>> Articles::AddComment(const Actor& actor, std::int64_t article_id,
                                                         const CommentInput& input) {
  auto tx = co_await impl_->pool.Begin();
  auto head = co_await tx.Query(kPublishedHead, article_id);
  if (head.Empty()) ThrowNotFound();
  std::optional<std::int64_t> parent_id;
  std::optional<std::int64_t> parent_author_id;
  if (input.parent_id) {
    auto parent = co_await tx.Query(kParent, *input.parent_id, article_id);
    if (parent.Empty()) throw ValidationFailed("parent_id", {"articles:parent_unknown", {}});
    // One level of replies: a reply to a reply attaches to its top-level comment.
    parent_id = parent[0].Get<std::optional<std::int64_t>>("parent_id").value_or(*input.parent_id);
    parent_author_id = parent[0].Get<std::int64_t>("author_id");
  }
  const TimePoint now = impl_->clock.Now();
  auto inserted = co_await tx.Query(kInsertComment, article_id, parent_id, actor.user_id, input.client_id,
                                    input.text, now);
  if (inserted.Empty()) {
    // The same client_id again: the comment it made (a retry), unchanged.
    auto earlier = co_await tx.Query(kCommentByClient, actor.user_id, input.client_id);
    if (earlier.Empty() || earlier[0].Get<std::int64_t>("article_id") != article_id) {
      throw Conflict({"articles:client_id_reused", {}});
    }
    auto comment = co_await impl_->ReadComment(tx, earlier[0].Get<std::int64_t>("id"), actor.user_id);
    co_await tx.Commit();
    co_return std::pair<Comment, bool>{std::move(comment), false};
  }
  const auto id = inserted.One().Get<std::int64_t>("id");
  co_await tx.Query(kRecountComments, article_id);
  CommentPosted event;
  event.article_id = article_id;
  event.code = head[0].Get<std::string>("code");
  event.title = head[0].Get<std::string>("title");
  event.author_id = head[0].Get<std::int64_t>("author_id");
  event.comment_id = id;
  event.commenter_id = actor.user_id;
  event.parent_author_id = parent_author_id;
  event.at = now;
  co_await impl_->events.Publish(tx, event);
  auto comment = co_await impl_->ReadComment(tx, id, actor.user_id);
  co_await tx.Commit();
  co_return std::pair<Comment, bool>{std::move(comment), true};
}

awaitable<Comment> Articles::EditComment(const Actor& actor, std::int64_t article_id, std::int64_t comment_id,
                                         std::string text) {
  auto tx = co_await impl_->pool.Begin();
  auto locked = co_await tx.Query(kLockComment, comment_id, article_id);
  if (locked.Empty() || locked[0].Get<std::int64_t>("author_id") != actor.user_id) {
    throw NotFound({"articles:comment_not_found", {}});
  }
  const TimePoint now = impl_->clock.Now();
  switch (DecideComment(StateOf(locked[0], now), CommentAction::kEdit)) {
    case CommentVerdict::kGone:
      throw NotFound({"articles:comment_not_found", {}});
    case CommentVerdict::kClosed:
      throw Conflict({"articles:edit_window_closed", {}});
    case CommentVerdict::kAllowed:
      break;
  }
  co_await tx.Query(kEditComment, comment_id, text, now);
  auto comment = co_await impl_->ReadComment(tx, comment_id, actor.user_id);
  co_await tx.Commit();
  co_return comment;
}

awaitable<void> Articles::DeleteComment(const Actor& actor, std::int64_t article_id,
                                        std::int64_t comment_id) {
  auto tx = co_await impl_->pool.Begin();
  const TimePoint now = impl_->clock.Now();
  auto rows = co_await tx.Query(kDeleteComment, comment_id, article_id, now, actor.user_id);
  if (rows.Empty()) throw NotFound({"articles:comment_not_found", {}});
  co_await tx.Query(kRecountComments, article_id);
  co_await tx.Commit();
}

awaitable<Comment> Articles::HideComment(const Actor& admin, std::int64_t article_id, std::int64_t comment_id,
                                         bool hidden) {
  auto tx = co_await impl_->pool.Begin();
  auto parent = co_await tx.Query(kParent, comment_id, article_id);
  if (parent.Empty()) throw NotFound({"articles:comment_not_found", {}});
  const TimePoint now = impl_->clock.Now();
  auto old = co_await impl_->ReadComment(tx, comment_id, admin.user_id);
  // The audit keeps the text (the admin's view), even of a tombstone.
  auto before_view = View(old, std::nullopt, now);
  before_view.text = old.text;
  auto before = kernel::ToJson(before_view);
  co_await tx.Query(kHideComment, comment_id, hidden, now);
  co_await tx.Query(kRecountComments, article_id);
  auto comment = co_await impl_->ReadComment(tx, comment_id, admin.user_id);
  auto after_view = View(comment, std::nullopt, now);
  after_view.text = comment.text;
  auto after = kernel::ToJson(after_view);
  platform::AuditEntry entry{hidden ? "articles.comment_hide" : "articles.comment_show", "article_comment",
                             comment_id, std::move(before), std::move(after)};
  co_await platform::RecordAudit(tx, admin, std::move(entry));
  co_await tx.Commit();
  co_return comment;
}

}  // namespace artel::articles
