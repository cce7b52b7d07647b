import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_SCOPES } from '#contract/scopes';
import { createSandbox, DEFAULT_CLIENT, type Sandbox } from '../app';
import { isLoopbackAddress } from '../http/loopback';
import { SAMPLE_ADDRESSES } from '../seed/sample-addresses';
import { SEED_IDS } from '../seed/seed';
import { accessToken } from '../auth/token-request';
import { startTestSandbox, type TestSandbox } from '../testing/test-support';

// /__sandbox/*: answered to loopback peers only; anyone else sees a 404 as if nothing were there.

describe('isLoopbackAddress', () => {
  it.each([
    ['127.0.0.1', true],
    ['127.255.0.9', true],
    ['::1', true],
    ['::ffff:127.0.0.1', true],
    ['10.0.0.5', false],
    ['192.168.1.20', false],
    ['::ffff:10.0.0.5', false],
    ['fe80::1', false],
    ['1270.0.0.1', false],
    [undefined, false],
  ])('%s → %s', (address, expected) => {
    expect(isLoopbackAddress(address)).toBe(expected);
  });
});

describe('control routes from loopback', () => {
  let t: TestSandbox;
  beforeAll(async () => {
    t = await startTestSandbox();
  });
  afterAll(() => t.close());

  it('list transfers (by ref_id), show stats and reset', async () => {
    const token = await t.token();
    const created = await t.call('POST', '/v2/transfer/crypto-withdrawals', {
      token,
      body: {
        profile_id: SEED_IDS.exampleProfile,
        destination_address: SAMPLE_ADDRESSES.evmA,
        crypto_network: 'ETHEREUM',
        asset: 'ETH',
        amount: '0.1',
        ref_id: 'control-1',
      },
    });
    expect(created.status).toBe(200);
    const one = await t.call('GET', '/__sandbox/transfers?ref_id=control-1');
    expect(one.status).toBe(200);
    expect(one.body).toEqual({ transfers: [created.body] });
    expect((await t.call('GET', '/__sandbox/transfers?ref_id=other')).body).toEqual({
      transfers: [],
    });
    const stats = await t.call('GET', '/__sandbox/stats');
    expect(stats.body).toMatchObject({ withdrawalsCreated: 1, tokenRequests: { issued: 1 } });
    expect((await t.call('POST', '/__sandbox/reset')).status).toBe(204);
    expect((await t.call('GET', '/__sandbox/transfers')).body).toEqual({ transfers: [] });
  });
});

describe('control routes from elsewhere', () => {
  let sandbox: Sandbox;
  let server: Server;
  let url: string;
  beforeAll(async () => {
    sandbox = createSandbox();
    // A real HTTP server whose peers all appear to come from another host (the socket's
    // address is what the sandbox trusts, so that is what is changed).
    server = createServer((req, res) => {
      Object.defineProperty(req.socket, 'remoteAddress', {
        value: '203.0.113.7',
        configurable: true,
      });
      void sandbox.app(req, res);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(
    () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  );

  it.each([
    ['GET', '/__sandbox/faults', undefined],
    ['POST', '/__sandbox/faults', '{"errorRate":1}'],
    ['DELETE', '/__sandbox/faults', undefined],
    ['GET', '/__sandbox/transfers?ref_id=x', undefined],
    ['GET', '/__sandbox/stats', undefined],
    ['POST', '/__sandbox/reset', undefined],
  ])('%s %s is a 404, even claiming loopback in X-Forwarded-For', async (method, path, body) => {
    const res = await fetch(url + path, {
      method,
      body,
      headers: {
        'content-type': 'application/json',
        'x-forwarded-for': '127.0.0.1',
        forwarded: 'for=127.0.0.1',
      },
    });
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(sandbox.faults.get()).toEqual({});
  });

  it('still serves the API itself to that peer', async () => {
    const token = await accessToken(url, DEFAULT_CLIENT, ALL_SCOPES);
    const res = await fetch(`${url}/v2/statements?customer_id=${SEED_IDS.exampleCustomer}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.status).toBe(200);
  });
});
