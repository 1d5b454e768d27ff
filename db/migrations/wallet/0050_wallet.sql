-- The wallet (docs/architecture.md, "Wallet and ledger"): a double-entry ledger in integer minor units.
--
-- accounts     one per (kind, owner, currency): a user's wallet, or a platform account (escrow holds, fee revenue,
--              gateway clearing, payouts in progress); `balance` is the cached sum of its posted entries and
--              `held` the sum of its pending holds; a floor rule keeps users' available money at or above zero
--              while the gateway's clearing account may go negative (it mirrors money the acquirer owes us).
-- transfers    append-only entries: one debit account, one credit account, an amount > 0 in their common currency.
-- holds        two-phase transfers (pending → posted | voided | expired): a hold reserves the amount on the debit
--              account; its resolution is a row of hold_resolutions, at most one per hold, so a hold is resolved
--              exactly once; posting it writes the transfer.
-- payments     top-ups through a gateway (wallet::Gateway; `sandbox` is the embedded test acquirer), credited
--              clearing → wallet exactly once when the gateway's signed webhook says they succeeded.

CREATE SCHEMA wallet;

-- The currencies a wallet may hold, with their minor-unit digits (kernel::CurrencyDigits has the same).
CREATE TABLE wallet.currencies (
  code char(3) PRIMARY KEY REFERENCES catalog.currencies (code),
  digits smallint NOT NULL,
  CONSTRAINT currencies_digits_check CHECK (digits BETWEEN 0 AND 4)
);

INSERT INTO wallet.currencies (code, digits) VALUES ('RUB', 2), ('USD', 2), ('EUR', 2), ('KZT', 2);

CREATE TABLE wallet.accounts (
  id bigserial PRIMARY KEY,
  kind text NOT NULL,
  -- The owner of a `user` account; NULL for the platform's accounts.
  user_id bigint REFERENCES identity.users (id) ON DELETE RESTRICT,
  currency char(3) NOT NULL REFERENCES wallet.currencies (code),
  balance bigint NOT NULL DEFAULT 0,
  held bigint NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT accounts_kind_check CHECK (kind IN ('user', 'escrow', 'fee_revenue', 'clearing', 'payouts')),
  CONSTRAINT accounts_owner_check CHECK ((kind = 'user') = (user_id IS NOT NULL)),
  CONSTRAINT accounts_held_check CHECK (held >= 0),
  -- The floor rule: only the gateway's clearing account may be negative.
  CONSTRAINT accounts_floor_check CHECK (kind = 'clearing' OR balance - held >= 0)
);

CREATE UNIQUE INDEX accounts_owner_idx ON wallet.accounts (kind, coalesce(user_id, 0), currency);

-- The platform's accounts, one per kind and currency.
INSERT INTO wallet.accounts (kind, currency)
SELECT kind, code FROM wallet.currencies, unnest(ARRAY['escrow', 'fee_revenue', 'clearing', 'payouts']) AS kind;

CREATE TABLE wallet.transfers (
  id bigserial PRIMARY KEY,
  debit_account bigint NOT NULL REFERENCES wallet.accounts (id),
  credit_account bigint NOT NULL REFERENCES wallet.accounts (id),
  amount bigint NOT NULL,
  currency char(3) NOT NULL REFERENCES wallet.currencies (code),
  -- What moved the money: topup, hold (a posted hold), transfer, demo, ...
  kind text NOT NULL,
  -- What it belongs to ("payment:17", "hold:4"); with kind unique for topups (a payment is credited once).
  reference text NOT NULL,
  hold_id bigint,
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT transfers_amount_check CHECK (amount > 0),
  CONSTRAINT transfers_accounts_check CHECK (debit_account <> credit_account),
  CONSTRAINT transfers_kind_check CHECK (kind ~ '^[a-z_]{1,32}$'),
  CONSTRAINT transfers_reference_check CHECK (length(reference) BETWEEN 1 AND 200)
);

CREATE UNIQUE INDEX transfers_topup_idx ON wallet.transfers (reference) WHERE kind = 'topup';
CREATE UNIQUE INDEX transfers_hold_idx ON wallet.transfers (hold_id) WHERE hold_id IS NOT NULL;
CREATE INDEX transfers_debit_idx ON wallet.transfers (debit_account, created_at DESC, id DESC);
CREATE INDEX transfers_credit_idx ON wallet.transfers (credit_account, created_at DESC, id DESC);

