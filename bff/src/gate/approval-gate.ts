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

const text = (value: unknown) => (typeof value === 'string' ? value : undefined);

/**
 * The destination of a pending withdrawal must pass the destination check again when the money
 * leaves (approved, out of its cooling-off, not rejected or archived since, allowlisted when the
 * policy says so, with the memo the book keeps for it now): the refusal to answer, or undefined
 * when it may.
 */
export async function approvalDestinationRefusal(
  destinations: DestinationRegistry,
  policy: ApprovalPolicy | undefined,
  approval: ApprovalRequest,
): Promise<HttpProblem | undefined> {
  const withdrawal = approval.withdrawal;
  const network = text(withdrawal?.crypto_network);
  const address = text(withdrawal?.destination_address);
  if (
    approval.kind !== 'withdrawal' ||
    approval.status !== 'pending' ||
    network === undefined ||
    address === undefined
  )
    return undefined;
  return destinationRefusal(destinations, policy, {
    crypto_network: network,
    destination_address: address,
    memo: text(withdrawal?.memo),
    identity_id: text(withdrawal?.identity_id),
  });
}
