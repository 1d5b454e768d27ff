-- The SQL one authenticated GET /api/user/info runs, statement for statement and round trip for round trip:
-- the session lookup (libs/identity `identity.authenticate_and_touch`: the session by token hash joined with its
-- user, touching last_seen_at and the expiry at most once a minute), the user's row (`identity.select_user`) and
-- the messenger's unread summary (`messenger.unread`, user/info's `unread_msg`), sent as one pipeline: user/info
-- looks its session up itself (RouteOptions::session_in_handler), and once the server has seen the token its
-- user's queries ride with the lookup (Identity::SignedInInfo). pgbench runs it with -M prepared, as Artel uses
-- prepared statements; :token_hash (hex) and :user_id come from benchmarks/run.sh (-D).
\startpipeline
WITH found AS (
  SELECT s.id AS session_id, s.user_id, u.role, s.impersonator_id, s.last_seen_at,
    u.email_verified_at IS NOT NULL AS email_verified,
    s.revoked_at IS NULL AND s.expires_at > now() AND u.blocked_at IS NULL AS live,
    s.revoked_at IS NOT NULL AS revoked
  FROM identity.sessions s
  JOIN identity.users u ON u.id = s.user_id
  WHERE s.token_hash = decode(:token_hash, 'hex') AND (s.revoked_at IS NULL OR s.revoked_at > now() - interval '5 minutes')
), touched AS (
  UPDATE identity.sessions t SET last_seen_at = now(), expires_at = now() + interval '180 days'
  FROM found
  WHERE t.id = found.session_id AND found.live AND found.last_seen_at <= now() - interval '1 minute'
    AND t.revoked_at IS NULL
)
SELECT session_id, user_id, role, impersonator_id, email_verified, live, revoked FROM found;
SELECT id, email::text AS email, pending_email::text AS pending_email,
  email_verified_at IS NOT NULL AS email_verified, name, lastname, avatar, role, lang, created_at, intent,
  job_country_id
FROM identity.users
WHERE id = :user_id;
SELECT p.chat_id, count(m.id) AS count, max(m.id) AS last_message_id
FROM messenger.participants p
JOIN messenger.messages m ON m.chat_id = p.chat_id AND m.id > coalesce(p.last_read_message_id, 0)
  AND m.user_id <> p.user_id AND m.deleted_at IS NULL
WHERE p.user_id = :user_id
GROUP BY p.chat_id
ORDER BY max(m.id) DESC;
\endpipeline
