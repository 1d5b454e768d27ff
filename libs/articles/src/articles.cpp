#include "artel/articles/articles.hpp"

#include <fmt/format.h>

#include <boost/json/array.hpp>
#include <chrono>

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
namespace {

using boost::asio::awaitable;

constexpr std::size_t kMaxBodyText = 100000;

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

constexpr db::Statement kById{"articles.by_id", "SELECT " ARTEL_ARTICLE_COLUMNS R"sql(,
  coalesce((SELECT v.value FROM articles.article_votes v WHERE v.article_id = a.id AND v.user_id = $2), 0)::int
    AS my_vote
FROM articles.articles a JOIN identity.users u ON u.id = a.author_id WHERE a.id = $1
)sql"};
constexpr db::Statement kByCode{"articles.by_code", "SELECT " ARTEL_ARTICLE_COLUMNS R"sql(,
  coalesce((SELECT v.value FROM articles.article_votes v WHERE v.article_id = a.id AND v.user_id = $2), 0)::int
    AS my_vote
FROM articles.articles a JOIN identity.users u ON u.id = a.author_id WHERE a.code = $1
)sql"};
constexpr db::Statement kLock{"articles.lock", "SELECT " ARTEL_ARTICLE_COLUMNS R"sql(, 0 AS my_vote
FROM articles.articles a JOIN identity.users u ON u.id = a.author_id WHERE a.id = $1 FOR UPDATE OF a
)sql"};
constexpr db::Statement kInsert{"articles.insert", R"sql(
INSERT INTO articles.articles (code, author_id, category_id, title, lead, body, body_html, body_text, tags, lang,
                               status, published_at, created_at, updated_at)
VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9::text[], $10, $11, $12, $13, $13)
RETURNING id
)sql"};
constexpr db::Statement kUpdate{"articles.update", R"sql(
UPDATE articles.articles
SET code = $2, category_id = $3, title = $4, lead = $5, body = $6, body_html = $7, body_text = $8, tags = $9::text[],
    lang = $10, status = $11, published_at = $12, updated_at = $13
WHERE id = $1
)sql"};
constexpr db::Statement kSetStatus{"articles.set_status", R"sql(
UPDATE articles.articles
SET status = $2, published_at = CASE WHEN $2 = 'published' THEN coalesce(published_at, $3) ELSE published_at END,
    updated_at = $3
WHERE id = $1
)sql"};
constexpr db::Statement kSetModeration{"articles.set_moderation", R"sql(
UPDATE articles.articles
SET moderation_action = $2, moderation_reason = $3, moderation_comment = $4, moderated_at = $5, moderated_by = $6
WHERE id = $1
)sql"};
constexpr db::Statement kSetCover{"articles.set_cover", R"sql(
UPDATE articles.articles SET cover = $2, cover_thumbnail = $3, updated_at = $4 WHERE id = $1
)sql"};
constexpr db::Statement kDelete{"articles.delete", R"sql(
DELETE FROM articles.articles WHERE id = $1 AND author_id = $2 RETURNING id
)sql"};
constexpr db::Statement kCodeUsed{"articles.code_used", R"sql(
SELECT code FROM articles.articles WHERE (code = $1 OR code LIKE $1 || '-%') AND id <> coalesce($2, 0)
)sql"};
constexpr db::Statement kCategoryExists{"articles.category_exists", R"sql(
SELECT EXISTS (SELECT 1 FROM articles.categories WHERE id = $1) AS found
)sql"};

constexpr db::Statement kMine{"articles.mine", "SELECT " ARTEL_CARD_COLUMNS R"sql(, 0 AS my_vote
FROM articles.articles a JOIN identity.users u ON u.id = a.author_id
WHERE a.author_id = $1 AND ($2::text IS NULL OR a.status = $2)
  AND ($4::timestamptz IS NULL OR (a.updated_at, a.id) < ($4, $5::bigint))
ORDER BY a.updated_at DESC, a.id DESC
LIMIT $3
)sql"};
constexpr db::Statement kAdminList{"articles.admin_list", "SELECT " ARTEL_CARD_COLUMNS R"sql(, 0 AS my_vote
FROM articles.articles a JOIN identity.users u ON u.id = a.author_id
WHERE a.status = $1
  AND ($2::text IS NULL OR strpos(lower(a.title), lower($2)) > 0 OR a.code = lower($2))
  AND ($4::timestamptz IS NULL OR (a.updated_at, a.id) < ($4, $5::bigint))
ORDER BY a.updated_at DESC, a.id DESC
LIMIT $3
)sql"};

