// A software WebAuthn authenticator for tests: a P-256 key made with node:crypto, and the exact
// bytes a platform authenticator would give (authenticatorData, clientDataJSON, an ES256
// signature, a "none" attestation with the COSE public key). Nothing is mocked on the verifying
// side: the BFF checks these with @simplewebauthn/server as it would a real key's.
import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import { isoCBOR } from '@simplewebauthn/server/helpers';

const b64url = (bytes: Uint8Array | Buffer) => Buffer.from(bytes).toString('base64url');

export interface SoftwareCredential {
  id: string;
  privateKey: KeyObject;
  /** The COSE public key (EC2, P-256, ES256). */
  cosePublicKey: Uint8Array<ArrayBuffer>;
  /** The signature counter: each assertion adds one (unless `counter` is given). */
  counter: number;
}

const FLAG_UP = 0x01;
const FLAG_UV = 0x04;
const FLAG_AT = 0x40;

function authenticatorData(
  rpId: string,
  flags: number,
  counter: number,
  attested?: Uint8Array,
): Buffer {
  const count = Buffer.alloc(4);
  count.writeUInt32BE(counter >>> 0);
  return Buffer.concat([
    createHash('sha256').update(rpId, 'utf8').digest(),
    Buffer.from([flags]),
    count,
    ...(attested ? [Buffer.from(attested)] : []),
  ]);
}

function clientData(type: string, challenge: string, origin: string): Buffer {
  return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }), 'utf8');
}

/** A new credential and the registration response answering `challenge` on `origin`. */
export function createCredential(options: {
  rpId: string;
  origin: string;
  challenge: string;
  userVerified?: boolean;
}): { credential: SoftwareCredential; response: RegistrationResponseJSON } {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const jwk = publicKey.export({ format: 'jwk' });
  const cose = isoCBOR.encode(
    new Map<number, number | Uint8Array>([
      [1, 2],
      [3, -7],
      [-1, 1],
      [-2, Buffer.from(jwk.x!, 'base64url')],
      [-3, Buffer.from(jwk.y!, 'base64url')],
    ]),
  );
  const id = randomBytes(16);
  const idLength = Buffer.alloc(2);
  idLength.writeUInt16BE(id.length);
  const attested = Buffer.concat([Buffer.alloc(16), idLength, id, Buffer.from(cose)]);
  const flags = FLAG_UP | FLAG_AT | (options.userVerified === false ? 0 : FLAG_UV);
  const authData = authenticatorData(options.rpId, flags, 0, attested);
  const attestationObject = isoCBOR.encode(
    new Map<string, unknown>([
      ['fmt', 'none'],
      ['attStmt', new Map()],
      ['authData', new Uint8Array(authData)],
    ]) as never,
  );
  const credential: SoftwareCredential = {
    id: b64url(id),
    privateKey,
    cosePublicKey: new Uint8Array(cose),
    counter: 0,
  };
  return {
    credential,
    response: {
      id: credential.id,
      rawId: credential.id,
      type: 'public-key',
      clientExtensionResults: {},
      response: {
        clientDataJSON: b64url(clientData('webauthn.create', options.challenge, options.origin)),
        attestationObject: b64url(attestationObject),
        transports: ['internal'],
      },
    },
  };
}

/** An assertion of `credential` over `challenge` (the counter moves on unless one is given). */
export function getAssertion(
  credential: SoftwareCredential,
  options: {
    rpId: string;
    origin: string;
    challenge: string;
    userVerified?: boolean;
    counter?: number;
  },
): AuthenticationResponseJSON {
  const counter = options.counter ?? ++credential.counter;
  const flags = FLAG_UP | (options.userVerified === false ? 0 : FLAG_UV);
  const authData = authenticatorData(options.rpId, flags, counter);
  const client = clientData('webauthn.get', options.challenge, options.origin);
  const signed = Buffer.concat([authData, createHash('sha256').update(client).digest()]);
  const signature = sign('sha256', signed, credential.privateKey);
  return {
    id: credential.id,
    rawId: credential.id,
    type: 'public-key',
    clientExtensionResults: {},
    response: {
      authenticatorData: b64url(authData),
      clientDataJSON: b64url(client),
      signature: b64url(signature),
    },
  };
}
