-- What an authenticated GET /api/chats/{id}/messages (the newest page, limit 30) runs in PostgreSQL, for pgbench
-- -M prepared (benchmarks/run.sh messenger): the bearer session lookup (Identity::Authenticate), the membership
-- check (kMember), the page (kHistory: keyset on id, newest first, limit + 1; `before` absent = the largest
-- bigint) and its attachments (kAttachmentsOf), from libs/messenger/src/messenger.cpp. Artel sends the last
-- statement the ids the page returned; here a subquery finds the same ids. :token_hash (hex), :user_id and
-- :chat_id come from run.sh (-D): the chat with the most messages of messenger_data.sql and one of its users.
SELECT s.id AS session_id, s.user_id, u.role, s.impersonator_id, s.last_seen_at,
  u.email_verified_at IS NOT NULL AS email_verified
FROM identity.sessions s
JOIN identity.users u ON u.id = s.user_id
WHERE s.token_hash = decode(:token_hash, 'hex') AND s.revoked_at IS NULL AND s.expires_at > now();
SELECT u.id AS member_id, u.name AS member_name, u.lastname AS member_lastname, u.avatar AS member_avatar
FROM messenger.participants p
JOIN identity.users u ON u.id = p.user_id
WHERE p.chat_id = :chat_id AND p.user_id = :user_id;
SELECT m.id, m.chat_id, m.client_id::text AS client_id, m.text, m.short_text, m.caution, m.created_at,
  m.edited_at, m.deleted_at IS NOT NULL AS deleted,
  a.id AS author_id, a.name AS author_name, a.lastname AS author_lastname, a.avatar AS author_avatar
FROM (SELECT * FROM messenger.messages WHERE chat_id = :chat_id AND id < 9223372036854775807
      ORDER BY id DESC LIMIT 31) m
JOIN identity.users a ON a.id = m.user_id
ORDER BY m.id DESC;
SELECT id, message_id, original_name, file_name, thumbnail_name, content_type, size
FROM messenger.attachments
WHERE message_id = ANY(ARRAY(
  SELECT id FROM messenger.messages WHERE chat_id = :chat_id ORDER BY id DESC LIMIT 30))
ORDER BY message_id, position, id;
