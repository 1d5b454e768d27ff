-- What each user wants to hear and how often (issue 25; SPEC §9 intervals). A row exists only for a choice
-- the user made; a kind without one uses the default its module registered (notifications::Kind).
CREATE TABLE notifications.preferences (
  user_id bigint NOT NULL REFERENCES identity.users (id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind ~ '^[a-z_]{1,40}$'),
  channel text NOT NULL CHECK (channel IN ('site', 'email')),
  frequency text NOT NULL CHECK (frequency IN ('never', 'immediately', 'hourly', 'daily', 'weekly', 'monthly')),
  updated_at timestamptz NOT NULL,
  PRIMARY KEY (user_id, kind, channel)
);

-- The user's local time for the digests: an IANA zone (checked against pg_timezone_names when stored) and
-- quiet hours in that zone (both or neither; from > to wraps midnight).
CREATE TABLE notifications.user_settings (
  user_id bigint PRIMARY KEY REFERENCES identity.users (id) ON DELETE CASCADE,
  time_zone text NOT NULL DEFAULT 'UTC',
  quiet_from time,
  quiet_to time,
  updated_at timestamptz NOT NULL,
  CHECK ((quiet_from IS NULL) = (quiet_to IS NULL))
);
