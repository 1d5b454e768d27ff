-- Orders (libs/orders): what customers post. SPEC §3 and §4; docs/architecture.md describes the state machine.
CREATE SCHEMA orders;

CREATE TABLE orders.orders (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  customer_id bigint NOT NULL REFERENCES identity.users (id) ON DELETE CASCADE,
  name text NOT NULL,
  description text NOT NULL,
  category_id int NOT NULL REFERENCES catalog.categories (id),
  specialization_id int REFERENCES catalog.specializations (id),
  -- catalog.skills ids, checked in code; an array so the skill filter is one GIN lookup.
  skill_ids int[] NOT NULL DEFAULT '{}',
  -- The budget in minor units of its currency; NULL: by agreement.
  budget_amount bigint,
  budget_currency char(3) REFERENCES catalog.currencies (code),
  -- The same budget in kopecks at the currency's rate when written: filtering and sorting across currencies.
  budget_base bigint,
  -- NULL: by agreement.
  deadline_at timestamptz,
  payment_option text NOT NULL,
  country_id int REFERENCES catalog.countries (id),
  city_id int REFERENCES catalog.cities (id),
  -- search → closed | in_progress; closed → search; in_progress → completed. "Expired" is a search order
  -- whose deadline has passed (computed when read).
  status text NOT NULL DEFAULT 'search',
  -- personal: offered to one performer and hidden from everybody else until accepted, declined or opens_at.
  visibility text NOT NULL DEFAULT 'public',
  opens_at timestamptz,
  performer_id bigint REFERENCES identity.users (id),
  bid_count int NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  closed_at timestamptz,
  selected_at timestamptz,
  completed_at timestamptz,
  -- The `russian` configuration stems Cyrillic words with the Russian stemmer and ASCII words with the English
  -- one, so one vector serves both languages.
  search tsvector GENERATED ALWAYS AS (
    setweight(to_tsvector('russian'::regconfig, name), 'A') ||
    setweight(to_tsvector('russian'::regconfig, description), 'B')) STORED,
  CONSTRAINT orders_name_check CHECK (length(name) BETWEEN 1 AND 200),
  CONSTRAINT orders_description_check CHECK (length(description) BETWEEN 1 AND 20000),
  CONSTRAINT orders_budget_check CHECK (
    (budget_amount IS NULL AND budget_currency IS NULL AND budget_base IS NULL)
    OR (budget_amount > 0 AND budget_currency IS NOT NULL AND budget_base IS NOT NULL)),
  CONSTRAINT orders_payment_option_check CHECK (
    payment_option IN ('no_prepayment', 'prepayment', 'prepayment_possible', 'safe_deal', 'contract')),
  CONSTRAINT orders_status_check CHECK (status IN ('search', 'closed', 'in_progress', 'completed')),
  CONSTRAINT orders_visibility_check CHECK (visibility IN ('public', 'personal')),
  CONSTRAINT orders_performer_check CHECK (status NOT IN ('in_progress', 'completed') OR performer_id IS NOT NULL),
  CONSTRAINT orders_opens_check CHECK ((visibility = 'personal') = (opens_at IS NOT NULL)),
  CONSTRAINT orders_bid_count_check CHECK (bid_count >= 0),
  CONSTRAINT orders_skills_check CHECK (cardinality(skill_ids) <= 10)
);

-- The public list reads only open, public orders; every hot-path index is partial on that.
CREATE INDEX orders_open_date_idx ON orders.orders (created_at DESC, id DESC)
  WHERE status = 'search' AND visibility = 'public';
CREATE INDEX orders_open_category_date_idx ON orders.orders (category_id, created_at DESC, id DESC)
  WHERE status = 'search' AND visibility = 'public';
CREATE INDEX orders_open_budget_idx ON orders.orders ((COALESCE(budget_base, -1)) DESC, id DESC)
  WHERE status = 'search' AND visibility = 'public';
CREATE INDEX orders_open_category_budget_idx
  ON orders.orders (category_id, (COALESCE(budget_base, -1)) DESC, id DESC)
  WHERE status = 'search' AND visibility = 'public';
CREATE INDEX orders_open_search_idx ON orders.orders USING gin (search)
  WHERE status = 'search' AND visibility = 'public';
CREATE INDEX orders_open_name_trgm_idx ON orders.orders USING gin (name gin_trgm_ops)
  WHERE status = 'search' AND visibility = 'public';
CREATE INDEX orders_open_skills_idx ON orders.orders USING gin (skill_ids)
  WHERE status = 'search' AND visibility = 'public';
-- "My orders" of a customer and of a performer.
CREATE INDEX orders_customer_idx ON orders.orders (customer_id, created_at DESC, id DESC);
CREATE INDEX orders_performer_idx ON orders.orders (performer_id, created_at DESC) WHERE performer_id IS NOT NULL;
-- The 24-hour job: personal orders still waiting for their performer.
CREATE INDEX orders_personal_opens_idx ON orders.orders (opens_at)
  WHERE visibility = 'personal' AND status = 'search';

-- Files attached to orders. Uploaded first (order_id NULL, owned by the uploader), then attached by the
-- create/edit request that names them.
CREATE TABLE orders.attachments (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  owner_id bigint NOT NULL REFERENCES identity.users (id) ON DELETE CASCADE,
  order_id bigint REFERENCES orders.orders (id) ON DELETE CASCADE,
  -- storage::FileStore names.
  file_name text NOT NULL,
  thumbnail_name text,
  original_name text NOT NULL,
  content_type text NOT NULL,
  size bigint NOT NULL,
  position int NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT attachments_original_name_check CHECK (length(original_name) BETWEEN 1 AND 255),
  CONSTRAINT attachments_size_check CHECK (size > 0)
);
CREATE INDEX attachments_order_idx ON orders.attachments (order_id, position) WHERE order_id IS NOT NULL;
CREATE INDEX attachments_owner_unattached_idx ON orders.attachments (owner_id) WHERE order_id IS NULL;
