-- The safe deal (docs/architecture.md, "Wallet and ledger"): escrow per order, in milestones.
--
-- deals        one per order whose payment option is the safe deal, between its customer and its selected
--              performer, in one currency (the first milestone's).
-- milestones   a part of the work with its own amount: draft → funded (a ledger hold customer wallet → escrow)
--              → delivered → released (the hold posted, escrow → performer minus the fee, escrow → fee revenue);
--              refunded (the hold voided); disputed → resolved (an admin's split). `fee`, `released` and
--              `refunded` record how the hold was resolved.

CREATE TABLE wallet.deals (
  id bigserial PRIMARY KEY,
  order_id bigint NOT NULL UNIQUE REFERENCES orders.orders (id) ON DELETE RESTRICT,
  customer_id bigint NOT NULL REFERENCES identity.users (id) ON DELETE RESTRICT,
  performer_id bigint NOT NULL REFERENCES identity.users (id) ON DELETE RESTRICT,
  currency char(3) NOT NULL REFERENCES wallet.currencies (code),
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT deals_sides_check CHECK (customer_id <> performer_id)
);

CREATE INDEX deals_customer_idx ON wallet.deals (customer_id, created_at DESC);
CREATE INDEX deals_performer_idx ON wallet.deals (performer_id, created_at DESC);

CREATE TABLE wallet.milestones (
  id bigserial PRIMARY KEY,
  deal_id bigint NOT NULL REFERENCES wallet.deals (id) ON DELETE RESTRICT,
  title text NOT NULL,
  amount bigint NOT NULL,
  deadline date,
  status text NOT NULL DEFAULT 'draft',
  hold_id bigint UNIQUE REFERENCES wallet.holds (id),
  -- The performer's last delivery and the customer's last request for changes.
  delivery_message text,
  delivered_at timestamptz,
  changes_message text,
  -- The dispute: who opened it and why.
  disputed_by bigint REFERENCES identity.users (id),
  dispute_reason text,
  -- How the hold ended (minor units): released to the performer (before the fee), the fee, refunded.
  released bigint,
  fee bigint,
  refunded bigint,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT milestones_title_check CHECK (length(title) BETWEEN 1 AND 200),
  CONSTRAINT milestones_amount_check CHECK (amount > 0),
  CONSTRAINT milestones_status_check
    CHECK (status IN ('draft', 'funded', 'delivered', 'disputed', 'released', 'refunded', 'resolved')),
  CONSTRAINT milestones_hold_check CHECK ((status = 'draft') = (hold_id IS NULL)),
  CONSTRAINT milestones_split_check CHECK (
    status NOT IN ('released', 'refunded', 'resolved') OR coalesce(released, 0) + coalesce(refunded, 0) = amount)
);

CREATE INDEX milestones_deal_idx ON wallet.milestones (deal_id, id);
-- The auto-release job's scan.
CREATE INDEX milestones_delivered_idx ON wallet.milestones (delivered_at) WHERE status = 'delivered';