// The public list: published only, one statement per order so each uses its partial index. The page is taken
// from articles.articles alone, then joined to its authors: joined first, a tag of a few thousand articles
// had every one of them hash-joined to a sequential scan of the users before the sort (24 ms on a million
// articles).
#define ARTEL_LIST_FILTERS                                                                              \
  "AND ($2::bigint IS NULL OR a.category_id = $2) AND ($3::text IS NULL OR a.tags @> ARRAY[$3::text]) " \
  "AND ($4::text IS NULL OR a.lang = $4) "
// clang-format off
#define ARTEL_LIST_PAGE(KEY, AFTER)                                                                               \
  "SELECT " ARTEL_CARD_COLUMNS ", 0 AS my_vote FROM (SELECT a.* FROM articles.articles a "                        \
  "WHERE a.status = 'published' AND ($1::text IS NULL OR a.search @@ websearch_to_tsquery('russian', $1)) "       \
  ARTEL_LIST_FILTERS "AND ($6::" AFTER " IS NULL OR (" KEY ", a.id) < ($6, $7::bigint)) "                        \
  "ORDER BY " KEY " DESC, a.id DESC LIMIT $5) a JOIN identity.users u ON u.id = a.author_id "                     \
  "ORDER BY " KEY " DESC, a.id DESC"
// clang-format on
constexpr db::Statement kListDate{"articles.list_date", ARTEL_LIST_PAGE("a.published_at", "timestamptz")};
constexpr db::Statement kListRating{"articles.list_rating", ARTEL_LIST_PAGE("a.rating", "int")};
constexpr db::Statement kListPopular{"articles.list_popular", ARTEL_LIST_PAGE("a.view_count", "int")};
// The same list with a text (q): first among the 2 000 articles that come next in the list's order under the
// other filters (a walk of the order's partial index). When they hold the page (all $5 rows), that is exactly
// the page of the whole list, as every match outside them sorts after. Otherwise (a rare word, or one in no
// article) the matches come from the text index (articles_search_idx) and are sorted. PostgreSQL estimates a
// word it has no statistics for at up to 0.5 % of the rows and would walk the order's index expecting to stop
// early: for a word in no article that read every published article (9 s on a million; docs/performance.md,
// "Article list"). The text query is a FROM item, computed once per execution even in a generic plan (in a
// filter it would be parsed again for every row read).
// clang-format off
#define ARTEL_LIST_SEARCH(KEY, AFTER)                                                                             \
  "WITH window_page AS MATERIALIZED ("                                                                            \
  "SELECT w.id, w.key FROM (SELECT a.id, " KEY " AS key, a.search FROM articles.articles a "                       \
  "WHERE a.status = 'published' " ARTEL_LIST_FILTERS                                                              \
  "AND ($6::" AFTER " IS NULL OR (" KEY ", a.id) < ($6, $7::bigint)) "                                           \
  "ORDER BY " KEY " DESC, a.id DESC LIMIT 2000) w, websearch_to_tsquery('russian', $1::text) query "              \
  "WHERE w.search @@ query ORDER BY w.key DESC, w.id DESC LIMIT $5), "                                            \
  "matches AS MATERIALIZED ("                                                                                     \
  "SELECT a.id, " KEY " AS key FROM articles.articles a, websearch_to_tsquery('russian', $1::text) query "        \
  "WHERE a.status = 'published' AND a.search @@ query " ARTEL_LIST_FILTERS                                        \
  "AND ($6::" AFTER " IS NULL OR (" KEY ", a.id) < ($6, $7::bigint))), "                                         \
  "page AS (SELECT id FROM window_page WHERE (SELECT count(*) FROM window_page) >= $5 UNION ALL "                 \
  "(SELECT id FROM matches WHERE (SELECT count(*) FROM window_page) < $5 ORDER BY key DESC, id DESC LIMIT $5)) " \
  "SELECT " ARTEL_CARD_COLUMNS ", 0 AS my_vote FROM page p JOIN articles.articles a ON a.id = p.id "             \
  "JOIN identity.users u ON u.id = a.author_id ORDER BY " KEY " DESC, a.id DESC"
// clang-format on
constexpr db::Statement kSearchDate{"articles.search_date",
                                    ARTEL_LIST_SEARCH("a.published_at", "timestamptz")};
constexpr db::Statement kSearchRating{"articles.search_rating", ARTEL_LIST_SEARCH("a.rating", "int")};
constexpr db::Statement kSearchPopular{"articles.search_popular", ARTEL_LIST_SEARCH("a.view_count", "int")};

