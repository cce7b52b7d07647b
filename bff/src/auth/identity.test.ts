import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, exportSPKI, generateKeyPair, SignJWT, type CryptoKey, type JWK } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { samePerson } from '#contract/identity';
import { ProblemSchema } from '#contract/problem';
import { MeResponseSchema } from '#contract/session';
import { SEED_IDS } from '#sandbox/index';
import type { Request, Response } from 'express';
import { createRecordingStore } from '#bff-test/recording-store';
import { HttpProblem } from '../http/http-problem';
import { createLogger } from '../logger';
import { claimAt, createIdentityMiddleware } from './identity';
import { startTestBff, type TestBff, type TestResponse } from '#bff-test/start-test-bff';
import { testBffForSuite, testBffsPerTest } from '#bff-test/test-bff-for-suite';

const ROLE_GROUPS = 'viewer=ops-viewers,ops-admins;address-editor=ops-admins';
const PUBLIC_ORIGIN = 'https://ops.example.com';
const validAddress = {
  crypto_network: 'ETHEREUM',
  address: '0x8Cf798A5D316af599dDE1D8dbEF58A98F47a6Ddc',
};
const statements = `/api/statements?customer_id=${SEED_IDS.exampleCustomer}&limit=1`;

function expectUnauthorizedProblem(res: TestResponse): void {
  expect(res.status).toBe(401);
  expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
  expect(res.headers.location).toBeUndefined();
  expect(ProblemSchema.parse(res.body).status).toBe(401);
}

describe('AUTH_MODE=dev', () => {
  const bff = testBffForSuite(() => ({ deps: { store: createRecordingStore() } }));

  it('X-Dev-Roles narrows the dev operator to the intersection', async () => {
    const res = await bff.request('GET', '/api/me', { headers: { 'x-dev-roles': 'viewer' } });
    expect(MeResponseSchema.parse(res.body).roles).toEqual(['viewer']);
    const refused = await bff.request('PUT', '/api/addresses', {
      headers: { 'x-dev-roles': 'viewer' },
      body: { crypto_network: 'ETHEREUM', address: '0x8Cf798A5D316af599dDE1D8dbEF58A98F47a6Ddc' },
    });
    expect(refused.status).toBe(403);
    expect(ProblemSchema.parse(refused.body).detail).toMatch(/address-editor/);
  });

  it('X-Dev-Roles never widens: unknown role names are dropped', async () => {
    const res = await bff.request('GET', '/api/me', {
      headers: { 'x-dev-roles': 'viewer, superuser ,admin' },
    });
    expect(MeResponseSchema.parse(res.body).roles).toEqual(['viewer']);
    const none = await bff.request('GET', statements, { headers: { 'x-dev-roles': 'nothing' } });
    expect(none.status).toBe(403);
  });

  it('serves loopback Host values only: a DNS-rebinding Host and its matching Origin are refused', async () => {
    bff.sandbox.reset();
    const port = new URL(bff.url).port;
    for (const host of [`localhost:${port}`, `127.0.0.1:${port}`, `[::1]:${port}`, 'localhost']) {
      const res = await bff.request('GET', '/api/me', { headers: { host } });
      expect(res.status, host).toBe(200);
    }
    for (const host of [
      `attacker.example:${port}`,
      'attacker.example',
      `localhost.attacker.example:${port}`,
      `127.0.0.1.nip.io:${port}`,
      `0.0.0.0:${port}`,
      `localhost:${port}@attacker.example`,
    ]) {
      const res = await bff.request('GET', '/api/me', { headers: { host } });
      expect(res.status, host).toBe(421);
      expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    }
    // The attack that created a withdrawal: Host and Origin both name the rebound domain.
    const rebound = await bff.request('PUT', '/api/addresses', {
      headers: { host: `attacker.example:${port}`, origin: `http://attacker.example:${port}` },
      body: validAddress,
    });
    expect(rebound.status).toBe(421);
    expect(ProblemSchema.parse(rebound.body).detail).toMatch(/loopback Host/);
    expect(bff.sandbox.stats().requests).toEqual({});
  });

  it('refuses requests relayed by a proxy (Forwarded, X-Forwarded-For, Via)', async () => {
    bff.sandbox.reset();
    for (const [name, value] of [
      ['forwarded', 'for=203.0.113.9'],
      ['x-forwarded-for', '203.0.113.9'],
      ['via', '1.1 proxy'],
    ] as const) {
      for (const path of ['/api/me', statements]) {
        const res = await bff.request('GET', path, { headers: { [name]: value } });
        expect(res.status, name).toBe(403);
        expect(ProblemSchema.parse(res.body).detail).toContain(name);
      }
      const write = await bff.request('PUT', '/api/addresses', {
        headers: { [name]: value },
        body: validAddress,
      });
      expect(write.status).toBe(403);
    }
    expect(bff.sandbox.stats().requests).toEqual({});
  });
});

