import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_SCOPES, SCOPES } from '#contract/scopes';
import { TokenResponseSchema } from '#contract/oauth';
import { startTestSandbox, type TestSandbox } from '../testing/test-support';

// POST /oauth2/token: RFC 6749 4.4 with client_secret_basic and client_secret_post, 5.2 errors.

const basic = (id: string, secret: string) =>
  `Basic ${Buffer.from(`${encodeURIComponent(id)}:${encodeURIComponent(secret)}`).toString('base64')}`;

describe('POST /oauth2/token', () => {
  let t: TestSandbox;
  beforeAll(async () => {
    t = await startTestSandbox({
      tokenTtlSeconds: 900,
      clients: [
        { client_id: 'console-local', client_secret: 'console-local-secret', scopes: ALL_SCOPES },
        { client_id: 'reader', client_secret: 'reader:secret&%', scopes: [SCOPES.listStatements] },
      ],
    });
  });
  afterAll(() => t.close());

  const post = (form: Record<string, string>, headers: Record<string, string> = {}) =>
    fetch(`${t.url}/oauth2/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
      body: new URLSearchParams(form).toString(),
    });

  it('issues a token with client_secret_post', async () => {
    const res = await post({
      grant_type: 'client_credentials',
      client_id: 'console-local',
      client_secret: 'console-local-secret',
      scope: SCOPES.listStatements,
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const body = TokenResponseSchema.parse(await res.json());
    expect(body.token_type).toBe('Bearer');
    expect(body.scope).toBe(SCOPES.listStatements);
    expect(body.expires_in).toBe(900);
    expect(body.access_token.length).toBeGreaterThanOrEqual(32);
  });

  it('issues a token with client_secret_basic (form-urlencoded id and secret)', async () => {
    const res = await post(
      { grant_type: 'client_credentials', scope: SCOPES.listStatements },
      { authorization: basic('reader', 'reader:secret&%') },
    );
    expect(res.status).toBe(200);
    const body = TokenResponseSchema.parse(await res.json());
    expect(body.scope).toBe(SCOPES.listStatements);
  });

  it('grants every allowed scope when none is asked for, and only the asked ones otherwise', async () => {
    const all = TokenResponseSchema.parse(
      await (
        await post({
          grant_type: 'client_credentials',
          client_id: 'console-local',
          client_secret: 'console-local-secret',
        })
      ).json(),
    );
    expect(all.scope?.split(' ').sort()).toEqual([...ALL_SCOPES].sort());
    const two = TokenResponseSchema.parse(
      await (
        await post({
          grant_type: 'client_credentials',
          client_id: 'console-local',
          client_secret: 'console-local-secret',
          scope: `${SCOPES.createCryptoWithdrawal} ${SCOPES.putCryptoDestinationAddress}`,
        })
      ).json(),
    );
    expect(two.scope).toBe(
      `${SCOPES.createCryptoWithdrawal} ${SCOPES.putCryptoDestinationAddress}`,
    );
  });

  it('issues opaque, different tokens each time', async () => {
    const form = {
      grant_type: 'client_credentials',
      client_id: 'console-local',
      client_secret: 'console-local-secret',
    };
    const a = TokenResponseSchema.parse(await (await post(form)).json()).access_token;
    const b = TokenResponseSchema.parse(await (await post(form)).json()).access_token;
    expect(a).not.toBe(b);
    // Opaque: not a JWT, nothing about the client inside.
    expect(a.split('.')).toHaveLength(1);
    expect(Buffer.from(a, 'base64url').toString('latin1')).not.toContain('console-local');
  });

  it.each([
    ['a wrong secret (post)', { client_id: 'console-local', client_secret: 'nope' }, {}],
    [
      'an unknown client (post)',
      { client_id: 'someone', client_secret: 'console-local-secret' },
      {},
    ],
    ['no client authentication at all', {}, {}],
    ['a client id without secret', { client_id: 'console-local' }, {}],
    ['a wrong secret (basic)', {}, { authorization: basic('console-local', 'nope') }],
    ['a malformed Basic header', {}, { authorization: 'Basic !!!' }],
  ] as const)('answers invalid_client 401 for %s', async (_name, creds, headers) => {
    const res = await post({ grant_type: 'client_credentials', ...creds }, headers);
    expect(res.status).toBe(401);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(res.headers.get('www-authenticate')).toMatch(/^Basic realm=/);
    const body = (await res.json()) as { error: string; error_description?: string };
    expect(body.error).toBe('invalid_client');
    expect(JSON.stringify(body)).not.toContain('console-local-secret');
  });

  it('answers invalid_scope 400 for a scope the client may not have or that does not exist', async () => {
    for (const scope of [SCOPES.createCryptoWithdrawal, 'admin:everything']) {
      const res = await post(
        { grant_type: 'client_credentials', scope },
        { authorization: basic('reader', 'reader:secret&%') },
      );
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ error: 'invalid_scope' });
    }
  });

  it('answers unsupported_grant_type 400 for any grant but client_credentials', async () => {
    const res = await post({
      grant_type: 'password',
      client_id: 'console-local',
      client_secret: 'console-local-secret',
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: 'unsupported_grant_type' });
  });

  it('answers invalid_request 400 for a missing grant_type, a repeated parameter, two auth methods or a JSON body', async () => {
    const creds = { client_id: 'console-local', client_secret: 'console-local-secret' };
    const missing = await post(creds);
    expect(missing.status).toBe(400);
    expect(await missing.json()).toMatchObject({ error: 'invalid_request' });

    const repeated = await fetch(`${t.url}/oauth2/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'grant_type=client_credentials&client_id=console-local&client_secret=console-local-secret&scope=a&scope=b',
    });
    expect(repeated.status).toBe(400);
    expect(await repeated.json()).toMatchObject({ error: 'invalid_request' });

    const both = await post(
      { grant_type: 'client_credentials', ...creds },
      { authorization: basic('console-local', 'console-local-secret') },
    );
    expect(both.status).toBe(400);
    expect(await both.json()).toMatchObject({ error: 'invalid_request' });

    const json = await fetch(`${t.url}/oauth2/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ grant_type: 'client_credentials', ...creds }),
    });
    expect(json.status).toBe(400);
    expect(await json.json()).toMatchObject({ error: 'invalid_request' });
  });

  it('uses expires_in 3600 by default', async () => {
    const d = await startTestSandbox();
    try {
      const res = await fetch(`${d.url}/oauth2/token`, {
        method: 'POST',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          authorization: basic('console-local', 'console-local-secret'),
        },
        body: 'grant_type=client_credentials',
      });
      expect(TokenResponseSchema.parse(await res.json()).expires_in).toBe(3600);
    } finally {
      await d.close();
    }
  });

  it('counts token requests and issued tokens in the stats', async () => {
    const before = t.sandbox.stats().tokenRequests;
    await post({
      grant_type: 'client_credentials',
      client_id: 'console-local',
      client_secret: 'x',
    });
    await t.token([SCOPES.listStatements]);
    const after = t.sandbox.stats().tokenRequests;
    expect(after.total - before.total).toBe(2);
    expect(after.issued - before.issued).toBe(1);
  });
});
