import { z } from 'zod';
import { DecimalStringSchema } from './decimal';
import { openEnum } from './open-enum';
import { withSafeText } from './safe-text';
import { ProfileIdSchema } from './withdrawals';

// The operator's context (issue 24): the service's profiles, chosen by nickname, and what each
// holds. Read from the companion operations GET /v2/profiles and GET /v2/profiles/{id}/balances
// (scope funding:read_profile; docs/upstream-contract.md).

const PROFILE_TYPES = ['NORMAL', 'DEFAULT'] as const;

/**
 * One profile, read tolerantly: a `type` the service adds later is kept as its string (it still
 * displays), a null or absent `description` is "not given".
 */
export const ProfileSchema = z.object({
  id: z.string().min(1),
  nickname: z.string(),
  type: openEnum(PROFILE_TYPES),
  description: z.string().nullish(),
});
export type Profile = z.infer<typeof ProfileSchema>;

/** GET /api/profiles: one page, in the service's order; `next_page_cursor` null on the last. */
export const ProfilesResponseSchema = z.object({
  items: z.array(ProfileSchema),
  next_page_cursor: z.string().nullable(),
});
export type ProfilesResponse = z.infer<typeof ProfilesResponseSchema>;

export const PROFILES_PAGE_MAX = 100;

/** The query of GET /api/profiles (strict: an unknown parameter is refused, nothing forwarded). */
export const ProfilesQuerySchema = withSafeText(
  z.strictObject({
    /** The service's nickname filter. */
    nickname: z.string().trim().min(1).max(100, 'At most 100 characters').optional(),
    limit: z.coerce.number().int().min(1).max(PROFILES_PAGE_MAX).optional(),
    page_cursor: z.string().min(1).max(512).optional(),
  }),
);

/** The `:profileId` of GET /api/profiles/:profileId/balances: validated as a withdrawal's profile_id. */
export const ProfileIdParamSchema = withSafeText(ProfileIdSchema);

/** One asset of a profile: `available` is what a new withdrawal may use; `trading`, committed to orders. */
export const ProfileBalanceSchema = z.object({
  asset: z.string().min(1),
  available: DecimalStringSchema,
  trading: DecimalStringSchema,
});
export type ProfileBalance = z.infer<typeof ProfileBalanceSchema>;

/** GET /api/profiles/:profileId/balances; `read_at`: when the BFF read them (ISO 8601). */
export const ProfileBalancesResponseSchema = z.object({
  items: z.array(ProfileBalanceSchema),
  read_at: z.iso.datetime(),
});
export type ProfileBalancesResponse = z.infer<typeof ProfileBalancesResponseSchema>;
