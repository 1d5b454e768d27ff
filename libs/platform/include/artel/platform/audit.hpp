#pragma once

// STAND-IN (adm, issue 13) for the lead's platform::RecordAudit until it lands on main: the contract's
// interface exactly; on `git merge main` take main's version.

#include <boost/asio/awaitable.hpp>
#include <boost/json/value.hpp>
#include <cstdint>
#include <string>

#include "artel/core/actor.hpp"

namespace artel::db {
class Transaction;
}  // namespace artel::db

namespace artel::platform {

struct AuditEntry {
  std::string action;
  std::string object_type;
  std::int64_t object_id = 0;
  boost::json::value before;
  boost::json::value after;
};

boost::asio::awaitable<void> RecordAudit(db::Transaction& tx, const Actor& actor, AuditEntry entry);

}  // namespace artel::platform
