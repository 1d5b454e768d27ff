-- Idempotency keys of money-moving requests (platform::Idempotency, Stripe's semantics): a client sends an
-- Idempotency-Key header; the key is claimed, per user, in the same transaction as the movement it guards, with a
-- hash of the method, the path and the body; the first answer is stored beside it, so a retry gets that answer
-- again, the same key with another request is refused (422), and concurrent duplicates wait on the primary key
-- and then see the first one's answer: one movement. Any domain may use it.
CREATE TABLE platform.idempotency_keys (
  user_id bigint NOT NULL,
  key text NOT NULL,
  -- SHA-256 (hex) of "<METHOD> <path>\n<body>".
  request_hash text NOT NULL,
  -- The first answer: its status and its JSON body (NULL until the claiming transaction stores it).
  status integer,
  answer jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, key),
  CONSTRAINT idempotency_keys_key_check CHECK (length(key) BETWEEN 1 AND 255)
);

CREATE INDEX idempotency_keys_created_at_idx ON platform.idempotency_keys (created_at);
