-- Real time (libs/realtime): events travel between instances by NOTIFY; one whose envelope exceeds
-- NOTIFY's 8000-byte payload is stored here and announced by its id. Rows are swept after a few minutes.
CREATE SCHEMA realtime;

CREATE TABLE realtime.payloads (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  envelope text NOT NULL,
  created_at timestamptz NOT NULL
);
CREATE INDEX payloads_created_idx ON realtime.payloads (created_at);
