import type { ApprovalSubmission } from '#contract/approvals';
import type { Operator } from '#bff/auth/operator';
import type { DecisionResult, StoredApproval } from '#bff/store/approval-port';
import type { OperatorRef } from '#contract/operator-ref';
import type { ApprovalService, ApprovedAttribution } from './approval-service';

/** One line for the request's history: what sending it came to. */
function describe(submission: ApprovalSubmission): string {
  if (submission.outcome === 'created') {
    const id = submission.transfer?.id;
    return typeof id === 'string' ? `sent: transfer ${id}` : 'sent';
  }
  const title = submission.problem?.title;
  return `${submission.outcome}${typeof title === 'string' ? `: ${title}` : ''}`;
}

/**
 * Makes an approved address change (the PUT upstream as its initiator asked it, or the book's
 * memo or return from the archive), then starts its cooling-off when the policy has one.
 */
async function sendAddress(
  service: ApprovalService,
  stored: StoredApproval,
  operator: Operator,
  requestId: string,
): Promise<ApprovalSubmission> {
  const { deps } = service;
  const address = stored.approval.address;
  if (!address) return { outcome: 'unknown' };
  const submission = await deps.senders.address({
    change: address,
    target: stored.approval.target,
    savedBy: stored.approval.initiator,
    operator,
    requestId,
  });
  const minutes = deps.config.approvalPolicy.addresses.cooling_off_minutes;
  if (submission.outcome === 'created' && minutes > 0) {
    await service
      .approvals()
      .startCoolingOff(stored.approval.target, minutes)
      .catch((error: unknown) =>
        deps.logger.error(
          { err: error, approval_id: stored.approval.id, alert: 'record_not_written' },
          'could not start the cooling-off of an approved address',
        ),
      );
  }
  return submission;
}

/** The initiator who asked for it and the approvers who agreed (the last one included). */
function attributionOf(stored: StoredApproval): ApprovedAttribution {
  const person = ({ subject, name }: OperatorRef): OperatorRef => ({ subject, name });
  return {
    initiator: person(stored.approval.initiator),
    approvers: stored.approval.approvals.map((a) => person(a.operator)),
  };
}

/**
 * What the last approval sends: the withdrawal whose ledger record it claimed (through the
 * withdrawals feature's submitter), or the address change (through the addresses feature's save),
 * with the outcome appended to the request's history. Undefined when nothing was sent (not the
 * last approval).
 */
export async function sendApproved(
  service: ApprovalService,
  decided: Extract<DecisionResult, { refused?: undefined }>,
  context: { stored: StoredApproval; operator: Operator; requestId: string },
): Promise<ApprovalSubmission | undefined> {
  const { stored, operator, requestId } = context;
  const { approval } = stored;
  let submission: ApprovalSubmission | undefined;
  if (decided.send) {
    submission = await service.deps.senders.withdrawal({
      refId: approval.target,
      body: decided.send.body,
      attempt: decided.send.attempt,
      requestId,
      operator,
      attribution: attributionOf(decided.approval),
    });
  } else if (approval.kind === 'address' && decided.approval.approval.status === 'approved') {
    submission = await sendAddress(service, stored, operator, requestId);
  }
  if (submission) await recordSent(service, approval.id, submission);
  return submission;
}

/**
 * What came of the send, on the request (its outcome and history): the send is no longer due.
 * Unrecorded, it stays due and the approved-send sender settles it again (from the ledger for a
 * withdrawal; an address PUT is an upsert, so sending it again saves the same).
 */
async function recordSent(service: ApprovalService, id: string, submission: ApprovalSubmission) {
  await service
    .approvals()
    .recordSent(id, submission.outcome, describe(submission))
    .catch((error: unknown) =>
      service.deps.logger.error({ err: error, approval_id: id }, 'could not record what was sent'),
    );
}

/**
 * Finishes an approved send whose approver stopped before recording what came of it (the
 * approved-send sender took it from the outbox): a withdrawal through the submitter (its
 * recorded answer, or a new attempt that reads by ref_id first), an address change by sending
 * the PUT again (and its cooling-off). False when it is not finished now (another attempt holds
 * the withdrawal): it comes due again when this take's lease runs out.
 */
export async function resumeApproved(
  service: ApprovalService,
  stored: StoredApproval,
  context: { operator: Operator; requestId: string },
): Promise<boolean> {
  const { approval } = stored;
  const submission =
    approval.kind === 'withdrawal'
      ? await service.deps.senders.resumeWithdrawal({
          refId: approval.target,
          ...context,
          attribution: attributionOf(stored),
        })
      : await sendAddress(service, stored, context.operator, context.requestId);
  if (!submission) return false;
  await recordSent(service, approval.id, submission);
  return true;
}

/** A send given up after too many takes: recorded as unknown, so someone looks at it. */
export async function giveUpApproved(service: ApprovalService, stored: StoredApproval) {
  await recordSent(service, stored.approval.id, {
    outcome: 'unknown',
    problem: {
      type: 'about:blank',
      title: 'Not Finished',
      status: 504,
      detail: 'The approved send could not be finished after several tries.',
    },
  });
}
