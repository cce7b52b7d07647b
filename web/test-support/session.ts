import type { CompanionFeature, CompanionFeatures } from '#contract/companion-features';
import type { MeResponse } from '#contract/session';

/** `names` turned on, for meResponse's features (the others stay off). */
export function featuresOn(...names: CompanionFeature[]): Partial<CompanionFeatures> {
  return Object.fromEntries(names.map((name) => [name, { enabled: true }]));
}

/** The features most operators have: live status, activity, fee quotes and the VASP directory. */
export const USUAL_FEATURES = featuresOn(
  'transfer_status',
  'activity',
  'fee_quotes',
  'vasp_directory',
);

/** A production console: no testnet. */
export const PRODUCTION: MeResponse['environment'] = {
  kind: 'production',
  name: 'Production',
  allow_testnet: false,
};
