import { z } from 'zod';

/**
 * A response enumeration that grows upstream: known values are listed, an unknown value is kept
 * as its raw string so it still displays (never a parse failure). Requests use z.enum instead.
 */
export function openEnum<const T extends readonly [string, ...string[]]>(values: T) {
  return z.union([z.enum(values), z.string().min(1)]);
}
