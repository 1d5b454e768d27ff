-- Favourites (libs/favourites, issue 25): a user's bookmarks of an order, a freelancer, a vacancy, a resume or
-- a company. The item is only an id: it may be deleted or hidden later, and the list asks the item's own domain
-- whether the reader may still open it, so a row never reveals more than the reader could see.
CREATE SCHEMA favourites;

CREATE TABLE favourites.favourites (
  user_id bigint NOT NULL REFERENCES identity.users (id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('order', 'freelancer', 'vacancy', 'resume', 'company')),
  item_id bigint NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, kind, item_id)
);
-- A kind's page, newest first.
CREATE INDEX favourites_list_idx ON favourites.favourites (user_id, kind, created_at DESC, item_id DESC);
