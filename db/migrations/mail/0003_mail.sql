-- Transactional outbox: domains insert a row in the same transaction as the action that sends the mail,
-- and mail::Worker delivers it (libs/mail/include/artel/mail/mail.hpp documents the claim/lease protocol).
CREATE SCHEMA mail;

CREATE TABLE mail.outbox (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  recipient text NOT NULL,
  lang text NOT NULL,
  template text NOT NULL,
  -- Placeholder values as a flat object of strings: {"name": "...", "link": "..."}.
  params jsonb NOT NULL CHECK (jsonb_typeof(params) = 'object'),
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sending', 'sent', 'failed')),
  -- Claims so far; also the token that lets only the current claimant mark the row.
  attempts int NOT NULL DEFAULT 0 CHECK (attempts >= 0),
  next_attempt_at timestamptz NOT NULL DEFAULT now(),
  -- While 'sending': when the claim expires and another worker may take the row again (crash recovery).
  lease_until timestamptz,
  last_error text,
  created_at timestamptz NOT NULL DEFAULT now(),
  sent_at timestamptz,
  CHECK (status <> 'sending' OR lease_until IS NOT NULL),
  CHECK (status <> 'sent' OR sent_at IS NOT NULL)
);

-- The worker's two scans: due pending rows, and expired claims.
CREATE INDEX outbox_due_idx ON mail.outbox (next_attempt_at) WHERE status = 'pending';
CREATE INDEX outbox_lease_idx ON mail.outbox (lease_until) WHERE status = 'sending';
