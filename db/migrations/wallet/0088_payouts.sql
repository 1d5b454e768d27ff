-- Payouts (docs/architecture.md, "Wallet and ledger", "Payouts"): a user withdraws the available balance to a saved
-- bank card or YooMoney wallet.
--
-- payout_methods   where the money goes: a card is kept only masked, with its last four digits and the gateway's
--                  token of it (the sandbox's stand-in); a YooMoney wallet's number is not a secret (it is needed to
--                  pay out) and is kept as the token. Deleting one hides it (payouts keep pointing at it).
-- payouts          one withdrawal: its money moved user → payouts when it was requested (kind `payout`), and then
--                  payouts → clearing when the gateway paid it (`payout_sent`) or payouts → user when it failed, was
--                  rejected or canceled (`payout_returned`): new entries only, never a changed one.
--
--   pending_approval ─approve (one admin, or two different ones at or above the second threshold)→ approved
--   pending_approval ─reject (admin)→ rejected        pending_approval ─cancel (owner)→ canceled
--   approved ─the payout job→ processing ─gateway→ succeeded | failed

CREATE TABLE wallet.payout_methods (
  id bigserial PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES identity.users (id) ON DELETE CASCADE,
  kind text NOT NULL,
  masked text NOT NULL,
  last4 char(4) NOT NULL,
  token text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  deleted_at timestamptz,
  CONSTRAINT payout_methods_kind_check CHECK (kind IN ('bank_card', 'yoo_money')),
  CONSTRAINT payout_methods_masked_check CHECK (length(masked) BETWEEN 4 AND 40),
  CONSTRAINT payout_methods_last4_check CHECK (last4 ~ '^[0-9]{4}$'),
  CONSTRAINT payout_methods_token_check CHECK (length(token) BETWEEN 1 AND 200),
  -- A card's full number never reaches this table: a card's token is the gateway's, never 13–19 digits.
  CONSTRAINT payout_methods_no_pan_check CHECK (kind <> 'bank_card' OR token !~ '^[0-9 -]{12,}$')
);

CREATE INDEX payout_methods_user_idx ON wallet.payout_methods (user_id, id) WHERE deleted_at IS NULL;

CREATE TABLE wallet.payouts (
  id bigserial PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES identity.users (id) ON DELETE RESTRICT,
  method_id bigint NOT NULL REFERENCES wallet.payout_methods (id),
  amount bigint NOT NULL,
  currency char(3) NOT NULL REFERENCES wallet.currencies (code),
  status text NOT NULL,
  gateway text NOT NULL,
  -- The gateway's id of the payout once it was sent (the gateway's Idempotence-Key is our id).
  external_id text,
  -- The first approver (and, for a payout that needs two, the second one).
  approved_by bigint REFERENCES identity.users (id),
  second_approved_by bigint REFERENCES identity.users (id),
  needs_approvals smallint NOT NULL DEFAULT 0,
  reason text,
  failure_reason text,
  transfer_id bigint NOT NULL REFERENCES wallet.transfers (id),
  settled_transfer_id bigint REFERENCES wallet.transfers (id),
  sent_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT payouts_amount_check CHECK (amount > 0),
  CONSTRAINT payouts_status_check CHECK (status IN ('pending_approval', 'approved', 'processing', 'succeeded',
                                                    'failed', 'rejected', 'canceled')),
  CONSTRAINT payouts_approvals_check CHECK (needs_approvals BETWEEN 0 AND 2),
  CONSTRAINT payouts_two_admins_check CHECK (second_approved_by IS NULL OR second_approved_by <> approved_by),
  CONSTRAINT payouts_settled_check
    CHECK ((status IN ('succeeded', 'failed', 'rejected', 'canceled')) = (settled_transfer_id IS NOT NULL)),
  CONSTRAINT payouts_reason_check CHECK (reason IS NULL OR length(reason) BETWEEN 1 AND 1000),
  CONSTRAINT payouts_external_id_check CHECK (external_id IS NULL OR length(external_id) BETWEEN 1 AND 64)
);

CREATE INDEX payouts_user_idx ON wallet.payouts (user_id, created_at DESC, id DESC);
CREATE INDEX payouts_waiting_idx ON wallet.payouts (created_at, id) WHERE status = 'pending_approval';
CREATE INDEX payouts_to_send_idx ON wallet.payouts (id) WHERE status IN ('approved', 'processing');
CREATE UNIQUE INDEX payouts_external_idx ON wallet.payouts (gateway, external_id) WHERE external_id IS NOT NULL;

-- A payout leaves the wallet once and comes back or goes out once.
CREATE UNIQUE INDEX transfers_payout_idx ON wallet.transfers (reference, kind)
  WHERE kind IN ('payout', 'payout_sent', 'payout_returned');

-- A gateway's events are about a top-up or a payout.
ALTER TABLE wallet.gateway_events
  ALTER COLUMN payment_id DROP NOT NULL,
  ADD COLUMN payout_id bigint REFERENCES wallet.payouts (id),
  ADD CONSTRAINT gateway_events_subject_check CHECK (num_nonnulls(payment_id, payout_id) = 1);
