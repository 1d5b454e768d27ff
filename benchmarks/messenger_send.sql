-- What one POST /api/chats/{id}/messages runs in PostgreSQL (benchmarks/run.sh realtime, pgbench -M prepared): the
-- bearer session lookup (libs/identity, Identity::Authenticate) and the send's transaction (libs/messenger,
-- Messenger::Send: membership, insert, touch chat and participants, the message read back, the recipient's unread
-- list, and the four events published by transactional pg_notify: chat.newMsg and chat.unreadMsg to the
-- recipient, chat.message to both). Statements copied from libs/messenger/src/messenger.cpp and
-- libs/realtime/src/publisher.cpp; `$n` written as pgbench variables. Each transaction is a new message of a
-- random pair of benchmarks/realtime_setup.py's chats: chat :first_chat + k, sent by user :first_sender + 2k
-- (realtime_users.sql's users, paired 1st with 2nd, …), whose token is lpad('rt-bench-<n>', 43, 'x').
-- Differences from the server, both small: the token's SHA-256 is computed here in SQL (Artel hashes it in C++),
-- and the events' JSON is formatted by SQL of the same size instead of serialized by Boost.JSON (with a space after
-- the colon before null and false: pgbench would take ":null" for a variable, even inside a string).
\set k random(0, :pairs - 1)
\set chat :first_chat + :k
\set sender :first_sender + 2 * :k
\set n 2 * :k + 1
SELECT s.id AS session_id, s.user_id, u.role, s.impersonator_id, s.last_seen_at,
  u.email_verified_at IS NOT NULL AS email_verified
FROM identity.sessions s
JOIN identity.users u ON u.id = s.user_id
WHERE s.token_hash = sha256(convert_to(lpad('rt-bench-' || :n::bigint, 43, 'x'), 'UTF8')) AND s.revoked_at IS NULL
  AND s.expires_at > now();
BEGIN;
SELECT peer.user_id AS peer_id, peer.last_read_message_id AS peer_last_read_id
FROM messenger.participants me
JOIN messenger.participants peer ON peer.chat_id = me.chat_id AND peer.user_id <> me.user_id
WHERE me.chat_id = :chat AND me.user_id = :sender \gset
INSERT INTO messenger.messages (chat_id, user_id, client_id, text, short_text, caution, created_at)
VALUES (:chat, :sender, gen_random_uuid(), 'pgbench message', 'pgbench message', '{}'::text[], now())
ON CONFLICT (user_id, client_id) DO NOTHING
RETURNING id AS message_id \gset
UPDATE messenger.chats SET last_message_id = greatest(coalesce(last_message_id, 0), :message_id), updated_at = now()
WHERE id = :chat;
UPDATE messenger.participants
SET activity_at = now(),
  last_read_message_id = CASE WHEN user_id = :sender THEN greatest(coalesce(last_read_message_id, 0), :message_id)
                              ELSE last_read_message_id END
WHERE chat_id = :chat;
SELECT m.id, m.chat_id, m.client_id::text AS client_id, m.text, m.short_text, m.caution, m.created_at,
  m.edited_at, m.deleted_at IS NOT NULL AS deleted,
  a.id AS author_id, a.name AS author_name, a.lastname AS author_lastname, a.avatar AS author_avatar
FROM messenger.messages m
JOIN identity.users a ON a.id = m.user_id
WHERE m.id = ANY(ARRAY[:message_id]::bigint[])
ORDER BY m.id;
SELECT id, message_id, original_name, file_name, thumbnail_name, content_type, size
FROM messenger.attachments
WHERE message_id = ANY(ARRAY[:message_id]::bigint[])
ORDER BY message_id, position, id;
SELECT pg_notify('artel_realtime', format('{"c":"private-user.%s","e":"chat.newMsg","d":"{\"message\":{\"id\":%s,\"chat_id\":%s,\"user\":{\"id\":%s,\"name\":\"Bench\",\"lastname\":\"User %s\",\"avatar\": null},\"details\":{\"short_text\":\"pgbench message\",\"text\":\"pgbench message\"},\"created_at\":\"%s\"}}"}',
  :peer_id::bigint, :message_id::bigint, :chat::bigint, :sender::bigint, :sender::bigint, now()));
SELECT p.chat_id, count(m.id) AS count, max(m.id) AS last_message_id
FROM messenger.participants p
JOIN messenger.messages m ON m.chat_id = p.chat_id AND m.id > coalesce(p.last_read_message_id, 0)
  AND m.user_id <> p.user_id AND m.deleted_at IS NULL
WHERE p.user_id = :peer_id
GROUP BY p.chat_id
ORDER BY max(m.id) DESC;
SELECT pg_notify('artel_realtime', format('{"c":"private-user.%s","e":"chat.unreadMsg","d":"{\"unread_msg\":[{\"chat_id\":%s,\"count\":1,\"last_message_id\":%s}]}"}',
  :peer_id::bigint, :chat::bigint, :message_id::bigint));
SELECT pg_notify('artel_realtime', format('{"c":"private-user.%s","e":"chat.message","d":"{\"message\":{\"id\":%s,\"chat_id\":%s,\"client_id\":\"%s\",\"user\":{\"id\":%s,\"name\":\"Bench\",\"lastname\":\"User\",\"avatar\": null},\"text\":\"pgbench message\",\"short_text\":\"pgbench message\",\"attachments\":[],\"created_at\":\"%s\",\"edited_at\": null,\"deleted\": false,\"caution\":[]}}"}',
  :sender::bigint, :message_id::bigint, :chat::bigint, gen_random_uuid(), :sender::bigint, now()));
SELECT pg_notify('artel_realtime', format('{"c":"private-user.%s","e":"chat.message","d":"{\"message\":{\"id\":%s,\"chat_id\":%s,\"client_id\":\"%s\",\"user\":{\"id\":%s,\"name\":\"Bench\",\"lastname\":\"User\",\"avatar\": null},\"text\":\"pgbench message\",\"short_text\":\"pgbench message\",\"attachments\":[],\"created_at\":\"%s\",\"edited_at\": null,\"deleted\": false,\"caution\":[]}}"}',
  :peer_id::bigint, :message_id::bigint, :chat::bigint, gen_random_uuid(), :sender::bigint, now()));
COMMIT;
