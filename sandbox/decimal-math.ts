import { Decimal } from 'decimal.js';

// Decimal arithmetic on strings for the sandbox's money. contract/decimal.ts was getting its
// shared helpers (compareDecimals, addDecimals, subtractDecimals) while this was written; these
// are the same operations on decimal.js, kept in this one file so switching is a one-file change.
// Results are plain notation (toFixed()), never exponent notation, never JS numbers.

export function addDecimal(a: string, b: string): string {
  return new Decimal(a).plus(b).toFixed();
}

export function subtractDecimal(a: string, b: string): string {
  return new Decimal(a).minus(b).toFixed();
}

export function multiplyDecimal(a: string, b: string, decimalPlaces?: number): string {
  const product = new Decimal(a).times(b);
  return decimalPlaces === undefined
    ? product.toFixed()
    : product.toFixed(decimalPlaces, Decimal.ROUND_HALF_UP);
}

/** -1, 0 or 1. */
export function compareDecimal(a: string, b: string): number {
  return new Decimal(a).comparedTo(b);
}

export function sumDecimals(values: readonly string[]): string {
  return values.reduce((sum, value) => sum.plus(value), new Decimal(0)).toFixed();
}
