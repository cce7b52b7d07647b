-- Durable approved sends (an outbox on the request itself). The last approval marks the request
-- "send due" in the transaction that approves it, and the approving request holds the send's
-- lease; recording what came of the send clears it. A send whose outcome was never recorded (the
-- process stopped between the approval and the service's answer) comes due again when its lease
-- runs out, and the approved-send sender of any instance finishes it: one holder at a time
-- (FOR UPDATE SKIP LOCKED, then a conditional lease, as the transfer status refresher claims).
ALTER TABLE approval_requests ADD COLUMN send_due boolean NOT NULL DEFAULT false;
ALTER TABLE approval_requests ADD COLUMN send_claimed_until timestamptz;
ALTER TABLE approval_requests ADD COLUMN send_claimed_by text;
-- How many times the send was taken (the approval's own included): bounded, then given up as unknown.
ALTER TABLE approval_requests ADD COLUMN send_tries integer NOT NULL DEFAULT 0;

CREATE INDEX approval_requests_send_due ON approval_requests (seq) WHERE send_due;
