import type { WithdrawalAttempt, WithdrawalRecord } from '#contract/withdrawal-ledger';
import type { Problem } from '#contract/problem';
import type { Transfer } from '#contract/withdrawals';
import type { Queryable } from './database';
import type { AttemptClaim } from './withdrawal-ledger-port';
import { isoTime, jsonValue } from './sql-time';

// A withdrawal's rows as the ledger reads them: the columns, the status an operator must read,
// and the records and attempts they make.

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

export interface AttemptRow {
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

export function toAttempt(row: AttemptRow): WithdrawalAttempt {
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

export async function selectRecord(
  db: Queryable,
  refId: string,
): Promise<WithdrawalRecord | undefined> {
  const rows = await db.query<WithdrawalRow>(
    `SELECT ${RECORD_COLUMNS} FROM withdrawals WHERE ref_id = $1`,
    [refId],
  );
  return rows[0] ? toRecord(rows[0]) : undefined;
}
