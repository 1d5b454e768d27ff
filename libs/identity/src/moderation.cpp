// The identity service's administration of accounts: impersonation (start and stop), blocking and
// unblocking, and the role, each audited.

#include "identity_impl.hpp"

namespace artel::identity {

awaitable<NewSession> Identity::StartImpersonation(const Actor& principal, std::int64_t target_id,
                                                   const ClientInfo& client, bool revoke_current) {
  if (principal.impersonator_id || !principal.IsAdmin()) throw Forbidden({"auth:impersonation_not_allowed"});
  auto target = co_await impl_->pool.Query(kUserRole, target_id);
  auto row = target.First();
  if (!row) throw NotFound();
  if (row->Get<std::int32_t>("role") >= 1) throw Forbidden({"auth:impersonation_admin_target"});

  auto tx = co_await impl_->pool.Begin();
  auto session = co_await impl_->InsertSession(tx, target_id, principal.user_id, client);
  auto now = impl_->clock.Now();
  auto details = AuditDetails(session.session_id, client.ip);
  platform::AuditEntry entry{"impersonation.start", "user", target_id, nullptr, std::move(details)};
  co_await platform::RecordAudit(tx, principal, std::move(entry));
  if (revoke_current) co_await tx.Query(kRevokeSession, principal.session_id, now);
  co_await tx.Commit();
  log::Info("user {} started impersonating user {}", principal.user_id, target_id);
  co_return session;
}

awaitable<NewSession> Identity::StopImpersonation(const Actor& principal, const ClientInfo& client) {
  if (!principal.impersonator_id) throw Conflict({"auth:not_impersonating"});
  auto admin_id = *principal.impersonator_id;
  auto tx = co_await impl_->pool.Begin();
  auto now = impl_->clock.Now();
  co_await tx.Query(kRevokeSession, principal.session_id, now);
  auto session = co_await impl_->InsertSession(tx, admin_id, std::nullopt, client);
  auto details = AuditDetails(principal.session_id, client.ip);
  // The admin ends it: the record names the admin, not the account they acted as.
  const Actor admin{.user_id = admin_id, .role = 1, .session_id = session.session_id};
  platform::AuditEntry entry{"impersonation.stop", "user", principal.user_id, nullptr, std::move(details)};
  co_await platform::RecordAudit(tx, admin, std::move(entry));
  co_await tx.Commit();
  log::Info("user {} stopped impersonating user {}", admin_id, principal.user_id);
  co_return session;
}

namespace {

void RequireAdminOver(const Actor& actor, std::int64_t target_id) {
  if (actor.Impersonating() || !actor.IsAdmin()) throw Forbidden();
  if (actor.user_id == target_id) throw Forbidden({"admin:self"});
}

boost::json::value BlockJson(const db::Row& row) {
  auto at = row.Get<std::optional<TimePoint>>("blocked_at");
  if (!at) return nullptr;
  boost::json::value by = nullptr;
  if (auto id = row.Get<std::optional<std::int64_t>>("blocked_by")) by = *id;
  return boost::json::object{{"at", IsoTime(*at)},
                             {"reason", row.Get<std::optional<std::string>>("blocked_reason").value_or("")},
                             {"by", std::move(by)}};
}

}  // namespace

awaitable<void> Identity::Block(const Actor& actor, std::int64_t target_id, std::string reason) {
  RequireAdminOver(actor, target_id);
  auto tx = co_await impl_->pool.Begin();
  auto found = co_await tx.Query(kLockForAdmin, target_id);
  auto row = found.First();
  if (!row) throw NotFound();
  if (row->Get<std::int32_t>("role") >= 1) throw Forbidden({"admin:target_admin"});
  if (row->Get<std::optional<TimePoint>>("blocked_at")) throw Conflict({"admin:illegal_transition"});
  auto now = impl_->clock.Now();
  co_await tx.Query(kBlock, target_id, now, reason, actor.user_id);
  auto revoked = co_await tx.Query(kRevokeAllSessions, target_id, now);
  platform::AuditEntry entry{
      .action = "users.block",
      .object_type = "user",
      .object_id = target_id,
      .before = boost::json::object{{"blocked", nullptr}},
      .after = boost::json::object{
          {"blocked", boost::json::object{{"at", IsoTime(now)}, {"reason", reason}, {"by", actor.user_id}}},
          {"sessions_revoked", static_cast<std::int64_t>(revoked.AffectedRows())}}};
  co_await platform::RecordAudit(tx, actor, std::move(entry));
  co_await tx.Commit();
  log::Info("user {} blocked user {}", actor.user_id, target_id);
}

awaitable<void> Identity::Unblock(const Actor& actor, std::int64_t target_id) {
  RequireAdminOver(actor, target_id);
  auto tx = co_await impl_->pool.Begin();
  auto found = co_await tx.Query(kLockForAdmin, target_id);
  auto row = found.First();
  if (!row) throw NotFound();
  if (!row->Get<std::optional<TimePoint>>("blocked_at")) throw Conflict({"admin:illegal_transition"});
  auto before = BlockJson(*row);
  auto now = impl_->clock.Now();
  co_await tx.Query(kUnblock, target_id, now);
  platform::AuditEntry entry{.action = "users.unblock",
                             .object_type = "user",
                             .object_id = target_id,
                             .before = boost::json::object{{"blocked", std::move(before)}},
                             .after = boost::json::object{{"blocked", nullptr}}};
  co_await platform::RecordAudit(tx, actor, std::move(entry));
  co_await tx.Commit();
  log::Info("user {} unblocked user {}", actor.user_id, target_id);
}

awaitable<void> Identity::SetRole(const Actor& actor, std::int64_t target_id, std::int32_t role) {
  RequireAdminOver(actor, target_id);
  if (role < 0 || role > 1) throw ValidationFailed("role", {"validation:invalid"});
  auto tx = co_await impl_->pool.Begin();
  auto found = co_await tx.Query(kLockForAdmin, target_id);
  auto row = found.First();
  if (!row) throw NotFound();
  const auto old_role = row->Get<std::int32_t>("role");
  if (old_role != role) {
    co_await tx.Query(kSetRole, target_id, role, impl_->clock.Now());
    platform::AuditEntry entry{.action = "users.role",
                               .object_type = "user",
                               .object_id = target_id,
                               .before = boost::json::object{{"role", old_role}},
                               .after = boost::json::object{{"role", role}}};
    co_await platform::RecordAudit(tx, actor, std::move(entry));
  }
  co_await tx.Commit();
}

}  // namespace artel::identity
