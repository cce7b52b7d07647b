import type { ApprovalRequest } from '#contract/approvals';
import { withdrawalQuantity } from '#contract/approval-policy';
import { UPSTREAM_PROBLEM_BASE, UPSTREAM_PROBLEMS } from '#contract/problem';
import { needsTravelRule } from '#contract/travel-rule-threshold';
import { formatUsd, usdValueOf } from '#contract/usd-value';
import { HttpProblem } from '#bff/http/http-problem';
import type { UsdPriceReader } from '#bff/upstream/usd-price-reader';
import type { DestinationRegistry } from './destination-registry';

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
export async function travelRuleRefusal(
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
