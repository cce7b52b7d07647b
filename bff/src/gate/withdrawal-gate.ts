import {
  withdrawalApprovalRequirement,
  type ApprovalPolicy,
  type ApprovalRequirement,
} from '#contract/approvals';
import type { SubmitWithdrawalRequest } from '#contract/withdrawals';
import { operatorMetadataErrors } from '#bff/four-eyes/attribution';
import { badRequest, type HttpProblem } from '#bff/http/http-problem';
import type { ApprovalStore, WithdrawalLedger } from '#bff/store/ports';
import { destinationRefusal } from './destination-gate';

/** What the gate decides for a submitted withdrawal, before anything is written or sent. */
type WithdrawalDecision =
  /** Refused here: nothing is written or sent; `auditOutcome` names why in the audit trail. */
  | { verdict: 'refuse'; problem: HttpProblem; auditOutcome: 'rejected' | 'destination-held' }
  /** The four-eyes policy holds it for this many approvals. */
  | { verdict: 'hold'; requirement: ApprovalRequirement }
  | { verdict: 'send' };

interface WithdrawalGateDeps {
  ledger: Pick<WithdrawalLedger, 'get'>;
  /** Absent: the BFF keeps no approvals, and nothing is held or refused for its destination. */
  approvals?: ApprovalStore | undefined;
  policy?: ApprovalPolicy | undefined;
}

/**
 * Whether a withdrawal (a valid request) may move money now, in the order the checks run:
 * the console's own attribution keys in its metadata (refused), a destination held for approval
 * or cooling off (refused), the four-eyes policy's tiers (held). Reads only: the caller writes.
 */
export function createWithdrawalGate(deps: WithdrawalGateDeps) {
  return async function checkWithdrawal(
    request: SubmitWithdrawalRequest,
  ): Promise<WithdrawalDecision> {
    // The console's attribution keys are its own, and take three of the service's six pairs.
    const metadataErrors = operatorMetadataErrors(request.metadata);
    if (metadataErrors.length > 0)
      return {
        verdict: 'refuse',
        problem: badRequest('The withdrawal metadata is not valid.', metadataErrors),
        auditOutcome: 'rejected',
      };
    const { approvals, policy } = deps;
    if (!approvals) return { verdict: 'send' };
    // A destination held for approval (or cooling off) receives nothing. An intent recorded
    // before it was held is the ledger's to answer (a replay, a check again of an unknown
    // outcome), except one the service refused: sending it again is a new try, so it waits
    // like a new withdrawal (it once went through inside the cooling-off).
    const refusal = await destinationRefusal(approvals, request);
    const recorded = refusal ? await deps.ledger.get(request.ref_id) : undefined;
    if (refusal && (recorded === undefined || recorded.status === 'refused'))
      return { verdict: 'refuse', problem: refusal, auditOutcome: 'destination-held' };
    const requirement = policy ? withdrawalApprovalRequirement(policy, request) : undefined;
    return requirement ? { verdict: 'hold', requirement } : { verdict: 'send' };
  };
}
