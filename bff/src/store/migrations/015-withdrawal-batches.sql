-- Batch withdrawals from a CSV file (issue 28). A batch is the file (its id: the first 24 hex
-- digits of the sha256 of its text, so the same file uploaded again is the same batch) and one row
-- per data line, each with its ref_id fixed before anything is sent (the file's own, or
-- batch-<id>-<row>). Every row goes through the one withdrawal submitter and gate: the ledger
-- (withdrawals) stays the one record of what reached the service, by ref_id.
CREATE TABLE withdrawal_batches (
  id text PRIMARY KEY,
  -- draft, awaiting_approval, sending, paused, done, cancelled, not_sent
  status text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  -- Who uploaded it: the rows are submitted as theirs (the initiator), by the BFF's sender.
  operator_subject text NOT NULL,
  operator_name text NOT NULL,
  operator_email text,
  operator_roles jsonb NOT NULL,
  -- Errors of the file itself (its header): nothing of it can be submitted.
  file_errors jsonb NOT NULL,
  -- The one approval request of the whole batch (kind withdrawal_batch), once it was submitted.
  approval_id text,
  -- sha256 of the canonical JSON of the rows' requests as submitted: what was approved is sent.
  batch_hash text,
  -- What the policy asked of the batch at submit ({ approvals, reason }), when it asked anything.
  requirement jsonb,
  request_id text
);

CREATE INDEX withdrawal_batches_status ON withdrawal_batches (status) WHERE status IN ('awaiting_approval', 'sending');

CREATE TABLE withdrawal_batch_rows (
  batch_id text NOT NULL REFERENCES withdrawal_batches (id),
  -- 1-based among the data rows (the derived ref_id's number); line: where it starts in the file.
  row integer NOT NULL,
  line integer NOT NULL,
  ref_id text NOT NULL,
  -- invalid, dropped, ready, sending, created, refused, unknown, held, cancelled
  state text NOT NULL,
  request jsonb,
  errors jsonb NOT NULL,
  transfer_id text,
  reason text,
  approval_id text,
  -- The sender's lease on a row it is sending (the status refresher's claiming pattern): a row
  -- whose sender stopped comes due again after it, and is sent again with the same ref_id (the
  -- ledger answers it, or reads it by ref_id first): never a second transfer.
  claimed_until timestamptz,
  claimed_by text,
  tries integer NOT NULL DEFAULT 0,
  -- A row put back after the service said "busy" (429, 503) is not taken before this.
  not_before timestamptz,
  PRIMARY KEY (batch_id, row)
);

CREATE INDEX withdrawal_batch_rows_due ON withdrawal_batch_rows (batch_id, row)
  WHERE state IN ('ready', 'sending');

-- The batch's approval: one request of kind withdrawal_batch (target: the batch id).
ALTER TABLE approval_requests DROP CONSTRAINT IF EXISTS approval_requests_kind_check;
ALTER TABLE approval_requests ADD CONSTRAINT approval_requests_kind_check
  CHECK (kind IN ('withdrawal', 'address', 'withdrawal_batch'));
