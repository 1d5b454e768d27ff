-- Bids and personal invitations (libs/bids). SPEC §3 (Bid) and §4 (selection, 24-hour rule).
CREATE SCHEMA bids;

CREATE TABLE bids.bids (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  order_id bigint NOT NULL REFERENCES orders.orders (id) ON DELETE CASCADE,
  performer_id bigint NOT NULL REFERENCES identity.users (id) ON DELETE CASCADE,
  -- preliminary: an estimate that cannot be selected until the performer makes it final.
  kind text NOT NULL,
  comment text NOT NULL,
  term_days int NOT NULL,
  -- The price in minor units; NULL only on a preliminary bid ("to be discussed").
  price_amount bigint,
  price_currency char(3) REFERENCES catalog.currencies (code),
  status text NOT NULL DEFAULT 'active',
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  -- One bid per performer per order.
  CONSTRAINT bids_order_performer_key UNIQUE (order_id, performer_id),
  CONSTRAINT bids_kind_check CHECK (kind IN ('final', 'preliminary')),
  CONSTRAINT bids_status_check CHECK (status IN ('active', 'selected', 'rejected')),
  CONSTRAINT bids_comment_check CHECK (length(comment) BETWEEN 1 AND 5000),
  CONSTRAINT bids_term_check CHECK (term_days BETWEEN 1 AND 365),
  CONSTRAINT bids_price_check CHECK (
    (price_amount IS NULL AND price_currency IS NULL AND kind = 'preliminary')
    OR (price_amount > 0 AND price_currency IS NOT NULL))
);
CREATE INDEX bids_order_idx ON bids.bids (order_id, created_at);
CREATE INDEX bids_performer_idx ON bids.bids (performer_id, created_at DESC);
-- At most one selected bid per order, whatever races happen above.
CREATE UNIQUE INDEX bids_one_selected_idx ON bids.bids (order_id) WHERE status = 'selected';

-- A customer's direct offer of an order to one performer.
CREATE TABLE bids.invitations (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  order_id bigint NOT NULL REFERENCES orders.orders (id) ON DELETE CASCADE,
  customer_id bigint NOT NULL REFERENCES identity.users (id) ON DELETE CASCADE,
  performer_id bigint NOT NULL REFERENCES identity.users (id) ON DELETE CASCADE,
  status text NOT NULL DEFAULT 'pending',
  created_at timestamptz NOT NULL,
  -- Unanswered by then: the invitation expires (and a personal order opens to everybody).
  expires_at timestamptz NOT NULL,
  answered_at timestamptz,
  -- "You have already sent an invitation for this order".
  CONSTRAINT invitations_order_performer_key UNIQUE (order_id, performer_id),
  CONSTRAINT invitations_status_check CHECK (status IN ('pending', 'accepted', 'declined', 'expired'))
);
CREATE INDEX invitations_performer_idx ON bids.invitations (performer_id, created_at DESC);
CREATE INDEX invitations_pending_expiry_idx ON bids.invitations (expires_at) WHERE status = 'pending';
