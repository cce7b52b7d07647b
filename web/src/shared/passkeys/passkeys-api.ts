import {
  startAuthentication,
  startRegistration,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/browser';
import { queryOptions, skipToken } from '@tanstack/react-query';
import { z } from 'zod';
import {
  DecisionChallengeResponseSchema,
  ListPasskeysResponseSchema,
  PasskeySchema,
  type DecisionChallengeRequest,
  type DecisionPasskey,
} from '#contract/passkeys';
import { apiGet, apiRequest } from '#web/lib/api-client';

// Approvers' passkeys: the passkeys page enrols, lists and revokes them; the approval page signs
// each decision with one. Both features read them, so their calls live here.

export const passkeyKeys = {
  all: ['passkeys'] as const,
  mine: ['passkeys', 'mine'] as const,
  of: (operator: string) => ['passkeys', 'of', operator] as const,
};

export function myPasskeysQuery() {
  return queryOptions({
    queryKey: passkeyKeys.mine,
    queryFn: ({ signal }) => apiGet('/api/passkeys', ListPasskeysResponseSchema, undefined, signal),
  });
}

/** A passkey admin's view of another operator's keys (named by e-mail or user id; '': skipped). */
export function passkeysOfQuery(operator: string) {
  return queryOptions({
    queryKey: passkeyKeys.of(operator),
    queryFn:
      operator === ''
        ? skipToken
        : ({ signal }) => apiGet('/api/passkeys', ListPasskeysResponseSchema, { operator }, signal),
  });
}

const OptionsSchema = z.looseObject({ challenge: z.string() });

/** Registers a new passkey of this browser's (user verification required), named `name`. */
export async function enrolPasskey(name: string) {
  const { data: options } = await apiRequest('/api/passkeys/registration-options', {
    method: 'POST',
    body: {},
    schema: OptionsSchema,
  });
  const response = await startRegistration({
    optionsJSON: options as unknown as PublicKeyCredentialCreationOptionsJSON,
  });
  const { data } = await apiRequest('/api/passkeys', {
    method: 'POST',
    body: { name, response },
    schema: PasskeySchema,
  });
  return data;
}

export async function revokePasskey(id: string) {
  const { data } = await apiRequest(`/api/passkeys/${encodeURIComponent(id)}/revoke`, {
    method: 'POST',
    body: {},
    schema: PasskeySchema,
  });
  return data;
}

/**
 * Signs one decision with the operator's passkey: the BFF issues a single-use nonce and the
 * challenge it derived from the request, the decision and its body; the browser asks the key.
 */
export async function signDecision(
  approvalId: string,
  decision: DecisionChallengeRequest,
): Promise<DecisionPasskey> {
  const { data } = await apiRequest(`/api/approvals/${encodeURIComponent(approvalId)}/challenge`, {
    method: 'POST',
    body: decision,
    schema: DecisionChallengeResponseSchema,
  });
  const assertion = await startAuthentication({
    optionsJSON: data.options as unknown as PublicKeyCredentialRequestOptionsJSON,
  });
  return { nonce: data.nonce, assertion: assertion as unknown as DecisionPasskey['assertion'] };
}
