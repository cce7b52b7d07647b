import { randomUUID } from 'node:crypto';
import { auditApproval, SYSTEM_ACTOR } from '#bff/four-eyes/approval-audit';
import type { ApprovalNotifier } from '#bff/four-eyes/approval-webhook';
import { createPeriodicTask, type PeriodicTask } from '#bff/lib/periodic-task';
import type { Logger } from '#bff/logger';
import type { ApprovalStore } from '#bff/store/approval-port';
import type { AuditLog } from '#bff/store/audit-log-port';

interface SweepOptions {
  approvals: ApprovalStore;
  audit: AuditLog;
  logger: Logger;
  /** The request that found them (a read), or a sweep's own id. */
  requestId: string;
  notifier?: ApprovalNotifier;
}

/**
 * Expires every pending request whose time ran out (their withdrawals become "not sent"), with
 * one audit event each (by "system": nobody decided). Returns how many.
 */
export async function sweepExpiredApprovals(options: SweepOptions): Promise<number> {
  const expired = await options.approvals.expireDue();
  for (const stored of expired) {
    await auditApproval(options.audit, options.logger, {
      action: 'approval.expire',
      actor: SYSTEM_ACTOR,
      approval: stored.approval,
      outcome: 'expired',
      requestId: options.requestId,
    });
    options.notifier?.notify('decided', stored.approval);
  }
  return expired.length;
}

type ApprovalExpirySweeper = PeriodicTask;

/**
 * Sweeps now and then, so an expiry is recorded (and told) even when nobody looks at the queue.
 * On a shared database every instance sweeps; the row locks (SKIP LOCKED) give each request to
 * one of them.
 */
export function createApprovalExpirySweeper(
  options: Omit<SweepOptions, 'requestId'> & { intervalMs: number },
): ApprovalExpirySweeper {
  return createPeriodicTask({
    intervalMs: options.intervalMs,
    round: () => sweepExpiredApprovals({ ...options, requestId: `sweep-${randomUUID()}` }),
    logger: options.logger,
    failure: 'could not expire approval requests',
  });
}