constexpr db::Statement kInsertView{"articles.insert_view", R"sql(
WITH inserted AS (
  INSERT INTO articles.views (article_id, visitor, day) VALUES ($1, $2, $3::date)
  ON CONFLICT DO NOTHING
  RETURNING article_id
)
UPDATE articles.articles a SET view_count = view_count + 1 FROM inserted i WHERE a.id = i.article_id
RETURNING a.id
)sql"};

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

constexpr db::Statement kCategories{"articles.categories", R"sql(
SELECT c.id, c.code, c.name_en, c.name_ru, c.position,
  (SELECT count(*) FROM articles.articles a
   WHERE a.category_id = c.id AND (NOT $1 OR a.status = 'published'))::int AS article_count
FROM articles.categories c
ORDER BY c.position, c.id
)sql"};
constexpr db::Statement kCategoryById{"articles.category_by_id", R"sql(
SELECT c.id, c.code, c.name_en, c.name_ru, c.position,
  (SELECT count(*) FROM articles.articles a WHERE a.category_id = c.id)::int AS article_count
FROM articles.categories c WHERE c.id = $1
)sql"};
constexpr db::Statement kInsertCategory{"articles.insert_category", R"sql(
INSERT INTO articles.categories (code, name_en, name_ru, position) VALUES ($1, $2, $3, $4) RETURNING id
)sql"};
constexpr db::Statement kUpdateCategory{"articles.update_category", R"sql(
UPDATE articles.categories SET code = $2, name_en = $3, name_ru = $4, position = $5 WHERE id = $1 RETURNING id
)sql"};
constexpr db::Statement kDeleteCategory{"articles.delete_category", R"sql(
DELETE FROM articles.categories WHERE id = $1 RETURNING id
)sql"};

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
constexpr db::Statement kLockComment{"articles.lock_comment", R"sql(
SELECT c.author_id, c.created_at, c.deleted_at IS NOT NULL AS deleted, c.hidden_at IS NOT NULL AS hidden
FROM articles.comments c JOIN articles.articles a ON a.id = c.article_id
WHERE c.id = $1 AND c.article_id = $2 AND a.status = 'published'
FOR UPDATE OF c
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
#undef ARTEL_ARTICLE_COLUMNS
#undef ARTEL_CARD_COLUMNS
#undef ARTEL_COMMENT_COLUMNS
#undef ARTEL_LIST_FILTERS
#undef ARTEL_LIST_PAGE
#undef ARTEL_LIST_SEARCH

constexpr std::string_view kSweepTemplate = R"sql(
WITH gone AS (
  DELETE FROM articles.dropped_covers
  WHERE name IN (
    SELECT name FROM articles.dropped_covers
    WHERE dropped_at < $1
    ORDER BY dropped_at
    LIMIT $2
    FOR UPDATE SKIP LOCKED)
  RETURNING name
)
SELECT n.name,
  NOT EXISTS (SELECT 1 FROM articles.articles a WHERE a.cover = n.name OR a.cover_thumbnail = n.name)
  AND NOT ({others}) AS unused
FROM gone n
)sql";

Article ReadArticle(const db::Row& row) {
  Article article;
  article.id = row.Get<std::int64_t>("id");
  article.code = row.Get<std::string>("code");
  article.category_id = row.Get<std::int64_t>("category_id");
  article.title = row.Get<std::string>("title");
  article.lead = row.Get<std::string>("lead");
  article.body = row.Get<std::string>("body");
  article.body_html = row.Get<std::string>("body_html");
  article.cover = row.Get<std::optional<std::string>>("cover");
  article.cover_thumbnail = row.Get<std::optional<std::string>>("cover_thumbnail");
  article.tags = row.Get<std::vector<std::string>>("tags");
  article.lang = row.Get<std::string>("lang");
  article.status = ParseStatus(row.Get<std::string>("status")).value_or(Status::kDraft);
  if (auto action = row.Get<std::optional<std::string>>("moderation_action")) {
    Moderation moderation;
    moderation.action = *action;
    moderation.reason = row.Get<std::optional<std::string>>("moderation_reason");
    moderation.comment = row.Get<std::optional<std::string>>("moderation_comment");
    moderation.at = row.Get<std::optional<TimePoint>>("moderated_at").value_or(TimePoint{});
    article.moderation = std::move(moderation);
  }
  article.rating = row.Get<std::int32_t>("rating");
  article.view_count = row.Get<std::int32_t>("view_count");
  article.comment_count = row.Get<std::int32_t>("comment_count");
  article.published_at = row.Get<std::optional<TimePoint>>("published_at");
  article.created_at = row.Get<TimePoint>("created_at");
  article.updated_at = row.Get<TimePoint>("updated_at");
  article.author = kernel::ReadUserCard(row, "author");
  article.my_vote = row.Get<std::int32_t>("my_vote");
  return article;
}

