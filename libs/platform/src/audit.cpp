#include "artel/platform/audit.hpp"

#include <optional>

#include "artel/db/pool.hpp"

namespace artel::platform {

namespace {

constexpr db::Statement kInsertAudit{"platform.insert_audit", R"sql(
INSERT INTO platform.audit (actor_id, impersonator_id, action, object_type, object_id, before, after)
VALUES ($1, $2, $3, $4, $5, NULLIF($6::jsonb, 'null'), NULLIF($7::jsonb, 'null'))
)sql"};

}  // namespace

boost::asio::awaitable<void> RecordAudit(db::Transaction& tx, const Actor& actor, AuditEntry entry) {
  const std::optional<std::int64_t> impersonator = actor.impersonator_id;
  co_await tx.Query(kInsertAudit, actor.user_id, impersonator, entry.action, entry.object_type,
                    entry.object_id, entry.before, entry.after);
}

}  // namespace artel::platform
