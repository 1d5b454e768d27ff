-- Saved searches (libs/searches, issue 25): a user's named filters of a list (a scope: orders, vacancies),
-- with an interval for their notifications and a count of new matches since the owner last opened them.
CREATE SCHEMA searches;

CREATE TABLE searches.searches (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES identity.users (id) ON DELETE CASCADE,
  scope text NOT NULL CHECK (scope ~ '^[a-z_]{1,30}$'),
  name text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 100),
  -- The list's URL parameters (what opening the search shows) and the scope's typed conditions (matching).
  filter jsonb NOT NULL,
  conditions jsonb NOT NULL,
  -- The percolator's index: the one indexed condition an item must share ('spec:12', 'cat:3', '*').
  match_key text NOT NULL,
  interval text NOT NULL CHECK (interval IN ('never', 'immediately', 'hourly', 'daily', 'weekly', 'monthly')),
  new_matches integer NOT NULL DEFAULT 0 CHECK (new_matches >= 0),
  seen_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);
-- "My searches", newest first.
CREATE INDEX searches_user_idx ON searches.searches (user_id, created_at DESC, id DESC);
-- The candidates of a published item: every search of its scope whose key is one of the item's keys.
CREATE INDEX searches_match_idx ON searches.searches (scope, match_key);

-- One row per (search, item): a search never matches an item twice (a reopened order, a republished vacancy).
CREATE TABLE searches.matches (
  search_id bigint NOT NULL REFERENCES searches.searches (id) ON DELETE CASCADE,
  item_id bigint NOT NULL,
  matched_at timestamptz NOT NULL,
  PRIMARY KEY (search_id, item_id)
);