/// A locked comment row (kLockComment) as the comment state machine sees it at `now`.
CommentState StateOf(const db::Row& row, TimePoint now) {
  return CommentState{row.Get<bool>("deleted"), row.Get<bool>("hidden"),
                      now < row.Get<TimePoint>("created_at") + kCommentEditWindow};
}

Comment ReadComment(const db::Row& row) {
  Comment comment;
  comment.id = row.Get<std::int64_t>("id");
  comment.article_id = row.Get<std::int64_t>("article_id");
  comment.parent_id = row.Get<std::optional<std::int64_t>>("parent_id");
  comment.text = row.Get<std::string>("text");
  comment.rating = row.Get<std::int32_t>("rating");
  comment.created_at = row.Get<TimePoint>("created_at");
  comment.edited_at = row.Get<std::optional<TimePoint>>("edited_at");
  comment.deleted = row.Get<bool>("deleted");
  comment.hidden = row.Get<bool>("hidden");
  comment.author = kernel::ReadUserCard(row, "author");
  comment.my_vote = row.Get<std::int32_t>("my_vote");
  return comment;
}

Category ReadCategory(const db::Row& row) {
  return {row.Get<std::int64_t>("id"),       row.Get<std::string>("code"),
          row.Get<std::string>("name_en"),   row.Get<std::string>("name_ru"),
          row.Get<std::int32_t>("position"), row.Get<std::int32_t>("article_count")};
}

[[noreturn]] void ThrowNotFound() {
  throw NotFound({"articles:not_found", {}});
}

[[noreturn]] void ThrowIllegal() {
  throw Conflict({"articles:illegal_transition", {}});
}

/// An admin sees everything (for the audit's before/after).
Viewer AdminViewer(const Actor& admin) {
  return Viewer{admin};
}

std::string Day(TimePoint now) {
  const std::chrono::year_month_day day{std::chrono::floor<std::chrono::days>(now)};
  return fmt::format("{:04}-{:02}-{:02}", static_cast<int>(day.year()), static_cast<unsigned>(day.month()),
                     static_cast<unsigned>(day.day()));
}

}  // namespace

struct Articles::Impl {
  Impl(db::Pool& p, platform::EventBus& e, const Clock& c) : pool(p), events(e), clock(c) {}

  db::Pool& pool;
  platform::EventBus& events;
  const Clock& clock;
  const storage::FileReferences* file_references = nullptr;

  awaitable<Article> ReadById(db::Transaction& tx, std::int64_t id, std::int64_t viewer_id) {
    auto rows = co_await tx.Query(kById, id, viewer_id);
    if (rows.Empty()) ThrowNotFound();
    co_return ReadArticle(rows[0]);
  }

  awaitable<Article> Lock(db::Transaction& tx, std::int64_t id) {
    auto rows = co_await tx.Query(kLock, id);
    if (rows.Empty()) ThrowNotFound();
    co_return ReadArticle(rows[0]);
  }

  /// The author's own article, locked; someone else's is NotFound.
  awaitable<Article> LockOwn(db::Transaction& tx, const Actor& actor, std::int64_t id) {
    auto article = co_await Lock(tx, id);
    if (article.author.id != actor.user_id) ThrowNotFound();
    co_return article;
  }

  /// The input's rules no schema states, for every caller (routes, seeders, tests): a code that is a code
  /// (blank: none), the tags in their one spelling, a language the site has.
  static ArticleInput Normalized(const ArticleInput& given) {
    ArticleInput input = given;
    if (input.code && input.code->empty()) input.code.reset();
    if (input.code && !ValidCode(*input.code)) throw ValidationFailed("code", {"articles:code_invalid", {}});
    input.tags = NormalizeTags(input.tags);
    if (input.lang != "en" && input.lang != "ru")
      throw ValidationFailed("lang", {"articles:lang_invalid", {}});
    return input;
  }

  awaitable<void> CheckCategory(db::Transaction& tx, std::int64_t category_id) {
    auto rows = co_await tx.Query(kCategoryExists, category_id);
    if (!rows.One().Get<bool>("found")) {
      throw ValidationFailed("category_id", {"articles:category_unknown", {}});
    }
  }

