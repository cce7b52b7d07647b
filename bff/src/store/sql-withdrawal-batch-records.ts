import type { BatchOperator, StoredBatch, StoredBatchRow } from './withdrawal-batch-port';
import { isoTime, jsonValue } from './sql-time';

// A batch and its rows as the SQL returns them, and how each becomes the port's shape: shared by
// the batch store (sql-withdrawal-batches.ts) and the sender's leases (sql-batch-row-leases.ts),
// which import this file and not each other.

export interface BatchRecordRow {
  id: string;
  status: string;
  created_at: unknown;
  operator_subject: string;
  operator_name: string;
  operator_email: string | null;
  operator_roles: unknown;
  file_errors: unknown;
  approval_id: string | null;
  batch_hash: string | null;
  requirement: unknown;
  request_id: string | null;
}

export interface BatchRowRecord {
  batch_id: string;
  row: number;
  line: number;
  ref_id: string;
  state: string;
  request: unknown;
  errors: unknown;
  transfer_id: string | null;
  reason: string | null;
  approval_id: string | null;
}

export const BATCH_COLUMNS = `id, status, created_at, operator_subject, operator_name, operator_email,
  operator_roles, file_errors, approval_id, batch_hash, requirement, request_id`;
export const ROW_COLUMNS = `batch_id, row, line, ref_id, state, request, errors, transfer_id, reason,
  approval_id`;

export function batchOperatorOf(r: BatchRecordRow): BatchOperator {
  return {
    subject: r.operator_subject,
    name: r.operator_name,
    ...(r.operator_email !== null ? { email: r.operator_email } : {}),
    roles: jsonValue<string[]>(r.operator_roles),
  };
}

export function toBatch(r: BatchRecordRow): StoredBatch {
  return {
    id: r.id,
    status: r.status,
    createdAt: isoTime(r.created_at),
    operator: batchOperatorOf(r),
    fileErrors: jsonValue(r.file_errors),
    ...(r.approval_id !== null ? { approvalId: r.approval_id } : {}),
    ...(r.batch_hash !== null ? { batchHash: r.batch_hash } : {}),
    ...(r.requirement !== null ? { requirement: jsonValue(r.requirement) } : {}),
    ...(r.request_id !== null ? { requestId: r.request_id } : {}),
  };
}

export function batchRowOf(r: BatchRowRecord): StoredBatchRow {
  return {
    row: r.row,
    line: r.line,
    refId: r.ref_id,
    state: r.state,
    ...(r.request !== null ? { request: jsonValue(r.request) } : {}),
    errors: jsonValue(r.errors),
    ...(r.transfer_id !== null ? { transferId: r.transfer_id } : {}),
    ...(r.reason !== null ? { reason: r.reason } : {}),
    ...(r.approval_id !== null ? { approvalId: r.approval_id } : {}),
  };
}
