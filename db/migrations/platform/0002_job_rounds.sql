-- Periodic jobs: one row per job, the start of its latest round anywhere in the cluster. An instance claims
-- a round with one conditional upsert (platform::JobRunner), so N instances run each job once per interval.
CREATE SCHEMA IF NOT EXISTS platform;

CREATE TABLE platform.job_rounds (
  name text PRIMARY KEY,
  started_at timestamptz NOT NULL,
  instance text NOT NULL
);