  /// The code to store: the input's (422 articles:code_taken when another article has it), the article's own
  /// when editing without one, or one made from the title with the first free numeric suffix.
  awaitable<std::string> ChooseCode(db::Transaction& tx, const ArticleInput& input, const Article* existing) {
    std::optional<std::int64_t> self;
    if (existing) self = existing->id;
    if (input.code) {
      auto used = co_await tx.Query(kCodeUsed, *input.code, self);
      for (auto row : used) {
        if (row.Get<std::string>("code") == *input.code) {
          throw ValidationFailed("code", {"articles:code_taken", {}});
        }
      }
      co_return *input.code;
    }
    if (existing) co_return existing->code;
    const std::string base = Slugify(input.title);
    auto used = co_await tx.Query(kCodeUsed, base, self);
    std::vector<std::string> codes;
    for (auto row : used) codes.push_back(row.Get<std::string>("code"));
    auto taken = [&](const std::string& code) { return std::ranges::find(codes, code) != codes.end(); };
    if (!taken(base)) co_return base;
    for (int n = 2;; ++n) {
      std::string candidate = base + "-" + std::to_string(n);
      if (!taken(candidate)) co_return candidate;
    }
  }

  /// Writes the input's fields (new row when `existing` is empty) in `status`; returns the id.
  awaitable<std::int64_t> Write(db::Transaction& tx, std::int64_t author_id, const ArticleInput& given,
                                const Article* existing, Status status) {
    ArticleInput input = Normalized(given);
    co_await CheckCategory(tx, input.category_id);
    const std::string code = co_await ChooseCode(tx, input, existing);
    const std::string html = markdown::ToHtml(input.body);
    const std::string text = markdown::ToText(input.body, kMaxBodyText);
    const TimePoint now = clock.Now();
    std::optional<TimePoint> published_at;
    if (existing) published_at = existing->published_at;
    if (status == Status::kPublished && !published_at) published_at = now;
    const std::string status_name(StatusName(status));
    try {
      if (!existing) {
        auto rows =
            co_await tx.Query(kInsert, code, author_id, input.category_id, input.title, input.lead,
                              input.body, html, text, input.tags, input.lang, status_name, published_at, now);
        co_return rows.One().Get<std::int64_t>("id");
      }
      co_await tx.Query(kUpdate, existing->id, code, input.category_id, input.title, input.lead, input.body,
                        html, text, input.tags, input.lang, status_name, published_at, now);
      co_return existing->id;
    } catch (const db::UniqueViolation&) {
      // A concurrent article took the code between the check and the write.
    }
    throw ValidationFailed("code", {"articles:code_taken", {}});
  }

  awaitable<void> Moderate(db::Transaction& tx, const Article& article, const Actor& admin, Action action,
                           const ModerationInput* input) {
    const TimePoint now = clock.Now();
    std::optional<std::string> reason;
    std::optional<std::string> comment;
    if (input) {
      reason = input->reason;
      comment = input->comment;
    }
    const std::string action_name(ActionName(action));
    co_await tx.Query(kSetModeration, article.id, action_name, reason, comment, now, admin.user_id);
    ArticleModerated event;
    event.article_id = article.id;
    event.code = article.code;
    event.title = article.title;
    event.author_id = article.author.id;
    event.action = action_name;
    event.reason = reason;
    event.comment = comment;
    event.at = now;
    co_await events.Publish(tx, event);
  }

  /// An admin's transition with its audit row, in one transaction.
  awaitable<Article> AdminTransition(const Actor& admin, std::int64_t id, Action action,
                                     const ModerationInput* input) {
    auto tx = co_await pool.Begin();
    auto article = co_await Lock(tx, id);
    const auto next = Next(article.status, action);
    if (!next) ThrowIllegal();
    auto before = kernel::ToJson(View(article, AdminViewer(admin)));
    const TimePoint now = clock.Now();
    const std::string status_name(StatusName(*next));
    co_await tx.Query(kSetStatus, id, status_name, now);
    co_await Moderate(tx, article, admin, action, input);
    auto after = co_await ReadById(tx, id, admin.user_id);
    platform::AuditEntry entry;
    entry.action = "articles." + std::string(ActionName(action));
    entry.object_type = "article";
    entry.object_id = id;
    entry.before = std::move(before);
    entry.after = kernel::ToJson(View(after, AdminViewer(admin)));
    co_await platform::RecordAudit(tx, admin, std::move(entry));
    co_await tx.Commit();
    co_return after;
  }

  awaitable<VoteResult> SetVote(db::Transaction& tx, const db::Statement& upsert, const db::Statement& remove,
                                const db::Statement& recount, std::int64_t target, std::int64_t user_id,
                                std::int32_t value) {
    if (value == 0) {
      co_await tx.Query(remove, target, user_id);
    } else {
      const TimePoint now = clock.Now();
      co_await tx.Query(upsert, target, user_id, value, now);
    }
    auto rows = co_await tx.Query(recount, target);
    co_return VoteResult{rows.One().Get<std::int32_t>("rating"), value};
  }