CREATE TABLE wallet.holds (
  id bigserial PRIMARY KEY,
  debit_account bigint NOT NULL REFERENCES wallet.accounts (id),
  credit_account bigint NOT NULL REFERENCES wallet.accounts (id),
  amount bigint NOT NULL,
  currency char(3) NOT NULL REFERENCES wallet.currencies (code),
  kind text NOT NULL,
  reference text NOT NULL,
  expires_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT holds_amount_check CHECK (amount > 0),
  CONSTRAINT holds_accounts_check CHECK (debit_account <> credit_account),
  CONSTRAINT holds_kind_check CHECK (kind ~ '^[a-z_]{1,32}$'),
  CONSTRAINT holds_reference_check CHECK (length(reference) BETWEEN 1 AND 200)
);

ALTER TABLE wallet.transfers ADD CONSTRAINT transfers_hold_fk FOREIGN KEY (hold_id) REFERENCES wallet.holds (id);

-- A hold's one resolution: the primary key makes a second one (posted twice, voided after posting) impossible.
CREATE TABLE wallet.hold_resolutions (
  hold_id bigint PRIMARY KEY REFERENCES wallet.holds (id),
  outcome text NOT NULL,
  transfer_id bigint REFERENCES wallet.transfers (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT hold_resolutions_outcome_check CHECK (outcome IN ('posted', 'voided', 'expired')),
  CONSTRAINT hold_resolutions_transfer_check CHECK ((outcome = 'posted') = (transfer_id IS NOT NULL))
);

-- Both sides of an entry in the entry's currency.
CREATE FUNCTION wallet.check_entry_currency() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM wallet.accounts a
              WHERE a.id IN (NEW.debit_account, NEW.credit_account) AND a.currency <> NEW.currency) THEN
    RAISE EXCEPTION 'wallet: an entry between accounts of another currency than %', NEW.currency
      USING ERRCODE = 'check_violation', CONSTRAINT = 'entries_currency_check';
  END IF;
  RETURN NEW;
END $$;

-- Entries are history: never changed, never removed.
CREATE FUNCTION wallet.forbid_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'wallet: % is append-only (% refused)', TG_TABLE_NAME, TG_OP
    USING ERRCODE = 'insufficient_privilege';
END $$;

CREATE TRIGGER transfers_currency BEFORE INSERT ON wallet.transfers
  FOR EACH ROW EXECUTE FUNCTION wallet.check_entry_currency();
CREATE TRIGGER holds_currency BEFORE INSERT ON wallet.holds
  FOR EACH ROW EXECUTE FUNCTION wallet.check_entry_currency();
CREATE TRIGGER transfers_append_only BEFORE UPDATE OR DELETE ON wallet.transfers
  FOR EACH ROW EXECUTE FUNCTION wallet.forbid_change();
CREATE TRIGGER holds_append_only BEFORE UPDATE OR DELETE ON wallet.holds
  FOR EACH ROW EXECUTE FUNCTION wallet.forbid_change();
CREATE TRIGGER hold_resolutions_append_only BEFORE UPDATE OR DELETE ON wallet.hold_resolutions
  FOR EACH ROW EXECUTE FUNCTION wallet.forbid_change();
CREATE TRIGGER transfers_no_truncate BEFORE TRUNCATE ON wallet.transfers
  FOR EACH STATEMENT EXECUTE FUNCTION wallet.forbid_change();

-- Top-ups through a gateway.
CREATE TABLE wallet.payments (
  id bigserial PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES identity.users (id) ON DELETE RESTRICT,
  amount bigint NOT NULL,
  currency char(3) NOT NULL REFERENCES wallet.currencies (code),
  gateway text NOT NULL,
  -- pending → processing (the acquirer took the card; its webhook will say) → succeeded | declined;
  -- waiting_for_confirmation while the acquirer asks for 3-D Secure.
  status text NOT NULL DEFAULT 'pending',
  -- The last four digits of the card the acquirer reported, and why it declined.
  card_last4 text,
  decline_reason text,
  transfer_id bigint REFERENCES wallet.transfers (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT payments_amount_check CHECK (amount > 0),
  CONSTRAINT payments_status_check
    CHECK (status IN ('pending', 'waiting_for_confirmation', 'processing', 'succeeded', 'declined')),
  CONSTRAINT payments_credited_check CHECK ((status = 'succeeded') = (transfer_id IS NOT NULL))
);

CREATE INDEX payments_user_idx ON wallet.payments (user_id, created_at DESC);

-- Webhook events already taken (a second delivery of the same event changes nothing).
CREATE TABLE wallet.gateway_events (
  gateway text NOT NULL,
  event_id text NOT NULL,
  payment_id bigint NOT NULL REFERENCES wallet.payments (id),
  received_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (gateway, event_id)
);
