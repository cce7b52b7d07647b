import { createHash } from 'node:crypto';
import type {
  RegistrationResponseJSON,
  VerifiedRegistrationResponse,
} from '@simplewebauthn/server';
import { personIdentifiers, personKey } from '#contract/identity';
import type { Operator } from '#bff/auth/operator';
import type { RelyingParty } from '#bff/four-eyes/relying-party';
import { webauthnLibrary } from '#bff/four-eyes/webauthn-library';
import { HttpProblem } from '#bff/http/http-problem';
import type { PasskeyStore, StoredPasskey } from '#bff/store/passkey-port';
import { operatorRef } from '#contract/operator-ref';

// Enrolment: WebAuthn registration with user verification required, the key bound to the
// caller's person key (contract/identity.ts). Only the caller enrols for themselves: the options
// and the challenge are theirs, and the key is stored under their own person key.

/** How long a registration's challenge may be answered. */
const REGISTRATION_TTL_MS = 5 * 60_000;

const refused = (detail: string) =>
  new HttpProblem({ title: 'Forbidden', status: 403, detail, rule: 'registration-refused' });

/** The options for navigator.credentials.create, with a stored single-use challenge. */
export async function registrationOptions(
  store: PasskeyStore,
  operator: Operator,
  rp: RelyingParty,
) {
  const mine = await store.listFor(personIdentifiers(operator));
  const key = personKey(operator);
  const { server } = await webauthnLibrary();
  const options = await server.generateRegistrationOptions({
    rpName: 'Asset Ops Console',
    rpID: rp.rpId,
    userName: operator.email ?? operator.subject,
    userDisplayName: operator.name,
    // A stable handle per person that names nobody (the e-mail never reaches the authenticator's id).
    userID: createHash('sha256').update(key, 'utf8').digest(),
    attestationType: 'none',
    excludeCredentials: mine.map((k) => ({ id: k.id, transports: k.transports })),
    authenticatorSelection: { residentKey: 'preferred', userVerification: 'required' },
    timeout: REGISTRATION_TTL_MS,
  });
  await store.issueChallenge({
    nonce: options.challenge,
    purpose: 'register',
    personKey: key,
    ttlMs: REGISTRATION_TTL_MS,
  });
  return options;
}

/** Verifies a registration answering one of the caller's own challenges, and stores the key. */
export async function registerPasskey(
  store: PasskeyStore,
  operator: Operator,
  rp: RelyingParty,
  request: { name: string; response: RegistrationResponseJSON },
): Promise<StoredPasskey> {
  const { server, helpers } = await webauthnLibrary();
  let challenge: string;
  try {
    challenge = helpers.decodeClientDataJSON(request.response.response.clientDataJSON).challenge;
  } catch {
    throw refused('The registration cannot be read.');
  }
  if (!/^[A-Za-z0-9_-]{1,512}$/.test(challenge))
    throw refused('The registration answers no challenge this console issued.');
  const taken = await store.takeChallenge(challenge);
  if (
    !taken.taken ||
    taken.challenge.purpose !== 'register' ||
    !personIdentifiers(operator).includes(taken.challenge.personKey)
  )
    throw refused(
      'The registration answers no challenge of yours that is still open: start again.',
    );
  let verified: VerifiedRegistrationResponse;
  try {
    verified = await server.verifyRegistrationResponse({
      response: request.response,
      expectedChallenge: challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.rpId,
      requireUserVerification: true,
    });
  } catch (error) {
    throw refused(`The registration does not verify: ${(error as Error).message}`);
  }
  if (!verified.verified || !verified.registrationInfo)
    throw refused('The registration does not verify.');
  const { credential } = verified.registrationInfo;
  if (await store.get(credential.id))
    throw new HttpProblem({
      title: 'Conflict',
      status: 409,
      detail: 'This key is enrolled already.',
    });
  return store.add({
    id: credential.id,
    personKey: personKey(operator),
    owner: operatorRef(operator),
    name: request.name,
    publicKey: helpers.isoBase64URL.fromBuffer(credential.publicKey),
    counter: credential.counter,
    transports: credential.transports ?? [],
  });
}