  awaitable<Comment> ReadComment(db::Transaction& tx, std::int64_t comment_id, std::int64_t viewer_id) {
    auto rows = co_await tx.Query(kCommentById, comment_id, viewer_id);
    if (rows.Empty()) throw NotFound({"articles:comment_not_found", {}});
    co_return articles::ReadComment(rows[0]);
  }
};

Articles::Articles(db::Pool& pool, platform::EventBus& events, const Clock& clock)
    : impl_(std::make_unique<Impl>(pool, events, clock)) {}

Articles::~Articles() = default;

const Clock& Articles::GetClock() const noexcept {
  return impl_->clock;
}

awaitable<std::vector<Category>> Articles::Categories(bool published_only) {
  auto rows = co_await impl_->pool.Query(kCategories, published_only);
  std::vector<Category> categories;
  for (auto row : rows) categories.push_back(ReadCategory(row));
  co_return categories;
}

awaitable<Category> Articles::CreateCategory(const Actor& admin, const CategoryInput& input) {
  auto tx = co_await impl_->pool.Begin();
  std::int64_t id = 0;
  bool taken = false;
  try {
    auto rows = co_await tx.Query(kInsertCategory, input.code, input.name_en, input.name_ru, input.position);
    id = rows.One().Get<std::int64_t>("id");
  } catch (const db::UniqueViolation&) {
    taken = true;
  }
  if (taken) throw ValidationFailed("code", {"articles:category_code_taken", {}});
  auto rows = co_await tx.Query(kCategoryById, id);
  auto category = ReadCategory(rows.One());
  platform::AuditEntry entry{"articles.category_create", "article_category", id, nullptr,
                             kernel::ToJson(AdminView(category))};
  co_await platform::RecordAudit(tx, admin, std::move(entry));
  co_await tx.Commit();
  co_return category;
}

awaitable<Category> Articles::UpdateCategory(const Actor& admin, std::int64_t id,
                                             const CategoryInput& input) {
  auto tx = co_await impl_->pool.Begin();
  auto old = co_await tx.Query(kCategoryById, id);
  if (old.Empty()) throw NotFound({"articles:category_not_found", {}});
  auto before = kernel::ToJson(AdminView(ReadCategory(old[0])));
  bool taken = false;
  try {
    co_await tx.Query(kUpdateCategory, id, input.code, input.name_en, input.name_ru, input.position);
  } catch (const db::UniqueViolation&) {
    taken = true;
  }
  if (taken) throw ValidationFailed("code", {"articles:category_code_taken", {}});
  auto rows = co_await tx.Query(kCategoryById, id);
  auto category = ReadCategory(rows.One());
  platform::AuditEntry entry{"articles.category_update", "article_category", id, std::move(before),
                             kernel::ToJson(AdminView(category))};
  co_await platform::RecordAudit(tx, admin, std::move(entry));
  co_await tx.Commit();
  co_return category;
}

awaitable<void> Articles::DeleteCategory(const Actor& admin, std::int64_t id) {
  auto tx = co_await impl_->pool.Begin();
  auto old = co_await tx.Query(kCategoryById, id);
  if (old.Empty()) throw NotFound({"articles:category_not_found", {}});
  auto category = ReadCategory(old[0]);
  if (category.article_count > 0) throw Conflict({"articles:category_in_use", {}});
  bool in_use = false;
  try {
    co_await tx.Query(kDeleteCategory, id);
  } catch (const db::ForeignKeyViolation&) {
    in_use = true;  // an article took it meanwhile
  }
  if (in_use) throw Conflict({"articles:category_in_use", {}});
  platform::AuditEntry entry{"articles.category_delete", "article_category", id,
                             kernel::ToJson(AdminView(category)), nullptr};
  co_await platform::RecordAudit(tx, admin, std::move(entry));
  co_await tx.Commit();
}

