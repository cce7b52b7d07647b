import {
  errors,
  jwtVerify,
  type JWTPayload,
  type JWTVerifyGetKey,
  type JWTVerifyOptions,
  type JWTVerifyResult,
} from 'jose';

/** How many verified assertions are kept: about one per operator signed in at a time. */
const MAX_CACHED_ASSERTIONS = 1_000;

type Verify = (
  token: string,
  keys: JWTVerifyGetKey,
  options: JWTVerifyOptions,
) => Promise<JWTVerifyResult<JWTPayload>>;

/**
 * jwtVerify with the assertions it accepted remembered until they expire: verifying an ES256 or
 * RS256 signature costs most of a request's CPU, and an SSO proxy sends the same assertion on
 * every request of a session. Keyed by the whole token (a changed byte is another token, so it is
 * verified from scratch), bounded (least recently used out first). Nothing is weakened:
 * - only accepted assertions are kept; every refusal is verified (and refused) again each time;
 * - a hit still checks `exp` with the same clock tolerance, and an expired entry is dropped and
 *   handed to jwtVerify, so the refusal and its error code are jose's own;
 * - the options (issuer, audience, algorithms...) are fixed per middleware, and so per cache.
 * A key removed from the JWKS keeps accepting the assertions it signed until they expire (at
 * most their lifetime, minutes for the usual SSO proxies).
 */
export function cachedAssertionVerifier(
  max = MAX_CACHED_ASSERTIONS,
  verify: Verify = jwtVerify,
  now: () => number = Date.now,
) {
  const cache = new Map<string, JWTVerifyResult<JWTPayload>>();
  /** The accepted assertion, while it has not expired (most recently used last). */
  const lookup = (token: string, options: JWTVerifyOptions) => {
    // maxTokenAge would need iat checked on every hit too: such a verifier is not cached.
    if (options.maxTokenAge !== undefined) return undefined;
    const hit = cache.get(token);
    if (hit === undefined) return undefined;
    cache.delete(token);
    const tolerance = typeof options.clockTolerance === 'number' ? options.clockTolerance : 0;
    // exp is required and checked by jwtVerify before an entry is kept, so it is a number.
    if (Math.floor(now() / 1000) >= (hit.payload.exp as number) + tolerance) return undefined;
    cache.set(token, hit);
    return hit;
  };
  const verifyCached = async (
    token: string,
    keys: JWTVerifyGetKey,
    options: JWTVerifyOptions,
  ): Promise<JWTVerifyResult<JWTPayload>> => {
    if (options.maxTokenAge !== undefined) return verify(token, keys, options);
    const hit = lookup(token, options);
    if (hit !== undefined) return hit;
    const verified = await verify(token, keys, options);
    if (typeof verified.payload.exp !== 'number')
      throw new errors.JWTClaimValidationFailed(
        'missing required "exp" claim',
        verified.payload,
        'exp',
        'missing',
      );
    if (cache.size >= max) cache.delete(cache.keys().next().value!);
    cache.set(token, verified);
    return verified;
  };
  /**
   * The accepted assertion at once, without a promise (the hot read's way: the same result the
   * verifier would give from its memory), or undefined: then ask the verifier.
   */
  verifyCached.peek = lookup;
  return verifyCached;
}
