#pragma once

// Help and support (docs/architecture.md, "Help and support"): the FAQ in both languages, support tickets
// mailed through the outbox, and the legal/info pages with every version kept. The inputs and answers are the
// described structs of libs/help/api.yaml's schemas, which the HTTP edge (src/routes.cpp) binds.

#include <boost/asio/awaitable.hpp>
#include <boost/describe/class.hpp>
#include <chrono>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "artel/core/actor.hpp"
#include "artel/core/clock.hpp"
#include "artel/profiles/profiles.hpp"

namespace artel::db {
class Pool;
}  // namespace artel::db
namespace artel::storage {
struct StoredFile;
}  // namespace artel::storage

namespace artel::help {

/// The codes of the legal/info pages; any other code is 404.
inline constexpr std::string_view kPageCodes[] = {"about",          "agreement",     "rules",
                                                  "privacy-policy", "cookie-policy", "tariffs"};
inline constexpr std::string_view kPageLanguages[] = {"en", "ru"};
bool IsPageCode(std::string_view code) noexcept;
bool IsPageLanguage(std::string_view lang) noexcept;

/// The module's config section `help`.
struct HelpSettings {
  /// Where support tickets are mailed.
  std::string support_address = "support@artel.local";
  /// Tickets per hour per signed-in user, and per e-mail address for guests.
  unsigned tickets_per_hour = 5;
  /// Tickets per hour from one IP address (generous: a shared NAT holds many users); also uploads per hour
  /// per account or, for guests, per IP address.
  unsigned tickets_per_ip_per_hour = 30;
};

// The inputs are described (BOOST_DESCRIBE_STRUCT) so the HTTP edge reads them from request bodies checked
// against libs/help/api.yaml; the service checks its own rules again (seeders and tests call it directly).

/// A FAQ category: code `^[a-z0-9][a-z0-9-]{1,63}$` (unique), names 1–200, position 0–10000.
struct CategoryInput {
  std::string code;
  std::string name_en;
  std::string name_ru;
  std::int32_t position = 0;
};
BOOST_DESCRIBE_STRUCT(CategoryInput, (), (code, name_en, name_ru, position))

/// A FAQ question: code `^[a-z0-9][a-z0-9-]{1,99}$` (unique), an existing category, questions 3–300, answers
/// (Markdown, kept as written) 1–20000, position 0–10000.
struct QuestionInput {
  std::string code;
  std::int64_t category_id = 0;
  std::string question_en;
  std::string question_ru;
  std::string answer_en;
  std::string answer_ru;
  std::int32_t position = 0;
};
BOOST_DESCRIBE_STRUCT(QuestionInput, (),
                      (code, category_id, question_en, question_ru, answer_en, answer_ru, position))

inline constexpr std::size_t kMaxTicketAttachments = 5;
inline constexpr std::size_t kMaxPendingUploads = 20;
/// Longest upload token a ticket may present (they are 43 characters: 32 random bytes in base64url).
inline constexpr std::size_t kMaxUploadToken = 100;

/// The support form: topic one of kTopics, subject 3–200, message 10–5000, `email` required from a guest
/// (a signed-in user's ticket uses the account's address), at most kMaxTicketAttachments attachments.
struct TicketInput {
  std::string topic;
  std::string subject;
  std::string message;
  std::optional<std::string> email;
  std::vector<std::int64_t> attachment_ids;
  /// A guest's: the upload_token of each upload in attachment_ids (any order); a user's are not read.
  std::vector<std::string> upload_tokens;
};
BOOST_DESCRIBE_STRUCT(TicketInput, (), (topic, subject, message, email, attachment_ids, upload_tokens))

/// An admin's answer to a ticket: 1–10000 characters of plain text.
struct AnswerInput {
  std::string text;
};
BOOST_DESCRIBE_STRUCT(AnswerInput, (), (text))

/// A page's new version: title 1–200, body (Markdown, kept as written) 1–200000, `version` the one edited (0
/// to create the page).
struct PageInput {
  std::string title;
  std::string body;
  std::int32_t version = 0;
};
BOOST_DESCRIBE_STRUCT(PageInput, (), (title, body, version))

inline constexpr std::string_view kTopics[] = {"account", "orders", "payments", "jobs", "bug", "other"};
bool IsTopic(std::string_view topic) noexcept;
/// Lower-case letters, digits and dashes, starting with a letter or digit, `min`–`max` characters: the codes
/// of FAQ categories (2–64) and questions (2–100).
bool IsCode(std::string_view code, std::size_t min, std::size_t max) noexcept;

// The answers (libs/help/api.yaml's schemas of the same names), described for web::Api.

struct FaqQuestionLink {
  std::int64_t id = 0;
  std::string code;
  std::string question;
};
BOOST_DESCRIBE_STRUCT(FaqQuestionLink, (), (id, code, question))

struct FaqCategory {
  std::int64_t id = 0;
  std::string code;
  std::string name;
  std::vector<FaqQuestionLink> questions;
};
BOOST_DESCRIBE_STRUCT(FaqCategory, (), (id, code, name, questions))

/// HelpFaqIndex: every category with its questions, in the reader's language.
struct FaqIndex {
  std::vector<FaqCategory> categories;
};
BOOST_DESCRIBE_STRUCT(FaqIndex, (), (categories))

struct FaqCategoryRef {
  std::int64_t id = 0;
  std::string code;
  std::string name;
};
BOOST_DESCRIBE_STRUCT(FaqCategoryRef, (), (id, code, name))

struct FaqRelated {
  std::string code;
  std::string question;
};
BOOST_DESCRIBE_STRUCT(FaqRelated, (), (code, question))

/// HelpFaqQuestion: one question with its rendered answer and up to five others of its category.
struct FaqQuestion {
  std::int64_t id = 0;
  std::string code;
  FaqCategoryRef category;
  std::string question;
  std::string answer_html;
  std::vector<FaqRelated> related;
};
BOOST_DESCRIBE_STRUCT(FaqQuestion, (), (id, code, category, question, answer_html, related))

/// HelpFaqMatch.
struct FaqMatch {
  std::string code;
  std::string question;
  std::string excerpt;
};
BOOST_DESCRIBE_STRUCT(FaqMatch, (), (code, question, excerpt))

struct FaqMatches {
  std::vector<FaqMatch> items;
};
BOOST_DESCRIBE_STRUCT(FaqMatches, (), (items))

struct AdminFaqQuestionSummary {
  std::int64_t id = 0;
  std::string code;
  std::string question_en;
  std::string question_ru;
  std::int32_t position = 0;
};
BOOST_DESCRIBE_STRUCT(AdminFaqQuestionSummary, (), (id, code, question_en, question_ru, position))

/// AdminFaqCategory: both languages, with its questions.
struct AdminFaqCategory {
  std::int64_t id = 0;
  std::string code;
  std::string name_en;
  std::string name_ru;
  std::int32_t position = 0;
  std::vector<AdminFaqQuestionSummary> questions;
};
BOOST_DESCRIBE_STRUCT(AdminFaqCategory, (), (id, code, name_en, name_ru, position, questions))

struct AdminFaq {
  std::vector<AdminFaqCategory> categories;
};
BOOST_DESCRIBE_STRUCT(AdminFaq, (), (categories))

/// AdminFaqQuestion: both languages' Markdown.
struct AdminFaqQuestion {
  std::int64_t id = 0;
  std::string code;
  std::int64_t category_id = 0;
  std::string question_en;
  std::string question_ru;
  std::string answer_en;
  std::string answer_ru;
  std::int32_t position = 0;
};
BOOST_DESCRIBE_STRUCT(AdminFaqQuestion, (),
                      (id, code, category_id, question_en, question_ru, answer_en, answer_ru, position))

/// HelpUpload: a stored attachment waiting for its ticket.
struct Upload {
  std::int64_t id = 0;
  std::string name;
  std::int64_t size = 0;
  /// A guest's secret that binds the upload to them (null for a signed-in user).
  std::optional<std::string> upload_token;
};
BOOST_DESCRIBE_STRUCT(Upload, (), (id, name, size, upload_token))

struct TicketCreated {
  std::int64_t id = 0;
};
BOOST_DESCRIBE_STRUCT(TicketCreated, (), (id))

/// HelpTicket.
struct Ticket {
  std::int64_t id = 0;
  std::string topic;
  std::string subject;
  std::string email;
  std::optional<profiles::UserCardView> user;
  std::string status;
  std::string lang;
  TimePoint created_at;
  std::optional<TimePoint> answered_at;
};
BOOST_DESCRIBE_STRUCT(Ticket, (), (id, topic, subject, email, user, status, lang, created_at, answered_at))

struct TicketMessage {
  /// user | admin
  std::string author;
  std::optional<profiles::UserCardView> admin;
  std::string text;
  TimePoint at;
};
BOOST_DESCRIBE_STRUCT(TicketMessage, (), (author, admin, text, at))

struct TicketAttachment {
  std::int64_t id = 0;
  std::string name;
  std::int64_t size = 0;
  std::string content_type;
  /// The admins' route of the file (GET /api/admin/tickets/{id}/files/{attachment_id}?name=…).
  std::string url;
};
BOOST_DESCRIBE_STRUCT(TicketAttachment, (), (id, name, size, content_type, url))

/// HelpTicketDetail: the user's message first, then the answers, and the attachments.
struct TicketDetail : Ticket {
  std::vector<TicketMessage> messages;
  std::vector<TicketAttachment> attachments;
};
BOOST_DESCRIBE_STRUCT(TicketDetail, (Ticket), (messages, attachments))

struct TicketList {
  std::vector<Ticket> items;
};
BOOST_DESCRIBE_STRUCT(TicketList, (), (items))

struct TicketPage {
  std::vector<Ticket> items;
  /// The id to continue before, as text; null on the last page.
  std::optional<std::string> next_cursor;
};
BOOST_DESCRIBE_STRUCT(TicketPage, (), (items, next_cursor))

/// Page: a legal/info page as readers get it.
struct Page {
  std::string code;
  std::string lang;
  std::string title;
  std::string body_html;
  std::int32_t version = 0;
  TimePoint updated_at;
};
BOOST_DESCRIBE_STRUCT(Page, (), (code, lang, title, body_html, version, updated_at))

struct AdminPageSummary {
  std::string code;
  std::string lang;
  std::string title;
  std::int32_t version = 0;
  TimePoint updated_at;
  std::optional<profiles::UserCardView> updated_by;
};
BOOST_DESCRIBE_STRUCT(AdminPageSummary, (), (code, lang, title, version, updated_at, updated_by))

struct AdminPageList {
  std::vector<AdminPageSummary> items;
};
BOOST_DESCRIBE_STRUCT(AdminPageList, (), (items))

struct PageVersionSummary {
  std::int32_t version = 0;
  std::string title;
  std::optional<profiles::UserCardView> author;
  TimePoint created_at;
};
BOOST_DESCRIBE_STRUCT(PageVersionSummary, (), (version, title, author, created_at))

/// AdminPage: the Markdown source, its rendering and every version, newest first.
struct AdminPage {
  std::string code;
  std::string lang;
  std::string title;
  std::string body;
  std::string body_html;
  std::int32_t version = 0;
  std::vector<PageVersionSummary> versions;
};
BOOST_DESCRIBE_STRUCT(AdminPage, (), (code, lang, title, body, body_html, version, versions))

/// PageVersion: one kept version.
struct PageVersion {
  std::int32_t version = 0;
  std::string title;
  std::string body;
  std::string body_html;
  std::optional<profiles::UserCardView> author;
  TimePoint created_at;
};
BOOST_DESCRIBE_STRUCT(PageVersion, (), (version, title, body, body_html, author, created_at))

/// Who sends the support form: the signed-in user, or a guest known by IP only.
struct Visitor {
  std::optional<Actor> user;
  std::string ip;
  /// "user:<id>" or "ip:<address>": whom its uploads are counted against (the hourly limit). A user's
  /// uploads are also bound to it; a guest's are bound to their upload tokens (GuestUploader), never to
  /// the address, which a shared NAT gives to many people.
  std::string UploaderKey() const;
};

/// The owner of a guest's upload: "guest:<SHA-256 hex of the upload token>". The token is returned once,
/// with the upload, and only its hash is stored.
std::string GuestUploader(std::string_view upload_token);

/// A ticket's attachment as the admin's route serves it.
struct TicketFile {
  std::string file_name;
  std::optional<std::string> thumbnail_name;
  std::string original_name;
};

class Help final {
 public:
  Help(db::Pool& pool, HelpSettings settings, const Clock& clock = DefaultClock());
  ~Help();
  Help(const Help&) = delete;
  Help& operator=(const Help&) = delete;

