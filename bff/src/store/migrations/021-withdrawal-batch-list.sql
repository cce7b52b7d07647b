-- The batches' list (GET /api/withdrawal-batches), newest first through the one keyset pager:
-- a batch id is the start of its file's sha256, not a sequence, so each batch gets one to break
-- ties of created_at and to name the cursor's row; (created_at, seq) serves the order, seq the
-- cursor's lookup. Existing batches are numbered as PostgreSQL finds them (their order among
-- equal created_at is then arbitrary, as it was).
ALTER TABLE withdrawal_batches ADD COLUMN seq bigserial;
CREATE UNIQUE INDEX withdrawal_batches_seq ON withdrawal_batches (seq);
CREATE INDEX withdrawal_batches_created_at_seq ON withdrawal_batches (created_at, seq);
