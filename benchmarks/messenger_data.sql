-- Benchmark data for the messenger's lists (benchmarks/run.sh messenger): users, chats and messages generated
-- inside PostgreSQL (INSERT … SELECT generate_series), one transaction, deterministic for a given seed:
--   psql -X -1 -v ON_ERROR_STOP=1 -v users=50000 -v chats=200000 -v messages=1000000 -f benchmarks/messenger_data.sql
-- followed by `VACUUM (ANALYZE)` of the messenger's tables outside the transaction (run.sh does).
--
-- What the data looks like:
--   users     :users new accounts (ms-bench-<n>@bench.local); the pair of a chat is drawn with a power law, so user
--             1 of the set has thousands of chats (the heaviest chat list) and most have a few.
--   chats     :chats distinct pairs (one per pair, as the unique key demands), 10 % with an order context.
--   messages  :messages over the last 180 days, ids in time order; the chat of a message drawn with a power law
--             too, so the longest chat holds tens of thousands (the deepest history) and most a handful; either
--             participant writes; ~ 3 % deleted (tombstones).
--   read      each participant has read up to a random point of the chat: most chats have a few unread messages.
-- Two sessions are made for run.sh (bearer tokens of 43 characters, as Identity::Authenticate wants):
--   lpad('ms-bench-heavy', 43, 'x')    the user with the most chats
--   lpad('ms-bench-history', 43, 'x')  a participant of the chat with the most messages
-- Prints: heavy_user, heavy_chats, history_user, history_chat, history_messages.

\set ON_ERROR_STOP on
\if :{?users}
\else
  \set users 50000
\endif
\if :{?chats}
\else
  \set chats 200000
\endif
\if :{?messages}
\else
  \set messages 1000000
\endif
\if :{?seed}
\else
  \set seed 0.42
\endif

SET client_min_messages = warning;
SET maintenance_work_mem = '512MB';
SET work_mem = '64MB';
SET jit = off;
SELECT setseed(:seed) \gset

DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM messenger.messages) THEN
    RAISE EXCEPTION 'messenger_data.sql: messenger.messages is not empty; generate into a fresh database';
  END IF;
END $$;

SELECT now() AS started \gset

INSERT INTO identity.users (email, email_verified_at, password_hash, name, lastname, lang, created_at, updated_at)
SELECT 'ms-bench-' || n || '@bench.local', now(),
       '$argon2id$v=19$m=19456,t=2,p=1$bXMtYmVuY2gtc2FsdA$' || encode(sha256(convert_to('ms' || n, 'UTF8')), 'base64'),
       (ARRAY['Анна', 'Иван', 'Maria', 'John', 'Ольга', 'Peter'])[1 + n % 6], 'Bench ' || n,
       CASE WHEN n % 3 = 0 THEN 'en' ELSE 'ru' END, now() - interval '200 days', now() - interval '200 days'
FROM generate_series(1, :users) AS n;
-- One INSERT takes consecutive ids: user_base + 1 … user_base + :users (checked).
SELECT min(id) - 1 AS user_base, max(id) - min(id) + 1 = count(*) AS users_contiguous
FROM identity.users WHERE email LIKE 'ms-bench-%@bench.local' \gset
\if :users_contiguous
\else
  \echo 'messenger_data.sql: the generated users ids are not consecutive'
  SELECT 1 / 0;
\endif

-- Pairs: a power-law first user (user_base + 1 the most frequent), a uniform second one; duplicates dropped.
INSERT INTO messenger.chats (user_low, user_high, context_type, context_id, created_at, updated_at)
SELECT least(a, b), greatest(a, b), NULL, NULL, :'started'::timestamptz - interval '180 days',
       :'started'::timestamptz - interval '180 days'
FROM (
  SELECT :user_base + 1 + floor(:users * power(random(), 3))::bigint AS a,
         :user_base + 1 + floor(:users * random())::bigint AS b
  FROM generate_series(1, (:chats * 1.15)::bigint)
) pairs
WHERE a <> b
ON CONFLICT (user_low, user_high) DO NOTHING;
-- Exactly :chats (the draw above makes a few more to cover duplicates).
DELETE FROM messenger.chats WHERE id > (SELECT id FROM messenger.chats ORDER BY id OFFSET :chats - 1 LIMIT 1);
SELECT count(*) AS chat_count FROM messenger.chats \gset
-- Chat ids have gaps (a conflicting insert still takes an id): draws go through the chats' ordinals.
CREATE TEMP TABLE chat_order ON COMMIT DROP AS
SELECT id, row_number() OVER (ORDER BY id) - 1 AS r FROM messenger.chats;
CREATE UNIQUE INDEX ON chat_order (r);
ANALYZE chat_order;

