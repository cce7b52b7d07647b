import type { PersonIdentity } from '#contract/identity';
import {
  needsUsdValue,
  strongerRequirement,
  withdrawalApprovalRequirement,
  withdrawalQuantity,
  type ApprovalPolicy,
  type ApprovalRequest,
  type ApprovalRequirement,
} from '#contract/approvals';
import { destinationKey } from '#contract/networks/canonical-address';
import { isConsoleProblem, UPSTREAM_PROBLEM_BASE, UPSTREAM_PROBLEMS } from '#contract/problem';
import { needsTravelRule } from '#contract/travel-rule-threshold';
import { formatUsd, usdValueOf, type UsdPriceTable } from '#contract/usd-value';
import type { SubmitWithdrawalRequest } from '#contract/withdrawals';
import { operatorMetadataErrors } from '#bff/four-eyes/attribution';
import { badRequest, HttpProblem } from '#bff/http/http-problem';
import type { ApprovalStore } from '#bff/store/approval-port';
import type { WithdrawalLedger } from '#bff/store/withdrawal-ledger-port';
import type { WindowUsage, WithdrawalWindow } from '#bff/store/withdrawal-window-port';
import type { UsdPriceReader } from '#bff/upstream/usd-price-reader';
import { destinationRefusal } from './destination-gate';
import type { DestinationRegistry } from './destination-registry';
import { feeQuoteRefusal, type FeeQuoteMemory } from './fee-quote-gate';
import { rollingLimitRequirement, windowsOf } from './rolling-limits';

// The withdrawal gate: one entry (createWithdrawalGate) the submit, the forecast and a batch's
// rows go through, and its rules below it: the policy's value rules (tiers and rolling limits:
// createValueRules, which a batch also asks for the whole batch) and the Travel Rule refusal
// foreseen (travelRuleRefusal, which an approver's Approve also asks).

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
  /** The fee quotes this BFF handed out (absent: a fee_id is not compared with its quote). */
  feeQuotes?: FeeQuoteMemory | undefined;
}

/**
 * Whether a withdrawal (a valid request) may move money now, in the order the checks run: a
 * fee quote for another withdrawal and the console's own attribution keys in its metadata
 * (refused), a destination held for approval or cooling off, rejected, archived, or not approved
 * (with its memo) under the allowlist (refused: destination-gate.ts), the four-eyes policy's tiers by asset and USD value and its
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
    // A quote for another withdrawal (asset, network, destination, a smaller amount): refused.
    const misquoted = feeQuoteRefusal(deps.feeQuotes, request);
    if (misquoted) return { verdict: 'refuse', problem: misquoted, auditOutcome: 'rejected' };
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
    // Tiers by asset and by USD value, the default tier, and the rolling limits (createValueRules:
    // the one write here, counting this withdrawal in the limits' window under their lock).
    const requirement = valueRules ? await valueRules(request, initiator) : undefined;
    if (!requirement || approvedInBatch) return { verdict: 'send' };
    // Never held for an approval the service is known to refuse (Travel Rule data missing): the
    // initiator takes the Travel Rule detour first (travelRuleRefusal). The window counted it
    // above; with no ledger record it counts only for its grace, and the same ref_id, sent again
    // after the detour, is the same entry.
    const travelRule = await travelRuleRefusal({ destinations, prices: deps.prices }, request);
    if (travelRule)
      return { verdict: 'refuse', problem: travelRule, auditOutcome: 'destination-refused' };
    return { verdict: 'hold', requirement };
  };
}

interface ValueRulesDeps {
  policy: ApprovalPolicy;
  /** The service's prices; absent: nothing can be valued, and a USD rule holds (fail safe). */
  prices?: UsdPriceReader | undefined;
  /** The counted withdrawals; absent: a rolling limit holds every withdrawal (fail safe). */
  window?: WithdrawalWindow | undefined;
  /**
   * A forecast (issue 42 item C): the windows are read as they stand and nothing is counted in;
   * the submit decides again under the limits' lock.
   */
  forecast?: boolean | undefined;
}

/**
 * The four-eyes policy's value rules for one withdrawal: its asset tiers, USD tiers and default
 * tier (the contract's one rule, with the USD value from the service's prices) and its rolling
 * limits (the window of what was sent or held, read and counted under the limits' lock). When a
 * price cannot be read and a USD rule applies, the withdrawal is held: never sent unvalued.
 */
