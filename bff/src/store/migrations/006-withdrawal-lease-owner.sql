-- Who holds a "submitting" record's lease (claimed_until): the instance as host:pid:start-time.
-- A restart marks unknown only the records whose lease ran out (or, on the embedded store whose
-- data directory is locked to one process, every one left behind); the owner says whose
-- withdrawal it was, for the log and for an operator looking at the table during an incident.
ALTER TABLE withdrawals ADD COLUMN claimed_by text;
