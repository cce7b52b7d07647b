import type { ProblemInit } from '#sandbox/http/problem-response';
import {
  REJECTED_PROFILE_ID,
  UNVERIFIED_IDENTITY_ID,
  UNVERIFIED_IDENTITY_STATUS,
} from '#sandbox/seed/magic-values';
import type { SeedProfile } from '#sandbox/seed/seed';
import type { TransferStore } from '#sandbox/state/transfer-store';

/**
 * Who may withdraw: the profile must exist and not be under a compliance hold, and the identity
 * (when one is named) must have finished its verification.
 */
export function eligibleProfile(
  transfers: TransferStore,
  body: { profile_id: string; identity_id?: string | undefined },
): { profile: SeedProfile } | { problem: ProblemInit } {
  const profile = transfers.profile(body.profile_id);
  if (!profile) {
    return {
      problem: {
        status: 404,
        title: 'Not Found',
        detail: `No profile has the id ${body.profile_id}`,
      },
    };
  }
  if (profile.id === REJECTED_PROFILE_ID) {
    return {
      problem: {
        status: 403,
        type: 'rejected',
        detail: 'This profile is under a compliance hold; withdrawals are refused',
      },
    };
  }
  if (body.identity_id === UNVERIFIED_IDENTITY_ID) {
    return {
      problem: {
        status: 403,
        type: 'identity-verification-required',
        detail: 'The identity has not finished its verification',
        meta: {
          identity_id: body.identity_id,
          current_status: UNVERIFIED_IDENTITY_STATUS,
          ref_path: `/identity/identities/${body.identity_id}`,
        },
      },
    };
  }
  return { profile };
}
