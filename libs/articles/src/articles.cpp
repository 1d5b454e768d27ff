#include "articles_impl.hpp"

namespace artel::articles {

using namespace detail;  // NOLINT(google-build-using-namespace): the service's own helpers

namespace {

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

}  // namespace

namespace detail {

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

Viewer AdminViewer(const Actor& admin) {
  return Viewer{admin};
}

std::string Day(TimePoint now) {
  const std::chrono::year_month_day day{std::chrono::floor<std::chrono::days>(now)};
  return fmt::format("{:04}-{:02}-{:02}", static_cast<int>(day.year()), static_cast<unsigned>(day.month()),
                     static_cast<unsigned>(day.day()));
}

}  // namespace detail

awaitable<Article> Articles::Impl::ReadById(db::Transaction& tx, std::int64_t id, std::int64_t viewer_id) {
  auto rows = co_await tx.Query(kById, id, viewer_id);
  if (rows.Empty()) ThrowNotFound();
  co_return ReadArticle(rows[0]);
}

awaitable<Article> Articles::Impl::Lock(db::Transaction& tx, std::int64_t id) {
  auto rows = co_await tx.Query(kLock, id);
  if (rows.Empty()) ThrowNotFound();
  co_return ReadArticle(rows[0]);
}

/// The author's own article, locked; someone else's is NotFound.
awaitable<Article> Articles::Impl::LockOwn(db::Transaction& tx, const Actor& actor, std::int64_t id) {
  auto article = co_await Lock(tx, id);
  if (article.author.id != actor.user_id) ThrowNotFound();
  co_return article;
}

/// The input's rules no schema states, for every caller (routes, seeders, tests): a code that is a code
/// (blank: none), the tags in their one spelling, a language the site has.
ArticleInput Articles::Impl::Normalized(const ArticleInput& given) {
  ArticleInput input = given;
  if (input.code && input.code->empty()) input.code.reset();
  if (input.code && !ValidCode(*input.code)) throw ValidationFailed("code", {"articles:code_invalid", {}});
  input.tags = NormalizeTags(input.tags);
  if (input.lang != "en" && input.lang != "ru") throw ValidationFailed("lang", {"articles:lang_invalid", {}});
  return input;
}

awaitable<void> Articles::Impl::CheckCategory(db::Transaction& tx, std::int64_t category_id) {
  auto rows = co_await tx.Query(kCategoryExists, category_id);
  if (!rows.One().Get<bool>("found")) {
    throw ValidationFailed("category_id", {"articles:category_unknown", {}});
  }
}

/// The code to store: the input's (422 articles:code_taken when another article has it), the article's own
/// when editing without one, or one made from the title with the first free numeric suffix.
awaitable<std::string> Articles::Impl::ChooseCode(db::Transaction& tx, const ArticleInput& input,
                                                  const Article* existing) {
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
awaitable<std::int64_t> Articles::Impl::Write(db::Transaction& tx, std::int64_t author_id,
                                              const ArticleInput& given, const Article* existing,
                                              Status status) {
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
          co_await tx.Query(kInsert, code, author_id, input.category_id, input.title, input.lead, input.body,
                            html, text, input.tags, input.lang, status_name, published_at, now);
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

Articles::Articles(db::Pool& pool, platform::EventBus& events, const Clock& clock)
    : impl_(std::make_unique<Impl>(pool, events, clock)) {}

Articles::~Articles() = default;

const Clock& Articles::GetClock() const noexcept {
  return impl_->clock;
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

}  // namespace artel::articles
