import type { UseQueryResult } from '@tanstack/react-query';
import { isPositiveDecimal } from '#contract/decimal';
import {
  checkWithdrawalLimits,
  exceededWithdrawalLimit,
  type WithdrawalLimitsResponse,
} from '#contract/transfer-limits';
import { usdValueOf } from '#contract/usd-value';
import { Notice } from '#web/components/ui/notice';
import { useUsdPriceOf } from '#web/shared/usd-value/usd-price-query';
import { exceededWords, limitLeftWords } from '../lib/limit-words';

interface WithdrawalLimitNoteProps {
  limits: UseQueryResult<WithdrawalLimitsResponse>;
  asset: string;
  /** What leaves the profile, as typed (ignored until it is a decimal above zero). */
  quantity: string;
  /** Where a label already names the limits (the review's row), the line starts without one. */
  unlabelled?: boolean;
}

/**
 * The service's withdrawal limits that apply to this asset, what is left of each, and a warning
 * naming the rule a withdrawal above it would meet. A warning only: the service decides.
 */
export function WithdrawalLimitNote({
  limits,
  asset,
  quantity,
  unlabelled,
}: WithdrawalLimitNoteProps) {
  const amount = isPositiveDecimal(quantity) ? quantity : undefined;
  const usd = useUsdPriceOf(asset, asset !== '' && amount !== undefined);
  if (!limits.isSuccess || asset === '') return null;
  const usdValue =
    amount && usd.price ? usdValueOf(asset, amount, { [asset]: usd.price.usd_price }) : undefined;
  const withdrawal = { asset, amount: amount ?? '0', usdValue };
  const checks = checkWithdrawalLimits(limits.data.items, withdrawal);
  if (checks.length === 0) return null;
  const exceeded = amount ? exceededWithdrawalLimit(limits.data.items, withdrawal) : undefined;
  const unknown = amount ? checks.filter((c) => c.outcome === 'unknown') : [];
  // A USD rule without a USD price for the asset; otherwise a rule sent without its figure or unit.
  const noUsdPrice = unknown.some(
    (c) => c.limit.limit_asset === 'USD' && c.allowed !== undefined && c.measured === undefined,
  );
  const incomplete =
    unknown.length > 0 &&
    !unknown.every((c) => c.limit.limit_asset === 'USD' && c.allowed !== undefined);
  return (
    <div className="stack stack--tight" role="group" aria-label="Withdrawal limits">
      <p className="small">
        {!unlabelled && <span className="muted">Withdrawal limit left: </span>}
        {checks.map((c) => limitLeftWords(c.limit, c.kind)).join('; ')}
      </p>
      {exceeded && (
        <Notice tone="warning" title="Above a withdrawal limit">
          {exceededWords(exceeded)} The service decides: it may refuse this withdrawal.
        </Notice>
      )}
      {!exceeded && noUsdPrice && (
        <p className="muted small">
          A limit in USD cannot be checked here: there is no USD price for {asset}.
        </p>
      )}
      {!exceeded && incomplete && (
        <p className="muted small">
          A limit the service sent incomplete cannot be checked here: the service decides.
        </p>
      )}
    </div>
  );
}
