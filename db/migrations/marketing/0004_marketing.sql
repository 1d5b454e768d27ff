-- UTM visits (libs/marketing): recorded for guests under a visitor id (cookie artel_visitor) and attached
-- to the account when that visitor signs in or registers.
CREATE SCHEMA marketing;

CREATE TABLE marketing.visits (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  visitor_id text,
  user_id bigint REFERENCES identity.users (id) ON DELETE SET NULL,
  utm_source text,
  utm_medium text,
  utm_campaign text,
  utm_term text,
  utm_content text,
  visited_url text,
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT visits_owner_check CHECK (visitor_id IS NOT NULL OR user_id IS NOT NULL),
  CONSTRAINT visits_lengths_check CHECK (
    length(visitor_id) <= 64 AND length(utm_source) <= 255 AND length(utm_medium) <= 255
    AND length(utm_campaign) <= 255 AND length(utm_term) <= 255 AND length(utm_content) <= 255
    AND length(visited_url) <= 2048)
);
-- Attaching a visitor's rows at sign-in.
CREATE INDEX visits_unattached_visitor_idx ON marketing.visits (visitor_id) WHERE user_id IS NULL;
CREATE INDEX visits_user_idx ON marketing.visits (user_id) WHERE user_id IS NOT NULL;
