-- E-mail digests (issue 25): a notification waiting for its user's hourly…monthly digest has digested_at NULL
-- until the digest that holds it is queued; one of a kind shown only in the digest (site interval never) is
-- not on the site. notifications.digests records each user's last period sent per interval, so a period is
-- mailed at most once.
ALTER TABLE notifications.notifications
  ADD COLUMN digested_at timestamptz,
  ADD COLUMN on_site boolean NOT NULL DEFAULT true;
-- The history before digests existed is not news.
UPDATE notifications.notifications SET digested_at = created_at;
CREATE INDEX notifications_undigested_idx ON notifications.notifications (user_id, id) WHERE digested_at IS NULL;

CREATE TABLE notifications.digests (
  user_id bigint NOT NULL REFERENCES identity.users (id) ON DELETE CASCADE,
  frequency text NOT NULL CHECK (frequency IN ('hourly', 'daily', 'weekly', 'monthly')),
  -- The start (UTC) of the last period whose digest was queued.
  period_start timestamptz NOT NULL,
  sent_at timestamptz NOT NULL,
  PRIMARY KEY (user_id, frequency)
);
