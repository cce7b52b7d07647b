import { z } from 'zod';

/** The upstream's decimal pattern for `amount` and `total` (upstream-api.md 4.3). */
export const DECIMAL_PATTERN = /^[0-9]*\.?[0-9]+$/;

/** A request amount: a decimal string, never a JS number, never exponent notation. */
export const DecimalStringSchema = z
  .string()
  .regex(DECIMAL_PATTERN, 'Enter a decimal number such as 12.50 (digits and one point)');
