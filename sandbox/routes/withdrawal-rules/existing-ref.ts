import type { ProblemInit } from '#sandbox/http/problem-response';
import { materializeTransfer, type TransferStore } from '#sandbox/state/transfer-store';

/**
 * Idempotency, checked first: a retry of a created withdrawal learns that it exists (409 with the
 * transfer as it reads now), whatever changed since.
 */
export function existingRefProblem(
  transfers: TransferStore,
  refId: string | undefined,
  now: Date,
): ProblemInit | undefined {
  if (refId === undefined) return undefined;
  const existing = transfers.byRef(refId);
  if (!existing) return undefined;
  return {
    status: 409,
    type: 'already-exists',
    detail: `A withdrawal with ref_id ${refId} already exists`,
    meta: { existing: materializeTransfer(existing, now) },
  };
}
