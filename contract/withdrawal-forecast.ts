import { z } from 'zod';
import { CryptoNetworkSchema } from './crypto-network';
import { ProblemSchema } from './problem';

// Issue 42 items C, 2 and A: what the BFF's gate would decide, said before submit. The gate runs
// as it does for POST /api/withdrawals, reading only (the rolling limits' windows as they stand,
// nothing counted in): the submit decides again.

/** POST /api/withdrawals/destination-forecast: the destination alone, as the form has it. */
export const DestinationForecastRequestSchema = z.strictObject({
  crypto_network: CryptoNetworkSchema,
  destination_address: z.string().trim().min(1, 'Required').max(256),
  memo: z.string().max(100).optional(),
  identity_id: z.string().max(128).optional(),
});
export type DestinationForecastRequest = z.infer<typeof DestinationForecastRequestSchema>;

/**
 * The answer of both forecasts (POST /api/withdrawals/forecast takes the whole submit body):
 * `refusal`, the problem the submit would answer (the destination not approved, archived,
 * rejected; Travel Rule data missing for a held withdrawal); else `requirement`, the approvals the
 * policy would hold it for (its tiers and its rolling limits, with the window as it stands now).
 */
export const WithdrawalForecastSchema = z.object({
  refusal: ProblemSchema.optional(),
  requirement: z.object({ approvals: z.number().int().min(1), reason: z.string() }).optional(),
});
export type WithdrawalForecast = z.infer<typeof WithdrawalForecastSchema>;
