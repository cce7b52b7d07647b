import { NO_APPROVALS_POLICY } from '#contract/approvals';
import { companionFeaturesOff, type CompanionFeatures } from '#contract/companion-features';
import type { MeResponse, Role } from '#contract/session';

/**
 * A signed-in operator as GET /api/me answers, for component tests: local environment, no
 * approval policy, every companion feature off unless the test turns it on.
 */
export function meResponse(
  operator: { subject: string; name: string },
  roles: Role[],
  features: Partial<CompanionFeatures> = {},
): MeResponse {
  return {
    operator,
    roles,
    environment: { kind: 'local', name: 'Local', allow_testnet: true },
    features: { ...companionFeaturesOff('off'), ...features },
    approval_policy: NO_APPROVALS_POLICY,
  };
}
