#pragma once

// Help and support (docs/architecture.md, "Help and support"): the FAQ in both languages, support tickets
// mailed through the outbox, and the legal/info pages with every version kept. Answers are JSON objects in
// the shapes of docs/api/openapi.yaml (tag help): this domain has no other consumer.

#include <boost/asio/awaitable.hpp>
#include <boost/json/object.hpp>
#include <chrono>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "artel/core/actor.hpp"
#include "artel/core/clock.hpp"

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

struct CategoryInput {
  std::string code;
  std::string name_en;
  std::string name_ru;
  std::int32_t position = 0;
};

struct QuestionInput {
  std::string code;
  std::int64_t category_id = 0;
  std::string question_en;
  std::string question_ru;
  std::string answer_en;
  std::string answer_ru;
  std::int32_t position = 0;
};

inline constexpr std::size_t kMaxTicketAttachments = 5;
inline constexpr std::size_t kMaxPendingUploads = 20;
/// Longest upload token a ticket may present (they are 43 characters: 32 random bytes in base64url).
inline constexpr std::size_t kMaxUploadToken = 100;

struct TicketInput {
  std::string topic;
  std::string subject;
  std::string message;
  std::optional<std::string> email;
  std::vector<std::int64_t> attachment_ids;
  /// A guest's: the upload_token of each upload in attachment_ids (any order).
  std::vector<std::string> upload_tokens;
};

struct PageInput {
  std::string title;
  std::string body;
  std::int32_t version = 0;
};

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
  boost::asio::awaitable<boost::json::object> FaqIndex(std::string_view lang);
  boost::asio::awaitable<boost::json::object> FaqQuestion(std::string_view code, std::string_view lang);
  boost::asio::awaitable<boost::json::object> SearchFaq(std::string_view query, std::string_view lang);

  // FAQ, admin (both languages; every change audited in its transaction).
  boost::asio::awaitable<boost::json::object> AdminFaq();
  boost::asio::awaitable<boost::json::object> CreateCategory(const Actor& actor, const CategoryInput& input);
  boost::asio::awaitable<boost::json::object> UpdateCategory(const Actor& actor, std::int64_t id,
                                                             const CategoryInput& input);
  boost::asio::awaitable<void> DeleteCategory(const Actor& actor, std::int64_t id);
  boost::asio::awaitable<boost::json::object> AdminQuestion(std::int64_t id);
  boost::asio::awaitable<boost::json::object> CreateQuestion(const Actor& actor, const QuestionInput& input);
  boost::asio::awaitable<boost::json::object> UpdateQuestion(const Actor& actor, std::int64_t id,
                                                             const QuestionInput& input);
  boost::asio::awaitable<void> DeleteQuestion(const Actor& actor, std::int64_t id);

  // Support.
  /// Counts the upload against its uploader's hourly limit (an account; a guest's IP address) and checks a
  /// user's pending uploads (409 over kMaxPendingUploads; a guest's are bounded by the hourly limit).
  boost::asio::awaitable<void> CheckUploadAllowance(const Visitor& visitor);
  /// Records a stored (private) file as a pending upload of the visitor: {id, name, size, upload_token},
  /// the token a guest's ticket must present (null for a signed-in user).
  boost::asio::awaitable<boost::json::object> AddUpload(const Visitor& visitor, const std::string& name,
                                                        const storage::StoredFile& stored);
  /// Rate-limited (429), stored and mailed to Settings().support_address in one transaction; the ticket id.
  /// Attaches the listed pending uploads of the visitor (a user's own, a guest's by their tokens); any
  /// other id → 422 help:attachment_unknown, nothing stored.
  boost::asio::awaitable<std::int64_t> CreateTicket(const Visitor& visitor, const TicketInput& input,
                                                    std::string_view lang);
  boost::asio::awaitable<boost::json::object> MyTickets(std::int64_t user_id);
  boost::asio::awaitable<boost::json::object> AdminTickets(std::optional<std::string> status,
                                                           std::optional<std::int64_t> before_id,
                                                           std::int32_t limit);
  boost::asio::awaitable<boost::json::object> AdminTicket(std::int64_t id);
  /// The attachment `attachment_id` of ticket `ticket_id` (the admin's route checks the role); nullopt when
  /// either is unknown or the attachment belongs to another ticket.
  boost::asio::awaitable<std::optional<TicketFile>> AdminTicketFile(std::int64_t ticket_id,
                                                                    std::int64_t attachment_id);
  /// Stores the answer, marks the ticket answered and mails the answer to the ticket's e-mail, in one
  /// transaction; a closed ticket → 409 help:illegal_transition.
  boost::asio::awaitable<boost::json::object> AnswerTicket(const Actor& actor, std::int64_t id,
                                                           const std::string& text);
  boost::asio::awaitable<boost::json::object> CloseTicket(const Actor& actor, std::int64_t id);

  struct UploadSweep {
    std::size_t removed = 0;
    std::vector<std::string> unused_files;
  };
  /// Deletes uploads no ticket used, created before `cutoff` (rows whose files are already private); the
  /// private files nothing else uses are returned; `others_use_sql` is
  /// storage::FileReferences::OthersUse("help", "n.name", storage::Space::kPrivate).
  boost::asio::awaitable<UploadSweep> SweepUploads(TimePoint cutoff, const std::string& others_use_sql,
                                                   int batch = 500);

  // Pages.
  boost::asio::awaitable<boost::json::object> Page(std::string_view code, std::string_view lang);
  boost::asio::awaitable<boost::json::object> AdminPages();
  boost::asio::awaitable<boost::json::object> AdminPage(std::string_view code, std::string_view lang);
  /// A new version (version 1 when the page is new: input.version 0); another edit since input.version →
  /// 409 help:page_changed. `actor` may be a seeder's (no audit row when actor.user_id is 0).
  boost::asio::awaitable<boost::json::object> SavePage(const Actor& actor, std::string_view code,
                                                       std::string_view lang, const PageInput& input);
  boost::asio::awaitable<boost::json::object> PageVersion(std::string_view code, std::string_view lang,
                                                          std::int32_t version);

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace artel::help
