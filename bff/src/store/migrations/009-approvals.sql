-- Four eyes. A withdrawal the policy holds is recorded in the ledger as "awaiting_approval" (its
-- ref_id fixed, nothing sent) and becomes "submitting" only through the last approval; rejected,
-- cancelled and expired ones end "not_sent". The body sent upstream (the operator's request with
-- the console's attribution in its metadata) is kept, so a check again resends exactly it.
ALTER TABLE withdrawals DROP CONSTRAINT IF EXISTS withdrawals_status_check;
ALTER TABLE withdrawals ADD CONSTRAINT withdrawals_status_check CHECK (status IN
  ('submitting', 'created', 'refused', 'unknown', 'awaiting_approval', 'not_sent'));
ALTER TABLE withdrawals ADD COLUMN approval_id text;
ALTER TABLE withdrawals ADD COLUMN sent_request jsonb;

-- An approved address (change) may not receive withdrawals before this instant (cooling-off).
ALTER TABLE address_book ADD COLUMN receivable_from timestamptz;

-- One request for approval: a withdrawal (target: its ref_id) or an address change (target: its
-- address book key).
CREATE TABLE approval_requests (
  -- Insertion order: the keyset for paging (timestamps can tie).
  seq bigserial PRIMARY KEY,
  id text NOT NULL UNIQUE,
  kind text NOT NULL CHECK (kind IN ('withdrawal', 'address')),
  status text NOT NULL CHECK (status IN ('pending', 'approved', 'rejected', 'cancelled', 'expired')),
  target text NOT NULL,
  -- "NETWORK:canonical address": withdrawals to a held address are refused (any identity).
  destination text,
  initiator_subject text NOT NULL,
  initiator_name text NOT NULL,
  -- How the initiator is named in the withdrawal's metadata (APPROVAL_ATTRIBUTION).
  initiator_attribution text NOT NULL,
  -- The console request id of the initiating request (sent upstream as aoc_request_id).
  request_id text NOT NULL,
  required_approvals integer NOT NULL CHECK (required_approvals > 0),
  reason text NOT NULL,
  -- kind withdrawal: the request body; kind address: { request, change, diff }.
  payload jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  decided_at timestamptz,
  -- After the last approval: what came of sending it (created, refused, unknown, saved…).
  outcome text
);

CREATE INDEX approval_requests_pending ON approval_requests (status, seq DESC);
CREATE INDEX approval_requests_destination ON approval_requests (destination) WHERE status = 'pending';
-- One pending change per address at a time: a second one waits for the first to be decided.
CREATE UNIQUE INDEX approval_requests_one_pending_address ON approval_requests (target)
  WHERE status = 'pending' AND kind = 'address';

-- One approval per person per request: the primary key refuses a second one.
CREATE TABLE approval_votes (
  approval_id text NOT NULL REFERENCES approval_requests (id),
  approver_subject text NOT NULL,
  approver_name text NOT NULL,
  approver_attribution text NOT NULL,
  at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (approval_id, approver_subject)
);

-- The request's history: who did what, when (requested, approved, rejected, cancelled, expired, sent).
CREATE TABLE approval_events (
  seq bigserial PRIMARY KEY,
  approval_id text NOT NULL REFERENCES approval_requests (id),
  kind text NOT NULL,
  at timestamptz NOT NULL DEFAULT now(),
  operator_subject text,
  operator_name text,
  reason text,
  detail text
);

CREATE INDEX approval_events_request ON approval_events (approval_id, seq);
