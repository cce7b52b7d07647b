import { createLocalJWKSet, exportJWK, generateKeyPair, jwtVerify, SignJWT } from 'jose';
import type { JWTVerifyGetKey, JWTVerifyOptions } from 'jose';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { cachedAssertionVerifier } from './verified-assertions';

const OPTIONS: JWTVerifyOptions = {
  issuer: 'https://sso.test',
  audience: 'console',
  algorithms: ['ES256'],
  clockTolerance: 30,
  requiredClaims: ['exp', 'sub'],
};

let keys: JWTVerifyGetKey;
let sign: (claims: { sub?: string; exp?: number }) => Promise<string>;

beforeAll(async () => {
  const { privateKey, publicKey } = await generateKeyPair('ES256');
  keys = createLocalJWKSet({ keys: [{ ...(await exportJWK(publicKey)), kid: 'k' }] });
  sign = (claims) => {
    const jwt = new SignJWT(claims.sub ? { sub: claims.sub } : {})
      .setProtectedHeader({ alg: 'ES256', kid: 'k' })
      .setIssuer('https://sso.test')
      .setAudience('console');
    if (claims.exp !== undefined) jwt.setExpirationTime(claims.exp);
    return jwt.sign(privateKey);
  };
});

const seconds = () => Math.floor(Date.now() / 1000);

describe('cachedAssertionVerifier', () => {
  it('verifies an accepted assertion once, then answers it from the cache', async () => {
    const verify = vi.fn(jwtVerify);
    const cached = cachedAssertionVerifier(10, verify);
    const token = await sign({ sub: 'alice', exp: seconds() + 600 });
    const first = await cached(token, keys, OPTIONS);
    const second = await cached(token, keys, OPTIONS);
    expect(second.payload.sub).toBe('alice');
    expect(second).toBe(first);
    expect(verify).toHaveBeenCalledTimes(1);
  });

  it('peek answers an accepted assertion at once, and nothing before it or after it expired', async () => {
    let clock = Date.now();
    const cached = cachedAssertionVerifier(10, jwtVerify, () => clock);
    const token = await sign({ sub: 'alice', exp: seconds() + 60 });
    expect(cached.peek(token, OPTIONS)).toBeUndefined();
    const verified = await cached(token, keys, OPTIONS);
    expect(cached.peek(token, OPTIONS)).toBe(verified);
    expect(cached.peek(`${token}x`, OPTIONS)).toBeUndefined();
    // Past exp and the clock tolerance (30 s): gone, as for the verifier itself.
    clock += 91_000;
    expect(cached.peek(token, OPTIONS)).toBeUndefined();
    expect(cached.peek(token, { ...OPTIONS, maxTokenAge: '1h' })).toBeUndefined();
  });

  it('verifies a refused assertion again every time (refusals are never cached)', async () => {
    const verify = vi.fn(jwtVerify);
    const cached = cachedAssertionVerifier(10, verify);
    const token = await sign({ sub: 'alice', exp: seconds() + 600 });
    const tampered = `${token.slice(0, -4)}AAAA`;
    await expect(cached(tampered, keys, OPTIONS)).rejects.toThrow();
    await expect(cached(tampered, keys, OPTIONS)).rejects.toThrow();
    expect(verify).toHaveBeenCalledTimes(2);
  });

  it('refuses a cached assertion once it has expired, with jose’s own error', async () => {
    let now = Date.now();
    const cached = cachedAssertionVerifier(10, jwtVerify, () => now);
    const exp = seconds() + 60;
    const token = await sign({ sub: 'alice', exp });
    await cached(token, keys, OPTIONS);
    // Within the clock tolerance it is still accepted, as jose would.
    now = (exp + 29) * 1000;
    await expect(cached(token, keys, OPTIONS)).resolves.toBeDefined();
    now = (exp + 30) * 1000;
    await expect(
      cached(token, keys, { ...OPTIONS, currentDate: new Date(now) }),
    ).rejects.toMatchObject({ code: 'ERR_JWT_EXPIRED' });
  });

  it('keys by the whole token and keeps at most `max` entries, least recently used out', async () => {
    const verify = vi.fn(jwtVerify);
    const cached = cachedAssertionVerifier(2, verify);
    const exp = seconds() + 600;
    const [a, b, c] = await Promise.all(['a', 'b', 'c'].map((sub) => sign({ sub, exp })));
    await cached(a!, keys, OPTIONS);
    await cached(b!, keys, OPTIONS);
    await cached(a!, keys, OPTIONS); // a is now the most recently used
    await cached(c!, keys, OPTIONS); // evicts b
    expect(verify).toHaveBeenCalledTimes(3);
    await cached(a!, keys, OPTIONS);
    expect(verify).toHaveBeenCalledTimes(3);
    await cached(b!, keys, OPTIONS);
    expect(verify).toHaveBeenCalledTimes(4);
  });

  it('does not cache when the options ask for a maximum token age', async () => {
    const verify = vi.fn(jwtVerify);
    const cached = cachedAssertionVerifier(10, verify);
    const token = await sign({ sub: 'alice', exp: seconds() + 600 });
    const withAge = { ...OPTIONS, maxTokenAge: '1h' };
    await expect(cached(token, keys, withAge)).rejects.toThrow(); // no iat: refused by jose
    await expect(cached(token, keys, withAge)).rejects.toThrow();
    expect(verify).toHaveBeenCalledTimes(2);
  });
});
