import { randomUUID } from 'node:crypto';
import type { Operator } from '#bff/auth/operator';
import { createPeriodicTask, type PeriodicTask } from '#bff/lib/periodic-task';
import type { ApprovalService } from './approval-service';
import { giveUpApproved, resumeApproved } from './approved-send';

/** Who finishes a send nobody is left to finish (the audit events name it). */
const SENDER: Operator = { subject: 'system', name: 'Approved-send sender', roles: [] };

/** A send taken this many times (the approval's own included) and never finished is given up. */
const MAX_TRIES = 10;

/**
 * The outbox's sender: every `intervalMs` it takes the approved sends whose approver stopped
 * before recording what came of them (their lease ran out; after a restart of PGlite at once),
 * claimed through the database as the transfer status refresher claims (FOR UPDATE SKIP LOCKED,
 * then a lease: one instance each), and finishes them through the features' own senders, with
 * the outcome recorded on the request. runOnce counts the sends finished.
 */
export function createApprovedSendSender(
  service: ApprovalService,
  options: { intervalMs: number; leaseMs: number; batchSize?: number },
): PeriodicTask {
  const { logger } = service.deps;

  async function round(): Promise<number> {
    const due = await service
      .approvals()
      .claimDueSends({ limit: options.batchSize ?? 20, leaseMs: options.leaseMs });
    let finished = 0;
    for (const { stored, tries } of due) {
      const fields = { approval_id: stored.approval.id, target: stored.approval.target, tries };
      if (tries > MAX_TRIES) {
        logger.error(fields, 'an approved send could not be finished: given up as unknown');
        await giveUpApproved(service, stored);
        continue;
      }
      logger.warn(fields, 'finishing an approved send interrupted before its outcome was recorded');
      const requestId = `send-${randomUUID()}`;
      if (await resumeApproved(service, stored, { operator: SENDER, requestId })) finished++;
    }
    return finished;
  }

  return createPeriodicTask({
    intervalMs: options.intervalMs,
    round,
    logger,
    failure: 'could not finish approved sends',
  });
}
