import type { ApprovalDecisionFacts, ApprovalKind } from '#contract/approval-core';
import { couldBeSamePerson, samePerson, type PersonIdentity } from '#contract/identity';
import type { Role } from '#contract/session';
import { ROLE_WORDS } from '#web/shared/roles/role-words';

export interface DecisionRights {
  approve: boolean;
  reject: boolean;
  cancel: boolean;
  /** Why Approve / Reject are not offered, in the operator's words (undefined when they are). */
  reason?: string;
}

const APPROVER_ROLE: Record<ApprovalKind, Role> = {
  withdrawal: 'withdrawal-approver',
  address: 'address-approver',
  withdrawal_batch: 'withdrawal-approver',
};

/** The role that decides a request of this kind (the BFF's own rule). */
export const approverRoleOf = (kind: ApprovalKind): Role => APPROVER_ROLE[kind];

/**
 * What this operator may do with this request: the BFF's own rules (bff approvals), so the page
 * never offers a button that then refuses. Nobody approves their own request or approves twice;
 * only the initiator cancels; everything needs the request to be pending. "Own" is one person
 * under any spelling of their login, by the rule the BFF decides with (contract/identity.ts).
 * It reads only the request's decision facts, so the navigation's pending count (on every page)
 * needs no more of the approvals contract than contract/approval-core.ts.
 */
export function decisionRights(
  request: ApprovalDecisionFacts,
  operator: PersonIdentity & { roles: readonly Role[] },
  now: number = Date.now(),
): DecisionRights {
  const mine = couldBeSamePerson(request.initiator, operator);
  const expired = Date.parse(request.expires_at) <= now;
  if (request.status !== 'pending' || expired) {
    const word = request.status === 'pending' ? 'expired' : request.status;
    return {
      approve: false,
      reject: false,
      cancel: false,
      reason: `This request is ${word}: nothing more can be decided.`,
    };
  }
  const cancel = samePerson(request.initiator, operator);
  const role = APPROVER_ROLE[request.kind];
  if (mine)
    return {
      approve: false,
      reject: false,
      cancel,
      reason: 'You submitted this request: someone else must approve it.',
    };
  if (!operator.roles.includes(role))
    return {
      approve: false,
      reject: false,
      cancel,
      reason: `Deciding this request needs the ${ROLE_WORDS[role]} role.`,
    };
  if (request.approvals.some((a) => couldBeSamePerson(a.operator, operator)))
    return {
      approve: false,
      reject: false,
      cancel,
      reason: 'You approved this request already: another person must give the next approval.',
    };
  return { approve: true, reject: true, cancel };
}
