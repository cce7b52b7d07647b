import type { ApprovalKind, ApprovalPolicy, ApprovalRequest } from '#contract/approvals';
import type { Role } from '#contract/session';
import type { Operator } from '#bff/auth/operator';
import { HttpProblem } from '#bff/http/http-problem';
import { destinationRefusal } from './destination-gate';
import type { DestinationRegistry } from './destination-registry';

// What an approval needs before it is taken. Self-approval, a second approval by the same person
// and cancel rights are decided by ApprovalStore.decide under the request's row lock (they must
// hold against concurrent decisions), by the operator's subject.

const APPROVER_ROLE: Record<ApprovalKind, Role> = {
  withdrawal: 'withdrawal-approver',
  address: 'address-approver',
  /** A batch of withdrawals (issue 28): one request for the whole file. */
  withdrawal_batch: 'withdrawal-approver',
};

/** Deciding a request needs the approver role of its kind (403 otherwise). */
export function requireApproverFor(operator: Operator, kind: ApprovalKind): void {
  const role = APPROVER_ROLE[kind];
  if (!operator.roles.includes(role))
    throw new HttpProblem({
      title: 'Forbidden',
      status: 403,
      detail: `Deciding a ${kind} request needs the ${role} role.`,
    });
}

/**
 * The destination of a pending withdrawal must pass the destination check again when the money
 * leaves (approved, out of its cooling-off, not rejected since, allowlisted when the policy says
 * so): the refusal to answer, or undefined when it may.
 */
export async function approvalDestinationRefusal(
  destinations: DestinationRegistry,
  policy: ApprovalPolicy | undefined,
  approval: ApprovalRequest,
): Promise<HttpProblem | undefined> {
  const withdrawal = approval.withdrawal as
    { crypto_network?: unknown; destination_address?: unknown } | undefined;
  if (
    approval.kind !== 'withdrawal' ||
    approval.status !== 'pending' ||
    typeof withdrawal?.crypto_network !== 'string' ||
    typeof withdrawal.destination_address !== 'string'
  )
    return undefined;
  return destinationRefusal(destinations, policy, {
    crypto_network: withdrawal.crypto_network,
    destination_address: withdrawal.destination_address,
  });
}
