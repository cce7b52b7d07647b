import { createRemoteJWKSet, errors, importSPKI, type JWTVerifyGetKey } from 'jose';

const KID = /^[A-Za-z0-9_-]{1,128}$/;
const MAX_CACHED = 64;
const FAILURE_TTL_MS = 60_000;

/**
 * The keys that verify identity assertions. A plain URL is a JWKS (Google IAP, Cloudflare Access,
 * Pomerium, most IdPs). A URL with `{kid}` is a PEM public key per key id, which is how AWS ALB
 * publishes its keys (https://public-keys.auth.elb.REGION.amazonaws.com/{kid}); keys are cached,
 * and a key that failed to load is not asked for again for a minute (a made-up kid costs one
 * fetch a minute, not one per request).
 */
export function assertionKeys(url: string, timeoutMs = 5_000): JWTVerifyGetKey {
  if (!url.includes('{kid}'))
    return createRemoteJWKSet(new URL(url), {
      timeoutDuration: timeoutMs,
      cooldownDuration: 30_000,
    });
  const cache = new Map<string, Promise<CryptoKey>>();
  return async (header) => {
    const kid = header.kid;
    if (!kid || !KID.test(kid) || !header.alg) throw new errors.JWKSNoMatchingKey();
    const cacheKey = `${header.alg}:${kid}`;
    let key = cache.get(cacheKey);
    if (!key) {
      if (cache.size >= MAX_CACHED) cache.delete(cache.keys().next().value!);
      key = (async () => {
        const response = await fetch(url.replace('{kid}', encodeURIComponent(kid)), {
          signal: AbortSignal.timeout(timeoutMs),
        });
        if (!response.ok) throw new errors.JWKSNoMatchingKey();
        return importSPKI((await response.text()).trim(), header.alg!);
      })();
      cache.set(cacheKey, key);
      key.catch(() => {
        setTimeout(() => cache.delete(cacheKey), FAILURE_TTL_MS).unref();
      });
    }
    return key;
  };
}