describe('AUTH_MODE=trusted-header', () => {
  const identity = {
    'x-forwarded-user': 'alice',
    'x-forwarded-email': 'alice@example.com',
    'x-forwarded-groups': 'ops-admins',
  };
  const env = {
    AUTH_MODE: 'trusted-header',
    TRUSTED_PROXY_ADDRESSES: '127.0.0.1',
    ROLE_GROUPS,
    PUBLIC_ORIGIN,
  };
  // Each test starts its own BFF (closed after it): some send from another proxy address.
  const start = testBffsPerTest(() => ({ env }));

  it('refuses identity headers from an address that is not a trusted proxy', async () => {
    const bff = await start({ env: { ...env, TRUSTED_PROXY_ADDRESSES: '10.20.30.40' } });
    const res = await bff.request('GET', '/api/me', { headers: identity });
    expectUnauthorizedProblem(res);
    expect(bff.sandbox.stats().tokenRequests.total).toBe(0);
    const spoofed = await bff.request('GET', statements, {
      headers: { ...identity, 'x-forwarded-for': '10.20.30.40' },
    });
    expectUnauthorizedProblem(spoofed);
    expect(bff.sandbox.stats().requests['GET /v2/statements'] ?? 0).toBe(0);
  });

  it('accepts them from the proxy, maps groups to roles, ignores X-Dev-Roles', async () => {
    const bff = await start();
    const res = await bff.request('GET', '/api/me', {
      headers: { ...identity, 'x-dev-roles': 'viewer' },
    });
    expect(res.status).toBe(200);
    const me = MeResponseSchema.parse(res.body);
    expect(me.operator).toMatchObject({ subject: 'alice', email: 'alice@example.com' });
    expect(me.roles).toEqual(['viewer', 'address-editor']);

    const viewerOnly = await bff.request('GET', '/api/me', {
      headers: { ...identity, 'x-forwarded-groups': 'ops-viewers' },
    });
    expect(MeResponseSchema.parse(viewerOnly.body).roles).toEqual(['viewer']);

    // No identity at all from the proxy: 401 as JSON, never a redirect.
    expectUnauthorizedProblem(await bff.request('GET', '/api/me'));
    // A signed-in operator without the group: 403 on the route.
    const noRole = await bff.request('GET', statements, {
      headers: { ...identity, 'x-forwarded-groups': 'marketing' },
    });
    expect(noRole.status).toBe(403);
  });

  it('reads identity headers as UTF-8 where their bytes are UTF-8, else as Latin-1 (issue 37)', async () => {
    const bff = await start({ deps: { store: createRecordingStore() } });
    // What goes on the wire: each character of the string is one byte (Latin-1).
    const bytesOf = (text: string, encoding: 'utf8' | 'latin1') =>
      Buffer.from(text, encoding).toString('latin1');
    const res = await bff.request('GET', '/api/me', {
      headers: {
        ...identity,
        'x-forwarded-user': bytesOf('ａｌｉｃｅ', 'utf8'),
        'x-forwarded-email': bytesOf('alice@example.com', 'utf8'),
        'x-forwarded-preferred-username': bytesOf('José', 'utf8'),
      },
    });
    expect(res.status, res.text).toBe(200);
    const me = MeResponseSchema.parse(res.body);
    expect(me.operator).toMatchObject({ subject: 'ａｌｉｃｅ', name: 'José' });
    // The proxy's full-width user id is the same person as the plain one.
    expect(samePerson(me.operator, { subject: 'alice' })).toBe(true);
    // Bytes that are not UTF-8 (a Latin-1 é alone) are read as before.
    const latin1 = await bff.request('GET', '/api/me', {
      headers: { ...identity, 'x-forwarded-preferred-username': bytesOf('José', 'latin1') },
    });
    expect(MeResponseSchema.parse(latin1.body).operator.name).toBe('José');
  });

  it('refuses a repeated identity header (401) instead of merging two identities or group lists', async () => {
    const bff = await start({ deps: { store: createRecordingStore() } });
    // Accepted once first: the remembered operator (operator-memo.ts) never skips the check.
    expect((await bff.request('GET', '/api/me', { headers: identity })).status).toBe(200);
    bff.sandbox.reset();
    for (const repeated of [
      { 'x-forwarded-groups': ['ops-viewers', 'ops-admins'] },
      { 'x-forwarded-user': ['alice', 'mallory'] },
      { 'x-forwarded-email': ['alice@example.com', 'mallory@example.com'] },
      { 'x-forwarded-preferred-username': ['Alice', 'Mallory'] },
    ] as Array<Record<string, string[]>>) {
      const res = await bff.request('GET', '/api/me', { headers: { ...identity, ...repeated } });
      expectUnauthorizedProblem(res);
      expect(ProblemSchema.parse(res.body).detail).toContain(Object.keys(repeated)[0]);
    }
    // The same name in two spellings of its letters is the same header, sent twice.
    const twoSpellings = await bff.request('GET', '/api/me', {
      headers: { ...identity, 'X-Forwarded-User': 'mallory' },
    });
    expectUnauthorizedProblem(twoSpellings);
    expect(bff.sandbox.stats().requests).toEqual({});
  });

  it.each([
    ['x-forwarded-user', 'ali\u0000ce'],
    ['x-forwarded-email', 'alice\uD800@example.com'],
    ['x-forwarded-preferred-username', 'Alice\u0000'],
    ['x-forwarded-groups', 'ops-viewers,ops-\uDC00admins'],
  ])('refuses %s holding text that cannot be stored (401)', (header, value) => {
    // Node's HTTP parser refuses NUL in a header before the app sees it: the middleware is called
    // directly, as with a parser that let one by.
    const handler = createIdentityMiddleware(
      {
        mode: 'trusted-header',
        proxyAddresses: ['127.0.0.1'],
        userHeader: 'x-forwarded-user',
        emailHeader: 'x-forwarded-email',
        groupsHeader: 'x-forwarded-groups',
        nameHeader: 'x-forwarded-preferred-username',
      },
      {
        viewer: ['ops-viewers'],
        'address-editor': [],
        'withdrawal-initiator': [],
        'withdrawal-approver': [],
        'address-approver': [],
        'passkey-admin': [],
      },
      createLogger('silent'),
    );
    const headers: Record<string, string> = { ...identity, [header]: value };
    const req = {
      socket: { remoteAddress: '127.0.0.1' },
      rawHeaders: Object.entries(headers).flat(),
    } as unknown as Request;
    let refusal: unknown;
    try {
      handler(req, { locals: {} } as Response, () => {});
    } catch (error) {
      refusal = error;
    }
    expect(refusal).toBeInstanceOf(HttpProblem);
    expect((refusal as HttpProblem).problem).toMatchObject({ status: 401 });
    expect((refusal as HttpProblem).problem.detail).toContain(header);
  });

  it('behind the proxy, a write is accepted from PUBLIC_ORIGIN only, never from an Origin matching the Host', async () => {
    const bff = await start({ deps: { store: createRecordingStore() } });
    const put = (headers: Record<string, string>) =>
      bff.request('PUT', '/api/addresses', {
        headers: { ...identity, ...headers },
        body: validAddress,
      });
    const rebound = await put({ host: 'attacker.example', origin: 'http://attacker.example' });
    expect(rebound.status).toBe(403);
    expect(ProblemSchema.parse(rebound.body).detail).toMatch(/another origin/);
    expect(bff.sandbox.stats().requests).toEqual({});
    expect((await put({ host: 'ops.example.com', origin: PUBLIC_ORIGIN })).status).toBe(200);
    // The proxy may forward its own upstream Host (nginx's default): the public Origin still counts.
    expect((await put({ host: '127.0.0.1:8080', origin: PUBLIC_ORIGIN })).status).toBe(200);
  });
});

