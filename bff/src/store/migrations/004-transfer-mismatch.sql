-- A 200 whose transfer does not match the request (another ref_id, amount or destination) is
-- recorded as created and flagged with the request fields it differs in (a JSON array).
ALTER TABLE withdrawals ADD COLUMN transfer_mismatch jsonb;
