import type * as oidc from 'openid-client';
import { createRemoteJWKSet, type JWTVerifyGetKey } from 'jose';
import { onFirstUse } from '#bff/lib/on-first-use';
import type { OidcAuthConfig } from '../oidc-config';

// The console as OpenID Connect client, through openid-client (by jose's author): discovery,
// authorization code with PKCE (S256), state, nonce and the response's `iss` (RFC 9207) checked,
// the ID token's signature, issuer, audience and expiry checked.

/**
 * openid-client, loaded with the first sign-in or discovery: only AUTH_MODE=oidc uses it, and the
 * other modes keep its ~1 MB of V8 heap out (docs/bench.md, "Libraries loaded on first use").
 */
export const openIdClient = onFirstUse(() => import('openid-client'));

export interface RelyingParty {
  /** The provider's metadata and this client, discovered on first use (retried after a failure). */
  configuration(): Promise<oidc.Configuration>;
  /** The provider's signing keys (back-channel logout tokens). */
  keys(): Promise<JWTVerifyGetKey>;
}

export function createRelyingParty(
  auth: OidcAuthConfig,
  /** The BFF's clock: ID tokens are judged by it (tests move it; production passes real time). */
  clock: () => Date,
): RelyingParty {
  let discovered: Promise<oidc.Configuration> | undefined;
  let jwks: JWTVerifyGetKey | undefined;
  const configuration = () => {
    discovered ??= discover(auth, clock).catch((error: unknown) => {
      discovered = undefined;
      throw error;
    });
    return discovered;
  };
  return {
    configuration,
    async keys() {
      if (jwks) return jwks;
      const uri = (await configuration()).serverMetadata().jwks_uri;
      if (!uri) throw new Error('The provider publishes no jwks_uri');
      jwks = createRemoteJWKSet(new URL(uri));
      return jwks;
    },
  };
}

async function discover(auth: OidcAuthConfig, clock: () => Date): Promise<oidc.Configuration> {
  const client = await openIdClient();
  const issuer = new URL(auth.issuer);
  // Seconds between the BFF's clock and the machine's: zero in production.
  const skew = Math.round((clock().getTime() - Date.now()) / 1000);
  return client.discovery(
    issuer,
    auth.clientId,
    { [client.clockSkew]: skew, [client.clockTolerance]: 30 },
    client.ClientSecretBasic(auth.clientSecret),
    // config.ts accepts http: only for a loopback issuer (a local provider, tests).
    issuer.protocol === 'http:' ? { execute: [client.allowInsecureRequests] } : undefined,
  );
}
