import { z } from 'zod';
import { COMPANION_SCOPES } from './scopes';

/**
 * The optional features built on the companion operations, and the scope each needs. A client the
 * token endpoint does not grant the scope (`invalid_scope`) runs without the feature.
 */
export const COMPANION_FEATURES = {
  transfer_status: COMPANION_SCOPES.readTransfer,
  fee_quotes: COMPANION_SCOPES.writeCryptoWithdrawalFee,
  vasp_directory: COMPANION_SCOPES.readVasps,
  service_addresses: COMPANION_SCOPES.readCryptoDestinationAddresses,
} as const;

export type CompanionFeature = keyof typeof COMPANION_FEATURES;
export const COMPANION_FEATURE_NAMES = Object.keys(COMPANION_FEATURES) as CompanionFeature[];

export const FEATURE_LABELS: Record<CompanionFeature, string> = {
  transfer_status: 'Live transfer status',
  fee_quotes: 'Guaranteed fee quotes',
  vasp_directory: 'VASP directory',
  service_addresses: "The service's saved addresses",
};

export const FeatureStateSchema = z.object({
  enabled: z.boolean(),
  /** Why it is off, in words the operator can act on (absent when enabled). */
  reason: z.string().optional(),
});
export type FeatureState = z.infer<typeof FeatureStateSchema>;

export const CompanionFeaturesSchema = z.object({
  transfer_status: FeatureStateSchema,
  fee_quotes: FeatureStateSchema,
  vasp_directory: FeatureStateSchema,
  service_addresses: FeatureStateSchema,
});
export type CompanionFeatures = z.infer<typeof CompanionFeaturesSchema>;