  const HelpSettings& Settings() const noexcept;

  // FAQ, public (in `lang`).
  boost::asio::awaitable<help::FaqIndex> FaqIndex(std::string_view lang);
  /// An unknown or malformed code → 404.
  boost::asio::awaitable<help::FaqQuestion> FaqQuestion(std::string_view code, std::string_view lang);
  /// `query` 1–200 characters (422 on `q` otherwise); at most 20 matches, best first.
  boost::asio::awaitable<FaqMatches> SearchFaq(std::string_view query, std::string_view lang);

  // FAQ, admin (both languages; every change audited in its transaction).
  boost::asio::awaitable<help::AdminFaq> AdminFaq();
  boost::asio::awaitable<AdminFaqCategory> CreateCategory(const Actor& actor, const CategoryInput& input);
  boost::asio::awaitable<AdminFaqCategory> UpdateCategory(const Actor& actor, std::int64_t id,
                                                          const CategoryInput& input);
  boost::asio::awaitable<void> DeleteCategory(const Actor& actor, std::int64_t id);
  boost::asio::awaitable<AdminFaqQuestion> AdminQuestion(std::int64_t id);
  boost::asio::awaitable<AdminFaqQuestion> CreateQuestion(const Actor& actor, const QuestionInput& input);
  boost::asio::awaitable<AdminFaqQuestion> UpdateQuestion(const Actor& actor, std::int64_t id,
                                                          const QuestionInput& input);
  boost::asio::awaitable<void> DeleteQuestion(const Actor& actor, std::int64_t id);

