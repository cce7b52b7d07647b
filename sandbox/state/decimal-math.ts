// The sandbox's money arithmetic is the contract's: decimal strings through big.js, exact,
// plain notation. Kept as a re-export so the sandbox's imports stay as they are.
import { formatDecimal } from '#contract/decimal';

export {
  addDecimal,
  compareDecimal,
  multiplyDecimal,
  subtractDecimal,
  sumDecimals,
} from '#contract/decimal';

/**
 * The usual way to write a request decimal, keeping its scale: ".5" → "0.5", "007.250" →
 * "7.250". The pattern `^[0-9]*\.?[0-9]+$` allows both forms; the record shows the second.
 */
export function canonicalDecimal(value: string): string {
  const point = value.indexOf('.');
  return formatDecimal(value, point === -1 ? 0 : value.length - point - 1);
}
