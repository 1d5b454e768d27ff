#pragma once

// The Help service's private parts, shared by the files it is split into along its aggregates
// (docs/architecture.md, "Help and support"): help.cpp (the service and the names it checks), faq.cpp (the
// FAQ and its administration), support.cpp (tickets, their files and answers) and pages.cpp (legal and info
// pages).

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
#include "artel/help/help.hpp"
#include "artel/kernel/json.hpp"
#include "artel/kernel/user_card.hpp"
#include "artel/mail/mail.hpp"
#include "artel/markdown/markdown.hpp"
#include "artel/platform/audit.hpp"
#include "artel/platform/rate_limiter.hpp"
#include "artel/profiles/profiles.hpp"
#include "artel/storage/storage.hpp"

namespace artel::help {

using boost::asio::awaitable;
using namespace std::chrono_literals;

namespace detail {

using boost::asio::awaitable;
using namespace std::chrono_literals;

constexpr std::size_t kExcerptChars = 200;
constexpr std::int64_t kSearchLimit = 20;
constexpr std::int64_t kMyTicketsLimit = 100;

// ---------------------------------------------------------------------------------------------- Rules

constexpr std::size_t kMaxQuery = 200;

inline std::optional<profiles::UserCardView> CardOrNull(const db::Row& row, std::string_view prefix) {
  if (!kernel::HasUserCard(row, prefix)) return std::nullopt;
  return profiles::CardView(kernel::ReadUserCard(row, prefix));
}

inline void CheckPosition(ValidationErrors& errors, std::int32_t position) {
  if (position < 0 || position > 10000) {
    errors.Add("position", {"validation:range", {{"min", "0"}, {"max", "10000"}}});
  }
}

inline void CheckCategory(const CategoryInput& input) {
  ValidationErrors errors;
  if (!IsCode(input.code, 2, 64)) errors.Add("code", {"help:code_invalid", {}});
  errors.CheckLength("name_en", input.name_en, 1, 200);
  errors.CheckLength("name_ru", input.name_ru, 1, 200);
  CheckPosition(errors, input.position);
  errors.ThrowIfAny();
}

inline void CheckQuestion(const QuestionInput& input) {
  ValidationErrors errors;
  if (!IsCode(input.code, 2, 100)) errors.Add("code", {"help:code_invalid", {}});
  errors.CheckLength("question_en", input.question_en, 3, 300);
  errors.CheckLength("question_ru", input.question_ru, 3, 300);
  errors.CheckLength("answer_en", input.answer_en, 1, 20000);
  errors.CheckLength("answer_ru", input.answer_ru, 1, 20000);
  CheckPosition(errors, input.position);
  errors.ThrowIfAny();
}

inline void CheckTicket(const TicketInput& input, bool guest) {
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

inline void CheckPage(const PageInput& input) {
  ValidationErrors errors;
  errors.CheckLength("title", input.title, 1, 200);
  errors.CheckLength("body", input.body, 1, 200000);
  if (input.version < 0 || input.version > 1000000) {
    errors.Add("version", {"validation:range", {{"min", "0"}, {"max", "1000000"}}});
  }
  errors.ThrowIfAny();
}

// ---------------------------------------------------------------------------------------------- Answers

inline AdminFaqCategory CategoryOf(const db::Row& row) {
  return {row.Get<std::int64_t>("id"),     row.Get<std::string>("code"),      row.Get<std::string>("name_en"),
          row.Get<std::string>("name_ru"), row.Get<std::int32_t>("position"), {}};
}

inline AdminFaqQuestionSummary QuestionSummaryOf(const db::Row& row) {
  return {row.Get<std::int64_t>("id"), row.Get<std::string>("code"), row.Get<std::string>("question_en"),
          row.Get<std::string>("question_ru"), row.Get<std::int32_t>("position")};
}

inline AdminFaqQuestion AdminQuestionOf(const db::Row& row) {
  return {row.Get<std::int64_t>("id"),          row.Get<std::string>("code"),
          row.Get<std::int64_t>("category_id"), row.Get<std::string>("question_en"),
          row.Get<std::string>("question_ru"),  row.Get<std::string>("answer_en"),
          row.Get<std::string>("answer_ru"),    row.Get<std::int32_t>("position")};
}

inline Ticket TicketOf(const db::Row& row) {
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
inline boost::json::value Snapshot(const AdminFaqCategory& category) {
  return boost::json::object{{"id", category.id},
                             {"code", category.code},
                             {"name_en", category.name_en},
                             {"name_ru", category.name_ru},
                             {"position", category.position}};
}

inline boost::json::value Snapshot(const AdminFaqQuestion& question) {
  return kernel::ToJson(question);
}

/// What the audit keeps of a ticket: its state (the texts are in the ticket and its messages).
inline boost::json::object TicketAudit(const Ticket& ticket) {
  boost::json::value answered_at = nullptr;
  if (ticket.answered_at) answered_at = boost::json::string(IsoTime(*ticket.answered_at));
  return {{"id", ticket.id}, {"status", ticket.status}, {"answered_at", std::move(answered_at)}};
}

inline void ThrowCodeTaken(const db::UniqueViolation& error) {
  (void)error;
  throw ValidationFailed("code", {"help:code_taken", {}});
}

}  // namespace detail

struct Help::Impl {
  Impl(db::Pool& pool, HelpSettings settings, const Clock& clock)
      : pool(pool), settings(std::move(settings)), clock(clock), limiter(pool, clock) {}

  db::Pool& pool;
  HelpSettings settings;
  const Clock& clock;
  platform::RateLimiter limiter;

  awaitable<TicketDetail> Detail(std::int64_t id);

  awaitable<void> CheckCategoryExists(db::Transaction& tx, std::int64_t category_id);
};

}  // namespace artel::help
