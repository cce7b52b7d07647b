import { afterAll, describe, expect, it } from 'vitest';
import { SAMPLE_ADDRESSES, SEED_IDS } from '#sandbox/index';
import { companionBffsForSuite } from '#bff-test/test-bff-for-suite';
import { openStoreLazily } from '#bff/store/lazy-store';
import { pgliteTemplate } from '#bff/store/testing/pglite-template';

const quoteBody = {
  asset: 'ETH',
  crypto_network: 'ETHEREUM',
  destination_address: SAMPLE_ADDRESSES.evmA,
  amount: '0.25',
};

describe('POST /api/fee-quotes', () => {
  const store = openStoreLazily({ initialCluster: pgliteTemplate() });
  // Registered first so that it runs last, after both BFFs have closed (after-hooks run as a stack).
  afterAll(() => store.close());
  const { on, off } = companionBffsForSuite(() => ({
    env: { WRITE_RATE_LIMIT_PER_MINUTE: '100000', LOG_LEVEL: 'warn' },
    deps: { store },
  }));

  it('answers the upstream quote; the withdrawal with its fee_id is charged that fee', async () => {
    const res = await on.request('POST', '/api/fee-quotes', { body: quoteBody });
    expect(res.status).toBe(200);
    const quote = res.body as { id: string; fee: string; amount: string; expires_at: string };
    expect(quote).toMatchObject({ fee: '0.0004', amount: '0.25', asset: 'ETH' });
    expect(typeof quote.fee).toBe('string');
    const created = await on.request('POST', '/api/withdrawals', {
      body: {
        profile_id: SEED_IDS.exampleProfile,
        ...quoteBody,
        fee_id: quote.id,
        ref_id: `fee-${Date.now()}`,
      },
    });
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({ fee: quote.fee, total: '0.2504' });
  });

  const withdrawalsSent = () =>
    on.sandbox.stats().requests['POST /v2/transfer/crypto-withdrawals'] ?? 0;
  const problemPaths = (body: unknown) =>
    ((body as { errors?: Array<{ path: string }> }).errors ?? []).map((e) => e.path);

  // Issue 25, item 2: the service refuses total + fee_id (a guaranteed fee holds for an amount).
  it('refuses total with a fee_id with a 400 naming fee_id; nothing is forwarded', async () => {
    const before = withdrawalsSent();
    const { amount: _amount, ...noAmount } = quoteBody;
    const res = await on.request('POST', '/api/withdrawals', {
      body: {
        profile_id: SEED_IDS.exampleProfile,
        ...noAmount,
        total: '0.2504',
        fee_id: 'any-quote',
        ref_id: `fee-total-${Date.now()}`,
      },
    });
    expect(res.status).toBe(400);
    expect(problemPaths(res.body)).toEqual(['fee_id']);
    expect(JSON.stringify(res.body)).toContain('not a total');
    expect(withdrawalsSent()).toBe(before);
  });

  // Issue 25, items 2 and 3: a quote this BFF handed out is compared with the withdrawal that
  // names it before anything is sent, as a transfer is compared with its request.
  it.each([
    [
      'a BTC withdrawal',
      {
        asset: 'BTC',
        crypto_network: 'BITCOIN',
        destination_address: SAMPLE_ADDRESSES.bitcoinSegwit,
        amount: '0.25',
      },
      ['asset', 'crypto_network', 'destination_address'],
    ],
    [
      'another destination',
      { destination_address: SAMPLE_ADDRESSES.evmB },
      ['destination_address'],
    ],
    ['a larger amount', { amount: '0.2500001' }, ['amount']],
  ])(
    'refuses an ETH quote used on %s with a 400; nothing is forwarded',
    async (_n, change, paths) => {
      const quote = (await on.request('POST', '/api/fee-quotes', { body: quoteBody })).body as {
        id: string;
      };
      const before = withdrawalsSent();
      const res = await on.request('POST', '/api/withdrawals', {
        body: {
          profile_id: SEED_IDS.exampleProfile,
          ...quoteBody,
          ...change,
          fee_id: quote.id,
          ref_id: `fee-other-${Date.now()}-${Math.random().toString(36).slice(2)}`,
        },
      });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ detail: expect.stringContaining('fee quote') });
      expect(problemPaths(res.body)).toEqual(paths);
      expect(withdrawalsSent()).toBe(before);
    },
  );

  it('refuses an invalid body with a 400 problem and forwards nothing', async () => {
    const before = on.sandbox.stats().requests['POST /v2/transfer/fees/crypto-withdrawal'] ?? 0;
    const res = await on.request('POST', '/api/fee-quotes', {
      body: { ...quoteBody, amount: '1e3' },
    });
    expect(res.status).toBe(400);
    const wrongAddress = await on.request('POST', '/api/fee-quotes', {
      body: { ...quoteBody, destination_address: 'not-an-address' },
    });
    expect(wrongAddress.status).toBe(400);
    expect(on.sandbox.stats().requests['POST /v2/transfer/fees/crypto-withdrawal'] ?? 0).toBe(
      before,
    );
  });

  it('without the fee scope: 403 Feature Unavailable, nothing sent upstream', async () => {
    const res = await off.request('POST', '/api/fee-quotes', { body: quoteBody });
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ title: 'Feature Unavailable' });
    expect((res.body as { detail: string }).detail).toContain('fee:write_crypto_withdrawal_fee');
    expect(
      off.sandbox.stats().requests['POST /v2/transfer/fees/crypto-withdrawal'],
    ).toBeUndefined();
  });
});
