-- Accounts, sessions, one-time e-mail tokens and the impersonation audit trail (libs/identity).
CREATE SCHEMA identity;

CREATE TABLE identity.users (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  email citext NOT NULL,
  -- The address an e-mail change waits to confirm; becomes `email` when its token is used.
  pending_email citext,
  email_verified_at timestamptz,
  -- argon2id PHC string ($argon2id$v=19$m=...,t=...,p=...$salt$hash).
  password_hash text NOT NULL,
  name text NOT NULL,
  lastname text NOT NULL DEFAULT '',
  -- A FileStore name (<sha256>.<ext>); the URL is built in code.
  avatar text,
  -- 0 ordinary user, >= 1 admin.
  role int NOT NULL DEFAULT 0,
  -- Validated in code against the configured languages.
  lang text NOT NULL DEFAULT 'en',
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT users_email_key UNIQUE (email),
  CONSTRAINT users_role_check CHECK (role >= 0),
  CONSTRAINT users_name_check CHECK (length(name) BETWEEN 1 AND 100),
  CONSTRAINT users_lastname_check CHECK (length(lastname) <= 100),
  CONSTRAINT users_lang_check CHECK (lang ~ '^[a-z]{2,8}$')
);

CREATE TABLE identity.sessions (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES identity.users (id) ON DELETE CASCADE,
  -- SHA-256 of the bearer token; the token itself is never stored.
  token_hash bytea NOT NULL,
  -- The admin acting as user_id, for impersonation sessions.
  impersonator_id bigint REFERENCES identity.users (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL,
  last_seen_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  revoked_at timestamptz,
  user_agent text NOT NULL DEFAULT '',
  ip text NOT NULL DEFAULT '',
  CONSTRAINT sessions_token_hash_key UNIQUE (token_hash),
  CONSTRAINT sessions_token_hash_check CHECK (length(token_hash) = 32)
);
-- The user's live sessions (list, revoke others).
CREATE INDEX sessions_user_live_idx ON identity.sessions (user_id) WHERE revoked_at IS NULL;

CREATE TABLE identity.tokens (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES identity.users (id) ON DELETE CASCADE,
  purpose text NOT NULL,
  token_hash bytea NOT NULL,
  -- verify_email: the address the link was sent to; change_email: the new address.
  email citext NOT NULL,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  CONSTRAINT tokens_token_hash_key UNIQUE (token_hash),
  CONSTRAINT tokens_purpose_check CHECK (purpose IN ('verify_email', 'change_email', 'reset_password'))
);
CREATE INDEX tokens_user_purpose_idx ON identity.tokens (user_id, purpose) WHERE used_at IS NULL;

CREATE TABLE identity.audit (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  actor_id bigint NOT NULL REFERENCES identity.users (id) ON DELETE CASCADE,
  subject_id bigint REFERENCES identity.users (id) ON DELETE CASCADE,
  action text NOT NULL,
  created_at timestamptz NOT NULL,
  details jsonb NOT NULL DEFAULT '{}'
);
CREATE INDEX audit_actor_idx ON identity.audit (actor_id, created_at);
CREATE INDEX audit_subject_idx ON identity.audit (subject_id, created_at);
