import { describe, expect, it } from 'vitest';
import { ProblemSchema } from '#contract/problem';
import { ALL_SCOPES, SCOPES } from '#contract/scopes';
import { SEED_IDS } from '#sandbox/index';
import { createRecordingStore } from '#bff-test/recording-store';
import { startTestBff } from '#bff-test/start-test-bff';

const HOUR = 3_600_000;
const list = `/api/statements?customer_id=${SEED_IDS.exampleCustomer}&limit=2`;

describe('tokens against the upstream', () => {
  it('drops a token the upstream answers 401 to, fetches one new token and retries once', async () => {
    let offset = 0;
    const bff = await startTestBff({
      sandbox: { now: () => new Date(Date.now() + offset) },
    });
    try {
      expect((await bff.request('GET', list)).status).toBe(200);
      // The upstream's clock moves past the token's expiry; the BFF still believes it valid.
      offset = 2 * HOUR;
      const res = await bff.request('GET', list);
      expect(res.status).toBe(200);
      const stats = bff.sandbox.stats();
      expect(stats.tokenRequests.issued).toBe(2);
      expect(stats.requests['GET /v2/statements']).toBe(3);
      // The new token is cached: the next read needs no token request.
      expect((await bff.request('GET', list)).status).toBe(200);
      expect(bff.sandbox.stats().tokenRequests.issued).toBe(2);
    } finally {
      await bff.close();
    }
  });

  it('retries only once: a second 401 is a 502 problem', async () => {
    let offset = 0;
    const bff = await startTestBff({
      // Each look at the clock jumps two hours: every token is expired when it is presented.
      sandbox: { now: () => new Date(Date.now() + (offset += 2 * HOUR)) },
    });
    try {
      const res = await bff.request('GET', list);
      expect(res.status).toBe(502);
      expect(ProblemSchema.parse(res.body).detail).toMatch(/rejected the console's access token/);
      const stats = bff.sandbox.stats();
      expect(stats.tokenRequests.issued).toBe(2);
      expect(stats.requests['GET /v2/statements']).toBe(2);
    } finally {
      await bff.close();
    }
  });

  it('answers invalid_client as a 503 "upstream credentials rejected" with an error log, never the secret', async () => {
    const secret = 'wrong-secret-7f3a9c1e55';
    const bff = await startTestBff({ clientSecret: secret });
    try {
      const res = await bff.request('GET', list);
      expect(res.status).toBe(503);
      expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
      const problem = ProblemSchema.parse(res.body);
      expect(problem.detail).toBe('upstream credentials rejected');
      expect(bff.sandbox.stats().requests['GET /v2/statements'] ?? 0).toBe(0);
      const errors = bff.logs.entries().filter((e) => e.level === 50);
      expect(errors.some((e) => String(e.msg).includes('invalid_client'))).toBe(true);
      const ready = await bff.request('GET', '/readyz');
      expect(ready.status).toBe(503);
      for (const text of [res.text, JSON.stringify(res.headers), ready.text, bff.logs.text()])
        expect(text).not.toContain(secret);
    } finally {
      await bff.close();
    }
  });

  it('asks each scope for its own token (least privilege)', async () => {
    const bff = await startTestBff({ deps: { store: createRecordingStore() } });
    try {
      await bff.request('GET', list);
      await bff.request('PUT', '/api/addresses', {
        body: { crypto_network: 'ETHEREUM', address: '0x8Cf798A5D316af599dDE1D8dbEF58A98F47a6Ddc' },
      });
      const byScope = bff.sandbox.stats().tokenRequests.byScope;
      expect(byScope).toEqual({
        [SCOPES.listStatements]: 1,
        [SCOPES.putCryptoDestinationAddress]: 1,
      });
      expect(ALL_SCOPES).toContain(SCOPES.createCryptoWithdrawal);
    } finally {
      await bff.close();
    }
  });

  it('answers a token endpoint that is down as a 503 problem, then recovers', async () => {
    const bff = await startTestBff();
    try {
      bff.sandbox.faults.set({ failTokenEndpoint: 1 });
      const res = await bff.request('GET', list);
      expect(res.status).toBe(503);
      expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect((await bff.request('GET', list)).status).toBe(200);
    } finally {
      await bff.close();
    }
  });
});
