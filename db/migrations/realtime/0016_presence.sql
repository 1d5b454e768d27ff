-- Presence channels (libs/realtime): who is subscribed to which presence- channel, on which instance, so
-- every instance answers subscription_succeeded with the whole membership. A member is a user, not a socket:
-- one user with two tabs is one member with two rows. An instance deletes its own rows when it starts (what
-- a crash left behind).
CREATE TABLE realtime.presence (
  channel text NOT NULL,
  socket_id text NOT NULL,
  instance text NOT NULL,
  user_id text NOT NULL,
  user_info jsonb NOT NULL,
  joined_at timestamptz NOT NULL,
  PRIMARY KEY (channel, socket_id)
);
CREATE INDEX presence_channel_user_idx ON realtime.presence (channel, user_id);
CREATE INDEX presence_instance_idx ON realtime.presence (instance);
