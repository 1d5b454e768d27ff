-- The SQL one authenticated GET /api/user/info runs (libs/identity): the session lookup by token hash joined
-- with its user, then the user's row. pgbench runs it with -M prepared, as Artel uses prepared statements;
-- :token_hash (hex) and :user_id come from benchmarks/run.sh (-D).
SELECT s.id, s.user_id, u.role, s.impersonator_id, s.last_seen_at
  FROM identity.sessions s JOIN identity.users u ON u.id = s.user_id
 WHERE s.token_hash = decode(:token_hash, 'hex') AND s.revoked_at IS NULL AND s.expires_at > now();
SELECT id, email::text, pending_email::text, email_verified_at IS NOT NULL, name, lastname, avatar, role, lang,
       created_at
  FROM identity.users WHERE id = :user_id;
