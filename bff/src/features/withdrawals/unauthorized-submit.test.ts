import { describe, expect, it } from 'vitest';
import { ProblemSchema } from '#contract/problem';
import { SEED_IDS } from '#sandbox/index';
import { createRecordingStore } from '#bff-test/recording-store';
import { startTestBff } from '#bff-test/start-test-bff';

// Issue 26 item 2: the SPA words a 401 on submit as "not sent". That is true only because the
// BFF's identity check answers it before the withdrawal route runs: nothing is written to the
// ledger (this store has none: touching it would be a 500) and nothing goes upstream.

describe('POST /api/withdrawals without a session', () => {
  it('is a 401 problem with nothing recorded and nothing sent upstream', async () => {
    const bff = await startTestBff({
      env: {
        AUTH_MODE: 'trusted-header',
        TRUSTED_PROXY_ADDRESSES: '127.0.0.1',
        ROLE_GROUPS: 'viewer=ops;withdrawal-initiator=ops',
        PUBLIC_ORIGIN: 'https://ops.example.com',
      },
      deps: { store: createRecordingStore() },
    });
    try {
      const res = await bff.request('POST', '/api/withdrawals', {
        body: {
          ref_id: 'unauthorized-1',
          profile_id: SEED_IDS.exampleProfile,
          asset: 'ETH',
          crypto_network: 'ETHEREUM',
          destination_address: '0x8Cf798A5D316af599dDE1D8dbEF58A98F47a6Ddc',
          amount: '0.01',
        },
      });
      expect(res.status).toBe(401);
      const problem = ProblemSchema.parse(res.body);
      expect(problem.status).toBe(401);
      // Not the upstream's 401 (that one is an unknown outcome, with the ref_id).
      expect(problem.outcome).toBeUndefined();
      expect(bff.sandbox.stats().requests).toEqual({});
    } finally {
      await bff.close();
    }
  });
});
