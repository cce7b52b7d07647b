import type { WithdrawalRecord } from '#contract/withdrawal-ledger';
import type { Database, Queryable } from './database';
import type { AttemptClaim, WithdrawalOutcome } from './withdrawal-ledger-port';
import { leaseInterval, RECORD_COLUMNS, toRecord, type WithdrawalRow } from './sql-withdrawal-rows';

// A withdrawal's attempts: who holds one (a lease, in one conditional UPDATE), what its outcome
// does to the record, and what becomes of attempts whose holder stopped.

/**
 * Takes the next attempt of a withdrawal that may be tried again (unknown, refused without an
 * approval, or a lease that ran out); undefined when another holder has it or it is settled.
 */
export async function claimAttempt(
  db: Database,
  refId: string,
  claim: AttemptClaim,
  owner: string,
): Promise<number | undefined> {
  return db.transaction(async (tx) => {
    // One UPDATE decides: the row lock makes a concurrent claimer re-check the condition
    // after this one commits, and it then sees a live lease and takes nothing.
    // An approved withdrawal the service refused is never taken again: its approval was spent.
    const rows = await tx.query<{ current_attempt: number }>(
      `UPDATE withdrawals
          SET status = 'submitting', current_attempt = current_attempt + 1,
              claimed_until = now() + $2::interval, claimed_by = $3, updated_at = now()
        WHERE ref_id = $1
          AND (status = 'unknown'
               OR (status = 'refused' AND approval_id IS NULL)
               OR (status = 'submitting' AND claimed_until < now()))
        RETURNING current_attempt`,
      [refId, leaseInterval(claim), owner],
    );
    const row = rows[0];
    if (!row) return undefined;
    // An attempt whose holder died never got its outcome: say so in its history.
    await tx.query(
      `UPDATE withdrawal_attempts
          SET finished_at = now(), result = 'unknown', detail = 'interrupted: no outcome was recorded'
        WHERE ref_id = $1 AND number = $2 AND finished_at IS NULL`,
      [refId, row.current_attempt - 1],
    );
    await tx.query(
      `INSERT INTO withdrawal_attempts (ref_id, number, request_id) VALUES ($1, $2, $3)`,
      [refId, row.current_attempt, claim.requestId],
    );
    return row.current_attempt;
  });
}

/** A one-line reason for the attempts list (no Travel Rule data: problems carry none). */
function outcomeDetail(outcome: WithdrawalOutcome): string {
  if (outcome.kind === 'created')
    return `transfer ${outcome.transfer.id} ${outcome.transfer.status}`;
  const p = outcome.problem;
  return (p.detail ? `${p.title}: ${p.detail}` : p.title).slice(0, 500);
}

/** Records an attempt's outcome and the record's new status together. */
export async function recordAttemptOutcome(
  db: Queryable,
  refId: string,
  attempt: number,
  outcome: WithdrawalOutcome,
  upstreamStatus: number | undefined,
): Promise<WithdrawalRecord> {
  const status =
    outcome.kind === 'created' ? 'created' : outcome.kind === 'refused' ? 'refused' : 'unknown';
  const result =
    outcome.kind === 'created' ? (outcome.replayed ? 'replayed' : 'created') : outcome.kind;
  // One statement: the attempt's result and the record's new status commit together. A
  // created transfer is final whoever learned it; anything else changes the record only while
  // this attempt still holds it.
  const rows = await db.query<WithdrawalRow>(
    `WITH attempt AS (
       UPDATE withdrawal_attempts
          SET finished_at = now(), result = $6, upstream_status = $7, detail = $8
        WHERE ref_id = $1 AND number = $2
     ), updated AS (
       UPDATE withdrawals
          SET status = $3, transfer = COALESCE($4::jsonb, transfer),
              transfer_mismatch = COALESCE($9::jsonb, transfer_mismatch),
              problem = CASE WHEN $3 = 'created' THEN NULL ELSE $5::jsonb END,
              claimed_until = NULL, claimed_by = NULL, updated_at = now()
        WHERE ref_id = $1 AND status <> 'created'
          AND (current_attempt = $2 OR $3 = 'created')
        RETURNING *
     )
     SELECT ${RECORD_COLUMNS} FROM updated
     UNION ALL
     SELECT ${RECORD_COLUMNS} FROM withdrawals
      WHERE ref_id = $1 AND NOT EXISTS (SELECT 1 FROM updated)`,
    [
      refId,
      attempt,
      status,
      outcome.kind === 'created' ? JSON.stringify(outcome.transfer) : null,
      outcome.kind === 'created' ? null : JSON.stringify(outcome.problem),
      result,
      upstreamStatus ?? null,
      outcomeDetail(outcome),
      outcome.kind === 'created' && outcome.mismatch?.length
        ? JSON.stringify(outcome.mismatch)
        : null,
    ],
  );
  if (!rows[0]) throw new Error(`withdrawal ${refId} vanished`);
  return toRecord(rows[0]);
}

/**
 * Attempts whose holder stopped before their outcome was recorded (a lease that ran out, or
 * every one when this process is the database's only user) become unknown.
 */
export async function markInterruptedAsUnknown(
  db: Database,
  options: { all?: boolean } = {},
): Promise<number> {
  return db.transaction(async (tx) => {
    const condition = options.all
      ? `status = 'submitting'`
      : `status = 'submitting' AND claimed_until < now()`;
    const rows = await tx.query<{ ref_id: string; current_attempt: number }>(
      `UPDATE withdrawals
          SET status = 'unknown', claimed_until = NULL, claimed_by = NULL, updated_at = now()
        WHERE ${condition} RETURNING ref_id, current_attempt`,
    );
    for (const row of rows) {
      await tx.query(
        `UPDATE withdrawal_attempts
            SET finished_at = now(), result = 'unknown',
                detail = 'interrupted: the BFF stopped before the outcome was recorded'
          WHERE ref_id = $1 AND number = $2 AND finished_at IS NULL`,
        [row.ref_id, row.current_attempt],
      );
    }
    return rows.length;
  });
}
