-- Issue 26, item 13. What the audit trail shows of an event beyond its field names:
-- * change_values: an address update's before and after for the fields whose values are not
--   personal data (nickname, bookmark, custody type, VASP: contract/audit.ts AUDIT_VALUE_FIELDS),
--   as [{"path", "before", "after"}]; Travel Rule personal data stays out, as in changed_fields.
-- * approved_by: an approved send is the initiator's withdrawal, sent when the last approval came:
--   the event names the initiator as its operator and the approvers here, [{"subject", "name"}].
-- Added columns only: the table stays append-only (its triggers refuse UPDATE and DELETE).
ALTER TABLE audit_events ADD COLUMN change_values jsonb;
ALTER TABLE audit_events ADD COLUMN approved_by jsonb;

-- The operator filter finds an operator by the start of any word of their subject or name, in
-- any case (bff/src/store/sql-audit-operators.ts). No index serves "a word starts with" over
-- every event, but operators are few: the filter looks the words up here, in one row per
-- operator and search text (the words as contract/identity.ts folds them, space-separated),
-- then reads the events of the operators found, each from the index of its own events.
CREATE TABLE audit_operators (
  operator_subject text NOT NULL,
  search text NOT NULL
);
-- One row per operator and search text (ON CONFLICT DO NOTHING); md5: a name of any length.
CREATE UNIQUE INDEX audit_operators_once ON audit_operators (operator_subject, md5(search));

-- An operator's subject, folded and split into words in SQL: the search text of every subject
-- an event names, whoever wrote the event (events before this migration, a hand-repaired one, a
-- seed). The BFF adds the subject and the name folded by contract/identity.ts when it appends.
CREATE FUNCTION audit_subject_search(subject text) RETURNS text LANGUAGE sql AS $$
  SELECT folded || ' ' || array_to_string(regexp_split_to_array(folded, '[\s@._+-]+'), ' ')
    FROM (SELECT lower(btrim(subject)) AS folded) AS f
$$;

CREATE FUNCTION audit_operators_add_subjects() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO audit_operators (operator_subject, search)
    SELECT DISTINCT operator_subject, audit_subject_search(operator_subject) FROM added_events
    ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$;

CREATE TRIGGER audit_events_add_operators
  AFTER INSERT ON audit_events REFERENCING NEW TABLE AS added_events
  FOR EACH STATEMENT EXECUTE FUNCTION audit_operators_add_subjects();

INSERT INTO audit_operators (operator_subject, search)
  SELECT DISTINCT operator_subject, audit_subject_search(operator_subject) FROM audit_events;

-- The operator filter with a date range reads each operator's events newest first by time
-- (store/keyset-page.ts, byTime); without one, by id: audit_events_operator_id (migration 003).
CREATE INDEX audit_events_operator_at_id ON audit_events (operator_subject, at, id);
