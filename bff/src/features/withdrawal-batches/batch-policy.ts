import type { PersonIdentity } from '#contract/identity';
import {
  strongerRequirement,
  withdrawalApprovalRequirement,
  type ApprovalPolicy,
  type ApprovalRequirement,
} from '#contract/approvals';
import { addDecimal, formatDecimal } from '#contract/decimal';
import { usdValueOf, type UsdPriceTable } from '#contract/usd-value';
import { totalsByAsset } from '#contract/withdrawal-batches';
import type { SubmitWithdrawalRequest } from '#contract/withdrawals';
import { createValueRules } from '#bff/gate/withdrawal-gate';
import type { WithdrawalWindow } from '#bff/store/withdrawal-window-port';
import type { UsdPriceReader } from '#bff/upstream/usd-price-reader';

interface BatchValue {
  totals: Array<{ asset: string; quantity: string; usd_value?: string }>;
  /** Undefined when an asset could not be priced. */
  usdTotal?: string;
}

/** What the batch moves per asset and in USD (a stablecoin 1:1, others at the service's price). */
export async function batchValue(
  requests: readonly SubmitWithdrawalRequest[],
  prices: UsdPriceReader | undefined,
): Promise<BatchValue> {
  const totals = totalsByAsset(requests);
  const table: UsdPriceTable =
    prices && totals.length > 0 ? await prices.prices(totals.map((t) => t.asset)) : {};
  let usdTotal: string | undefined = '0';
  const valued = totals.map((t) => {
    const usd = usdValueOf(t.asset, t.quantity, table);
    usdTotal = usd === undefined || usdTotal === undefined ? undefined : addDecimal(usdTotal, usd);
    return { ...t, ...(usd !== undefined ? { usd_value: usd } : {}) };
  });
  const priced = usdTotal as string | undefined;
  return {
    totals: valued,
    ...(priced !== undefined ? { usdTotal: formatDecimal(priced, 2) } : {}),
  };
}

const prefixed = (what: string, r: ApprovalRequirement | undefined) =>
  r ? { ...r, reason: `${what}: ${r.reason}` } : undefined;

/**
 * The policy for the batch as a whole, never less than for any of its rows: each asset's total
 * against the asset tiers, the batch's USD value against the USD tiers and the default tier,
 * and each row's own tiers. Reads only (the review shows it before anything is submitted).
 */
function batchTierRequirement(
  policy: ApprovalPolicy,
  requests: readonly SubmitWithdrawalRequest[],
  value: BatchValue,
): ApprovalRequirement | undefined {
  let strongest: ApprovalRequirement | undefined;
  for (const total of value.totals)
    strongest = strongerRequirement(
      strongest,
      prefixed(
        `the batch (${requests.length} rows)`,
        withdrawalApprovalRequirement(
          policy,
          { asset: total.asset, amount: total.quantity },
          value.usdTotal,
          total.usd_value,
        ),
      ),
    );
  return strongest;
}

/**
 * At submit: the batch's tiers, then every row through the gate's own value rules in file order
 * (its tiers and the rolling limits, each row counted in the limits' window as it is judged, so
 * the rows after it see it): splitting a payout into rows never avoids an approval.
 */
export async function batchRequirementAtSubmit(
  deps: {
    policy: ApprovalPolicy;
    prices?: UsdPriceReader | undefined;
    window?: WithdrawalWindow | undefined;
  },
  rows: ReadonlyArray<{ row: number; request: SubmitWithdrawalRequest }>,
  initiator: PersonIdentity,
  value: BatchValue,
): Promise<ApprovalRequirement | undefined> {
  if (deps.policy.withdrawals.require === 'never') return undefined;
  const requests = rows.map((r) => r.request);
  let strongest = batchTierRequirement(deps.policy, requests, value);
  const rules = createValueRules({ policy: deps.policy, prices: deps.prices, window: deps.window });
  for (const { row, request } of rows)
    strongest = strongerRequirement(
      strongest,
      prefixed(`row ${row}`, await rules(request, initiator)),
    );
  return strongest;
}
