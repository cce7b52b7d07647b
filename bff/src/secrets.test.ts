import { describe, expect, it } from 'vitest';
import { ALL_SCOPES } from '#contract/scopes';
import { SAMPLE_ADDRESSES, SEED_IDS } from '#sandbox/index';
import { startTestBff, type TestResponse } from '#bff-test/start-test-bff';
import type { TokenProvider } from './upstream/token-provider';
import { withdrawalBody } from '#bff-test/withdrawal-body';

const HOUR = 3_600_000;

describe('tokens and secrets never leave the BFF', () => {
  it('no response, header or log line contains an access token or the client secret', async () => {
    const clientSecret = 'cs-9b1f4e7d2a6c8e0f3b5d7a9c1e3f5a7b';
    const seen = new Set<string>();
    let offset = 0;
    const bff = await startTestBff({
      // The real (embedded) store: the withdrawal below goes through the write-ahead ledger.
      env: { LOG_LEVEL: 'trace' },
      sandbox: {
        clients: [{ client_id: 'console-test', client_secret: clientSecret, scopes: ALL_SCOPES }],
        now: () => new Date(Date.now() + offset),
      },
      clientId: 'console-test',
      clientSecret,
      // Every token the BFF is given, including ones later dropped after a 401.
      wrapTokens: (real: TokenProvider): TokenProvider => ({
        ...real,
        getToken: async (scope) => {
          const token = await real.getToken(scope);
          seen.add(token);
          return token;
        },
        freshToken: (scope) => {
          const token = real.freshToken(scope);
          if (token !== undefined) seen.add(token);
          return token;
        },
      }),
    });
    const responses: TestResponse[] = [];
    const call = async (...args: Parameters<typeof bff.request>) => {
      const res = await bff.request(...args);
      responses.push(res);
      return res;
    };
    try {
      const list = `/api/statements?customer_id=${SEED_IDS.multiAssetCustomer}&limit=3`;
      expect((await call('GET', '/api/me')).status).toBe(200);
      expect((await call('GET', list)).status).toBe(200);
      expect(
        (await call('GET', `/api/statements/export.csv?customer_id=${SEED_IDS.exampleCustomer}`))
          .status,
      ).toBe(200);
      expect(
        (
          await call('PUT', '/api/addresses', {
            body: { crypto_network: 'SOLANA', address: SAMPLE_ADDRESSES.solanaB },
          })
        ).status,
      ).toBe(200);
      await call('PUT', '/api/addresses', { body: { crypto_network: 'NOPE' } });
      const withdrawal = withdrawalBody(`secrets-${Date.now()}`, { amount: '5.00' });
      expect((await call('POST', '/api/withdrawals', { body: withdrawal })).status).toBe(200);
      // The same again (replayed from the ledger) and a refused one (Insufficient Funds).
      expect((await call('POST', '/api/withdrawals', { body: withdrawal })).status).toBe(200);
      await call('POST', '/api/withdrawals', {
        body: { ...withdrawal, amount: '999999999', ref_id: `${withdrawal.ref_id}-big` },
      });
      await call('GET', '/api/statements?customer_id=');
      await call('GET', '/api/unknown');
      await call('GET', '/readyz');
      await call('GET', '/metrics');
      // A token the upstream no longer accepts: dropped, replaced, retried.
      offset = 2 * HOUR;
      expect((await call('GET', list)).status).toBe(200);
      // Upstream failures too.
      bff.sandbox.faults.set({ errorRate: 1, errorStatus: 503 });
      await call('GET', list);
      bff.sandbox.faults.set({ failTokenEndpoint: true });
      offset = 4 * HOUR;
      await call('GET', list);

      expect(seen.size).toBeGreaterThanOrEqual(3);
      const texts = [
        ...responses.map((r) => r.text),
        ...responses.map((r) => JSON.stringify(r.headers)),
        bff.logs.text(),
      ];
      expect(bff.logs.lines.length).toBeGreaterThan(10);
      for (const text of texts) {
        expect(text).not.toContain(clientSecret);
        for (const token of seen) expect(text).not.toContain(token);
      }
    } finally {
      await bff.close();
    }
  });
});
