-- Audit trail: append-only. The application never updates or deletes an event, and the database
-- refuses it too, so a bug or a hand-typed statement cannot rewrite history.
CREATE TABLE audit_events (
  id bigserial PRIMARY KEY,
  at timestamptz NOT NULL DEFAULT now(),
  operator_subject text NOT NULL,
  roles text[] NOT NULL,
  action text NOT NULL,
  target text NOT NULL,
  request_hash text NOT NULL,
  outcome text NOT NULL,
  upstream_status integer,
  request_id text NOT NULL
);

CREATE INDEX audit_events_operator_id ON audit_events (operator_subject, id DESC);
CREATE INDEX audit_events_action_id ON audit_events (action, id DESC);
CREATE INDEX audit_events_at ON audit_events (at);

CREATE FUNCTION audit_events_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_events is append-only: % refused', TG_OP
    USING ERRCODE = 'insufficient_privilege';
END
$$;

CREATE TRIGGER audit_events_no_update_or_delete
  BEFORE UPDATE OR DELETE ON audit_events
  FOR EACH ROW EXECUTE FUNCTION audit_events_refuse_change();

CREATE TRIGGER audit_events_no_truncate
  BEFORE TRUNCATE ON audit_events
  FOR EACH STATEMENT EXECUTE FUNCTION audit_events_refuse_change();
