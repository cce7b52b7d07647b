import { z } from 'zod';
import { ANY_TOKEN_SCOPE, COMPANION_SCOPES } from './scopes';

/**
 * The optional features built on the companion operations: the one list. Each names the scope of
 * the token it uses (a client the token endpoint does not grant it, `invalid_scope`, runs without
 * the feature) and is named in words where it is off. The VASP directory is published with no
 * scope: it uses a token the client already has (ANY_TOKEN_SCOPE), so it is on wherever the
 * console runs. The session's `features` schema, the gate's states and the all-off default derive
 * from it: a feature is added here only.
 */
export const COMPANION_FEATURES = {
  transfer_status: { scope: COMPANION_SCOPES.readTransfer, label: 'Live transfer status' },
  activity: { scope: COMPANION_SCOPES.readTransfer, label: 'Activity and reconciliation' },
  fee_quotes: { scope: COMPANION_SCOPES.writeCryptoWithdrawalFee, label: 'Guaranteed fee quotes' },
  vasp_directory: { scope: ANY_TOKEN_SCOPE, label: 'VASP directory' },
  service_addresses: {
    scope: COMPANION_SCOPES.readCryptoDestinationAddresses,
    label: "The service's saved addresses",
  },
  profiles: { scope: COMPANION_SCOPES.readProfile, label: 'Profiles and balances' },
  transfer_limits: { scope: COMPANION_SCOPES.readTransferLimit, label: 'Withdrawal limits' },
  statement_payments: {
    scope: COMPANION_SCOPES.readStatementPayment,
    label: 'Statement payments',
  },
} as const;

export type CompanionFeature = keyof typeof COMPANION_FEATURES;
export const COMPANION_FEATURE_NAMES = Object.keys(COMPANION_FEATURES) as CompanionFeature[];

const FeatureStateSchema = z.object({
  enabled: z.boolean(),
  /** Why it is off, in words the operator can act on (absent when enabled). */
  reason: z.string().optional(),
});
export type FeatureState = z.infer<typeof FeatureStateSchema>;

/** One state per feature, for each feature: what /api/me answers in `features`. */
export const CompanionFeaturesSchema = z.object(
  Object.fromEntries(COMPANION_FEATURE_NAMES.map((name) => [name, FeatureStateSchema])) as Record<
    CompanionFeature,
    typeof FeatureStateSchema
  >,
);
export type CompanionFeatures = z.infer<typeof CompanionFeaturesSchema>;

/** Every feature off for one reason: the default of a session built for a test. */
export function companionFeaturesOff(reason: string): CompanionFeatures {
  return Object.fromEntries(
    COMPANION_FEATURE_NAMES.map((name) => [name, { enabled: false, reason }]),
  ) as CompanionFeatures;
}
