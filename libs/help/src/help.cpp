#include "artel/help/help.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <boost/json/array.hpp>
#include <charconv>

#include "artel/core/crypto.hpp"
#include "artel/core/error.hpp"
#include "artel/core/text.hpp"
#include "artel/core/time.hpp"
#include "artel/db/errors.hpp"
#include "artel/db/pool.hpp"
#include "artel/kernel/json.hpp"
#include "artel/kernel/user_card.hpp"
#include "artel/mail/mail.hpp"
#include "artel/markdown/markdown.hpp"
#include "artel/platform/audit.hpp"
#include "artel/platform/rate_limiter.hpp"
#include "artel/profiles/profiles.hpp"
#include "artel/storage/storage.hpp"

namespace artel::help {
namespace {

using boost::asio::awaitable;
using namespace std::chrono_literals;

constexpr std::size_t kExcerptChars = 200;
constexpr std::int64_t kSearchLimit = 20;
constexpr std::int64_t kMyTicketsLimit = 100;

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

// ---------------------------------------------------------------------------------------------- Support

constexpr db::Statement kPendingUploads{"help.pending_uploads", R"sql(
SELECT count(*) AS pending
FROM (SELECT 1 FROM help.attachments WHERE uploader = $1 AND ticket_id IS NULL LIMIT $2) pending
)sql"};
constexpr db::Statement kInsertUpload{"help.insert_upload", R"sql(
INSERT INTO help.attachments (uploader, file_name, thumbnail_name, original_name, content_type, size, created_at,
  stored_private)
VALUES ($1, $2, $3, $4, $5, $6, $7, true)
RETURNING id
)sql"};
constexpr db::Statement kUserEmail{"help.user_email", R"sql(
SELECT email FROM identity.users WHERE id = $1
)sql"};
constexpr db::Statement kInsertTicket{"help.insert_ticket", R"sql(
INSERT INTO help.tickets (topic, subject, message, email, user_id, lang, ip, created_at)
VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
RETURNING id
)sql"};
constexpr db::Statement kAttachUploads{"help.attach_uploads", R"sql(
UPDATE help.attachments SET ticket_id = $1
WHERE id = ANY($2::bigint[]) AND uploader = ANY($3::text[]) AND ticket_id IS NULL
)sql"};

constexpr db::Statement kMyTickets{"help.my_tickets", R"sql(
SELECT t.id, t.topic, t.subject, t.message, t.email, t.status, t.lang, t.created_at, t.answered_at,
  u.id AS user_id, u.name AS user_name, u.lastname AS user_lastname, u.avatar AS user_avatar
FROM help.tickets t LEFT JOIN identity.users u ON u.id = t.user_id
WHERE t.user_id = $1
ORDER BY t.id DESC
LIMIT $2
)sql"};
constexpr db::Statement kAdminTickets{"help.admin_tickets", R"sql(
SELECT t.id, t.topic, t.subject, t.message, t.email, t.status, t.lang, t.created_at, t.answered_at,
  u.id AS user_id, u.name AS user_name, u.lastname AS user_lastname, u.avatar AS user_avatar
FROM help.tickets t LEFT JOIN identity.users u ON u.id = t.user_id
WHERE ($1::text IS NULL OR t.status = $1) AND ($2::bigint IS NULL OR t.id < $2)
ORDER BY t.id DESC
LIMIT $3
)sql"};
constexpr db::Statement kTicket{"help.ticket", R"sql(
SELECT t.id, t.topic, t.subject, t.message, t.email, t.status, t.lang, t.created_at, t.answered_at,
  u.id AS user_id, u.name AS user_name, u.lastname AS user_lastname, u.avatar AS user_avatar
FROM help.tickets t LEFT JOIN identity.users u ON u.id = t.user_id
WHERE t.id = $1
)sql"};
constexpr db::Statement kLockTicket{"help.lock_ticket", R"sql(
SELECT status FROM help.tickets WHERE id = $1 FOR UPDATE
)sql"};
constexpr db::Statement kTicketMessages{"help.ticket_messages", R"sql(
SELECT m.text, m.created_at,
  u.id AS admin_id, u.name AS admin_name, u.lastname AS admin_lastname, u.avatar AS admin_avatar
FROM help.ticket_messages m LEFT JOIN identity.users u ON u.id = m.admin_id
WHERE m.ticket_id = $1
ORDER BY m.id
)sql"};
constexpr db::Statement kTicketAttachments{"help.ticket_attachments", R"sql(
SELECT id, file_name, original_name, content_type, size FROM help.attachments WHERE ticket_id = $1 ORDER BY id
)sql"};
constexpr db::Statement kTicketFile{"help.ticket_file", R"sql(
SELECT file_name, thumbnail_name, original_name FROM help.attachments WHERE id = $1 AND ticket_id = $2
)sql"};
constexpr db::Statement kInsertAnswer{"help.insert_answer", R"sql(
INSERT INTO help.ticket_messages (ticket_id, admin_id, text, created_at) VALUES ($1, $2, $3, $4)
)sql"};
constexpr db::Statement kMarkAnswered{"help.mark_answered", R"sql(
UPDATE help.tickets SET status = 'answered', answered_at = $2 WHERE id = $1
)sql"};
constexpr db::Statement kMarkClosed{"help.mark_closed", R"sql(
UPDATE help.tickets SET status = 'closed' WHERE id = $1
)sql"};

constexpr std::string_view kSweepTemplate = R"sql(
WITH gone AS (
  DELETE FROM help.attachments
  WHERE id IN (
    SELECT id FROM help.attachments
    WHERE ticket_id IS NULL AND created_at < $1 AND stored_private
    ORDER BY created_at
    LIMIT $2
    FOR UPDATE SKIP LOCKED)
  RETURNING id, file_name, thumbnail_name
),
names AS (
  SELECT file_name AS name FROM gone
  UNION
  SELECT thumbnail_name FROM gone WHERE thumbnail_name IS NOT NULL
)
SELECT n.name, (SELECT count(*) FROM gone) AS removed,
  NOT EXISTS (SELECT 1 FROM help.attachments a WHERE (a.file_name = n.name OR a.thumbnail_name = n.name)
              AND a.id NOT IN (SELECT id FROM gone))
  AND NOT ({others}) AS unused
FROM names n
)sql";

// ---------------------------------------------------------------------------------------------- Pages

constexpr db::Statement kPublicPage{"help.public_page", R"sql(
SELECT code, lang, title, body_html, version, updated_at FROM help.pages
WHERE code = $1
ORDER BY (lang = $2) DESC, (lang = 'en') DESC
LIMIT 1
)sql"};
constexpr db::Statement kAdminPages{"help.admin_pages", R"sql(
SELECT p.code, p.lang, p.title, p.version, p.updated_at,
  u.id AS user_id, u.name AS user_name, u.lastname AS user_lastname, u.avatar AS user_avatar
FROM help.pages p LEFT JOIN identity.users u ON u.id = p.updated_by
ORDER BY array_position(ARRAY['about', 'agreement', 'rules', 'privacy-policy', 'cookie-policy', 'tariffs'],
                        p.code), p.lang
)sql"};
constexpr db::Statement kAdminPage{"help.admin_page", R"sql(
SELECT id, code, lang, title, body, body_html, version FROM help.pages WHERE code = $1 AND lang = $2
)sql"};
constexpr db::Statement kLockPage{"help.lock_page", R"sql(
SELECT id, code, lang, title, body, body_html, version FROM help.pages WHERE code = $1 AND lang = $2 FOR UPDATE
)sql"};
constexpr db::Statement kPageVersions{"help.page_versions", R"sql(
SELECT v.version, v.title, v.created_at,
  u.id AS user_id, u.name AS user_name, u.lastname AS user_lastname, u.avatar AS user_avatar
FROM help.page_versions v LEFT JOIN identity.users u ON u.id = v.author_id
WHERE v.code = $1 AND v.lang = $2
ORDER BY v.version DESC
)sql"};
constexpr db::Statement kPageVersion{"help.page_version", R"sql(
SELECT v.version, v.title, v.body, v.created_at,
  u.id AS user_id, u.name AS user_name, u.lastname AS user_lastname, u.avatar AS user_avatar
FROM help.page_versions v LEFT JOIN identity.users u ON u.id = v.author_id
WHERE v.code = $1 AND v.lang = $2 AND v.version = $3
)sql"};
// A concurrent first save of the same page: the loser's insert does nothing and it answers 409.
constexpr db::Statement kInsertPage{"help.insert_page", R"sql(
INSERT INTO help.pages (code, lang, title, body, body_html, version, updated_by, updated_at)
VALUES ($1, $2, $3, $4, $5, 1, $6, $7)
ON CONFLICT (code, lang) DO NOTHING
RETURNING id
)sql"};
constexpr db::Statement kUpdatePage{"help.update_page", R"sql(
UPDATE help.pages SET title = $3, body = $4, body_html = $5, version = version + 1, updated_by = $6,
  updated_at = $7
WHERE code = $1 AND lang = $2
RETURNING id, version
)sql"};
constexpr db::Statement kInsertPageVersion{"help.insert_page_version", R"sql(
INSERT INTO help.page_versions (code, lang, version, title, body, author_id, created_at)
VALUES ($1, $2, $3, $4, $5, $6, $7)
)sql"};

// ---------------------------------------------------------------------------------------------- Rules

constexpr std::size_t kMaxQuery = 200;

std::optional<profiles::UserCardView> CardOrNull(const db::Row& row, std::string_view prefix) {
  if (!kernel::HasUserCard(row, prefix)) return std::nullopt;
  return profiles::CardView(kernel::ReadUserCard(row, prefix));
}

void CheckPosition(ValidationErrors& errors, std::int32_t position) {
  if (position < 0 || position > 10000) {
    errors.Add("position", {"validation:range", {{"min", "0"}, {"max", "10000"}}});
  }
}

void CheckCategory(const CategoryInput& input) {
  ValidationErrors errors;
  if (!IsCode(input.code, 2, 64)) errors.Add("code", {"help:code_invalid", {}});
  errors.CheckLength("name_en", input.name_en, 1, 200);
  errors.CheckLength("name_ru", input.name_ru, 1, 200);
  CheckPosition(errors, input.position);
  errors.ThrowIfAny();
}

void CheckQuestion(const QuestionInput& input) {
  ValidationErrors errors;
  if (!IsCode(input.code, 2, 100)) errors.Add("code", {"help:code_invalid", {}});
  errors.CheckLength("question_en", input.question_en, 3, 300);
  errors.CheckLength("question_ru", input.question_ru, 3, 300);
  errors.CheckLength("answer_en", input.answer_en, 1, 20000);
  errors.CheckLength("answer_ru", input.answer_ru, 1, 20000);
  CheckPosition(errors, input.position);
  errors.ThrowIfAny();
}

void CheckTicket(const TicketInput& input, bool guest) {
  ValidationErrors errors;
  if (!IsTopic(input.topic)) {
    errors.Add("topic", {"validation:one_of", {{"values", "account, orders, payments, jobs, bug, other"}}});
  }
  errors.CheckLength("subject", input.subject, 3, 200);
  errors.CheckLength("message", input.message, 10, 5000);
  if (guest) {
    if (!input.email || input.email->empty()) {
      errors.Add("email", {"validation:required", {}});
    } else if (!IsMailAddress(*input.email)) {
      errors.Add("email", {"validation:email", {}});
    }
  }
  const Message too_many{"help:attachments_too_many", {{"count", std::to_string(kMaxTicketAttachments)}}};
  if (input.attachment_ids.size() > kMaxTicketAttachments) errors.Add("attachment_ids", too_many);
  if (guest) {
    if (input.upload_tokens.size() > kMaxTicketAttachments) errors.Add("upload_tokens", too_many);
    for (const auto& token : input.upload_tokens) {
      if (token.empty() || token.size() > kMaxUploadToken) {
        errors.Add("upload_tokens", {"validation:type.string", {}});
        break;
      }
    }
  }
  errors.ThrowIfAny();
}

void CheckPage(const PageInput& input) {
  ValidationErrors errors;
  errors.CheckLength("title", input.title, 1, 200);
  errors.CheckLength("body", input.body, 1, 200000);
  if (input.version < 0 || input.version > 1000000) {
    errors.Add("version", {"validation:range", {{"min", "0"}, {"max", "1000000"}}});
  }
  errors.ThrowIfAny();
}

// ---------------------------------------------------------------------------------------------- Answers

AdminFaqCategory CategoryOf(const db::Row& row) {
  return {row.Get<std::int64_t>("id"),     row.Get<std::string>("code"),      row.Get<std::string>("name_en"),
          row.Get<std::string>("name_ru"), row.Get<std::int32_t>("position"), {}};
}

AdminFaqQuestionSummary QuestionSummaryOf(const db::Row& row) {
  return {row.Get<std::int64_t>("id"), row.Get<std::string>("code"), row.Get<std::string>("question_en"),
          row.Get<std::string>("question_ru"), row.Get<std::int32_t>("position")};
}

AdminFaqQuestion AdminQuestionOf(const db::Row& row) {
  return {row.Get<std::int64_t>("id"),          row.Get<std::string>("code"),
          row.Get<std::int64_t>("category_id"), row.Get<std::string>("question_en"),
          row.Get<std::string>("question_ru"),  row.Get<std::string>("answer_en"),
          row.Get<std::string>("answer_ru"),    row.Get<std::int32_t>("position")};
}

Ticket TicketOf(const db::Row& row) {
  return {row.Get<std::int64_t>("id"),
          row.Get<std::string>("topic"),
          row.Get<std::string>("subject"),
          row.Get<std::string>("email"),
          CardOrNull(row, "user"),
          row.Get<std::string>("status"),
          row.Get<std::string>("lang"),
          row.Get<TimePoint>("created_at"),
          row.Get<std::optional<TimePoint>>("answered_at")};
}

/// The audit's snapshots (platform.audit_log's before/after): what the admin screens show of each object.
boost::json::value Snapshot(const AdminFaqCategory& category) {
  return boost::json::object{{"id", category.id},
                             {"code", category.code},
                             {"name_en", category.name_en},
                             {"name_ru", category.name_ru},
                             {"position", category.position}};
}

boost::json::value Snapshot(const AdminFaqQuestion& question) {
  return kernel::ToJson(question);
}

/// What the audit keeps of a ticket: its state (the texts are in the ticket and its messages).
boost::json::object TicketAudit(const Ticket& ticket) {
  boost::json::value answered_at = nullptr;
  if (ticket.answered_at) answered_at = boost::json::string(IsoTime(*ticket.answered_at));
  return {{"id", ticket.id}, {"status", ticket.status}, {"answered_at", std::move(answered_at)}};
}

void ThrowCodeTaken(const db::UniqueViolation& error) {
  (void)error;
  throw ValidationFailed("code", {"help:code_taken", {}});
}

}  // namespace

