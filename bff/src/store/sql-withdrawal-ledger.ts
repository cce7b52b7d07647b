import type { ListWithdrawalsQuery, WithdrawalAttempt, WithdrawalRecord } from '#contract/ledger';
import type { Problem } from '#contract/problem';
import type { Transfer } from '#contract/withdrawals';
import { decodeCursor, encodeCursor } from './cursor';
import type { Database, Queryable, SqlParam } from './database';
import type {
  AttemptClaim,
  RecordIntentResult,
  WithdrawalLedger,
  WithdrawalOutcome,
} from './ports';
import { INSTANCE_ID } from './instance-id';
import { isoTime, jsonValue } from './sql-time';

export interface WithdrawalRow {
  seq: string;
  ref_id: string;
  status: WithdrawalRecord['status'];
  operator_subject: string;
  operator_name: string;
  request_hash: string;
  request: unknown;
  transfer: unknown;
  transfer_mismatch: unknown;
  problem: unknown;
  created_at: unknown;
  updated_at: unknown;
  approval_id: string | null;
  sent_request: unknown;
}

interface AttemptRow {
  number: number;
  started_at: unknown;
  finished_at: unknown;
  result: WithdrawalAttempt['result'] | null;
  upstream_status: number | null;
  detail: string | null;
  request_id: string | null;
}

/**
 * The status as an operator must read it: a "submitting" whose lease ran out was left by a process
 * that died mid-call, so its outcome is unknown (and it may be checked again).
 */
const EFFECTIVE_STATUS = `CASE WHEN status = 'submitting' AND claimed_until < now() THEN 'unknown' ELSE status END`;
export const RECORD_COLUMNS = `seq::text AS seq, ref_id, ${EFFECTIVE_STATUS} AS status, operator_subject,
  operator_name, request_hash, request, transfer, transfer_mismatch, problem, created_at, updated_at,
  approval_id, sent_request`;

export function toRecord(row: WithdrawalRow): WithdrawalRecord {
  const transfer = jsonValue<Transfer | null>(row.transfer);
  const problem = jsonValue<Problem | null>(row.problem);
  const mismatch = jsonValue<string[] | null>(row.transfer_mismatch);
  const sent = jsonValue<Record<string, unknown> | null>(row.sent_request);
  return {
    ref_id: row.ref_id,
    status: row.status,
    operator: { subject: row.operator_subject, name: row.operator_name },
    request_hash: row.request_hash,
    request: jsonValue<Record<string, unknown>>(row.request),
    ...(transfer ? { transfer } : {}),
    ...(mismatch && mismatch.length > 0 ? { transfer_mismatch: mismatch } : {}),
    ...(problem ? { problem } : {}),
    created_at: isoTime(row.created_at),
    updated_at: isoTime(row.updated_at),
    ...(row.approval_id !== null ? { approval_id: row.approval_id } : {}),
    ...(sent ? { sent_request: sent } : {}),
  };
}

function toAttempt(row: AttemptRow): WithdrawalAttempt {
  return {
    number: row.number,
    started_at: isoTime(row.started_at),
    ...(row.finished_at !== null ? { finished_at: isoTime(row.finished_at) } : {}),
    ...(row.result !== null ? { result: row.result } : {}),
    ...(row.upstream_status !== null ? { upstream_status: row.upstream_status } : {}),
    ...(row.detail !== null ? { detail: row.detail } : {}),
    ...(row.request_id !== null ? { request_id: row.request_id } : {}),
  };
}

export const leaseInterval = (claim: AttemptClaim) =>
  `${Math.max(1, Math.ceil(claim.leaseMs))} milliseconds`;

/** A one-line reason for the attempts list (no Travel Rule data: problems carry none). */
function outcomeDetail(outcome: WithdrawalOutcome): string {
  if (outcome.kind === 'created')
    return `transfer ${outcome.transfer.id} ${outcome.transfer.status}`;
  const p = outcome.problem;
  return (p.detail ? `${p.title}: ${p.detail}` : p.title).slice(0, 500);
}

async function selectRecord(db: Queryable, refId: string): Promise<WithdrawalRecord | undefined> {
  const rows = await db.query<WithdrawalRow>(
    `SELECT ${RECORD_COLUMNS} FROM withdrawals WHERE ref_id = $1`,
    [refId],
  );
  return rows[0] ? toRecord(rows[0]) : undefined;
}