describe('AUTH_MODE=jwt against a local JWKS', () => {
  const issuer = 'https://cloud.google.com/iap';
  const audience = '/projects/123/global/backendServices/456';
  let jwks: Server;
  let bff: TestBff;
  let es: { privateKey: CryptoKey; publicKey: CryptoKey };
  let rs: { privateKey: CryptoKey; publicKey: CryptoKey };
  let stranger: { privateKey: CryptoKey; publicKey: CryptoKey };

  beforeAll(async () => {
    es = await generateKeyPair('ES256');
    rs = await generateKeyPair('RS256');
    stranger = await generateKeyPair('ES256');
    const keys: JWK[] = [
      { ...(await exportJWK(es.publicKey)), kid: 'es-1', alg: 'ES256', use: 'sig' },
      // Published, but RS256 is not among JWT_ALGORITHMS: tokens signed with it are refused.
      { ...(await exportJWK(rs.publicKey)), kid: 'rs-1', alg: 'RS256', use: 'sig' },
    ];
    jwks = createServer((_req, res) => {
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ keys }));
    });
    await new Promise<void>((resolve) => jwks.listen(0, '127.0.0.1', resolve));
    const port = (jwks.address() as AddressInfo).port;
    bff = await startTestBff({
      env: {
        AUTH_MODE: 'jwt',
        JWT_HEADER: 'x-goog-iap-jwt-assertion',
        JWT_JWKS_URL: `http://127.0.0.1:${port}/jwks`,
        JWT_ISSUER: issuer,
        JWT_AUDIENCE: audience,
        JWT_ALGORITHMS: 'ES256',
        JWT_CLOCK_TOLERANCE_SECONDS: '30',
        ROLE_GROUPS,
        PUBLIC_ORIGIN,
      },
    });
  });
  afterAll(async () => {
    await bff.close();
    await new Promise<void>((resolve) => jwks.close(() => resolve()));
  });

  const now = () => Math.floor(Date.now() / 1000);

  async function sign(
    options: {
      key?: CryptoKey;
      alg?: string;
      kid?: string;
      iss?: string;
      aud?: string;
      exp?: number;
      nbf?: number;
      claims?: Record<string, unknown>;
      /** Replaces the string subject (any JSON value) when given. */
      sub?: unknown;
    } = {},
  ): Promise<string> {
    // The payload type says `sub` is a string; the tests also sign what a broken IdP might send.
    const jwt = new SignJWT({
      email: 'bob@example.com',
      groups: ['ops-viewers'],
      ...options.claims,
      sub: ('sub' in options ? options.sub : 'accounts.google.com:1234') as string,
    })
      .setProtectedHeader({ alg: options.alg ?? 'ES256', kid: options.kid ?? 'es-1' })
      .setIssuer(options.iss ?? issuer)
      .setAudience(options.aud ?? audience)
      .setIssuedAt(now() - 5)
      .setExpirationTime(options.exp ?? now() + 600);
    if (options.nbf !== undefined) jwt.setNotBefore(options.nbf);
    return jwt.sign(options.key ?? es.privateKey);
  }

  const me = (token: string) =>
    bff.request('GET', '/api/me', { headers: { 'x-goog-iap-jwt-assertion': token } });

  it('accepts a valid assertion and maps its groups claim to roles', async () => {
    const res = await me(await sign());
    expect(res.status).toBe(200);
    const body = MeResponseSchema.parse(res.body);
    expect(body.operator).toMatchObject({
      subject: 'accounts.google.com:1234',
      email: 'bob@example.com',
    });
    expect(body.roles).toEqual(['viewer']);
  });

  it('accepts an assertion expired by less than the clock tolerance', async () => {
    expect((await me(await sign({ exp: now() - 10 }))).status).toBe(200);
  });

  it.each([
    ['a wrong issuer', () => sign({ iss: 'https://evil.example' })],
    ['a wrong audience', () => sign({ aud: '/projects/999/global/backendServices/1' })],
    ['an expired assertion', () => sign({ exp: now() - 120 })],
    ['a not-yet-valid assertion', () => sign({ nbf: now() + 120 })],
    ['an algorithm not allowed', () => sign({ key: rs.privateKey, alg: 'RS256', kid: 'rs-1' })],
    ['a key not in the JWKS', () => sign({ key: stranger.privateKey, kid: 'es-1' })],
    [
      'an unsigned assertion',
      async () => {
        const [, payload] = (await sign()).split('.');
        const header = Buffer.from(JSON.stringify({ alg: 'none' })).toString('base64url');
        return `${header}.${payload}.`;
      },
    ],
    ['garbage', async () => 'not.a.jwt'],
    ['a numeric sub', () => sign({ sub: 12345 })],
    ['an object sub', () => sign({ sub: { id: 'x' } })],
    ['an empty sub', () => sign({ sub: '' })],
    ['a blank sub', () => sign({ sub: '   ' })],
    ['a sub of null', () => sign({ sub: null })],
    ['a sub with NUL', () => sign({ sub: 'accounts.google.com:12\u00004' })],
    ['a sub with a lone surrogate', () => sign({ sub: 'accounts.google.com:\uD800' })],
    ['a name with NUL', () => sign({ claims: { name: 'Bob\u0000' } })],
    ['an email with a lone surrogate', () => sign({ claims: { email: 'bob\uDC00@example.com' } })],
    ['a group with NUL', () => sign({ claims: { groups: ['ops-viewers', 'ops-\u0000admins'] } })],
  ])('refuses %s with a 401 problem', async (_name, make) => {
    expectUnauthorizedProblem(await me(await make()));
  });

  it('refuses a request without the assertion header', async () => {
    expectUnauthorizedProblem(await bff.request('GET', '/api/me'));
  });

  it('refuses the assertion header sent twice, even when both copies are valid', async () => {
    const token = await sign();
    expectUnauthorizedProblem(
      await bff.request('GET', '/api/me', {
        headers: { 'x-goog-iap-jwt-assertion': [token, token] },
      }),
    );
  });

  it('never records a non-string sub as the operator ("[object Object]", "12345")', async () => {
    bff.logs.lines.length = 0;
    await me(await sign({ sub: { id: 'x' } }));
    await me(await sign({ sub: 12345 }));
    expect(bff.logs.text()).not.toContain('[object Object]');
    expect(bff.logs.entries().some((e) => e.operator !== undefined)).toBe(false);
  });
});

