-- Live transfer status (the companion read, scope transfer:read_transfer): when the BFF last read a
-- created transfer, and when it is due to read it again. The due time is also the claim shared by
-- every instance on one database: the instance that moves it forward owns the next read, so N
-- instances do not read the same PENDING transfer N times.
ALTER TABLE withdrawals ADD COLUMN status_checked_at timestamptz;
ALTER TABLE withdrawals ADD COLUMN status_next_check_at timestamptz;
ALTER TABLE withdrawals ADD COLUMN status_checks integer NOT NULL DEFAULT 0;

CREATE INDEX withdrawals_status_due ON withdrawals (status, status_next_check_at);