-- A tenth of the chats are about an order when there are orders (run.sh orders generates them; alone, none).
UPDATE messenger.chats c SET context_type = 'order', context_id = o.id
FROM (SELECT id, row_number() OVER (ORDER BY id) - 1 AS r FROM orders.orders LIMIT :chats / 10) o
JOIN chat_order co ON co.r = o.r * 10
WHERE c.id = co.id;

-- Messages in time order (ids follow created_at), each in a power-law chat, from either participant.
INSERT INTO messenger.messages (chat_id, user_id, client_id, text, short_text, caution, created_at, deleted_at)
SELECT c.id, CASE WHEN m.side THEN c.user_low ELSE c.user_high END, gen_random_uuid(),
       CASE WHEN m.deleted THEN NULL ELSE m.body END, CASE WHEN m.deleted THEN NULL ELSE left(m.body, 100) END,
       '{}', m.created_at, CASE WHEN m.deleted THEN m.created_at + interval '1 minute' END
FROM (
  SELECT floor(:chat_count * power(random(), 2.5))::bigint AS chat_r, random() < 0.5 AS side,
         random() < 0.03 AS deleted,
         (ARRAY['Здравствуйте! Когда сможете приступить?', 'Hello, I can start tomorrow.',
                'Пришлю макет вечером, посмотрите, пожалуйста.', 'Sounds good, thanks!',
                'Сколько будет стоить доработка?', 'Could you send the files again?',
                'Готово, проверьте, пожалуйста.', 'Let us discuss the details in this chat.'])[1 + floor(random() * 8)::int]
           AS body,
         :'started'::timestamptz - interval '180 days' + (n::double precision / :messages) * interval '180 days'
           AS created_at
  FROM generate_series(1, :messages) AS n
) m
JOIN chat_order co ON co.r = m.chat_r
JOIN messenger.chats c ON c.id = co.id
ORDER BY m.created_at;

UPDATE messenger.chats c SET last_message_id = s.last_id, updated_at = s.last_at
FROM (SELECT chat_id, max(id) AS last_id, max(created_at) AS last_at FROM messenger.messages GROUP BY chat_id) s
WHERE c.id = s.chat_id;

-- Both participants; each has read up to a random point (or everything, or nothing).
INSERT INTO messenger.participants (chat_id, user_id, last_read_message_id, activity_at)
SELECT c.id, p.user_id,
       CASE WHEN c.last_message_id IS NULL THEN NULL
            WHEN random() < 0.6 THEN c.last_message_id
            ELSE (SELECT max(m.id) FROM messenger.messages m
                  WHERE m.chat_id = c.id AND m.id <= c.last_message_id - floor(random() * 20)::bigint) END,
       c.updated_at
FROM messenger.chats c
CROSS JOIN LATERAL (VALUES (c.user_low), (c.user_high)) AS p(user_id);

SELECT user_id AS heavy_user, count(*) AS heavy_chats FROM messenger.participants
GROUP BY user_id ORDER BY count(*) DESC LIMIT 1 \gset
SELECT chat_id AS history_chat, count(*) AS history_messages FROM messenger.messages
GROUP BY chat_id ORDER BY count(*) DESC LIMIT 1 \gset
SELECT user_low AS history_user FROM messenger.chats WHERE id = :history_chat \gset

INSERT INTO identity.sessions (user_id, token_hash, created_at, last_seen_at, expires_at, user_agent, ip)
VALUES (:heavy_user, sha256(convert_to(lpad('ms-bench-heavy', 43, 'x'), 'UTF8')), now(), now(),
        now() + interval '30 days', 'bench', '127.0.0.1'),
       (:history_user, sha256(convert_to(lpad('ms-bench-history', 43, 'x'), 'UTF8')), now(), now(),
        now() + interval '30 days', 'bench', '127.0.0.1');

SELECT :heavy_user AS heavy_user, :heavy_chats AS heavy_chats, :history_user AS history_user,
       :history_chat AS history_chat, :history_messages AS history_messages,
       (SELECT count(*) FROM messenger.messages) AS messages, (SELECT count(*) FROM messenger.chats) AS chats,
       round(extract(epoch FROM clock_timestamp() - :'started'::timestamptz)) AS seconds;
