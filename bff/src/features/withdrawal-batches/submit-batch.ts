import type { ApprovalPolicy } from '#contract/approvals';
import { requestHash } from '#contract/request-hash';
import type { BatchApprovalSummary } from '#contract/withdrawal-batches';
import { approvalPerson, type Operator } from '#bff/auth/operator';
import { announceApprovalRequested } from '#bff/four-eyes/approval-requested';
import type { ApprovalNotifier } from '#bff/four-eyes/approval-webhook';
import { attributionOf } from '#bff/four-eyes/attribution';
import { newApprovalId } from '#bff/four-eyes/new-approval-id';
import { HttpProblem } from '#bff/http/http-problem';
import type { Logger } from '#bff/logger';
import type { ApprovalStore } from '#bff/store/approval-port';
import type { AuditLog } from '#bff/store/audit-log-port';
import type {
  StoredBatch,
  StoredBatchRow,
  WithdrawalBatchStore,
} from '#bff/store/withdrawal-batch-port';
import type { WithdrawalWindow } from '#bff/store/withdrawal-window-port';
import type { UsdPriceReader } from '#bff/upstream/usd-price-reader';
import { batchRequirementAtSubmit, batchValue } from './batch-policy';
import { sendableRows } from './batch-view';

interface SubmitBatchDeps {
  batches: WithdrawalBatchStore;
  approvals?: ApprovalStore | undefined;
  audit: AuditLog;
  window?: WithdrawalWindow | undefined;
  policy?: ApprovalPolicy | undefined;
  attribution: 'subject' | 'email';
  prices?: UsdPriceReader | undefined;
  logger: Logger;
  approvalNotifier?: ApprovalNotifier | undefined;
}

/** The hash of what the batch sends: every sendable row's request, in row order. */
export function batchHashOf(rows: readonly StoredBatchRow[]): string {
  return requestHash(sendableRows(rows).map((r) => r.request));
}

const conflict = (detail: string) => new HttpProblem({ title: 'Conflict', status: 409, detail });

/**
 * POST /api/withdrawal-batches/:id/submit: a draft with no invalid row left is sent (its rows
 * go to the sender) or held as one approval request for the whole batch, when the policy asks
 * for one for the batch as a whole or for any row (rolling limits included). Submitting again
 * answers the batch as it stands: nothing is sent twice.
 */
export async function submitBatch(
  deps: SubmitBatchDeps,
  stored: { batch: StoredBatch; rows: StoredBatchRow[] },
  operator: Operator,
  requestId: string,
): Promise<void> {
  const { batch, rows } = stored;
  if (batch.status !== 'draft') return;
  if (batch.fileErrors.length > 0)
    throw conflict('The file itself is not valid (its header): fix it and upload it again.');
  const invalid = rows.filter((r) => r.state === 'invalid');
  if (invalid.length > 0)
    throw conflict(
      `${invalid.length} row(s) are not valid (first: line ${invalid[0]!.line}): fix the file, or drop them.`,
    );
  const sendable = sendableRows(rows);
  if (sendable.length === 0) throw conflict('Every row was dropped: nothing to send.');
  const batchHash = batchHashOf(rows);
  const value = await batchValue(
    sendable.map((r) => r.request),
    deps.prices,
  );
  const requirement = deps.policy
    ? await batchRequirementAtSubmit(
        { policy: deps.policy, prices: deps.prices, window: deps.window },
        sendable,
        operator,
        value,
      )
    : undefined;
  const fields = {
    batchHash,
    ...(requirement
      ? { requirement: { approvals: requirement.approvals, reason: requirement.reason } }
      : {}),
  };
  if (!requirement || !deps.approvals || !deps.policy) {
    await deps.batches.submit(batch.id, fields);
    return;
  }
  const summary: BatchApprovalSummary = {
    batch_id: batch.id,
    batch_hash: batchHash,
    rows: sendable.length,
    totals: value.totals.map(({ asset, quantity }) => ({ asset, quantity })),
    ...(value.usdTotal !== undefined ? { usd_total: value.usdTotal } : {}),
  };
  const approval = {
    id: newApprovalId(),
    kind: 'withdrawal_batch' as const,
    target: batch.id,
    initiator: approvalPerson(operator),
    initiatorAttribution: attributionOf(operator, deps.attribution),
    requestId,
    requiredApprovals: requirement.approvals,
    reason: requirement.reason,
    payload: summary,
    ttlMinutes: deps.policy.request_ttl_minutes,
  };
  if (!(await deps.batches.submit(batch.id, fields, approval))) return;
  const held = await deps.approvals.get(approval.id);
  if (!held) return;
  await announceApprovalRequested(deps, { operator, approval: held.approval, requestId });
}
