import { createHash, randomBytes } from 'node:crypto';
import type { ApprovalRequest } from '#contract/approvals';
import { canonicalJson } from '#contract/canonical-json';
import { requestHash } from '#contract/request-hash';

// What a passkey signs when it decides a request: a challenge the BFF derives, never one the
// browser chooses. It covers the request's id, the decision, the request hash (exactly what the
// decision does: the withdrawal body that will be sent with the approver's fee quote, or the
// address change; for a rejection, its reason) and a single-use nonce with a short lifetime. An
// assertion made for another request, another body, another decision or an earlier nonce answers
// another challenge and is refused.

/** What the decision does, as the approver sends it (approve with its fee quote, or reject). */
export type DecisionIntent =
  | { decision: 'approve'; fee_id?: string | null | undefined }
  | { decision: 'reject'; reason: string };

/** How long a decision's nonce may be answered. */
export const DECISION_NONCE_TTL_MS = 2 * 60_000;

/** A fresh single-use nonce (128 bits, base64url). */
export function newNonce(): string {
  return randomBytes(16).toString('base64url');
}

/**
 * The held withdrawal as the approval would send it (before the attribution stamps): the
 * approver's fee quote, or none when null, or else the initiator's (approve.ts sends the same).
 */
export function withdrawalWithFee(
  withdrawal: Record<string, unknown>,
  feeId: string | null | undefined,
): Record<string, unknown> {
  const { fee_id: initiatorFeeId, ...held } = withdrawal;
  const fee = feeId === null ? undefined : feeId !== undefined ? feeId : initiatorFeeId;
  return { ...held, ...(fee !== undefined ? { fee_id: fee } : {}) };
}

/** The request hash a decision's challenge covers (sha256 hex of canonical JSON). */
export function decisionRequestHash(approval: ApprovalRequest, intent: DecisionIntent): string {
  const subject =
    approval.kind === 'withdrawal'
      ? {
          withdrawal: withdrawalWithFee(
            approval.withdrawal ?? {},
            intent.decision === 'approve' ? intent.fee_id : undefined,
          ),
        }
      : {
          address: approval.address ?? null,
          ...(approval.batch !== undefined ? { batch: approval.batch } : {}),
        };
  return requestHash({
    approval_id: approval.id,
    kind: approval.kind,
    target: approval.target,
    decision: intent.decision,
    ...subject,
    ...(intent.decision === 'reject' ? { reason: intent.reason.trim() } : {}),
  });
}

/** The WebAuthn challenge (base64url of sha256) of a decision: the same inputs, the same one. */
export function deriveDecisionChallenge(input: {
  approvalId: string;
  decision: 'approve' | 'reject';
  requestHash: string;
  nonce: string;
}): string {
  const text = canonicalJson({
    purpose: 'asset-ops-console/approval-decision/v1',
    approval_id: input.approvalId,
    decision: input.decision,
    request_hash: input.requestHash,
    nonce: input.nonce,
  });
  return createHash('sha256').update(text, 'utf8').digest('base64url');
}
