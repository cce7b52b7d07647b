import { z } from 'zod';

// The pieces the environment's schemas are built from (bff/src/config.ts and the settings it
// composes: auth/auth-config.ts, upstream/upstream-config.ts).

/** Unset or blank: undefined (an empty variable is as good as none). */
export const optionalText = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .optional();

export const int = (min: number, max: number) => z.coerce.number().int().min(min).max(max);

export const httpUrl = z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' });

export const headerName = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^[a-z0-9-]+$/, 'must be an HTTP header name');

/** `a, b,,c` → ['a', 'b', 'c']. */
export const list = (value: string) =>
  value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

/**
 * Refuses with one of our own rules. Our messages say what to set ("is required when …",
 * `has "x": …`) and are `custom` issues; zod's own are reported after "is invalid:" (loadConfig).
 * `variable` names it when the rule sits above the variable (a rule over several of them).
 */
export function refuse(ctx: z.RefinementCtx, message: string, variable?: string): never {
  ctx.addIssue({
    code: 'custom',
    message,
    input: undefined,
    ...(variable ? { path: [variable] } : {}),
  });
  return z.NEVER;
}

/** A variable a mode cannot do without (unset, or an empty list). */
export const requiredWhen = <T>(when: string) =>
  z
    .custom<T | undefined>((v) => v !== undefined && !(Array.isArray(v) && v.length === 0), {
      error: `is required when ${when}`,
    })
    .transform((v) => v as T);
