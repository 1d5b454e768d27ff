#include "help_impl.hpp"

namespace artel::help {

using namespace detail;  // NOLINT(google-build-using-namespace): the service's own helpers

namespace {

// ---------------------------------------------------------------------------------------------- FAQ reads

constexpr db::Statement kFaqIndex{"help.faq_index", R"sql(
SELECT c.id AS category_id, c.code AS category_code,
  CASE WHEN $1 = 'ru' THEN c.name_ru ELSE c.name_en END AS category_name,
  q.id, q.code, CASE WHEN $1 = 'ru' THEN q.question_ru ELSE q.question_en END AS question
FROM help.faq_categories c
LEFT JOIN help.faq_questions q ON q.category_id = c.id
ORDER BY c.position, c.id, q.position, q.id
)sql"};

constexpr db::Statement kFaqQuestion{"help.faq_question", R"sql(
SELECT q.id, q.code, q.category_id, c.code AS category_code,
  CASE WHEN $2 = 'ru' THEN c.name_ru ELSE c.name_en END AS category_name,
  CASE WHEN $2 = 'ru' THEN q.question_ru ELSE q.question_en END AS question,
  CASE WHEN $2 = 'ru' THEN q.answer_html_ru ELSE q.answer_html_en END AS answer_html
FROM help.faq_questions q JOIN help.faq_categories c ON c.id = q.category_id
WHERE q.code = $1
)sql"};

constexpr db::Statement kFaqRelated{"help.faq_related", R"sql(
SELECT code, CASE WHEN $3 = 'ru' THEN question_ru ELSE question_en END AS question
FROM help.faq_questions
WHERE category_id = $1 AND id <> $2
ORDER BY position, id
LIMIT 5
)sql"};

constexpr db::Statement kFaqSearch{"help.faq_search", R"sql(
SELECT q.code,
  CASE WHEN $2 = 'ru' THEN q.question_ru ELSE q.question_en END AS question,
  CASE WHEN $2 = 'ru' THEN q.answer_ru ELSE q.answer_en END AS answer
FROM help.faq_questions q, websearch_to_tsquery('russian'::regconfig, $1) query
WHERE q.search @@ query
ORDER BY ts_rank(q.search, query) DESC, q.position, q.id
LIMIT $3
)sql"};

// ---------------------------------------------------------------------------------------------- FAQ admin

constexpr db::Statement kAdminFaq{"help.admin_faq", R"sql(
SELECT c.id AS category_id, c.code AS category_code, c.name_en, c.name_ru, c.position AS category_position,
  q.id, q.code, q.question_en, q.question_ru, q.position
FROM help.faq_categories c
LEFT JOIN help.faq_questions q ON q.category_id = c.id
ORDER BY c.position, c.id, q.position, q.id
)sql"};

constexpr db::Statement kCategory{"help.category", R"sql(
SELECT id, code, name_en, name_ru, position FROM help.faq_categories WHERE id = $1 FOR UPDATE
)sql"};
constexpr db::Statement kCategoryQuestions{"help.category_questions", R"sql(
SELECT id, code, question_en, question_ru, position FROM help.faq_questions
WHERE category_id = $1 ORDER BY position, id
)sql"};
constexpr db::Statement kInsertCategory{"help.insert_category", R"sql(
INSERT INTO help.faq_categories (code, name_en, name_ru, position) VALUES ($1, $2, $3, $4)
RETURNING id, code, name_en, name_ru, position
)sql"};
constexpr db::Statement kUpdateCategory{"help.update_category", R"sql(
UPDATE help.faq_categories SET code = $2, name_en = $3, name_ru = $4, position = $5 WHERE id = $1
RETURNING id, code, name_en, name_ru, position
)sql"};
constexpr db::Statement kCategoryInUse{"help.category_in_use", R"sql(
SELECT EXISTS (SELECT 1 FROM help.faq_questions WHERE category_id = $1) AS used
)sql"};
constexpr db::Statement kDeleteCategory{"help.delete_category", R"sql(
DELETE FROM help.faq_categories WHERE id = $1
)sql"};

constexpr db::Statement kQuestion{"help.question", R"sql(
SELECT id, code, category_id, question_en, question_ru, answer_en, answer_ru, position
FROM help.faq_questions WHERE id = $1
)sql"};
constexpr db::Statement kQuestionForUpdate{"help.question_for_update", R"sql(
SELECT id, code, category_id, question_en, question_ru, answer_en, answer_ru, position
FROM help.faq_questions WHERE id = $1 FOR UPDATE
)sql"};
constexpr db::Statement kCategoryExists{"help.category_exists", R"sql(
SELECT 1 FROM help.faq_categories WHERE id = $1 FOR SHARE
)sql"};
constexpr db::Statement kInsertQuestion{"help.insert_question", R"sql(
INSERT INTO help.faq_questions (code, category_id, question_en, question_ru, answer_en, answer_ru,
  answer_html_en, answer_html_ru, position)
VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
RETURNING id, code, category_id, question_en, question_ru, answer_en, answer_ru, position
)sql"};
constexpr db::Statement kUpdateQuestion{"help.update_question", R"sql(
UPDATE help.faq_questions SET code = $2, category_id = $3, question_en = $4, question_ru = $5, answer_en = $6,
  answer_ru = $7, answer_html_en = $8, answer_html_ru = $9, position = $10
WHERE id = $1
RETURNING id, code, category_id, question_en, question_ru, answer_en, answer_ru, position
)sql"};
constexpr db::Statement kDeleteQuestion{"help.delete_question", R"sql(
DELETE FROM help.faq_questions WHERE id = $1
)sql"};

}  // namespace

awaitable<void> Help::Impl::CheckCategoryExists(db::Transaction& tx, std::int64_t category_id) {
  auto rows = co_await tx.Query(kCategoryExists, category_id);
  if (rows.Empty()) throw ValidationFailed("category_id", {"help:category_missing", {}});
}

// ------------------------------------------------------------------------------------------------ FAQ

awaitable<help::FaqIndex> Help::FaqIndex(std::string_view lang) {
  const std::string language(lang);
  auto rows = co_await impl_->pool.Query(kFaqIndex, language);
  help::FaqIndex index;
  std::optional<std::int64_t> current;
  for (auto row : rows) {
    const auto category_id = row.Get<std::int64_t>("category_id");
    if (current != category_id) {
      current = category_id;
      index.categories.push_back(
          {category_id, row.Get<std::string>("category_code"), row.Get<std::string>("category_name"), {}});
    }
    if (auto id = row.Get<std::optional<std::int64_t>>("id")) {
      index.categories.back().questions.push_back(
          {*id, row.Get<std::string>("code"), row.Get<std::string>("question")});
    }
  }
  co_return index;
}

awaitable<help::FaqQuestion> Help::FaqQuestion(std::string_view code, std::string_view lang) {
  if (!IsCode(code, 2, 100)) throw NotFound();
  const std::string question_code(code);
  const std::string language(lang);
  auto rows = co_await impl_->pool.Query(kFaqQuestion, question_code, language);
  if (rows.Empty()) throw NotFound();
  auto row = rows.One();
  help::FaqQuestion question;
  question.id = row.Get<std::int64_t>("id");
  question.code = row.Get<std::string>("code");
  question.category = {row.Get<std::int64_t>("category_id"), row.Get<std::string>("category_code"),
                       row.Get<std::string>("category_name")};
  question.question = row.Get<std::string>("question");
  question.answer_html = row.Get<std::string>("answer_html");
  auto related = co_await impl_->pool.Query(kFaqRelated, question.category.id, question.id, language);
  for (auto other : related) {
    question.related.push_back({other.Get<std::string>("code"), other.Get<std::string>("question")});
  }
  co_return question;
}

awaitable<FaqMatches> Help::SearchFaq(std::string_view query, std::string_view lang) {
  // Spaces and tabs around the words mean nothing (the edge has trimmed a request's already).
  const std::string text(Trim(query, kSpacesAndTabs));
  ValidationErrors errors;
  errors.CheckLength("q", text, 1, kMaxQuery);
  errors.ThrowIfAny();
  const std::string language(lang);
  auto rows = co_await impl_->pool.Query(kFaqSearch, text, language, kSearchLimit);
  FaqMatches matches;
  for (auto row : rows) {
    matches.items.push_back({row.Get<std::string>("code"), row.Get<std::string>("question"),
                             markdown::ToText(row.Get<std::string>("answer"), kExcerptChars)});
  }
  co_return matches;
}

awaitable<help::AdminFaq> Help::AdminFaq() {
  auto rows = co_await impl_->pool.Query(kAdminFaq);
  help::AdminFaq faq;
  std::optional<std::int64_t> current;
  for (auto row : rows) {
    const auto category_id = row.Get<std::int64_t>("category_id");
    if (current != category_id) {
      current = category_id;
      faq.categories.push_back({category_id,
                                row.Get<std::string>("category_code"),
                                row.Get<std::string>("name_en"),
                                row.Get<std::string>("name_ru"),
                                row.Get<std::int32_t>("category_position"),
                                {}});
    }
    if (row.Get<std::optional<std::int64_t>>("id")) {
      faq.categories.back().questions.push_back(QuestionSummaryOf(row));
    }
  }
  co_return faq;
}

awaitable<AdminFaqCategory> Help::CreateCategory(const Actor& actor, const CategoryInput& input) {
  CheckCategory(input);
  auto tx = co_await impl_->pool.Begin();
  AdminFaqCategory category;
  try {
    auto rows = co_await tx.Query(kInsertCategory, input.code, input.name_en, input.name_ru, input.position);
    category = CategoryOf(rows.One());
  } catch (const db::UniqueViolation& error) {
    ThrowCodeTaken(error);
  }
  platform::AuditEntry entry{"faq.category_create", "faq_category", category.id, nullptr, Snapshot(category)};
  co_await platform::RecordAudit(tx, actor, std::move(entry));
  co_await tx.Commit();
  co_return category;
}

awaitable<AdminFaqCategory> Help::UpdateCategory(const Actor& actor, std::int64_t id,
                                                 const CategoryInput& input) {
  CheckCategory(input);
  auto tx = co_await impl_->pool.Begin();
  auto existing = co_await tx.Query(kCategory, id);
  if (existing.Empty()) throw NotFound();
  const AdminFaqCategory before = CategoryOf(existing.One());
  AdminFaqCategory after;
  try {
    auto rows =
        co_await tx.Query(kUpdateCategory, id, input.code, input.name_en, input.name_ru, input.position);
    after = CategoryOf(rows.One());
  } catch (const db::UniqueViolation& error) {
    ThrowCodeTaken(error);
  }
  platform::AuditEntry entry{"faq.category_update", "faq_category", id, Snapshot(before), Snapshot(after)};
  co_await platform::RecordAudit(tx, actor, std::move(entry));
  auto questions = co_await tx.Query(kCategoryQuestions, id);
  co_await tx.Commit();
  for (auto row : questions) after.questions.push_back(QuestionSummaryOf(row));
  co_return after;
}

awaitable<void> Help::DeleteCategory(const Actor& actor, std::int64_t id) {
  auto tx = co_await impl_->pool.Begin();
  auto existing = co_await tx.Query(kCategory, id);
  if (existing.Empty()) throw NotFound();
  const AdminFaqCategory before = CategoryOf(existing.One());
  auto used = co_await tx.Query(kCategoryInUse, id);
  if (used.One().Get<bool>("used")) throw Conflict({"help:category_in_use", {}});
  co_await tx.Query(kDeleteCategory, id);
  platform::AuditEntry entry{"faq.category_delete", "faq_category", id, Snapshot(before), nullptr};
  co_await platform::RecordAudit(tx, actor, std::move(entry));
  co_await tx.Commit();
}

awaitable<AdminFaqQuestion> Help::AdminQuestion(std::int64_t id) {
  auto rows = co_await impl_->pool.Query(kQuestion, id);
  if (rows.Empty()) throw NotFound();
  co_return AdminQuestionOf(rows.One());
}

awaitable<AdminFaqQuestion> Help::CreateQuestion(const Actor& actor, const QuestionInput& input) {
  CheckQuestion(input);
  const std::string html_en = markdown::ToHtml(input.answer_en);
  const std::string html_ru = markdown::ToHtml(input.answer_ru);
  auto tx = co_await impl_->pool.Begin();
  co_await impl_->CheckCategoryExists(tx, input.category_id);
  AdminFaqQuestion question;
  try {
    auto rows = co_await tx.Query(kInsertQuestion, input.code, input.category_id, input.question_en,
                                  input.question_ru, input.answer_en, input.answer_ru, html_en, html_ru,
                                  input.position);
    question = AdminQuestionOf(rows.One());
  } catch (const db::UniqueViolation& error) {
    ThrowCodeTaken(error);
  }
  platform::AuditEntry entry{"faq.question_create", "faq_question", question.id, nullptr, Snapshot(question)};
  co_await platform::RecordAudit(tx, actor, std::move(entry));
  co_await tx.Commit();
  co_return question;
}

awaitable<AdminFaqQuestion> Help::UpdateQuestion(const Actor& actor, std::int64_t id,
                                                 const QuestionInput& input) {
  CheckQuestion(input);
  const std::string html_en = markdown::ToHtml(input.answer_en);
  const std::string html_ru = markdown::ToHtml(input.answer_ru);
  auto tx = co_await impl_->pool.Begin();
  auto existing = co_await tx.Query(kQuestionForUpdate, id);
  if (existing.Empty()) throw NotFound();
  const AdminFaqQuestion before = AdminQuestionOf(existing.One());
  co_await impl_->CheckCategoryExists(tx, input.category_id);
  AdminFaqQuestion after;
  try {
    auto rows = co_await tx.Query(kUpdateQuestion, id, input.code, input.category_id, input.question_en,
                                  input.question_ru, input.answer_en, input.answer_ru, html_en, html_ru,
                                  input.position);
    after = AdminQuestionOf(rows.One());
  } catch (const db::UniqueViolation& error) {
    ThrowCodeTaken(error);
  }
  platform::AuditEntry entry{"faq.question_update", "faq_question", id, Snapshot(before), Snapshot(after)};
  co_await platform::RecordAudit(tx, actor, std::move(entry));
  co_await tx.Commit();
  co_return after;
}

awaitable<void> Help::DeleteQuestion(const Actor& actor, std::int64_t id) {
  auto tx = co_await impl_->pool.Begin();
  auto existing = co_await tx.Query(kQuestionForUpdate, id);
  if (existing.Empty()) throw NotFound();
  const AdminFaqQuestion before = AdminQuestionOf(existing.One());
  co_await tx.Query(kDeleteQuestion, id);
  platform::AuditEntry entry{"faq.question_delete", "faq_question", id, Snapshot(before), nullptr};
  co_await platform::RecordAudit(tx, actor, std::move(entry));
  co_await tx.Commit();
}

}  // namespace artel::help