/** `owner` names this instance in the leases it takes (claimed_by). */
export function createSqlWithdrawalLedger(db: Database, owner = INSTANCE_ID): WithdrawalLedger {
  return {
    async recordIntent(intent, claim): Promise<RecordIntentResult> {
      // One statement (one round trip, one commit): the record and its attempt 1 together.
      // ON CONFLICT DO NOTHING waits for a concurrent insert of the same ref_id to commit and
      // then writes nothing: exactly one request (in any instance) creates the record.
      const rows = await db.query<WithdrawalRow>(
        `WITH inserted AS (
           INSERT INTO withdrawals (ref_id, status, operator_subject, operator_name, request_hash,
             request, crypto_network, current_attempt, claimed_until, claimed_by, sent_request)
           VALUES ($1, 'submitting', $2, $3, $4, $5::jsonb, $6, 1, now() + $7::interval, $9,
             $10::jsonb)
           ON CONFLICT (ref_id) DO NOTHING
           RETURNING *
         ), attempt AS (
           INSERT INTO withdrawal_attempts (ref_id, number, request_id)
           SELECT ref_id, 1, $8 FROM inserted
         )
         SELECT ${RECORD_COLUMNS} FROM inserted`,
        [
          intent.refId,
          intent.operator.subject,
          intent.operator.name,
          intent.requestHash,
          JSON.stringify(intent.request),
          typeof intent.request.crypto_network === 'string' ? intent.request.crypto_network : null,
          leaseInterval(claim),
          claim.requestId,
          owner,
          intent.sentRequest ? JSON.stringify(intent.sentRequest) : null,
        ],
      );
      if (rows[0]) return { inserted: true, record: toRecord(rows[0]), attempt: 1 };
      const existing = await selectRecord(db, intent.refId);
      if (!existing) throw new Error(`withdrawal ${intent.refId} vanished`);
      return { inserted: false, record: existing };
    },

    async claim(refId, claim) {
      return db.transaction(async (tx) => {
        // One UPDATE decides: the row lock makes a concurrent claimer re-check the condition
        // after this one commits, and it then sees a live lease and takes nothing.
        const rows = await tx.query<{ current_attempt: number }>(
          `UPDATE withdrawals
              SET status = 'submitting', current_attempt = current_attempt + 1,
                  claimed_until = now() + $2::interval, claimed_by = $3, updated_at = now()
            WHERE ref_id = $1
              AND (status IN ('unknown', 'refused')
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
    },

    async recordOutcome(refId, attempt, outcome, upstreamStatus) {
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
    },

    async get(refId) {
      const rows = await db.query<WithdrawalRow & { lapsed: boolean }>(
        `SELECT ${RECORD_COLUMNS}, (status = 'submitting' AND claimed_until < now()) AS lapsed
           FROM withdrawals WHERE ref_id = $1`,
        [refId],
      );
      const row = rows[0];
      if (!row) return undefined;
      const attempts = (
        await db.query<AttemptRow>(
          `SELECT number, started_at, finished_at, result, upstream_status, detail, request_id
             FROM withdrawal_attempts WHERE ref_id = $1 ORDER BY number`,
          [refId],
        )
      ).map(toAttempt);
      // The attempt of a lapsed lease reads as the record does: its outcome was never recorded.
      const last = attempts[attempts.length - 1];
      if (row.lapsed && last && last.result === undefined) {
        last.result = 'unknown';
        last.detail = 'interrupted: no outcome was recorded';
      }
      return { ...toRecord(row), attempts };
    },

    async list(query: ListWithdrawalsQuery) {
      const limit = query.limit ?? 50;
      const where: string[] = [];
      const params: SqlParam[] = [];
      const add = (clause: (p: string) => string, value: SqlParam) => {
        params.push(value);
        where.push(clause(`$${params.length}`));
      };
      if (query.status !== undefined) add((p) => `${EFFECTIVE_STATUS} = ${p}`, query.status);
      if (query.operator !== undefined) add((p) => `operator_subject = ${p}`, query.operator);
      if (query.crypto_network !== undefined)
        add((p) => `crypto_network = ${p}`, query.crypto_network);
      if (query.ref_id !== undefined) add((p) => `ref_id = ${p}`, query.ref_id);
      if (query.cursor !== undefined) add((p) => `seq < ${p}::bigint`, decodeCursor(query.cursor));
      params.push(limit + 1);
      const rows = await db.query<WithdrawalRow>(
        `SELECT ${RECORD_COLUMNS} FROM withdrawals
          ${where.length ? `WHERE ${where.join(' AND ')}` : ''}
          ORDER BY withdrawals.seq DESC LIMIT $${params.length}`,
        params,
      );
      const page = rows.slice(0, limit);
      const last = page[page.length - 1];
      return {
        withdrawals: page.map(toRecord),
        ...(rows.length > limit && last ? { next_cursor: encodeCursor(last.seq) } : {}),
      };
    },

    async markInterruptedAsUnknown(options = {}) {
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
    },
  };
}
