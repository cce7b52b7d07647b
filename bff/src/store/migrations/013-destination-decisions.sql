-- The destination registry reads the latest decided change of a destination on every submit (a
-- rejected one refuses withdrawals to it): an index for that read, like the pending one's.
CREATE INDEX approval_requests_decided_destination ON approval_requests (destination, seq DESC)
  WHERE kind = 'address' AND status IN ('approved', 'rejected');
