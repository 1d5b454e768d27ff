-- Impersonation's audit rows join every other admin action in platform.audit (platform::RecordAudit).
INSERT INTO platform.audit (actor_id, impersonator_id, action, object_type, object_id, before, after, created_at)
SELECT actor_id, NULL, action, 'user', coalesce(subject_id, actor_id), NULL, details, created_at
FROM identity.audit
ORDER BY id;
DROP TABLE identity.audit;
