-- Blocking by an administrator (libs/admin through identity::Identity::Block): a blocked account cannot sign
-- in and the authenticator refuses its sessions; blocking revokes every live session in the same transaction.
ALTER TABLE identity.users
  ADD COLUMN blocked_at timestamptz,
  ADD COLUMN blocked_reason text,
  ADD COLUMN blocked_by bigint REFERENCES identity.users (id) ON DELETE SET NULL,
  ADD CONSTRAINT users_blocked_check CHECK (
    (blocked_at IS NULL AND blocked_reason IS NULL AND blocked_by IS NULL)
    OR (blocked_at IS NOT NULL AND length(blocked_reason) BETWEEN 1 AND 500));
-- The admin's users list: newest first (keyset on created_at, id); the blocked filter and dashboard count.
CREATE INDEX users_created_idx ON identity.users (created_at DESC, id DESC);
CREATE INDEX users_blocked_idx ON identity.users (blocked_at) WHERE blocked_at IS NOT NULL;