  // Support.
  /// Counts the upload against its uploader's hourly limit (an account; a guest's IP address) and checks a
  /// user's pending uploads (409 over kMaxPendingUploads; a guest's are bounded by the hourly limit).
  boost::asio::awaitable<void> CheckUploadAllowance(const Visitor& visitor);
  /// Records a stored (private) file as a pending upload of the visitor, with the token a guest's ticket
  /// must present (none for a signed-in user).
  boost::asio::awaitable<Upload> AddUpload(const Visitor& visitor, const std::string& name,
                                           const storage::StoredFile& stored);
  /// Rate-limited (429), stored and mailed to Settings().support_address in one transaction; the ticket id.
  /// Attaches the listed pending uploads of the visitor (a user's own, a guest's by their tokens); any
  /// other id → 422 help:attachment_unknown, nothing stored.
  /// The input is checked here (422 per field; a guest without an e-mail → 422 on `email`).
  boost::asio::awaitable<std::int64_t> CreateTicket(const Visitor& visitor, const TicketInput& input,
                                                    std::string_view lang);
  boost::asio::awaitable<TicketList> MyTickets(std::int64_t user_id);
  /// Newest first; `status` open|answered|closed or all; `cursor` the previous page's next_cursor (another
  /// text → 422 on `cursor`).
  boost::asio::awaitable<TicketPage> AdminTickets(std::optional<std::string> status,
                                                  std::optional<std::string> cursor, std::int32_t limit);
  boost::asio::awaitable<TicketDetail> AdminTicket(std::int64_t id);
  /// The attachment `attachment_id` of ticket `ticket_id` (the admin's route checks the role); nullopt when
  /// either is unknown or the attachment belongs to another ticket.
  boost::asio::awaitable<std::optional<TicketFile>> AdminTicketFile(std::int64_t ticket_id,
                                                                    std::int64_t attachment_id);
  /// Stores the answer, marks the ticket answered and mails the answer to the ticket's e-mail, in one
  /// transaction; a closed ticket → 409 help:illegal_transition.
  boost::asio::awaitable<TicketDetail> AnswerTicket(const Actor& actor, std::int64_t id,
                                                    const AnswerInput& input);
  boost::asio::awaitable<TicketDetail> CloseTicket(const Actor& actor, std::int64_t id);

  // Pages.
  boost::asio::awaitable<help::Page> Page(std::string_view code, std::string_view lang);
  boost::asio::awaitable<AdminPageList> AdminPages();
  boost::asio::awaitable<help::AdminPage> AdminPage(std::string_view code, std::string_view lang);
  /// A new version (version 1 when the page is new: input.version 0); another edit since input.version →
  /// 409 help:page_changed. `actor` may be a seeder's (no audit row when actor.user_id is 0).
  boost::asio::awaitable<help::AdminPage> SavePage(const Actor& actor, std::string_view code,
                                                   std::string_view lang, const PageInput& input);
  boost::asio::awaitable<help::PageVersion> PageVersion(std::string_view code, std::string_view lang,
                                                        std::int32_t version);

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace artel::help
