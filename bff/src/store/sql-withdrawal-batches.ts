import type { Database, Queryable } from './database';
import { INSTANCE_ID } from './instance-id';
import type { StoredBatchRow, WithdrawalBatchStore } from './withdrawal-batch-port';
import { insertRequest } from './sql-approval-rows';
import { createSqlBatchRowLeases } from './sql-batch-row-leases';
import { listWithdrawalBatches } from './sql-withdrawal-batch-list';
import {
  BATCH_COLUMNS,
  ROW_COLUMNS,
  batchRowOf,
  toBatch,
  type BatchRecordRow,
  type BatchRowRecord,
} from './sql-withdrawal-batch-records';

// Batch withdrawals (migration 015): the file's rows and their state. A row is sent by whoever
// holds its lease (claimed_by, claimed_until), taken as the transfer status refresher takes its
// records: FOR UPDATE SKIP LOCKED, then the lease moved forward, so two instances never hold one
// row; a row whose holder stopped comes due again when the lease runs out.

async function insertRows(tx: Queryable, id: string, rows: StoredBatchRow[]): Promise<void> {
  // In chunks: one statement per 200 rows keeps 1,000 rows to a handful of round trips.
  for (let start = 0; start < rows.length; start += 200) {
    const chunk = rows.slice(start, start + 200);
    const values: string[] = [];
    const params: Array<string | number | null> = [];
    for (const r of chunk) {
      const p = params.length;
      values.push(
        `($${p + 1}, $${p + 2}, $${p + 3}, $${p + 4}, $${p + 5}, $${p + 6}::jsonb, $${p + 7}::jsonb)`,
      );
      params.push(
        id,
        r.row,
        r.line,
        r.refId,
        r.state,
        r.request ? JSON.stringify(r.request) : null,
        JSON.stringify(r.errors),
      );
    }
    await tx.query(
      `INSERT INTO withdrawal_batch_rows (batch_id, row, line, ref_id, state, request, errors)
       VALUES ${values.join(', ')}`,
      params,
    );
  }
}

/** The batches and their rows; the sender's leases are sql-batch-row-leases.ts's. */
export function createSqlWithdrawalBatchStore(
  db: Database,
  owner = INSTANCE_ID,
): WithdrawalBatchStore {
  return { ...batchFiles(db), ...batchStatuses(db), ...createSqlBatchRowLeases(db, owner) };
}

/** The file's side: a batch and its rows written, read, listed, a draft's row dropped. */
function batchFiles(
  db: Database,
): Pick<WithdrawalBatchStore, 'create' | 'get' | 'list' | 'dropRow'> {
  return {
    create: (batch, rows) =>
      db.transaction(async (tx) => {
        const inserted = await tx.query(
          `INSERT INTO withdrawal_batches (id, status, operator_subject, operator_name,
             operator_email, operator_roles, file_errors)
           VALUES ($1, $2, $3, $4, $5, $6::jsonb, $7::jsonb)
           ON CONFLICT (id) DO NOTHING RETURNING id`,
          [
            batch.id,
            batch.status,
            batch.operator.subject,
            batch.operator.name,
            batch.operator.email ?? null,
            JSON.stringify(batch.operator.roles),
            JSON.stringify(batch.fileErrors),
          ],
        );
        if (inserted.length === 0) return { inserted: false };
        await insertRows(tx, batch.id, rows);
        return { inserted: true };
      }),

    async get(id) {
      const batches = await db.query<BatchRecordRow>(
        `SELECT ${BATCH_COLUMNS} FROM withdrawal_batches WHERE id = $1`,
        [id],
      );
      if (!batches[0]) return undefined;
      const rows = await db.query<BatchRowRecord>(
        `SELECT ${ROW_COLUMNS} FROM withdrawal_batch_rows WHERE batch_id = $1 ORDER BY row`,
        [id],
      );
      return { batch: toBatch(batches[0]), rows: rows.map(batchRowOf) };
    },

    list: (query) => listWithdrawalBatches(db, query),

    async dropRow(id, row) {
      const dropped = await db.query(
        `UPDATE withdrawal_batch_rows SET state = 'dropped'
          WHERE batch_id = $1 AND row = $2 AND state IN ('invalid', 'ready')
            AND EXISTS (SELECT 1 FROM withdrawal_batches WHERE id = $1 AND status = 'draft')
          RETURNING row`,
        [id, row],
      );
      return dropped.length > 0;
    },
  };
}

/** A conditional status change of a batch (from one of `from`): whether it was made. */
async function setStatus(q: Queryable, id: string, from: string[], to: string): Promise<boolean> {
  const updated = await q.query(
    `UPDATE withdrawal_batches SET status = $3, updated_at = now()
      WHERE id = $1 AND status = ANY($2) RETURNING id`,
    [id, from, to],
  );
  return updated.length > 0;
}

/** The batch's status: submitted (perhaps held for approval), moved on, cancelled, read. */
function batchStatuses(
  db: Database,
): Pick<
  WithdrawalBatchStore,
  'submit' | 'transition' | 'cancel' | 'statusOf' | 'awaitingApproval'
> {
  return {
    submit: (id, fields, approval) =>
      db.transaction(async (tx) => {
        const updated = await tx.query(
          `UPDATE withdrawal_batches
              SET status = $2, batch_hash = $3, requirement = $4::jsonb, approval_id = $5,
                  request_id = $6, updated_at = now()
            WHERE id = $1 AND status = 'draft' RETURNING id`,
          [
            id,
            approval ? 'awaiting_approval' : 'sending',
            fields.batchHash,
            fields.requirement ? JSON.stringify(fields.requirement) : null,
            approval?.id ?? null,
            approval?.requestId ?? null,
          ],
        );
        if (updated.length === 0) return false;
        if (approval && !(await insertRequest(tx, approval)))
          throw new Error(`the approval of batch ${id} was not recorded`);
        return true;
      }),

    transition: (id, from, to) => setStatus(db, id, from, to),

    cancel: (id, from, to = 'cancelled') =>
      db.transaction(async (tx) => {
        if (!(await setStatus(tx, id, from, to))) return false;
        // A row being sent right now finishes (its lease holder records it); the rest never go.
        await tx.query(
          `UPDATE withdrawal_batch_rows SET state = 'cancelled'
            WHERE batch_id = $1 AND state = 'ready'`,
          [id],
        );
        return true;
      }),

    async statusOf(id) {
      const rows = await db.query<{ status: string }>(
        `SELECT status FROM withdrawal_batches WHERE id = $1`,
        [id],
      );
      return rows[0]?.status;
    },

    async awaitingApproval() {
      const rows = await db.query<{ id: string; approval_id: string }>(
        `SELECT id, approval_id FROM withdrawal_batches
          WHERE status = 'awaiting_approval' AND approval_id IS NOT NULL`,
      );
      return rows.map((r) => ({ id: r.id, approvalId: r.approval_id }));
    },
  };
}