awaitable<ArticlePage> Articles::List(const ListQuery& query) {
  const std::int64_t fetch = query.limit + 1;
  std::string_view tag = "d";
  if (query.sort == "rating") tag = "r";
  if (query.sort == "popular") tag = "p";
  std::optional<std::int64_t> key;
  std::optional<std::int64_t> after_id;
  if (query.cursor) {
    auto decoded = kernel::DecodeCursor(tag, *query.cursor);
    if (!decoded || !decoded->flags.empty())
      throw ValidationFailed("cursor", {"articles:cursor_invalid", {}});
    key = decoded->key;
    after_id = decoded->id;
  }
  db::Result rows;
  if (tag == "d") {
    std::optional<TimePoint> after;
    if (key) after = kernel::CursorTime(*key);
    rows = co_await impl_->pool.Query(query.q ? kSearchDate : kListDate, query.q, query.category_id,
                                      query.tag, query.lang, fetch, after, after_id);
  } else {
    std::optional<std::int32_t> after;
    if (key) after = static_cast<std::int32_t>(*key);
    const db::Statement& statement =
        tag == "r" ? (query.q ? kSearchRating : kListRating) : (query.q ? kSearchPopular : kListPopular);
    rows = co_await impl_->pool.Query(statement, query.q, query.category_id, query.tag, query.lang, fetch,
                                      after, after_id);
  }
  ArticlePage page;
  for (std::size_t i = 0; i < rows.Size() && i < static_cast<std::size_t>(query.limit); ++i) {
    page.items.push_back(ReadArticle(rows[i]));
  }
  if (rows.Size() > static_cast<std::size_t>(query.limit) && !page.items.empty()) {
    const auto& last = page.items.back();
    std::int64_t last_key = 0;
    if (tag == "d") last_key = kernel::CursorKey(last.published_at.value_or(last.updated_at));
    if (tag == "r") last_key = last.rating;
    if (tag == "p") last_key = last.view_count;
    page.next_cursor = kernel::EncodeCursor(tag, last_key, last.id);
  }
  co_return page;
}

namespace {

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

}  // namespace

awaitable<ArticlePage> Articles::Mine(const Actor& actor, std::optional<Status> status,
                                      std::optional<std::string> cursor, std::int32_t limit) {
  std::optional<std::string> status_name;
  if (status) status_name = std::string(StatusName(*status));
  auto& pool = impl_->pool;
  const auto run = [&](std::int64_t fetch, const std::optional<TimePoint>& after,
                       const std::optional<std::int64_t>& after_id) {
    return pool.Query(kMine, actor.user_id, status_name, fetch, after, after_id);
  };
  auto page = co_await UpdatedPage(cursor, limit, run);
  co_return page;
}

awaitable<ArticlePage> Articles::AdminList(Status status, std::optional<std::string> q,
                                           std::optional<std::string> cursor, std::int32_t limit) {
  const std::string status_name(StatusName(status));
  auto& pool = impl_->pool;
  const auto run = [&](std::int64_t fetch, const std::optional<TimePoint>& after,
                       const std::optional<std::int64_t>& after_id) {
    return pool.Query(kAdminList, status_name, q, fetch, after, after_id);
  };
  auto page = co_await UpdatedPage(cursor, limit, run);
  co_return page;
}

awaitable<Article> Articles::GetByCode(std::string_view code, const Viewer& viewer) {
  std::int64_t viewer_id = viewer.actor ? viewer.actor->user_id : 0;
  const std::string key(code);
  auto rows = co_await impl_->pool.Query(kByCode, key, viewer_id);
  if (rows.Empty()) ThrowNotFound();
  auto article = ReadArticle(rows[0]);
  if (article.status != Status::kPublished && !viewer.CanManage(article)) ThrowNotFound();
  co_return article;
}

awaitable<Article> Articles::GetById(std::int64_t id, const Viewer& viewer) {
  std::int64_t viewer_id = viewer.actor ? viewer.actor->user_id : 0;
  auto rows = co_await impl_->pool.Query(kById, id, viewer_id);
  if (rows.Empty()) ThrowNotFound();
  auto article = ReadArticle(rows[0]);
  if (article.status != Status::kPublished && !viewer.CanManage(article)) ThrowNotFound();
  co_return article;
}

awaitable<bool> Articles::CountView(std::int64_t article_id, std::string visitor, TimePoint now) {
  const std::string day = Day(now);
  auto rows = co_await impl_->pool.Query(kInsertView, article_id, db::Bytes{visitor}, day);
  co_return !rows.Empty();
}

awaitable<Article> Articles::Create(const Actor& actor, const ArticleInput& input) {
  auto tx = co_await impl_->pool.Begin();
  const auto id = co_await impl_->Write(tx, actor.user_id, input, nullptr, Status::kDraft);
  auto article = co_await impl_->ReadById(tx, id, actor.user_id);
  co_await tx.Commit();
  co_return article;
}

awaitable<Article> Articles::Update(const Actor& actor, std::int64_t id, const ArticleInput& input) {
  auto tx = co_await impl_->pool.Begin();
  auto existing = co_await impl_->LockOwn(tx, actor, id);
  const auto next = Next(existing.status, Action::kEdit);
  if (!next) ThrowIllegal();
  co_await impl_->Write(tx, actor.user_id, input, &existing, *next);
  auto article = co_await impl_->ReadById(tx, id, actor.user_id);
  co_await tx.Commit();
  co_return article;
}

