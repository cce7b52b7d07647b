import Big from 'big.js';
import { z } from 'zod';

/** The upstream's decimal pattern for `amount` and `total` (docs/upstream-contract.md). */
export const DECIMAL_PATTERN = /^[0-9]*\.?[0-9]+$/;

export const DECIMAL_MAX_LENGTH = 100;

/** A request amount: a decimal string, never a JS number, never exponent notation. */
export const DecimalStringSchema = z
  .string()
  // The pattern sets no length; ours bounds the arithmetic and any amount a person could mean.
  .max(DECIMAL_MAX_LENGTH, `At most ${DECIMAL_MAX_LENGTH} characters`)
  .regex(DECIMAL_PATTERN, 'Enter a decimal number such as 12.50 (digits and one point)');

// Money is a decimal string end to end. Arithmetic goes through big.js: addition, subtraction,
// multiplication and comparison are exact at any length (no significant-digit limit), and it is
// a tenth of decimal.js's size, which matters for the first page's JavaScript budget. Results are
// plain notation (toFixed), never exponent notation and never "-0".

/** big.js rounding mode 1: half up (away from zero at exactly .5). */
const ROUND_HALF_UP = 1;

/** What the helpers accept: the upstream pattern with an optional minus sign (balances, differences). */
const SIGNED_DECIMAL = /^-?[0-9]*\.?[0-9]+$/;

/** True for "12", "0.5", ".5", "-3.25"; false for "1e5", "0x10", "Infinity", "", " 1". */
export function isDecimalString(value: string): boolean {
  return SIGNED_DECIMAL.test(value);
}

function parse(value: string): Big {
  // big.js also reads exponents ("1e5"): only plain decimals are money.
  if (!SIGNED_DECIMAL.test(value)) throw new TypeError(`not a decimal string: "${value}"`);
  return new Big(value);
}

function plain(text: string): string {
  return /^-0(\.0*)?$/.test(text) ? text.slice(1) : text;
}

/** Plain notation of a decimal string, optionally rounded (half up) to a number of places. */
export function formatDecimal(value: string, decimalPlaces?: number): string {
  const d = parse(value);
  return plain(decimalPlaces === undefined ? d.toFixed() : d.toFixed(decimalPlaces, ROUND_HALF_UP));
}

/** -1, 0 or 1. Throws on a string that is not a decimal. */
export function compareDecimal(a: string, b: string): -1 | 0 | 1 {
  return parse(a).cmp(parse(b)) as -1 | 0 | 1;
}

export function isSameDecimal(a: string, b: string): boolean {
  return compareDecimal(a, b) === 0;
}

export function addDecimal(a: string, b: string): string {
  return plain(parse(a).plus(parse(b)).toFixed());
}

export function subtractDecimal(a: string, b: string): string {
  return plain(parse(a).minus(parse(b)).toFixed());
}

/** a × b, exact, or rounded half up to `decimalPlaces` (e.g. a notional value in cents). */
export function multiplyDecimal(a: string, b: string, decimalPlaces?: number): string {
  const product = parse(a).times(parse(b));
  return plain(
    decimalPlaces === undefined ? product.toFixed() : product.toFixed(decimalPlaces, ROUND_HALF_UP),
  );
}

export function sumDecimals(values: readonly string[]): string {
  return plain(values.reduce((sum, value) => sum.plus(parse(value)), new Big(0)).toFixed());
}

/** True for a decimal string greater than zero ("0.01", ".5"); false for zero, negatives, non-decimals. */
export function isPositiveDecimal(value: string): boolean {
  return isDecimalString(value) && parse(value).gt(0);
}
