-- What an authenticated GET /api/chats (the first page, limit 30) runs in PostgreSQL, for pgbench -M prepared
-- (benchmarks/run.sh messenger): the bearer session lookup (Identity::Authenticate), the chat page
-- (libs/messenger/src/messenger.cpp, kChats: my chats by last activity with the other side's card and my unread
-- count, limit + 1), and the last messages of those chats (kMessagesById). Artel sends the second statement the
-- ids the first one returned; here a subquery finds the same ids (one more index range read than Artel does).
-- :token_hash (hex) and :user_id come from run.sh (-D): the user with the most chats of messenger_data.sql.
SELECT s.id AS session_id, s.user_id, u.role, s.impersonator_id, s.last_seen_at,
  u.email_verified_at IS NOT NULL AS email_verified
FROM identity.sessions s
JOIN identity.users u ON u.id = s.user_id
WHERE s.token_hash = decode(:token_hash, 'hex') AND s.revoked_at IS NULL AND s.expires_at > now();
SELECT c.id, c.context_type, c.context_id, o.name AS context_title, c.last_message_id, c.updated_at,
  me.activity_at, me.last_read_message_id AS my_last_read_id, peer.last_read_message_id AS peer_last_read_id,
  u.id AS peer_id, u.name AS peer_name, u.lastname AS peer_lastname, u.avatar AS peer_avatar,
  (SELECT count(*) FROM messenger.messages m
   WHERE m.chat_id = c.id AND m.id > coalesce(me.last_read_message_id, 0) AND m.user_id <> me.user_id
     AND m.deleted_at IS NULL) AS unread
FROM (SELECT * FROM messenger.participants
      WHERE user_id = :user_id
      ORDER BY activity_at DESC, chat_id DESC LIMIT 31) me
JOIN messenger.chats c ON c.id = me.chat_id
JOIN messenger.participants peer ON peer.chat_id = me.chat_id AND peer.user_id <> me.user_id
JOIN identity.users u ON u.id = peer.user_id
LEFT JOIN orders.orders o ON c.context_type = 'order' AND o.id = c.context_id
ORDER BY me.activity_at DESC, me.chat_id DESC;
SELECT m.id, m.chat_id, m.client_id::text AS client_id, m.text, m.short_text, m.caution, m.created_at,
  m.edited_at, m.deleted_at IS NOT NULL AS deleted,
  a.id AS author_id, a.name AS author_name, a.lastname AS author_lastname, a.avatar AS author_avatar
FROM messenger.messages m
JOIN identity.users a ON a.id = m.user_id
WHERE m.id = ANY(ARRAY(
  SELECT c.last_message_id FROM messenger.participants me JOIN messenger.chats c ON c.id = me.chat_id
  WHERE me.user_id = :user_id ORDER BY me.activity_at DESC, me.chat_id DESC LIMIT 31))
ORDER BY m.id;