bool IsPageCode(std::string_view code) noexcept {
  return std::ranges::find(kPageCodes, code) != std::end(kPageCodes);
}

bool IsPageLanguage(std::string_view lang) noexcept {
  return std::ranges::find(kPageLanguages, lang) != std::end(kPageLanguages);
}

bool IsTopic(std::string_view topic) noexcept {
  return std::ranges::find(kTopics, topic) != std::end(kTopics);
}

bool IsCode(std::string_view code, std::size_t min, std::size_t max) noexcept {
  if (code.size() < min || code.size() > max) return false;
  for (std::size_t i = 0; i < code.size(); ++i) {
    const char c = code[i];
    const bool alnum = (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9');
    if (!alnum && (i == 0 || c != '-')) return false;
  }
  return true;
}

std::string Visitor::UploaderKey() const {
  return user ? fmt::format("user:{}", user->user_id) : fmt::format("ip:{}", ip);
}

std::string GuestUploader(std::string_view upload_token) {
  return "guest:" + ToHex(Sha256(upload_token));
}

namespace {

std::string TicketFileUrl(std::int64_t ticket_id, std::int64_t attachment_id, std::string_view name) {
  // storage::FileUrl percent-encodes the download name; the ticket's own route serves the bytes.
  const std::string file_url = storage::FileUrl("", name);
  return fmt::format("/api/admin/tickets/{}/files/{}{}", ticket_id, attachment_id,
                     file_url.substr(file_url.find('?')));
}

}  // namespace

struct Help::Impl {
  Impl(db::Pool& pool, HelpSettings settings, const Clock& clock)
      : pool(pool), settings(std::move(settings)), clock(clock), limiter(pool, clock) {}

  db::Pool& pool;
  HelpSettings settings;
  const Clock& clock;
  platform::RateLimiter limiter;

  awaitable<TicketDetail> Detail(std::int64_t id) {
    auto rows = co_await pool.Query(kTicket, id);
    if (rows.Empty()) throw NotFound();
    auto row = rows.One();
    TicketDetail ticket;
    static_cast<Ticket&>(ticket) = TicketOf(row);
    ticket.messages.push_back(
        {"user", std::nullopt, row.Get<std::string>("message"), row.Get<TimePoint>("created_at")});
    auto answers = co_await pool.Query(kTicketMessages, id);
    for (auto answer : answers) {
      ticket.messages.push_back({"admin", CardOrNull(answer, "admin"), answer.Get<std::string>("text"),
                                 answer.Get<TimePoint>("created_at")});
    }
    auto files = co_await pool.Query(kTicketAttachments, id);
    for (auto file : files) {
      auto name = file.Get<std::string>("original_name");
      const auto attachment_id = file.Get<std::int64_t>("id");
      auto url = TicketFileUrl(id, attachment_id, name);
      ticket.attachments.push_back({attachment_id, std::move(name), file.Get<std::int64_t>("size"),
                                    file.Get<std::string>("content_type"), std::move(url)});
    }
    co_return ticket;
  }

  awaitable<void> CheckCategoryExists(db::Transaction& tx, std::int64_t category_id) {
    auto rows = co_await tx.Query(kCategoryExists, category_id);
    if (rows.Empty()) throw ValidationFailed("category_id", {"help:category_missing", {}});
  }
};

Help::Help(db::Pool& pool, HelpSettings settings, const Clock& clock)
    : impl_(std::make_unique<Impl>(pool, std::move(settings), clock)) {}
Help::~Help() = default;

const HelpSettings& Help::Settings() const noexcept {
  return impl_->settings;
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

// ------------------------------------------------------------------------------------------------ Support

awaitable<void> Help::CheckUploadAllowance(const Visitor& visitor) {
  // Per person like the tickets (an account; a guest has only the address): the shared-NAT rule.
  const std::string uploader = visitor.UploaderKey();
  const std::string key = fmt::format("help.upload:{}", uploader);
  co_await impl_->limiter.HitOrThrow(key, impl_->settings.tickets_per_ip_per_hour, 1h);
  // A guest's pending uploads each have an owner of their own (its token), so there is nobody to count
  // them against but the address, whose hourly limit above bounds them.
  if (!visitor.user) co_return;
  auto rows =
      co_await impl_->pool.Query(kPendingUploads, uploader, static_cast<std::int64_t>(kMaxPendingUploads));
  if (rows.One().Get<std::int64_t>("pending") >= static_cast<std::int64_t>(kMaxPendingUploads)) {
    throw Conflict({"help:uploads_pending", {{"count", std::to_string(kMaxPendingUploads)}}});
  }
}

awaitable<Upload> Help::AddUpload(const Visitor& visitor, const std::string& name,
                                  const storage::StoredFile& stored) {
  // A guest is bound to the upload by a random token only they get (its hash is stored), not by the
  // address: behind a shared NAT another guest could otherwise take or block the upload.
  Upload upload;
  upload.name = name;
  upload.size = static_cast<std::int64_t>(stored.size);
  std::string uploader;
  if (visitor.user) {
    uploader = visitor.UploaderKey();
  } else {
    upload.upload_token = RandomToken();
    uploader = GuestUploader(*upload.upload_token);
  }
  const TimePoint now = impl_->clock.Now();
  auto rows = co_await impl_->pool.Query(kInsertUpload, uploader, stored.name, stored.thumbnail_name, name,
                                         stored.content_type, upload.size, now);
  upload.id = rows.One().Get<std::int64_t>("id");
  co_return upload;
}

awaitable<std::int64_t> Help::CreateTicket(const Visitor& visitor, const TicketInput& input,
                                           std::string_view lang) {
  CheckTicket(input, !visitor.user.has_value());
  auto& limiter = impl_->limiter;
  const auto& settings = impl_->settings;
  // The shared-NAT rule: a person is counted by account (or, for a guest, by the address they give), and
  // the IP only by a generous cap, so colleagues behind one router do not block each other.
  std::string email;
  std::optional<std::int64_t> user_id;
  if (visitor.user) {
    user_id = visitor.user->user_id;
    auto rows = co_await impl_->pool.Query(kUserEmail, *user_id);
    if (rows.Empty()) throw Unauthenticated();
    email = rows.One().Get<std::string>("email");
    const std::string key = fmt::format("help.ticket:user:{}", *user_id);
    co_await limiter.HitOrThrow(key, settings.tickets_per_hour, 1h);
  } else {
    // Stored and rate-limited as identity keeps addresses: lower-case.
    email = AsciiLower(input.email.value_or(""));
    const std::string key = fmt::format("help.ticket:email:{}", email);
    co_await limiter.HitOrThrow(key, settings.tickets_per_hour, 1h);
  }
  const std::string ip_key = fmt::format("help.ticket:ip:{}", visitor.ip);
  co_await limiter.HitOrThrow(ip_key, settings.tickets_per_ip_per_hour, 1h);

  const std::string language(lang);
  std::vector<std::string> uploaders;
  if (visitor.user) {
    uploaders.push_back(visitor.UploaderKey());
  } else {
    for (const auto& token : input.upload_tokens) uploaders.push_back(GuestUploader(token));
  }
  const TimePoint now = impl_->clock.Now();
  auto tx = co_await impl_->pool.Begin();
  auto inserted = co_await tx.Query(kInsertTicket, input.topic, input.subject, input.message, email, user_id,
                                    language, visitor.ip, now);
  const auto id = inserted.One().Get<std::int64_t>("id");
  if (!input.attachment_ids.empty()) {
    auto attached = co_await tx.Query(kAttachUploads, id, input.attachment_ids, uploaders);
    if (attached.AffectedRows() != input.attachment_ids.size()) {
      throw ValidationFailed("attachment_ids", {"help:attachment_unknown", {}});
    }
  }
  mail::OutgoingMail mail{settings.support_address,
                          language,
                          "support_ticket",
                          {{"ticket_id", std::to_string(id)},
                           {"topic", input.topic},
                           {"subject", input.subject},
                           {"email", email},
                           {"message", input.message}}};
  co_await mail::Enqueue(tx, mail);
  co_await tx.Commit();
  co_return id;
}

awaitable<TicketList> Help::MyTickets(std::int64_t user_id) {
  auto rows = co_await impl_->pool.Query(kMyTickets, user_id, kMyTicketsLimit);
  TicketList list;
  for (auto row : rows) list.items.push_back(TicketOf(row));
  co_return list;
}

awaitable<TicketPage> Help::AdminTickets(std::optional<std::string> status, std::optional<std::string> cursor,
                                         std::int32_t limit) {
  if (status && !(*status == "open" || *status == "answered" || *status == "closed")) {
    throw ValidationFailed("status", {"validation:one_of", {{"values", "open, answered, closed"}}});
  }
  // The cursor is the last id of the previous page, as text.
  std::optional<std::int64_t> before_id;
  if (cursor) {
    std::int64_t value = 0;
    auto [end, error] = std::from_chars(cursor->data(), cursor->data() + cursor->size(), value);
    if (error != std::errc() || end != cursor->data() + cursor->size() || value < 1) {
      throw ValidationFailed("cursor", {"validation:format", {}});
    }
    before_id = value;
  }
  const auto fetch = static_cast<std::int64_t>(limit) + 1;
  auto rows = co_await impl_->pool.Query(kAdminTickets, status, before_id, fetch);
  TicketPage page;
  for (auto row : rows) {
    if (page.items.size() == static_cast<std::size_t>(limit)) {
      page.next_cursor = std::to_string(page.items.back().id);
      break;
    }
    page.items.push_back(TicketOf(row));
  }
  co_return page;
}

awaitable<TicketDetail> Help::AdminTicket(std::int64_t id) {
  co_return co_await impl_->Detail(id);
}

awaitable<std::optional<TicketFile>> Help::AdminTicketFile(std::int64_t ticket_id,
                                                           std::int64_t attachment_id) {
  auto rows = co_await impl_->pool.Query(kTicketFile, attachment_id, ticket_id);
  if (rows.Empty()) co_return std::nullopt;
  auto row = rows.One();
  co_return TicketFile{row.Get<std::string>("file_name"),
                       row.Get<std::optional<std::string>>("thumbnail_name"),
                       row.Get<std::string>("original_name")};
}

awaitable<TicketDetail> Help::AnswerTicket(const Actor& actor, std::int64_t id, const AnswerInput& input) {
  {
    ValidationErrors errors;
    errors.CheckLength("text", input.text, 1, 10000);
    errors.ThrowIfAny();
  }
  const TimePoint now = impl_->clock.Now();
  {
    auto tx = co_await impl_->pool.Begin();
    auto locked = co_await tx.Query(kLockTicket, id);
    if (locked.Empty()) throw NotFound();
    if (locked.One().Get<std::string>("status") == "closed") throw Conflict({"help:illegal_transition", {}});
    auto rows = co_await tx.Query(kTicket, id);
    const Ticket before = TicketOf(rows.One());
    co_await tx.Query(kInsertAnswer, id, actor.user_id, input.text, now);
    co_await tx.Query(kMarkAnswered, id, now);
    auto changed = co_await tx.Query(kTicket, id);
    const Ticket after = TicketOf(changed.One());
    boost::json::object audit_after = TicketAudit(after);
    audit_after["answer"] = input.text;
    platform::AuditEntry entry{"tickets.answer", "ticket", id, TicketAudit(before), std::move(audit_after)};
    co_await platform::RecordAudit(tx, actor, std::move(entry));
    mail::OutgoingMail mail{
        after.email,
        after.lang,
        "support_answer",
        {{"ticket_id", std::to_string(id)}, {"subject", after.subject}, {"answer", input.text}}};
    co_await mail::Enqueue(tx, mail);
    co_await tx.Commit();
  }
  co_return co_await impl_->Detail(id);
}

awaitable<TicketDetail> Help::CloseTicket(const Actor& actor, std::int64_t id) {
  {
    auto tx = co_await impl_->pool.Begin();
    auto locked = co_await tx.Query(kLockTicket, id);
    if (locked.Empty()) throw NotFound();
    if (locked.One().Get<std::string>("status") == "closed") throw Conflict({"help:illegal_transition", {}});
    auto rows = co_await tx.Query(kTicket, id);
    const Ticket before = TicketOf(rows.One());
    co_await tx.Query(kMarkClosed, id);
    Ticket after = before;
    after.status = "closed";
    platform::AuditEntry entry{"tickets.close", "ticket", id, TicketAudit(before), TicketAudit(after)};
    co_await platform::RecordAudit(tx, actor, std::move(entry));
    co_await tx.Commit();
  }
  co_return co_await impl_->Detail(id);
}

awaitable<Help::UploadSweep> Help::SweepUploads(TimePoint cutoff, const std::string& others_use_sql,
                                                int batch) {
  std::string sql(kSweepTemplate);
  sql.replace(sql.find("{others}"), 8, others_use_sql);
  auto rows = co_await impl_->pool.Query(std::string_view(sql), cutoff, std::int64_t{batch});
  UploadSweep sweep;
  for (auto row : rows) {
    sweep.removed = static_cast<std::size_t>(row.Get<std::int64_t>("removed"));
    if (row.Get<bool>("unused")) sweep.unused_files.push_back(row.Get<std::string>("name"));
  }
  co_return sweep;
}

// ------------------------------------------------------------------------------------------------ Pages

awaitable<help::Page> Help::Page(std::string_view code, std::string_view lang) {
  if (!IsPageCode(code)) throw NotFound();
  const std::string page_code(code);
  const std::string language(lang);
  auto rows = co_await impl_->pool.Query(kPublicPage, page_code, language);
  if (rows.Empty()) throw NotFound();
  auto row = rows.One();
  co_return help::Page{row.Get<std::string>("code"),     row.Get<std::string>("lang"),
                       row.Get<std::string>("title"),    row.Get<std::string>("body_html"),
                       row.Get<std::int32_t>("version"), row.Get<TimePoint>("updated_at")};
}

awaitable<AdminPageList> Help::AdminPages() {
  auto rows = co_await impl_->pool.Query(kAdminPages);
  AdminPageList list;
  for (auto row : rows) {
    list.items.push_back({row.Get<std::string>("code"), row.Get<std::string>("lang"),
                          row.Get<std::string>("title"), row.Get<std::int32_t>("version"),
                          row.Get<TimePoint>("updated_at"), CardOrNull(row, "user")});
  }
  co_return list;
}

awaitable<help::AdminPage> Help::AdminPage(std::string_view code, std::string_view lang) {
  if (!IsPageCode(code) || !IsPageLanguage(lang)) throw NotFound();
  const std::string page_code(code);
  const std::string language(lang);
  auto rows = co_await impl_->pool.Query(kAdminPage, page_code, language);
  if (rows.Empty()) throw NotFound();
  auto row = rows.One();
  help::AdminPage page{row.Get<std::string>("code"),
                       row.Get<std::string>("lang"),
                       row.Get<std::string>("title"),
                       row.Get<std::string>("body"),
                       row.Get<std::string>("body_html"),
                       row.Get<std::int32_t>("version"),
                       {}};
  auto versions = co_await impl_->pool.Query(kPageVersions, page_code, language);
  for (auto version : versions) {
    page.versions.push_back({version.Get<std::int32_t>("version"), version.Get<std::string>("title"),
                             CardOrNull(version, "user"), version.Get<TimePoint>("created_at")});
  }
  co_return page;
}

awaitable<help::AdminPage> Help::SavePage(const Actor& actor, std::string_view code, std::string_view lang,
                                          const PageInput& input) {
  if (!IsPageCode(code) || !IsPageLanguage(lang)) throw NotFound();
  CheckPage(input);
  const std::string page_code(code);
  const std::string language(lang);
  const std::string html = markdown::ToHtml(input.body);
  const TimePoint now = impl_->clock.Now();
  const std::optional<std::int64_t> author =
      actor.user_id > 0 ? std::optional<std::int64_t>(actor.user_id) : std::nullopt;
  {
    auto tx = co_await impl_->pool.Begin();
    auto existing = co_await tx.Query(kLockPage, page_code, language);
    boost::json::value before = nullptr;
    std::int64_t page_id = 0;
    std::int32_t version = 1;
    if (existing.Empty()) {
      if (input.version != 0) throw Conflict({"help:page_changed", {}});
      auto inserted =
          co_await tx.Query(kInsertPage, page_code, language, input.title, input.body, html, author, now);
      if (inserted.Empty()) throw Conflict({"help:page_changed", {}});
      page_id = inserted.One().Get<std::int64_t>("id");
    } else {
      auto row = existing.One();
      if (row.Get<std::int32_t>("version") != input.version) throw Conflict({"help:page_changed", {}});
      before = boost::json::object{{"code", page_code},
                                   {"lang", language},
                                   {"title", row.Get<std::string>("title")},
                                   {"body", row.Get<std::string>("body")},
                                   {"version", row.Get<std::int32_t>("version")}};
      auto updated =
          co_await tx.Query(kUpdatePage, page_code, language, input.title, input.body, html, author, now);
      page_id = updated.One().Get<std::int64_t>("id");
      version = updated.One().Get<std::int32_t>("version");
    }
    co_await tx.Query(kInsertPageVersion, page_code, language, version, input.title, input.body, author, now);
    if (actor.user_id > 0) {
      boost::json::object after{{"code", page_code},
                                {"lang", language},
                                {"title", input.title},
                                {"body", input.body},
                                {"version", version}};
      platform::AuditEntry entry{"pages.edit", "page", page_id, before, std::move(after)};
      co_await platform::RecordAudit(tx, actor, std::move(entry));
    }
    co_await tx.Commit();
  }
  co_return co_await AdminPage(code, lang);
}

awaitable<help::PageVersion> Help::PageVersion(std::string_view code, std::string_view lang,
                                               std::int32_t version) {
  if (!IsPageCode(code) || !IsPageLanguage(lang)) throw NotFound();
  const std::string page_code(code);
  const std::string language(lang);
  auto rows = co_await impl_->pool.Query(kPageVersion, page_code, language, version);
  if (rows.Empty()) throw NotFound();
  auto row = rows.One();
  auto body = row.Get<std::string>("body");
  auto html = markdown::ToHtml(body);
  co_return help::PageVersion{
      row.Get<std::int32_t>("version"), row.Get<std::string>("title"),   std::move(body), std::move(html),
      CardOrNull(row, "user"),          row.Get<TimePoint>("created_at")};
}

}  // namespace artel::help
