import type { PersonIdentity } from '#contract/identity';
import {
  needsUsdValue,
  strongerRequirement,
  withdrawalApprovalRequirement,
  withdrawalQuantity,
  type ApprovalPolicy,
  type ApprovalRequirement,
} from '#contract/approvals';
import { destinationKey } from '#contract/networks/canonical-address';
import { formatUsd, usdValueOf, type UsdPriceTable } from '#contract/usd-value';
import type { SubmitWithdrawalRequest } from '#contract/withdrawals';
import type { WithdrawalWindow } from '#bff/store/withdrawal-window-port';
import type { WindowUsage } from '#bff/store/withdrawal-window-port';
import type { UsdPriceReader } from '#bff/upstream/usd-price-reader';
import { rollingLimitRequirement, windowsOf } from './rolling-limits';

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
