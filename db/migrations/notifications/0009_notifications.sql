-- In-app notifications (libs/notifications): rows written in the same transaction as the event they tell of.
-- Real-time delivery comes with the messenger.
CREATE SCHEMA notifications;

CREATE TABLE notifications.notifications (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES identity.users (id) ON DELETE CASCADE,
  -- bid_received, bid_selected, bid_rejected, invitation_received, invitation_accepted, invitation_declined,
  -- order_completed, review_received, order_opened.
  kind text NOT NULL,
  -- What the text needs (order id and name, other user's name ...); rendered by the client in its language.
  payload jsonb NOT NULL DEFAULT '{}',
  created_at timestamptz NOT NULL,
  read_at timestamptz,
  CONSTRAINT notifications_kind_check CHECK (kind ~ '^[a-z_]{1,40}$')
);
CREATE INDEX notifications_user_idx ON notifications.notifications (user_id, id DESC);
CREATE INDEX notifications_unread_idx ON notifications.notifications (user_id) WHERE read_at IS NULL;

-- The welcome flow (SPEC §1): what a new user came for, and where they look for work.
ALTER TABLE identity.users
  ADD COLUMN intent text,
  ADD COLUMN job_country_id int REFERENCES catalog.countries (id),
  ADD CONSTRAINT users_intent_check CHECK (intent IN ('customer', 'performer'));
