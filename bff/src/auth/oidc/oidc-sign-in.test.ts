import { createHash } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MeResponseSchema } from '#contract/session';
import { startTestBff, type TestBff } from '#bff-test/start-test-bff';
import { OIDC_ENV, startTestProvider, type TestProvider } from '#bff-test/oidc-test-provider';
import { oidcBrowser, type OidcBrowser } from '#bff-test/oidc-browser';
import { openTestStore } from '#bff/store/testing/test-stores';
import type { OpenedStore } from '#bff/store/open-store';
import { SESSION_COOKIE } from './session-cookie';

// AUTH_MODE=oidc against a real provider (node-oidc-provider, in-process): sign-in, what the
// callback refuses, sessions' expiry on a clock the test moves, sign-out.

const PUBLIC_ORIGIN = 'https://ops.example.test';
const PEOPLE = {
  alice: { email: 'Alice@Corp.Test', name: 'Alice Example', groups: ['ops-treasury'] },
  bob: { email: 'bob@corp.test', name: 'Bob Example', groups: ['ops-approvers', 'other'] },
};

describe('AUTH_MODE=oidc sign-in (PGlite)', () => {
  let provider: TestProvider;
  let bff: TestBff;
  let store: OpenedStore;
  // The BFF's clock: real time moved on by what the test says has passed (`now += …`).
  let now = 0;
  const clock = () => new Date(Date.now() + now);
  const browser = (): OidcBrowser => oidcBrowser(PUBLIC_ORIGIN, bff.url);
  const me = (b: OidcBrowser) =>
    b.request('GET', `${PUBLIC_ORIGIN}/api/me`, { headers: { 'x-csrf': '1' } });
  const sessionRows = async () =>
    (await store.db.query<{ n: number }>('SELECT count(*)::int AS n FROM sessions'))[0]!.n;

  beforeAll(async () => {
    provider = await startTestProvider(PEOPLE);
    store = await openTestStore('pglite', 'oidc_sign_in');
    bff = await startTestBff({ env: OIDC_ENV(provider.issuer), deps: { store, clock } });
    provider.registerClient({
      clientId: 'console',
      clientSecret: 'console-secret-for-tests',
      redirectUri: `${PUBLIC_ORIGIN}/auth/callback`,
      postLogoutRedirectUri: `${PUBLIC_ORIGIN}/`,
      backchannelLogoutUri: `${bff.url}/auth/backchannel-logout`,
    });
  }, 60_000);
  beforeEach(() => {
    now = 0;
  });
  afterAll(async () => {
    await bff?.close();
    await store?.close();
    await provider?.close();
  });

  it('signs in through the provider: a __Host- cookie, the person and roles from groups, back where they were', async () => {
    const b = browser();
    const callback = await b.signIn('alice', '/withdrawals?asset=BTC');
    expect(callback.status).toBe(303);
    expect(callback.location).toBe(`${PUBLIC_ORIGIN}/withdrawals?asset=BTC`);
    const cookie = callback.setCookies.find((c) => c.startsWith(`${SESSION_COOKIE}=`))!;
    expect(cookie).toMatch(/; Path=\/; HttpOnly; Secure; SameSite=Lax; Max-Age=7200$/);
    const res = await me(b);
    expect(res.status).toBe(200);
    const body = MeResponseSchema.parse(JSON.parse(res.text));
    expect(body.operator).toEqual({
      subject: 'alice',
      name: 'Alice Example',
      email: 'Alice@Corp.Test',
    });
    expect(body.roles).toEqual(['viewer', 'withdrawal-initiator']);
    expect(body.auth_mode).toBe('oidc');
    // Only the id's hash is stored, and the id is in no log line.
    const id = b.cookies.get(bff.url)!.get(SESSION_COOKIE)!;
    const hashes = await store.db.query<{ id_hash: string }>('SELECT id_hash FROM sessions');
    expect(hashes.map((h) => h.id_hash)).toContain(createHash('sha256').update(id).digest('hex'));
    expect(hashes.map((h) => h.id_hash)).not.toContain(id);
    expect(bff.logs.text()).not.toContain(id);
  });

  it('gives a new session id at every sign-in and ends the one the browser held', async () => {
    const b = browser();
    await b.signIn('bob');
    const first = b.cookies.get(bff.url)!.get(SESSION_COOKIE)!;
    const stolen = oidcBrowser(PUBLIC_ORIGIN, bff.url);
    stolen.cookies.set(bff.url, new Map([[SESSION_COOKIE, first]]));
    expect((await me(stolen)).status).toBe(200);
    await b.signIn('bob');
    const second = b.cookies.get(bff.url)!.get(SESSION_COOKIE)!;
    expect(second).not.toBe(first);
    expect((await me(b)).status).toBe(200);
    expect((await me(stolen)).status).toBe(401);
  });

  it('answers 401 problem+json without a session, and for a forged, oversized or doubled cookie', async () => {
    const forged = 'A'.repeat(43);
    for (const cookie of [
      undefined,
      `${SESSION_COOKIE}=${forged}`,
      `${SESSION_COOKIE}=${'B'.repeat(5000)}`,
      `${SESSION_COOKIE}=../../etc`,
    ]) {
      const res = await bff.request('GET', '/api/me', cookie ? { headers: { cookie } } : {});
      expect(res.status).toBe(401);
      expect(res.headers['content-type']).toMatch(/application\/problem\+json/);
      expect(res.body).toMatchObject({ sign_in: '/auth/login' });
    }
    const b = browser();
    await b.signIn('alice');
    const real = b.cookies.get(bff.url)!.get(SESSION_COOKIE)!;
    const doubled = `${SESSION_COOKIE}=${real}; ${SESSION_COOKIE}=${forged}`;
    expect((await bff.request('GET', '/api/me', { headers: { cookie: doubled } })).status).toBe(
      401,
    );
  });

  it('lands on a path of the console only: return_to that leaves the origin goes to /', async () => {
    for (const returnTo of [
      '//evil.example/x',
      'https://evil.example/',
      '/\\evil.example',
      'javascript:alert(1)',
      '/auth/login?return_to=/x',
      `/${'a'.repeat(3000)}`,
    ]) {
      const callback = await browser().signIn('alice', returnTo);
      expect(callback.location, returnTo).toBe(`${PUBLIC_ORIGIN}/`);
    }
  });

  it.each([
    ['a wrong state', (url: URL) => url.searchParams.set('state', 'forged-state')],
    ['a wrong issuer', (url: URL) => url.searchParams.set('iss', 'https://evil.example')],
    ['no code', (url: URL) => url.searchParams.delete('code')],
  ])('refuses a callback with %s and makes no session', async (_name, tamper) => {
    const before = await sessionRows();
    const b = browser();
    const url = new URL(await b.signInUntilCallback('alice'));
    tamper(url);
    const res = await b.request('GET', url.href);
    expect(res.status).toBe(400);
    expect(res.setCookies.some((c) => c.startsWith(`${SESSION_COOKIE}=`))).toBe(false);
    expect(await sessionRows()).toBe(before);
  });

  it('says so when the provider itself refused the sign-in (error=access_denied)', async () => {
    const b = browser();
    const url = new URL(await b.signInUntilCallback('alice'));
    const refused = new URL(`${PUBLIC_ORIGIN}/auth/callback`);
    refused.searchParams.set('error', 'access_denied');
    refused.searchParams.set('state', url.searchParams.get('state')!);
    refused.searchParams.set('iss', url.searchParams.get('iss')!);
    const res = await b.request('GET', refused.href);
    expect(res.status).toBe(400);
    expect(JSON.parse(res.text)).toMatchObject({
      detail: expect.stringContaining('did not sign you in (access_denied)'),
      sign_in: '/auth/login',
    });
  });

  it('refuses an ID token for another nonce, and a callback used twice', async () => {
    const before = await sessionRows();
    const b = browser();
    const url = await b.signInUntilCallback('alice');
    // As if the provider answered another sign-in: the ID token's nonce is not this attempt's.
    await store.db.query(`UPDATE oidc_login_attempts SET nonce = 'another-sign-in'`);
    expect((await b.request('GET', url)).status).toBe(400);
    expect(await sessionRows()).toBe(before);

    const c = browser();
    const good = await c.signInUntilCallback('bob');
    const saved = new Map(c.cookies.get(bff.url));
    expect((await c.request('GET', good)).status).toBe(303);
    const after = await sessionRows();
    // The same callback again, with the sign-in cookie it had: the attempt is spent.
    c.cookies.set(bff.url, saved);
    expect((await c.request('GET', good)).status).toBe(400);
    expect(await sessionRows()).toBe(after);
  });

  it('ends a session idle for SESSION_IDLE_MINUTES, and any session after SESSION_MAX_HOURS', async () => {
    const b = browser();
    await b.signIn('alice');
    now += 20 * 60_000;
    expect((await me(b)).status).toBe(200);
    now += 20 * 60_000; // 40 min after sign-in, 20 after the last request: still on
    expect((await me(b)).status).toBe(200);
    now += 31 * 60_000;
    expect((await me(b)).status).toBe(401);

    const c = browser();
    await c.signIn('bob');
    for (let minutes = 0; minutes < 100; minutes += 25) {
      now += 25 * 60_000;
      expect((await me(c)).status, `${minutes + 25} min`).toBe(200);
    }
    now += 21 * 60_000; // 2 h 1 min after sign-in, though active 21 min ago
    expect((await me(c)).status).toBe(401);
    // The sweeper deletes what expired.
    expect(await store.sessions!.sweep(clock())).toBeGreaterThan(0);
    expect(await store.sessions!.find('x', clock())).toBeUndefined();
  });

  it('signs out: CSRF as every write, the session ended, the provider’s end-session next', async () => {
    const b = browser();
    await b.signIn('alice');
    const forbidden = await b.request('POST', `${PUBLIC_ORIGIN}/auth/logout`, {
      headers: { 'content-type': 'application/json', origin: PUBLIC_ORIGIN },
    });
    expect(forbidden.status).toBe(403);
    expect((await me(b)).status).toBe(200);
    const out = await b.request('POST', `${PUBLIC_ORIGIN}/auth/logout`, {
      headers: { 'content-type': 'application/json', origin: PUBLIC_ORIGIN, 'x-csrf': '1' },
      body: '{}',
    });
    expect(out.status).toBe(200);
    const to = new URL((JSON.parse(out.text) as { redirect_to: string }).redirect_to);
    expect(to.origin).toBe(provider.issuer);
    expect(to.searchParams.get('post_logout_redirect_uri')).toBe(`${PUBLIC_ORIGIN}/`);
    expect(to.searchParams.get('id_token_hint')).toMatch(/^ey/);
    expect((await me(b)).status).toBe(401);
  });

  it('is told by the provider (back-channel) when the person signs out there', async () => {
    const b = browser();
    await b.signIn('bob');
    expect((await me(b)).status).toBe(200);
    // Signing out at the provider itself: its confirmation form, then its back-channel call.
    const page = await b.request('GET', `${provider.issuer}/session/end`);
    const action = /action="([^"]+)"/.exec(page.text)![1]!;
    const xsrf = /name="xsrf" value="([^"]+)"/.exec(page.text)![1]!;
    const done = await b.request('POST', new URL(action, provider.issuer).href, {
      body: new URLSearchParams({ xsrf, logout: 'yes' }).toString(),
    });
    expect(done.status).toBeLessThan(400);
    expect((await me(b)).status).toBe(401);
  });
});
