import type { CompanionFeature, CompanionFeatures } from '#contract/companion-features';
import type { MeResponse } from '#contract/session';
import { meResponse } from '#web/lib/testing/me-response';

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

/**
 * An address editor on a production console: the service's saved addresses on, the VASP
 * directory off (the address form shows the plain VASP id field).
 */
export const ADDRESS_EDITOR_IN_PRODUCTION: MeResponse = {
  ...meResponse(
    { subject: 'dev', name: 'Dev' },
    ['viewer', 'address-editor'],
    featuresOn('transfer_status', 'activity', 'fee_quotes', 'service_addresses'),
  ),
  environment: PRODUCTION,
};

/** Vera, a viewer, with statement payments on, or off for `reason` (the words the page shows). */
export function viewerWithStatementPayments(enabled: boolean, reason: string): MeResponse {
  return meResponse({ subject: 'v', name: 'Vera' }, ['viewer'], {
    statement_payments: enabled ? { enabled: true } : { enabled: false, reason },
  });
}
