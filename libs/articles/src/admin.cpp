#include "articles_impl.hpp"

namespace artel::articles {

using namespace detail;  // NOLINT(google-build-using-namespace): the service's own helpers

namespace {

constexpr db::Statement kSetModeration{"articles.set_moderation", R"sql(
UPDATE articles.articles
SET moderation_action = $2, moderation_reason = $3, moderation_comment = $4, moderated_at = $5, moderated_by = $6
WHERE id = $1
)sql"};
constexpr db::Statement kAdminList{"articles.admin_list", "SELECT " ARTEL_CARD_COLUMNS R"sql(, 0 AS my_vote
FROM articles.articles a JOIN identity.users u ON u.id = a.author_id
WHERE a.status = $1
  AND ($2::text IS NULL OR strpos(lower(a.title), lower($2)) > 0 OR a.code = lower($2))
  AND ($4::timestamptz IS NULL OR (a.updated_at, a.id) < ($4, $5::bigint))
ORDER BY a.updated_at DESC, a.id DESC
LIMIT $3
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

}  // namespace

awaitable<void> Articles::Impl::Moderate(db::Transaction& tx, const Article& article, const Actor& admin,
                                         Action action, const ModerationInput* input) {
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
awaitable<Article> Articles::Impl::AdminTransition(const Actor& admin, std::int64_t id, Action action,
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

}  // namespace artel::articles
