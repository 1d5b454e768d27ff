-- STAND-IN (adm, issue 13) for the lead's platform.audit until it lands on main; take main's on merge.
CREATE TABLE platform.audit (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  actor_id bigint,
  impersonator_id bigint,
  action text NOT NULL,
  object_type text NOT NULL,
  object_id bigint NOT NULL,
  before jsonb,
  after jsonb,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX audit_created_idx ON platform.audit (created_at DESC, id DESC);
CREATE INDEX audit_object_idx ON platform.audit (object_type, object_id);
