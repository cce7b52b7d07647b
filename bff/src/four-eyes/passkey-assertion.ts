import { createHash } from 'node:crypto';
import type { AuthenticationResponseJSON } from '@simplewebauthn/server';
import type { PasskeyRule } from '#contract/passkeys';
import type { StoredDecisionSignature } from '#bff/store/approval-port';
import type { StoredPasskey } from '#bff/store/passkey-port';
import { deriveDecisionChallenge } from './decision-challenge';
import type { RelyingParty } from './relying-party';
import { webauthnLibrary } from './webauthn-library';

// Verifying a decision's assertion: each check named, so a refusal says which rule it broke.
// The signature itself (over authenticatorData and the hash of clientDataJSON, with the key's
// COSE public key) is @simplewebauthn's; the named checks come first so the answer is precise.

type Helpers = Awaited<ReturnType<typeof webauthnLibrary>>['helpers'];
type AssertionCheck =
  { ok: true; newCounter: number } | { ok: false; rule: PasskeyRule; detail: string };

const refuse = (rule: PasskeyRule, detail: string): AssertionCheck => ({ ok: false, rule, detail });

/** The named checks on what the browser and the authenticator report, before the signature. */
function checkReported(
  { decodeClientDataJSON, isoBase64URL, parseAuthenticatorData }: Helpers,
  assertion: AuthenticationResponseJSON,
  expectedChallenge: string,
  rp: RelyingParty,
  key: StoredPasskey,
): AssertionCheck {
  let client: { type: string; challenge: string; origin: string };
  let auth: ReturnType<typeof parseAuthenticatorData>;
  try {
    client = decodeClientDataJSON(assertion.response.clientDataJSON);
    auth = parseAuthenticatorData(isoBase64URL.toBuffer(assertion.response.authenticatorData));
  } catch {
    return refuse('signature-invalid', 'The assertion cannot be read.');
  }
  if (client.type !== 'webauthn.get')
    return refuse('signature-invalid', 'The assertion is not a WebAuthn sign-in (webauthn.get).');
  if (client.challenge !== expectedChallenge)
    return refuse(
      'challenge-mismatch',
      'The assertion answers another challenge: it was made for another request, another decision or another body.',
    );
  if (client.origin !== rp.origin)
    return refuse(
      'origin-mismatch',
      `The assertion was made on ${client.origin}, not ${rp.origin}.`,
    );
  const rpIdHash = createHash('sha256').update(rp.rpId, 'utf8').digest();
  if (!Buffer.from(auth.rpIdHash).equals(rpIdHash))
    return refuse('rp-id-mismatch', `The assertion was made for another RP id than ${rp.rpId}.`);
  if (!auth.flags.uv)
    return refuse(
      'user-not-verified',
      'The authenticator did not verify the user (PIN, biometrics).',
    );
  if ((auth.counter > 0 || key.counter > 0) && auth.counter <= key.counter)
    return refuse(
      'counter-not-increasing',
      `The key's signature counter went from ${key.counter} to ${auth.counter}: a replay or a cloned key.`,
    );
  return { ok: true, newCounter: auth.counter };
}

/**
 * Verifies a decision's assertion against the challenge derived for it, the relying party and
 * the approver's own key: every named check, then the signature.
 */
export async function verifyDecisionAssertion(args: {
  assertion: AuthenticationResponseJSON;
  expectedChallenge: string;
  rp: RelyingParty;
  key: StoredPasskey;
}): Promise<AssertionCheck> {
  const { assertion, expectedChallenge, rp, key } = args;
  if (assertion.id !== key.id || assertion.rawId !== key.id)
    return refuse('passkey-not-yours', 'The assertion was made with another key.');
  const { server, helpers } = await webauthnLibrary();
  const reported = checkReported(helpers, assertion, expectedChallenge, rp, key);
  if (!reported.ok) return reported;
  try {
    const verified = await server.verifyAuthenticationResponse({
      response: assertion,
      expectedChallenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.rpId,
      credential: {
        id: key.id,
        publicKey: helpers.isoBase64URL.toBuffer(key.publicKey),
        counter: key.counter,
        transports: key.transports as never,
      },
      requireUserVerification: true,
    });
    if (!verified.verified) return refuse('signature-invalid', 'The signature does not verify.');
    return { ok: true, newCounter: verified.authenticationInfo.newCounter };
  } catch {
    return refuse('signature-invalid', 'The signature does not verify with this key.');
  }
}

/**
 * Re-verifies a stored decision signature, at any later time, with the key's public key: the
 * challenge is derived again from what was stored (request id, decision, request hash, nonce),
 * so the signature proves this key's holder decided exactly that. The counter is not judged
 * again (later uses moved it on); compare `signature.requestHash` with decisionRequestHash() of
 * the request to tie it to the body.
 */
export async function reverifyDecisionSignature(
  signature: StoredDecisionSignature,
  key: Pick<StoredPasskey, 'id' | 'publicKey' | 'transports'>,
): Promise<AssertionCheck> {
  const expectedChallenge = deriveDecisionChallenge({
    approvalId: signature.approvalId,
    decision: signature.decision,
    requestHash: signature.requestHash,
    nonce: signature.nonce,
  });
  const assertion: AuthenticationResponseJSON = {
    id: signature.credentialId,
    rawId: signature.credentialId,
    type: 'public-key',
    clientExtensionResults: {},
    response: {
      authenticatorData: signature.authenticatorData,
      clientDataJSON: signature.clientDataJSON,
      signature: signature.signature,
      ...(signature.userHandle !== undefined ? { userHandle: signature.userHandle } : {}),
    },
  };
  return verifyDecisionAssertion({
    assertion,
    expectedChallenge,
    rp: { origin: signature.origin, rpId: signature.rpId },
    key: { ...key, counter: 0 } as StoredPasskey,
  });
}