awaitable<void> Articles::Delete(const Actor& actor, std::int64_t id) {
  auto rows = co_await impl_->pool.Query(kDelete, id, actor.user_id);
  if (rows.Empty()) ThrowNotFound();
}

awaitable<Article> Articles::Submit(const Actor& actor, std::int64_t id) {
  auto tx = co_await impl_->pool.Begin();
  auto existing = co_await impl_->LockOwn(tx, actor, id);
  const auto next = Next(existing.status, Action::kSubmit);
  if (!next) ThrowIllegal();
  const TimePoint now = impl_->clock.Now();
  const std::string status_name(StatusName(*next));
  co_await tx.Query(kSetStatus, id, status_name, now);
  auto article = co_await impl_->ReadById(tx, id, actor.user_id);
  co_await tx.Commit();
  co_return article;
}

awaitable<Article> Articles::SetCover(const Actor& actor, std::int64_t id,
                                      std::optional<std::pair<std::string, std::string>> cover) {
  auto tx = co_await impl_->pool.Begin();
  auto existing = co_await impl_->LockOwn(tx, actor, id);
  std::optional<std::string> name;
  std::optional<std::string> thumbnail;
  if (cover) {
    name = cover->first;
    thumbnail = cover->second;
  }
  const TimePoint now = impl_->clock.Now();
  co_await tx.Query(kSetCover, id, name, thumbnail, now);
  auto article = co_await impl_->ReadById(tx, id, actor.user_id);
  co_await tx.Commit();
  co_return article;
}

awaitable<Article> Articles::AdminCreate(const Actor& admin, const ArticleInput& input) {
  auto tx = co_await impl_->pool.Begin();
  const Status status = input.publish ? Status::kPublished : Status::kDraft;
  const auto id = co_await impl_->Write(tx, admin.user_id, input, nullptr, status);
  auto article = co_await impl_->ReadById(tx, id, admin.user_id);
  platform::AuditEntry entry{"articles.create", "article", id, nullptr,
                             kernel::ToJson(View(article, AdminViewer(admin)))};
  co_await platform::RecordAudit(tx, admin, std::move(entry));
  co_await tx.Commit();
  co_return article;
}

awaitable<Article> Articles::AdminUpdate(const Actor& admin, std::int64_t id, const ArticleInput& input) {
  auto tx = co_await impl_->pool.Begin();
  auto existing = co_await impl_->Lock(tx, id);
  auto before = kernel::ToJson(View(existing, AdminViewer(admin)));
  // An admin's edit keeps the state (it is the moderator's own text), or publishes when asked to.
  const Status status = input.publish ? Status::kPublished : existing.status;
  co_await impl_->Write(tx, existing.author.id, input, &existing, status);
  if (input.publish && existing.status != Status::kPublished) {
    co_await impl_->Moderate(tx, existing, admin, Action::kPublish, nullptr);
  }
  auto article = co_await impl_->ReadById(tx, id, admin.user_id);
  platform::AuditEntry entry{"articles.edit", "article", id, std::move(before),
                             kernel::ToJson(View(article, AdminViewer(admin)))};
  co_await platform::RecordAudit(tx, admin, std::move(entry));
  co_await tx.Commit();
  co_return article;
}

awaitable<Article> Articles::Publish(const Actor& admin, std::int64_t id) {
  co_return co_await impl_->AdminTransition(admin, id, Action::kPublish, nullptr);
}

awaitable<Article> Articles::Return(const Actor& admin, std::int64_t id, const ModerationInput& input) {
  co_return co_await impl_->AdminTransition(admin, id, Action::kReturn, &input);
}

awaitable<Article> Articles::Block(const Actor& admin, std::int64_t id, const ModerationInput& input) {
  co_return co_await impl_->AdminTransition(admin, id, Action::kBlock, &input);
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

awaitable<std::vector<std::string>> Articles::SweepCovers(TimePoint cutoff, int batch) {
  std::string sql(kSweepTemplate);
  const std::string others =
      impl_->file_references ? impl_->file_references->OthersUse("articles", "n.name") : std::string("false");
  sql.replace(sql.find("{others}"), 8, others);
  auto rows = co_await impl_->pool.Query(std::string_view(sql), cutoff, std::int64_t{batch});
  std::vector<std::string> unused;
  for (auto row : rows) {
    if (row.Get<bool>("unused")) unused.push_back(row.Get<std::string>("name"));
  }
  co_return unused;
}

void Articles::UseFileReferences(const storage::FileReferences& references) {
  impl_->file_references = &references;
}

}  // namespace artel::articles
