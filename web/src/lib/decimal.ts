import { usualPlaces } from '#contract/asset-precision';
import {
  compareDecimal as compareExact,
  isDecimalString,
  subtractDecimal as subtractExact,
} from '#contract/decimal';

// Money in the console is a decimal string from the wire to the screen: the arithmetic and the
// one test of what a decimal is are contract/decimal.ts (big.js, plain notation, never a JS
// number). These wrappers only add what the screen needs: tolerate surrounding spaces, and answer
// undefined instead of throwing when a response carries something that is not a decimal (the UI
// then shows the raw inputs).

/** The decimal a response carries, without surrounding spaces; undefined when it is not one. */
function readDecimal(value: string): string | undefined {
  const trimmed = value.trim();
  return isDecimalString(trimmed) ? trimmed : undefined;
}

/** a − b, or undefined when either side is not a decimal. */
export function subtractDecimal(a: string, b: string): string | undefined {
  const x = readDecimal(a);
  const y = readDecimal(b);
  return x === undefined || y === undefined ? undefined : subtractExact(x, y);
}

/** -1, 0 or 1; undefined when either side is not a decimal. */
export function compareDecimal(a: string, b: string): number | undefined {
  const x = readDecimal(a);
  const y = readDecimal(b);
  return x === undefined || y === undefined ? undefined : compareExact(x, y);
}

/**
 * Groups the whole part in thousands ("1,234,567.000001") and keeps every fraction digit exactly as
 * received: an operator must see the amount the system holds, not a rounded one. A value that is
 * not a decimal string is returned unchanged so it still displays.
 */
export function formatDecimalForDisplay(value: string): string {
  const trimmed = readDecimal(value);
  if (trimmed === undefined) return value;
  const negative = trimmed.startsWith('-');
  const unsigned = negative ? trimmed.slice(1) : trimmed;
  const [whole = '', fraction] = unsigned.split('.');
  const wholeDigits = whole === '' ? '0' : whole.replace(/^0+(?=\d)/, '');
  const grouped = wholeDigits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${negative ? '-' : ''}${grouped}${fraction !== undefined ? `.${fraction}` : ''}`;
}

/**
 * The one way an amount cell shows a figure: padded with zeros to `places` fraction digits (an
 * asset's usual places, contract/asset-precision.ts) and grouped in thousands; never rounded, so
 * a value with more digits than `places` keeps every one. Not a decimal: returned unchanged.
 */
export function formatAmount(value: string, places?: number): string {
  const trimmed = readDecimal(value);
  if (trimmed === undefined) return value;
  const point = trimmed.indexOf('.');
  const have = point === -1 ? 0 : trimmed.length - point - 1;
  const padded =
    places === undefined || have >= places
      ? trimmed
      : `${trimmed}${have === 0 ? '.' : ''}${'0'.repeat(places - have)}`;
  return formatDecimalForDisplay(padded);
}

/**
 * The places a figure of these assets is shown with: the most any of them usually takes (a total
 * across USDG and PYUSD reads in cents); undefined when none is known.
 */
export function usualPlacesOf(assets: readonly (string | undefined)[]): number | undefined {
  let most: number | undefined;
  for (const asset of assets) {
    const places = asset === undefined ? undefined : usualPlaces(asset);
    if (places !== undefined && (most === undefined || places > most)) most = places;
  }
  return most;
}

/**
 * Groups the plain decimal figures written before an asset code in a sentence ("worth 6000.00
 * USD" → "worth 6,000.00 USD"), as text: the digits are never read as a number.
 */
export function groupAmountsInText(text: string): string {
  return text.replace(/(?<![\w.,])(\d{4,}(?:\.\d+)?)(?= [A-Z][A-Z0-9]{1,11}\b)/g, (figure) =>
    formatDecimalForDisplay(figure),
  );
}
