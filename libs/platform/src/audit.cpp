#include "artel/platform/audit.hpp"

#include "artel/db/pool.hpp"

namespace artel::platform {
namespace {

constexpr db::Statement kInsertAudit{"platform.insert_audit", R"sql(
INSERT INTO platform.audit (actor_id, impersonator_id, action, object_type, object_id, before, after)
VALUES ($1, $2, $3, $4, $5, $6, $7)
)sql"};

}  // namespace

boost::asio::awaitable<void> RecordAudit(db::Transaction& tx, const Actor& actor, AuditEntry entry) {
  co_await tx.Query(kInsertAudit, actor.user_id, actor.impersonator_id, entry.action, entry.object_type,
                    entry.object_id, entry.before, entry.after);
}

}  // namespace artel::platform
