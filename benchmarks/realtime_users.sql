-- Benchmark users for the real-time benchmarks (benchmarks/run.sh realtime): :count users, each with one live
-- session whose bearer token is 'rt-bench-<n>' left-padded with 'x' to the 43 characters of a real token
-- (Identity::Authenticate checks the length; identity.sessions keeps its SHA-256, as for a real sign-in), so
-- the load client and the setup script act as them over the API without registering. psql script:
--   psql -X -1 -v ON_ERROR_STOP=1 -v count=2000 -At -f benchmarks/realtime_users.sql
-- prints "user_id token session_id" per user, in n order (the session id is what a socket's subscriptions are
-- signed with, as POST /api/broadcasting/auth signs them).
\set ON_ERROR_STOP on
\if :{?count}
\else
  \set count 2000
\endif
SET client_min_messages = warning;

CREATE TEMP TABLE rt_bench ON COMMIT DROP AS
SELECT n, lpad('rt-bench-' || n, 43, 'x') AS token FROM generate_series(1, :count) AS n;

WITH inserted AS (
  INSERT INTO identity.users (email, email_verified_at, password_hash, name, lastname, lang)
  SELECT 'rt-bench-' || n || '@bench.local', now(),
         -- A valid-looking argon2id PHC string that is the hash of no known password.
         '$argon2id$v=19$m=19456,t=2,p=1$cnQtYmVuY2gtc2FsdA$' || encode(sha256(convert_to('rt' || n, 'UTF8')), 'base64'),
         CASE WHEN n % 2 = 0 THEN 'Анна' ELSE 'Bench' END, 'User ' || n, CASE WHEN n % 2 = 0 THEN 'ru' ELSE 'en' END
    FROM rt_bench
  RETURNING id, email
)
, sessions AS (
  INSERT INTO identity.sessions (user_id, token_hash, created_at, last_seen_at, expires_at, user_agent, ip)
  SELECT i.id, sha256(convert_to(b.token, 'UTF8')), now(), now(), now() + interval '30 days', 'bench', '127.0.0.1'
    FROM inserted i JOIN rt_bench b ON i.email = 'rt-bench-' || b.n || '@bench.local'
  RETURNING user_id, id
)
SELECT i.id, b.token, s.id
  FROM inserted i JOIN rt_bench b ON i.email = 'rt-bench-' || b.n || '@bench.local'
  JOIN sessions s ON s.user_id = i.id
 ORDER BY b.n;
