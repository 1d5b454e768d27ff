#include "articles_impl.hpp"

namespace artel::articles {

using namespace detail;  // NOLINT(google-build-using-namespace): the service's own helpers

namespace {

constexpr db::Statement kLockForVote{"articles.lock_for_vote", R"sql(
SELECT author_id, status FROM articles.articles WHERE id = $1 FOR UPDATE
)sql"};
constexpr db::Statement kUpsertVote{"articles.upsert_vote", R"sql(
INSERT INTO articles.article_votes (article_id, user_id, value, created_at) VALUES ($1, $2, $3::smallint, $4)
ON CONFLICT (article_id, user_id) DO UPDATE SET value = EXCLUDED.value
)sql"};
constexpr db::Statement kDeleteVote{"articles.delete_vote", R"sql(
DELETE FROM articles.article_votes WHERE article_id = $1 AND user_id = $2
)sql"};
constexpr db::Statement kRecountRating{"articles.recount_rating", R"sql(
UPDATE articles.articles
SET rating = (SELECT coalesce(sum(value), 0) FROM articles.article_votes WHERE article_id = $1)
WHERE id = $1
RETURNING rating
)sql"};
constexpr db::Statement kUpsertCommentVote{"articles.upsert_comment_vote", R"sql(
INSERT INTO articles.comment_votes (comment_id, user_id, value, created_at) VALUES ($1, $2, $3::smallint, $4)
ON CONFLICT (comment_id, user_id) DO UPDATE SET value = EXCLUDED.value
)sql"};
constexpr db::Statement kDeleteCommentVote{"articles.delete_comment_vote", R"sql(
DELETE FROM articles.comment_votes WHERE comment_id = $1 AND user_id = $2
)sql"};
constexpr db::Statement kRecountCommentRating{"articles.recount_comment_rating", R"sql(
UPDATE articles.comments
SET rating = (SELECT coalesce(sum(value), 0) FROM articles.comment_votes WHERE comment_id = $1)
WHERE id = $1
RETURNING rating
)sql"};

}  // namespace

awaitable<VoteResult> Articles::Impl::SetVote(db::Transaction& tx, const db::Statement& upsert,
                                              const db::Statement& remove, const db::Statement& recount,
                                              std::int64_t target, std::int64_t user_id, std::int32_t value) {
  if (value == 0) {
    co_await tx.Query(remove, target, user_id);
  } else {
    const TimePoint now = clock.Now();
    co_await tx.Query(upsert, target, user_id, value, now);
  }
  auto rows = co_await tx.Query(recount, target);
  co_return VoteResult{rows.One().Get<std::int32_t>("rating"), value};
}

awaitable<VoteResult> Articles::Vote(const Actor& actor, std::int64_t id, std::int32_t value) {
  auto tx = co_await impl_->pool.Begin();
  // The article's row lock orders concurrent votes on it: each recount sees every vote committed before it.
  auto locked = co_await tx.Query(kLockForVote, id);
  if (locked.Empty() || locked[0].Get<std::string>("status") != "published") ThrowNotFound();
  if (locked[0].Get<std::int64_t>("author_id") == actor.user_id) throw Forbidden({"articles:own_vote", {}});
  auto result =
      co_await impl_->SetVote(tx, kUpsertVote, kDeleteVote, kRecountRating, id, actor.user_id, value);
  co_await tx.Commit();
  co_return result;
}

awaitable<VoteResult> Articles::VoteComment(const Actor& actor, std::int64_t article_id,
                                            std::int64_t comment_id, std::int32_t value) {
  auto tx = co_await impl_->pool.Begin();
  auto locked = co_await tx.Query(kLockComment, comment_id, article_id);
  if (locked.Empty()) throw NotFound({"articles:comment_not_found", {}});
  if (locked[0].Get<std::int64_t>("author_id") == actor.user_id) throw Forbidden({"articles:own_vote", {}});
  if (DecideComment(StateOf(locked[0], impl_->clock.Now()), CommentAction::kVote) !=
      CommentVerdict::kAllowed) {
    throw Conflict({"articles:comment_closed", {}});
  }
  auto result = co_await impl_->SetVote(tx, kUpsertCommentVote, kDeleteCommentVote, kRecountCommentRating,
                                        comment_id, actor.user_id, value);
  co_await tx.Commit();
  co_return result;
}

}  // namespace artel::articles
