import type { PersonIdentity } from '#contract/identity';
import type { ApprovalPolicy, ApprovalRequirement } from '#contract/approvals';
import { isConsoleProblem } from '#contract/problem';
import type { SubmitWithdrawalRequest } from '#contract/withdrawals';
import { operatorMetadataErrors } from '#bff/four-eyes/attribution';
import { badRequest, type HttpProblem } from '#bff/http/http-problem';
import type { ApprovalStore } from '#bff/store/approval-port';
import type { WithdrawalLedger } from '#bff/store/withdrawal-ledger-port';
import type { WithdrawalWindow } from '#bff/store/withdrawal-window-port';
import type { UsdPriceReader } from '#bff/upstream/usd-price-reader';
import { destinationRefusal } from './destination-gate';
import type { DestinationRegistry } from './destination-registry';
import { travelRuleRefusal } from './travel-rule-gate';
import { createValueRules } from './value-rules';

/** What the gate decides for a submitted withdrawal, before anything is written or sent. */
type WithdrawalDecision =
  /** Refused here: nothing is written or sent; `auditOutcome` names why in the audit trail. */
  | {
      verdict: 'refuse';
      problem: HttpProblem;
      auditOutcome: 'rejected' | 'destination-held' | 'destination-refused';
    }
  /** The four-eyes policy holds it for this many approvals. */
  | { verdict: 'hold'; requirement: ApprovalRequirement }
  | { verdict: 'send' };

interface WithdrawalGateDeps {
  ledger: Pick<WithdrawalLedger, 'get'>;
  /** Absent: the BFF keeps no approvals, and nothing is held or refused for its destination. */
  approvals?: ApprovalStore | undefined;
  /** The one view of a destination (book, service, approvals); absent with no approvals. */
  destinations?: DestinationRegistry | undefined;
  policy?: ApprovalPolicy | undefined;
  /** The service's prices, for the policy's USD rules (absent: they hold, fail safe). */
  prices?: UsdPriceReader | undefined;
  /** What the policy's rolling limits count (absent: a rolling limit holds, fail safe). */
  window?: WithdrawalWindow | undefined;
  /** A forecast: the same checks, reading only (the windows read, nothing counted in). */
  forecast?: boolean | undefined;
}

/**
 * Whether a withdrawal (a valid request) may move money now, in the order the checks run:
 * the console's own attribution keys in its metadata (refused), a destination held for approval
 * or cooling off, rejected, archived, or not approved (with its memo) under the allowlist
 * (refused: destination-gate.ts), the four-eyes policy's tiers by asset and USD value and its
 * rolling limits (held). Reads only, but for counting the withdrawal in the rolling limits'
 * window: the caller writes the rest.
 */
export function createWithdrawalGate(deps: WithdrawalGateDeps) {
  const valueRules = deps.policy
    ? createValueRules({
        policy: deps.policy,
        prices: deps.prices,
        window: deps.window,
        forecast: deps.forecast,
      })
    : undefined;
  return async function checkWithdrawal(
    request: SubmitWithdrawalRequest,
    /** The initiator (contract/identity.ts), for the per-initiator limits. */
    initiator: PersonIdentity = { subject: '' },
    /**
     * A row of a withdrawal batch whose one approval request was approved (issue 28): every
     * check runs and the rolling limits count it, but what the policy would hold it for was
     * decided for the whole batch, and approved.
     */
    approvedInBatch = false,
  ): Promise<WithdrawalDecision> {
    // The console's attribution keys are its own, and take three of the service's six pairs.
    const metadataErrors = operatorMetadataErrors(request.metadata);
    if (metadataErrors.length > 0)
      return {
        verdict: 'refuse',
        problem: badRequest('The withdrawal metadata is not valid.', metadataErrors),
        auditOutcome: 'rejected',
      };
    const { approvals, destinations, policy } = deps;
    if (!approvals || !destinations) return { verdict: 'send' };
    // A destination held for approval (or cooling off) receives nothing. An intent recorded
    // before it was held is the ledger's to answer (a replay, a check again of an unknown
    // outcome), except one the service refused: sending it again is a new try, so it waits
    // like a new withdrawal (it once went through inside the cooling-off).
    // With the policy's allowlist, a destination that is not approved is refused too (on a memo
    // network, a book address with a memo other than the book's is one), and one an address
    // approver rejected, or the book holds only archived, always is.
    const refusal = await destinationRefusal(destinations, policy, request);
    const recorded = refusal ? await deps.ledger.get(request.ref_id) : undefined;
    if (refusal && (recorded === undefined || recorded.status === 'refused'))
      return {
        verdict: 'refuse',
        problem: refusal,
        // Held for approval or cooling off; otherwise refused (not allowlisted, rejected).
        auditOutcome: isConsoleProblem(refusal.problem, 'destinationNotApproved')
          ? 'destination-held'
          : 'destination-refused',
      };
    // Tiers by asset and by USD value, the default tier, and the rolling limits (value-rules.ts:
    // the one write here, counting this withdrawal in the limits' window under their lock).
    const requirement = valueRules ? await valueRules(request, initiator) : undefined;
    if (!requirement || approvedInBatch) return { verdict: 'send' };
    // Never held for an approval the service is known to refuse (Travel Rule data missing): the
    // initiator takes the Travel Rule detour first (travel-rule-gate.ts). The window counted it
    // above; with no ledger record it counts only for its grace, and the same ref_id, sent again
    // after the detour, is the same entry.
    const travelRule = await travelRuleRefusal({ destinations, prices: deps.prices }, request);
    if (travelRule)
      return { verdict: 'refuse', problem: travelRule, auditOutcome: 'destination-refused' };
    return { verdict: 'hold', requirement };
  };
}