describe('AUTH_MODE=jwt with AWS ALB keys (PEM per kid, signer ARN, no aud)', () => {
  const signer =
    'arn:aws:elasticloadbalancing:eu-west-1:123456789012:loadbalancer/app/ops/50dc6c495c0c9188';
  const issuer = 'https://idp.example.com';
  let keyServer: Server;
  let bff: TestBff;
  let keyPair: { privateKey: CryptoKey; publicKey: CryptoKey };
  let keyRequests = 0;

  beforeAll(async () => {
    keyPair = await generateKeyPair('ES256');
    const pem = await exportSPKI(keyPair.publicKey);
    keyServer = createServer((req, res) => {
      keyRequests += 1;
      if (req.url === '/keys/kid-1') res.end(pem);
      else {
        res.statusCode = 404;
        res.end();
      }
    });
    await new Promise<void>((resolve) => keyServer.listen(0, '127.0.0.1', resolve));
    const port = (keyServer.address() as AddressInfo).port;
    bff = await startTestBff({
      env: {
        AUTH_MODE: 'jwt',
        JWT_HEADER: 'x-amzn-oidc-data',
        JWT_JWKS_URL: `http://127.0.0.1:${port}/keys/{kid}`,
        JWT_ISSUER: issuer,
        JWT_SIGNER: signer,
        JWT_ALGORITHMS: 'ES256',
        ROLE_GROUPS,
        PUBLIC_ORIGIN,
      },
    });
  });
  afterAll(async () => {
    await bff.close();
    await new Promise<void>((resolve) => keyServer.close(() => resolve()));
  });

  /** ALB encodes with base64url and keeps the padding, which many JWT libraries refuse. */
  async function albToken(options: { signer?: string; kid?: string; pad?: boolean } = {}) {
    const enc = (value: object) => {
      const text = Buffer.from(JSON.stringify(value)).toString('base64url');
      return options.pad === false ? text : text.padEnd(Math.ceil(text.length / 4) * 4, '=');
    };
    const now = Math.floor(Date.now() / 1000);
    const input = `${enc({
      alg: 'ES256',
      kid: options.kid ?? 'kid-1',
      signer: options.signer ?? signer,
      iss: issuer,
      client: 'client-id',
      exp: now + 120,
    })}.${enc({ sub: 'user-42', email: 'carol@example.com', groups: 'ops-admins', exp: now + 120, iss: issuer })}`;
    const signature = await crypto.subtle.sign(
      { name: 'ECDSA', hash: 'SHA-256' },
      keyPair.privateKey,
      new TextEncoder().encode(input),
    );
    return `${input}.${Buffer.from(signature).toString('base64url')}`;
  }

  const me = (token: string) =>
    bff.request('GET', '/api/me', { headers: { 'x-amzn-oidc-data': token } });

  it('accepts an assertion from our load balancer, padded or not, fetching the key once', async () => {
    const padded = await me(await albToken());
    expect(padded.status).toBe(200);
    expect(MeResponseSchema.parse(padded.body)).toMatchObject({
      operator: { subject: 'user-42', email: 'carol@example.com' },
      roles: ['viewer', 'address-editor'],
    });
    expect((await me(await albToken({ pad: false }))).status).toBe(200);
    expect(keyRequests).toBe(1);
  });

  it('refuses another load balancer and an unknown key', async () => {
    expectUnauthorizedProblem(await me(await albToken({ signer: `${signer}-other` })));
    expectUnauthorizedProblem(await me(await albToken({ kid: 'kid-unknown' })));
    expectUnauthorizedProblem(await me(await albToken({ kid: 'kid-unknown' })));
    // The unknown key was asked for once, not once per request.
    expect(keyRequests).toBe(2);
  });
});

describe('claimAt', () => {
  it('reads top-level and nested claims', () => {
    expect(claimAt({ groups: ['a'] }, 'groups')).toEqual(['a']);
    expect(claimAt({ custom: { groups: ['b'] } }, 'custom.groups')).toEqual(['b']);
    expect(claimAt({ custom: {} }, 'custom.groups')).toBeUndefined();
    expect(claimAt({}, 'constructor.name')).toBeUndefined();
  });
});
