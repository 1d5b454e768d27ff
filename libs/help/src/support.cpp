#include "help_impl.hpp"

namespace artel::help {

using namespace detail;  // NOLINT(google-build-using-namespace): the service's own helpers

namespace {

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

std::string TicketFileUrl(std::int64_t ticket_id, std::int64_t attachment_id, std::string_view name) {
  // storage::FileUrl percent-encodes the download name; the ticket's own route serves the bytes.
  const std::string file_url = storage::FileUrl("", name);
  return fmt::format("/api/admin/tickets/{}/files/{}{}", ticket_id, attachment_id,
                     file_url.substr(file_url.find('?')));
}

}  // namespace

awaitable<TicketDetail> Help::Impl::Detail(std::int64_t id) {
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
                          "help:mail.support_ticket",
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
        "help:mail.support_answer",
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

}  // namespace artel::help
