import {
  COMPANION_FEATURES,
  COMPANION_FEATURE_NAMES,
  type CompanionFeature,
  type CompanionFeatures,
  type FeatureState,
} from '#contract/companion-features';
import { HttpProblem } from '../http/http-problem';
import type { Logger } from '../logger';
import { ScopeNotGrantedError } from './scope-not-granted';
import type { TokenProvider } from './token-provider';

/** A scope refused with invalid_scope is asked for again after this long (a grant may be added). */
export const NOT_GRANTED_RECHECK_MS = 10 * 60_000;
/** The token endpoint failed for another reason: ask again soon, but not on every request. */
const UNCHECKED_RECHECK_MS = 30_000;

export interface CompanionFeatureGate {
  /** Every optional feature, on or off with the reason (for /api/me). */
  states(): Promise<CompanionFeatures>;
  state(feature: CompanionFeature): Promise<FeatureState>;
  /** Throws a 403 "Feature Unavailable" problem when the feature is off. */
  require(feature: CompanionFeature): Promise<void>;
}

/**
 * Which companion features this deployment has: each needs the scope of its token (its own, or
 * for the VASP directory, published with no scope, one the client already has), asked for like
 * any other (one token per scope, cached, single flight, in the token provider). A grant is known from a
 * token; a refusal (`invalid_scope`) is remembered for a while so the token endpoint is not asked
 * on every request.
 */
export function createCompanionFeatureGate(options: {
  tokens: TokenProvider;
  logger: Logger;
  now?: () => number;
}): CompanionFeatureGate {
  const now = options.now ?? Date.now;
  const refused = new Map<CompanionFeature, { state: FeatureState; until: number }>();

  async function state(feature: CompanionFeature): Promise<FeatureState> {
    const remembered = refused.get(feature);
    if (remembered && now() < remembered.until) return remembered.state;
    const { scope, label } = COMPANION_FEATURES[feature];
    try {
      await options.tokens.getToken(scope);
      refused.delete(feature);
      return { enabled: true };
    } catch (error) {
      const notGranted = error instanceof ScopeNotGrantedError;
      const off: FeatureState = {
        enabled: false,
        reason: notGranted
          ? `${label} is not available: the upstream client is not granted the scope ${scope}.`
          : `${label} is not available right now: the upstream token endpoint could not be asked for the scope ${scope}.`,
      };
      if (!notGranted)
        options.logger.warn({ feature, scope }, 'could not check a companion feature');
      refused.set(feature, {
        state: off,
        until: now() + (notGranted ? NOT_GRANTED_RECHECK_MS : UNCHECKED_RECHECK_MS),
      });
      return off;
    }
  }

  return {
    state,
    async states() {
      const entries = await Promise.all(
        COMPANION_FEATURE_NAMES.map(async (name) => [name, await state(name)] as const),
      );
      return Object.fromEntries(entries) as CompanionFeatures;
    },
    async require(feature) {
      const current = await state(feature);
      if (!current.enabled)
        throw new HttpProblem({
          title: 'Feature Unavailable',
          status: 403,
          detail: current.reason ?? `${COMPANION_FEATURES[feature].label} is not available.`,
          feature,
        });
    },
  };
}
