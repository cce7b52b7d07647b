import { isDecimalString } from '#contract/decimal';
import { formatUsd, isUsdStablecoin, usdValueOf } from '#contract/usd-value';
import { formatUtcTime } from '#web/lib/date-format';
import { useUsdPriceOf } from './usd-price-query';

interface UsdValueTextProps {
  asset: string;
  /** The amount as a decimal string; anything else (still being typed) shows nothing. */
  quantity: string | undefined;
  /** The service's `notional_value` once the transfer exists: shown as final, no price asked. */
  notionalValue?: string | undefined;
  /** In a table cell: the figure alone, where it comes from in its title. */
  compact?: boolean;
}

/**
 * What an amount is worth in US dollars: the service's own value once known, else the amount at
 * the service's price with the price's time. A missing price says so; it is never shown as 0.
 */
export function UsdValueText({ asset, quantity, notionalValue, compact }: UsdValueTextProps) {
  const known = notionalValue !== undefined && isDecimalString(notionalValue);
  const valued = !known && quantity !== undefined && isDecimalString(quantity);
  const usd = useUsdPriceOf(asset, valued);
  if (known)
    return (
      <Valued figure={formatUsd(notionalValue)} source="the service’s value" compact={compact} />
    );
  if (!valued) return null;
  if (!usd.settled) return <span className="muted small">Reading the USD price…</span>;
  const value = usd.price
    ? usdValueOf(asset, quantity, { [asset]: usd.price.usd_price })
    : undefined;
  if (value === undefined) return <span className="muted">no USD price</span>;
  const at = usd.price?.snapshot_at ? formatUtcTime(usd.price.snapshot_at) : undefined;
  const source = isUsdStablecoin(asset)
    ? 'a USD stablecoin, 1:1'
    : at
      ? `at the service’s price of ${at}`
      : 'at the service’s price';
  // A no-break space: '≈' never ends a line on its own when the cell wraps the unit.
  return <Valued figure={`≈\u00a0${formatUsd(value)}`} source={source} compact={compact} />;
}

function Valued({
  figure,
  source,
  compact,
}: {
  figure: string;
  source: string;
  compact: boolean | undefined;
}) {
  if (compact)
    return (
      <span className="mono usd-value" title={source}>
        {figure}
      </span>
    );
  return (
    <span className="usd-value">
      <span className="mono">{figure}</span>
      <span className="muted small"> ({source})</span>
    </span>
  );
}
