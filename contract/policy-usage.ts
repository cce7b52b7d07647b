import { z } from 'zod';
import { DecimalStringSchema } from './decimal';

// GET /api/policy/usage: what each of the policy's rolling limits holds now, so the Policy page
// says how much of a window is used before anyone trips on it. Read from the same window the
// four-eyes gate counts (sent or held withdrawals, not refused or never sent ones).

/** What one scope of a window holds: its worth in the limit's unit, or why it cannot be said. */
const WindowUseSchema = z.object({
  /** In the limit's unit (its asset, or USD); absent when an asset in it has no USD price. */
  used: DecimalStringSchema.optional(),
  /** Assets in the window the service publishes no USD price for (a USD limit then holds). */
  unpriced: z.array(z.string()).default([]),
});
export type WindowUse = z.infer<typeof WindowUseSchema>;

const RollingLimitUsageSchema = z.object({
  /** Its place in the policy's withdrawals.rolling_limits (the page reads its words there). */
  index: z.number().int().min(0),
  per: z.enum(['initiator', 'destination', 'console']),
  window_minutes: z.number().int().min(1),
  /** The limit's unit: its asset, or "USD". */
  unit: z.string(),
  above: DecimalStringSchema,
  /** per initiator: this operator's; per console: everyone's; per destination: absent. */
  window: WindowUseSchema.optional(),
  /** per destination: the destinations used in the window, most used first (at most 10). */
  destinations: z
    .array(
      WindowUseSchema.extend({
        crypto_network: z.string(),
        address: z.string(),
      }),
    )
    .optional(),
});
export type RollingLimitUsage = z.infer<typeof RollingLimitUsageSchema>;

export const PolicyUsageResponseSchema = z.object({
  /** When the windows were read (ISO 8601). */
  as_of: z.string(),
  limits: z.array(RollingLimitUsageSchema),
});
export type PolicyUsageResponse = z.infer<typeof PolicyUsageResponseSchema>;
