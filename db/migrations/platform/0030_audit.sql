-- The audit log of administrative actions (platform::RecordAudit): every module writes its admin actions here,
-- in the action's own transaction; the admin panel reads it. No foreign keys: a record outlives the accounts
-- and the objects it names.
CREATE TABLE platform.audit (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  -- Who acted (the session's user) and the admin behind an impersonation session.
  actor_id bigint NOT NULL,
  impersonator_id bigint,
  action text NOT NULL,
  object_type text NOT NULL,
  object_id bigint NOT NULL,
  -- The object as JSON before and after the action (null for a creation, a deletion).
  before jsonb,
  after jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT audit_action_check CHECK (action ~ '^[a-z_]+\.[a-z_]+$'),
  CONSTRAINT audit_object_type_check CHECK (object_type ~ '^[a-z_]+$')
);
-- The admin's log, newest first; an object's history; an admin's actions.
CREATE INDEX audit_created_idx ON platform.audit (created_at DESC, id DESC);
CREATE INDEX audit_object_idx ON platform.audit (object_type, object_id, created_at DESC);
CREATE INDEX audit_actor_idx ON platform.audit (actor_id, created_at DESC);
