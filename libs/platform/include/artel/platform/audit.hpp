#pragma once

#include <boost/asio/awaitable.hpp>
#include <boost/json/value.hpp>
#include <cstdint>
#include <string>

#include "artel/core/actor.hpp"

namespace artel::db {
class Transaction;
}  // namespace artel::db

namespace artel::platform {

/// One administrative action: what was done to which object, with the object as it was and as it became.
struct AuditEntry {
  std::string action;          // "<domain>.<verb>": "users.block", "articles.publish", "impersonation.start"
  std::string object_type;     // "user", "article", "faq_question", "page", "ticket", "landing_page", …
  std::int64_t object_id = 0;  // the object's id
  boost::json::value before;   // the object before (null for a creation)
  boost::json::value after;    // the object after (null for a deletion)
};

/// Writes `entry` to `platform.audit` on `tx`, so the record commits or rolls back with the action itself.
/// `actor` is who acted: its user, and the admin behind it when it is an impersonation session. Every admin
/// action of every module records itself here; the admin panel's audit log reads the table.
boost::asio::awaitable<void> RecordAudit(db::Transaction& tx, const Actor& actor, AuditEntry entry);

}  // namespace artel::platform
