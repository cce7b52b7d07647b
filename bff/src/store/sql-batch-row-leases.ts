import type { Database } from './database';
import { INSTANCE_ID } from './instance-id';
import type { ClaimedBatchRow, WithdrawalBatchStore } from './withdrawal-batch-port';
import {
  batchOperatorOf,
  batchRowOf,
  type BatchRecordRow,
  type BatchRowRecord,
} from './sql-withdrawal-batch-records';

// The batch sender's side of batch withdrawals (migration 015): rows taken with a lease, as the
// transfer status refresher takes its records (FOR UPDATE SKIP LOCKED, then the lease moved
// forward), so two instances never hold one row; a row whose holder stopped comes due again
// when its lease runs out (at once after a restart of PGlite: releaseClaims).

const ms = (value: number) => `${Math.max(0, Math.ceil(value))} milliseconds`;

type RowLeases = Pick<
  WithdrawalBatchStore,
  'claimRows' | 'recordRow' | 'releaseRow' | 'checkAgain' | 'finishDone' | 'releaseClaims'
>;

/** A row as the sender takes it: with its batch's operator, approval, hash and request id. */
function claimedRowOf(r: BatchRowRecord & BatchRecordRow): ClaimedBatchRow {
  const batch = r as unknown as BatchRecordRow & { batch_approval_id: string | null };
  return {
    ...batchRowOf(r),
    batchId: r.batch_id,
    operator: batchOperatorOf(batch),
    ...(batch.batch_approval_id !== null ? { batchApprovalId: batch.batch_approval_id } : {}),
    ...(batch.batch_hash !== null ? { batchHash: batch.batch_hash } : {}),
    ...(batch.request_id !== null ? { requestId: batch.request_id } : {}),
  };
}

/**
 * The rows due of sending batches, oldest batch first: ready ones past their not_before, and
 * those whose holder's lease ran out; each taken with a lease of leaseMs in this owner's name.
 */
async function claimRows(
  db: Database,
  owner: string,
  { limit, leaseMs }: { limit: number; leaseMs: number },
): Promise<ClaimedBatchRow[]> {
  const rows = await db.query<BatchRowRecord & BatchRecordRow>(
    `WITH taken AS (
         UPDATE withdrawal_batch_rows r
            SET state = 'sending', claimed_until = now() + $2::interval, claimed_by = $3,
                tries = tries + 1
          WHERE (r.batch_id, r.row) IN (
            SELECT x.batch_id, x.row FROM withdrawal_batch_rows x
              JOIN withdrawal_batches b ON b.id = x.batch_id
             WHERE b.status = 'sending'
               AND (x.state = 'ready' AND (x.not_before IS NULL OR x.not_before <= now())
                    OR x.state = 'sending' AND (x.claimed_until IS NULL OR x.claimed_until < now()))
             ORDER BY b.created_at, x.batch_id, x.row
             LIMIT $1
             FOR UPDATE OF x SKIP LOCKED)
          RETURNING r.batch_id, r.row, r.line, r.ref_id, r.state, r.request, r.errors,
                    r.transfer_id, r.reason, r.approval_id)
       SELECT taken.*, b.id, b.status, b.created_at, b.operator_subject, b.operator_name,
              b.operator_email, b.operator_roles, b.file_errors, b.approval_id AS batch_approval_id,
              b.batch_hash, b.requirement, b.request_id
         FROM taken JOIN withdrawal_batches b ON b.id = taken.batch_id
        ORDER BY taken.row`,
    [limit, ms(leaseMs), owner],
  );
  return rows.map(claimedRowOf);
}

/** `owner` names this instance in the rows' leases (claimed_by), as the ledger does. */
export function createSqlBatchRowLeases(db: Database, owner = INSTANCE_ID): RowLeases {
  return {
    claimRows: (options) => claimRows(db, owner, options),

    async recordRow(batchId, row, outcome) {
      const updated = await db.query(
        `UPDATE withdrawal_batch_rows
            SET state = $3, transfer_id = $4, reason = $5, approval_id = $6,
                claimed_until = NULL, claimed_by = NULL
          WHERE batch_id = $1 AND row = $2 AND state = 'sending' AND claimed_by = $7
          RETURNING row`,
        [
          batchId,
          row,
          outcome.state,
          outcome.transferId ?? null,
          outcome.reason?.slice(0, 1000) ?? null,
          outcome.approvalId ?? null,
          owner,
        ],
      );
      return updated.length > 0;
    },

    async releaseRow(batchId, row, delayMs) {
      await db.query(
        `UPDATE withdrawal_batch_rows
            SET state = CASE WHEN (SELECT status FROM withdrawal_batches WHERE id = $1)
                                  IN ('cancelled', 'not_sent') THEN 'cancelled' ELSE 'ready' END,
                not_before = now() + $3::interval, claimed_until = NULL, claimed_by = NULL
          WHERE batch_id = $1 AND row = $2 AND state = 'sending' AND claimed_by = $4`,
        [batchId, row, ms(delayMs), owner],
      );
    },

    async checkAgain(id, row) {
      const updated = await db.query(
        `UPDATE withdrawal_batch_rows SET state = 'ready', not_before = NULL
          WHERE batch_id = $1 AND state = 'unknown' AND ($2::integer IS NULL OR row = $2)
          RETURNING row`,
        [id, row ?? null],
      );
      if (updated.length > 0)
        await db.query(
          `UPDATE withdrawal_batches SET status = 'sending', updated_at = now()
            WHERE id = $1 AND status = 'done'`,
          [id],
        );
      return updated.length;
    },

    async releaseClaims() {
      const released = await db.query(
        `UPDATE withdrawal_batch_rows SET claimed_until = NULL
          WHERE state = 'sending' RETURNING row`,
      );
      return released.length;
    },

    async finishDone() {
      const done = await db.query<{ id: string }>(
        `UPDATE withdrawal_batches b SET status = 'done', updated_at = now()
          WHERE b.status = 'sending' AND NOT EXISTS (
            SELECT 1 FROM withdrawal_batch_rows r
             WHERE r.batch_id = b.id AND r.state IN ('ready', 'sending'))
          RETURNING id`,
      );
      return done.map((r) => r.id);
    },
  };
}