export function createValueRules(deps: ValueRulesDeps) {
  const { policy } = deps;
  const limits = policy.withdrawals.require === 'tiers' ? policy.withdrawals.rolling_limits : [];
  const usdLimitMinutes = limits
    .filter((limit) => limit.above_usd !== undefined)
    .map((limit) => limit.window_minutes);

  /** The prices any rule may ask: this asset's, and with a USD limit the window's assets'. */
  async function pricesFor(asset: string): Promise<UsdPriceTable> {
    const assets = new Set<string>();
    if (needsUsdValue(policy, asset) || usdLimitMinutes.length > 0) assets.add(asset);
    if (usdLimitMinutes.length > 0 && deps.window)
      for (const held of await deps.window.recentAssets(Math.max(...usdLimitMinutes)))
        assets.add(held);
    if (assets.size === 0 || !deps.prices) return {};
    return deps.prices.prices([...assets]);
  }

  return async function requirementOf(
    request: SubmitWithdrawalRequest,
    /** Who submits it: the per-initiator limits count every entry of this person. */
    initiator: PersonIdentity,
  ): Promise<ApprovalRequirement | undefined> {
    const quantity = withdrawalQuantity(request);
    const prices = await pricesFor(request.asset);
    const usdValue =
      quantity === undefined ? undefined : usdValueOf(request.asset, quantity, prices);
    const perWithdrawal = withdrawalApprovalRequirement(policy, request, usdValue);
    if (limits.length === 0 || quantity === undefined) return perWithdrawal;
    const withdrawal = { asset: request.asset, quantity };
    if (!deps.window)
      return strongerRequirement(perWithdrawal, {
        approvals: Math.max(...limits.map((l) => l.approvals)) as 1 | 2,
        reason: 'rolling limit: the window of earlier withdrawals is not kept here',
      });
    const entry = {
      refId: request.ref_id,
      initiator,
      destination: destinationKey(request.crypto_network, request.destination_address),
      asset: request.asset,
      quantity,
    };
    const decide = (usage: WindowUsage[]) =>
      rollingLimitRequirement(limits, usage, withdrawal, prices);
    const rolling = deps.forecast
      ? decide(await deps.window.usage(entry, windowsOf(limits)))
      : await deps.window.admit(entry, windowsOf(limits), decide);
    const decided = strongerRequirement(perWithdrawal, rolling);
    return decided && usdValue !== undefined ? withUsdValue(decided, usdValue) : decided;
  };
}

/**
 * The request's reason is what the approver reads: when an asset rule or a rolling limit held the
 * withdrawal, its worth is said too ("ETH above 10; worth 90,000.00 USD"), as a USD rule says it.
 */
function withUsdValue(decided: ApprovalRequirement, usdValue: string): ApprovalRequirement {
  const reason = decided.reason.includes('USD')
    ? decided.reason
    : `${decided.reason}; worth ${formatUsd(usdValue)}`;
  return { ...decided, reason, usd_value: usdValue };
}

// Issue 42 item A: a withdrawal worth 3,000 USD or more to a destination without Travel Rule data
// is refused by the service (403 Travel Rule Information Required). When the four-eyes policy
// would hold it, the console knows both facts before an approval is spent: it refuses it at the
// initiator's submit with the service's own problem (the screen's Travel Rule detour, then the
// same ref_id again), and the approver's Approve is refused for the same reason (one rule here).

/** What the check reads of a withdrawal. */
interface TravelRuleWithdrawal {
  asset: string;
  amount?: string | undefined;
  total?: string | undefined;
  crypto_network: string;
  destination_address: string;
  identity_id?: string | undefined;
}

interface TravelRuleDeps {
  destinations: Pick<DestinationRegistry, 'travelRuleOnFile'>;
  /** Absent, or no price: the value is unknown and nothing is foreseen (the service decides). */
  prices?: UsdPriceReader | undefined;
}

/**
 * The service's refusal, foreseen: undefined unless the withdrawal is worth the threshold or more
 * and the service's saved addresses, read now, hold no beneficiary for the destination (unread:
 * not foreseen).
 */
async function travelRuleRefusal(
  deps: TravelRuleDeps,
  request: TravelRuleWithdrawal,
): Promise<HttpProblem | undefined> {
  const quantity = withdrawalQuantity(request);
  if (quantity === undefined || !deps.prices) return undefined;
  const usdValue = usdValueOf(request.asset, quantity, await deps.prices.prices([request.asset]));
  if (usdValue === undefined || !needsTravelRule(usdValue)) return undefined;
  const onFile = await deps.destinations.travelRuleOnFile(
    request.crypto_network,
    request.destination_address,
    request.identity_id,
  );
  if (onFile !== false) return undefined;
  const slug = 'travel-rule-information-required';
  return new HttpProblem({
    type: `${UPSTREAM_PROBLEM_BASE}${slug}`,
    title: UPSTREAM_PROBLEMS[slug].title,
    status: UPSTREAM_PROBLEMS[slug].status,
    detail: `A withdrawal worth ${formatUsd(usdValue)} needs Travel Rule data (a beneficiary) on the destination ${request.destination_address}, and the service holds none: it would refuse it, so it is not held for an approval`,
    meta: {
      ...(request.identity_id !== undefined ? { identity_id: request.identity_id } : {}),
      crypto_network: request.crypto_network,
      address: request.destination_address,
    },
  });
}

const text = (value: unknown) => (typeof value === 'string' ? value : undefined);

/** travelRuleRefusal for a pending withdrawal request (its Approve), else undefined. */
export async function approvalTravelRuleRefusal(
  deps: TravelRuleDeps,
  approval: ApprovalRequest,
): Promise<HttpProblem | undefined> {
  const w = approval.withdrawal;
  const asset = text(w?.asset);
  const network = text(w?.crypto_network);
  const address = text(w?.destination_address);
  if (approval.kind !== 'withdrawal' || approval.status !== 'pending') return undefined;
  if (asset === undefined || network === undefined || address === undefined) return undefined;
  return travelRuleRefusal(deps, {
    asset,
    amount: text(w?.amount),
    total: text(w?.total),
    crypto_network: network,
    destination_address: address,
    identity_id: text(w?.identity_id),
  });
}
