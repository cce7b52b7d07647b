import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateKeyPair, importJWK, SignJWT, type CryptoKey, type JWTPayload } from 'jose';
import { startTestBff, type TestBff } from '#bff-test/start-test-bff';
import { OIDC_ENV, startTestProvider, type TestProvider } from '#bff-test/oidc-test-provider';
import { oidcBrowser, type OidcBrowser } from '#bff-test/oidc-browser';
import { ALL_BACKENDS, openTestStore, skipWithoutServer } from '#bff/store/testing/test-stores';
import type { OpenedStore } from '#bff/store/open-store';

// OpenID Connect Back-Channel Logout 1.0 on the console: a logout token the provider signed ends
// the sessions it names on every instance sharing the store (two instances over PostgreSQL, one
// on PGlite); anything else is a 400 with an OAuth error and ends nothing.

const PUBLIC_ORIGIN = 'https://ops.example.test';
const EVENT = { 'http://schemas.openid.net/event/backchannel-logout': {} };
const PEOPLE = {
  carol: { email: 'carol@corp.test', name: 'Carol', groups: ['ops-treasury'] },
  dan: { email: 'dan@corp.test', name: 'Dan', groups: ['ops-approvers'] },
};

describe.each(ALL_BACKENDS)('back-channel logout (%s)', (backend) => {
  if (skipWithoutServer(backend)) return;
  let provider: TestProvider;
  let providerKey: CryptoKey;
  const stores: OpenedStore[] = [];
  const bffs: TestBff[] = [];

  beforeAll(async () => {
    provider = await startTestProvider(PEOPLE);
    providerKey = (await importJWK(provider.signingKey, 'RS256')) as CryptoKey;
    stores.push(await openTestStore(backend, 'oidc_backchannel'));
    // PostgreSQL: a second instance on the same database.
    if (backend === 'postgres')
      stores.push(await openTestStore(backend, 'oidc_backchannel', { fresh: false }));
    for (const store of stores)
      bffs.push(await startTestBff({ env: OIDC_ENV(provider.issuer), deps: { store } }));
    provider.registerClient({
      clientId: 'console',
      clientSecret: 'console-secret-for-tests',
      redirectUri: `${PUBLIC_ORIGIN}/auth/callback`,
      postLogoutRedirectUri: `${PUBLIC_ORIGIN}/`,
      backchannelLogoutUri: `${bffs[0]!.url}/auth/backchannel-logout`,
    });
  }, 60_000);
  afterAll(async () => {
    for (const bff of bffs) await bff.close();
    for (const store of stores) await store.close();
    await provider?.close();
  });

  const me = (b: OidcBrowser) =>
    b.request('GET', `${PUBLIC_ORIGIN}/api/me`, { headers: { 'x-csrf': '1' } });
  /** Signed in on the first instance; the same cookie on every instance. */
  async function signedIn(login: string): Promise<OidcBrowser[]> {
    const first = oidcBrowser(PUBLIC_ORIGIN, bffs[0]!.url);
    await first.signIn(login);
    const cookies = first.cookies.get(bffs[0]!.url)!;
    return bffs.map((bff, i) => {
      if (i === 0) return first;
      const other = oidcBrowser(PUBLIC_ORIGIN, bff.url);
      other.cookies.set(bff.url, new Map(cookies));
      return other;
    });
  }
  const logoutToken = (claims: JWTPayload, key: CryptoKey = providerKey) =>
    new SignJWT({
      iss: provider.issuer,
      aud: 'console',
      events: EVENT,
      jti: randomUUID(),
      ...claims,
    })
      .setProtectedHeader({ alg: 'RS256', kid: 'test-provider-key', typ: 'logout+jwt' })
      .setIssuedAt()
      .setExpirationTime('2m')
      .sign(key);
  const post = (bff: TestBff, body: string) =>
    bff.request('POST', '/auth/backchannel-logout', {
      csrf: false,
      body,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });

  it('a token naming the subject ends their sessions on every instance; others keep theirs', async () => {
    const carol = await signedIn('carol');
    const dan = await signedIn('dan');
    for (const b of [...carol, ...dan]) expect((await me(b)).status).toBe(200);
    const token = await logoutToken({ sub: 'carol' });
    const res = await post(bffs[0]!, `logout_token=${token}`);
    expect(res.status).toBe(200);
    for (const b of carol) expect((await me(b)).status).toBe(401);
    for (const b of dan) expect((await me(b)).status).toBe(200);
    // The same token again, at any instance: a replay.
    const again = await post(bffs.at(-1)!, `logout_token=${token}`);
    expect(again.status).toBe(400);
    expect(again.body).toMatchObject({ error: 'invalid_request' });
  });

  it('the provider’s own back-channel call (sid) ends the session on every instance', async () => {
    const dan = await signedIn('dan');
    const page = await dan[0]!.request('GET', `${provider.issuer}/session/end`);
    const action = /action="([^"]+)"/.exec(page.text)![1]!;
    const xsrf = /name="xsrf" value="([^"]+)"/.exec(page.text)![1]!;
    await dan[0]!.request('POST', new URL(action, provider.issuer).href, {
      body: new URLSearchParams({ xsrf, logout: 'yes' }).toString(),
    });
    for (const b of dan) expect((await me(b)).status).toBe(401);
  });

  it('refuses, 400 with an OAuth error, a token that is not the provider’s or not a logout', async () => {
    const carol = await signedIn('carol');
    const { privateKey: otherKey } = await generateKeyPair('RS256');
    const bad = [
      await logoutToken({ sub: 'carol' }, otherKey),
      await logoutToken({ sub: 'carol', events: {} }),
      await logoutToken({ sub: 'carol', nonce: 'n' }),
      await logoutToken({ sub: 'carol', aud: 'another-client' }),
      await logoutToken({ sub: 'carol', iss: 'https://evil.example' }),
      await logoutToken({}),
      'not-a-jwt',
    ];
    for (const token of bad) {
      const res = await post(bffs[0]!, `logout_token=${token}`);
      expect(res.status, token.slice(-12)).toBe(400);
      expect(res.body).toMatchObject({ error: 'invalid_request' });
    }
    expect((await post(bffs[0]!, 'nothing=here')).status).toBe(400);
    for (const b of carol) expect((await me(b)).status).toBe(200);
  });
});

describe('an expired ID token', () => {
  let provider: TestProvider;
  let bff: TestBff;
  beforeAll(async () => {
    provider = await startTestProvider(PEOPLE, { idTokenTtlSeconds: 60 });
    // The console's clock two minutes ahead of the provider's: the ID token is past its exp.
    bff = await startTestBff({
      env: OIDC_ENV(provider.issuer),
      deps: { clock: () => new Date(Date.now() + 120_000) },
    });
    provider.registerClient({
      clientId: 'console',
      clientSecret: 'console-secret-for-tests',
      redirectUri: `${PUBLIC_ORIGIN}/auth/callback`,
      postLogoutRedirectUri: `${PUBLIC_ORIGIN}/`,
    });
  }, 60_000);
  afterAll(async () => {
    await bff?.close();
    await provider?.close();
  });

  it('is refused: no session is made', async () => {
    const b = oidcBrowser(PUBLIC_ORIGIN, bff.url);
    const res = await b.signIn('carol');
    expect(res.status).toBe(400);
    expect(res.setCookies.some((c) => c.startsWith('__Host-aoc_session='))).toBe(false);
    expect(bff.logs.text()).toMatch(/OpenID Connect sign-in refused/);
  });
});
