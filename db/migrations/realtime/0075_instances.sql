-- Which instances are alive (libs/realtime, instances.cpp): every instance writes its heartbeat here every
-- realtime.heartbeat_interval seconds. A cluster job deletes the presence rows of an instance whose heartbeat
-- is three intervals old (it died without leaving its channels: kill -9, a lost host, an instance scaled in
-- for good), so a dead instance never shows its users online.
CREATE TABLE realtime.instances (
  instance text PRIMARY KEY,
  seen_at timestamptz NOT NULL
);
