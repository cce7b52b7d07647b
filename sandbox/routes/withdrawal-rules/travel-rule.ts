import type { CryptoNetwork } from '#contract/crypto-network';
import type { ProblemInit } from '#sandbox/http/problem-response';
import type { AddressStore } from '#sandbox/state/address-store';
import { compareDecimal, multiplyDecimal } from '#sandbox/state/decimal-math';
import { USD_PRICES } from '#sandbox/state/pricing';

/** Withdrawals worth this much or more need Travel Rule data on the destination (docs/upstream-contract.md). */
const TRAVEL_RULE_THRESHOLD_USD = '3000';

/** The withdrawal's worth in USD (2 places): the transfer's `notional_value`. */
export function notionalUsd(asset: string, amount: string): string {
  const price = USD_PRICES[asset] ?? '0';
  return multiplyDecimal(amount, price, 2);
}

/**
 * At or above the threshold, the destination must be saved with a Travel Rule beneficiary (for
 * the named identity when there is one); below it, no Travel Rule data is needed.
 */
export function travelRuleProblem(
  addresses: AddressStore,
  body: {
    crypto_network: CryptoNetwork;
    destination_address: string;
    identity_id?: string | undefined;
  },
  notional: string,
): ProblemInit | undefined {
  if (compareDecimal(notional, TRAVEL_RULE_THRESHOLD_USD) < 0) return undefined;
  const saved = addresses.forWithdrawal(
    body.crypto_network,
    body.destination_address,
    body.identity_id,
  );
  const covered = saved.some((a) => a.travelrule_metadata?.beneficiary !== undefined);
  if (covered) return undefined;
  return {
    status: 403,
    type: 'travel-rule-information-required',
    detail:
      saved.length === 0
        ? `A withdrawal worth ${notional} USD needs a saved destination address with Travel Rule metadata`
        : `The saved destination address has no Travel Rule beneficiary; a withdrawal worth ${notional} USD needs one`,
    meta: {
      ...(body.identity_id !== undefined ? { identity_id: body.identity_id } : {}),
      crypto_network: body.crypto_network,
      address: body.destination_address,
    },
  };
}
