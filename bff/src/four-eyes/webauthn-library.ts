import { onFirstUse } from '#bff/lib/on-first-use';

/**
 * @simplewebauthn/server, loaded at the first passkey operation (enrolment, a decision's
 * challenge or its verification): with its ASN.1 and CBOR dependencies it is ~4.7 MB of V8 heap
 * that a console without passkeys, or one that only reads, never needs (docs/bench.md,
 * "Libraries loaded on first use"). The one home of that import: types come from the package.
 */
export const webauthnLibrary = onFirstUse(async () => {
  const [server, helpers] = await Promise.all([
    import('@simplewebauthn/server'),
    import('@simplewebauthn/server/helpers'),
  ]);
  return { server, helpers };
});
