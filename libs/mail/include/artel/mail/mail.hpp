#pragma once

#include <boost/asio/awaitable.hpp>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "artel/core/clock.hpp"
#include "artel/core/config.hpp"

namespace artel::db {
class Pool;
class Transaction;
}  // namespace artel::db

namespace artel::i18n {
class Catalog;
}  // namespace artel::i18n

namespace artel::mail {

/// A mail's texts live with the module that sends it, in its own i18n namespace: a template's name is the
/// catalogue key they are under, `<namespace>:mail.<name>` (`auth:mail.verify_email`,
/// `help:mail.support_ticket`), with `.subject`, `.greeting`, `.paragraphs.<n>`, `.button` and `.footer`
/// below it; `mail:common.*` holds what every mail shares. Nothing lists the templates: a module's mail
/// exists when its texts do (Templates finds them). True for a name of that shape.
bool IsTemplateName(std::string_view name);

/// Every template of `catalog` in `lang`: each `<namespace>:mail.<name>` with a subject.
std::vector<std::string> Templates(const i18n::Catalog& catalog, std::string_view lang);

/// The extra headers a mail may carry (RFC 8058 one-click unsubscribe); Enqueue refuses any other.
inline constexpr std::string_view kExtraHeaders[] = {"List-Unsubscribe", "List-Unsubscribe-Post"};

using Headers = std::vector<std::pair<std::string, std::string>>;

/// Throws std::invalid_argument for a header not in kExtraHeaders or a value that is not one line of
/// printable ASCII.
void ValidateHeaders(const Headers& headers);

struct OutgoingMail {
  std::string to;
  std::string lang;
  /// `<namespace>:mail.<name>` (IsTemplateName), texts in the catalogue.
  std::string template_name;
  /// Placeholder values, e.g. {"name", "Ира"}, {"link", "https://…"}; `link` becomes the button.
  std::vector<std::pair<std::string, std::string>> params;
  /// Extra header fields, each named in kExtraHeaders, printable ASCII on one line.
  Headers headers;
};

/// Inserts into mail.outbox inside the caller's transaction: the mail exists iff the transaction commits
/// (never lost, never sent for a rolled-back action). Returns the outbox id. Throws std::invalid_argument
/// for a template name not of IsTemplateName's shape or a recipient that is not a single plain address (a
/// name whose texts are missing fails at delivery: Render throws, and the mail is marked failed at once).
boost::asio::awaitable<std::int64_t> Enqueue(db::Transaction& tx, const OutgoingMail& mail);

struct RenderedMail {
  std::string subject, text, html;
};

/// Renders subject, plain text and HTML from `mail:<template>.{subject,greeting,paragraphs.*,button,footer}`
/// and `mail:common.*` in the mail's language (English when the catalogue lacks it). Params are inserted
/// verbatim in the subject and text and HTML-escaped in the HTML part. Throws std::invalid_argument when
/// the template is missing from the catalogue.
RenderedMail Render(const i18n::Catalog& catalog, const OutgoingMail& mail);

/// Builds an RFC 5322 message: UTF-8, MIME multipart/alternative with text and HTML parts (quoted-printable
/// for mostly-ASCII content, base64 for mostly-Cyrillic, whichever is smaller),
/// RFC 2047 encoded-word Subject (and From display name) when not plain ASCII, Date, Message-ID, From, To.
/// CRLF line ends, no line longer than 998 octets. `message_id` is the part inside the angle brackets.
/// Throws std::invalid_argument when `to` or the configured sender is not a plain address.
std::string BuildMessage(const MailConfig& config, const std::string& to, const RenderedMail& mail,
                         std::string_view message_id);
/// The same with an explicit Date (the worker passes its clock; tests pass a fixed time) and the mail's
/// extra headers (checked as Enqueue checks them).
std::string BuildMessage(const MailConfig& config, const std::string& to, const RenderedMail& mail,
                         std::string_view message_id, TimePoint date, const Headers& extra = {});

/// Delivers mail.outbox rows: over SMTP (libcurl) when `smtp_url` is set, otherwise into `outbox_dir` as
/// `<UTC timestamp>-<id>.eml` with a log line carrying the link (the embedded development path).
///
/// Delivery guarantee. A row is claimed in one statement (`FOR UPDATE SKIP LOCKED`, so any number of
/// workers in any number of instances take disjoint rows) that sets status 'sending', bumps `attempts`
/// and sets a lease (`lease_until`, 5 minutes ahead, far longer than the SMTP timeouts). The mail is sent
/// with no row lock held, then marked 'sent' only if the row still carries this claim (same `attempts`).
/// A mail is therefore never sent twice after a successful, recorded send, and never lost: if the process
/// dies between sending and marking, the lease expires and another claim sends it again — at worst one
/// duplicate per crash. A failed send returns the row to 'pending' with `next_attempt_at` = now +
/// 30 s · 2^(attempts-1) (capped at one hour) and `last_error`; after `max_attempts` claims it is
/// marked 'failed' and logged as an error (also when the attempts ran out through crashes).
///
/// Blocking work (libcurl, file writes) runs on a small thread pool owned by the Worker, never on the
/// caller's io threads. Destroy the Worker only after Run() and DeliverDue() calls have returned.
class Worker final {
 public:
  Worker(db::Pool& pool, const i18n::Catalog& catalog, MailConfig config,
         const Clock& clock = DefaultClock());
  ~Worker();
  Worker(const Worker&) = delete;
  Worker& operator=(const Worker&) = delete;

  /// Delivers due mails once; returns how many were sent.
  boost::asio::awaitable<std::size_t> DeliverDue(std::size_t batch = 20);
  /// Loops DeliverDue, polling every second while idle, until Stop(). Database errors are logged and
  /// retried on the next poll.
  boost::asio::awaitable<void> Run();
  /// Makes Run() return after the delivery in progress (within a poll interval); safe from any thread.
  void Stop();

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace artel::mail
