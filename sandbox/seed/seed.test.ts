import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCOPES } from '#contract/scopes';
import { ListStatementsResponseSchema, STATEMENT_STATUSES } from '#contract/statements';
import { createSeed, SEED_IDS } from './seed';
import { startTestSandbox, type TestSandbox } from '../testing/test-support';
import { NETWORK_FEES } from '../state/pricing';

// The deterministic seed: the public reference's ids work unchanged, every status is there.

describe('seed data', () => {
  let t: TestSandbox;
  let token: string;
  beforeAll(async () => {
    t = await startTestSandbox();
    token = await t.token();
  });
  afterAll(() => t.close());

  const statementsOf = async (customer: string) => {
    const res = await t.call('GET', `/v2/statements?customer_id=${customer}&limit=1000&order=ASC`, {
      token,
    });
    expect(res.status).toBe(200);
    return ListStatementsResponseSchema.parse(res.body).statements;
  };

  it('is the same on every generation (ids, amounts, dates)', () => {
    expect(JSON.stringify(createSeed())).toBe(JSON.stringify(createSeed()));
  });

  it('gives the reference customer cdcbff8e-… at least 24 monthly statements', async () => {
    const statements = await statementsOf('cdcbff8e-cf51-4536-ba6f-92ef6846e48a');
    expect(statements.length).toBeGreaterThanOrEqual(24);
    const months = new Set(statements.map((s) => s.period_start!.slice(0, 7)));
    expect(months.size).toBeGreaterThanOrEqual(24);
  });

  it.each([SEED_IDS.exampleCustomer, SEED_IDS.multiAssetCustomer, SEED_IDS.newCustomer])(
    'gives customer %s two years or more of statements in every status, paid and unpaid',
    async (customer) => {
      const statements = await statementsOf(customer);
      const months = new Set(statements.map((s) => s.period_start!.slice(0, 7)));
      expect(months.size).toBeGreaterThanOrEqual(24);
      expect(new Set(statements.map((s) => s.status))).toEqual(new Set(STATEMENT_STATUSES));
      for (const s of statements) {
        expect(s.customer_id).toBe(customer);
        if (s.status === 'STATEMENT_STATUS_PAID') {
          expect(s.paid_at).toBeTruthy();
          for (const b of s.statement_balances!) expect(b.amount_paid).toBe(b.total_amount_owed);
        } else {
          expect(s).not.toHaveProperty('paid_at');
        }
      }
    },
  );

  it('gives every statement its own ref_id per customer; a correction shares only its group', () => {
    const { statements } = createSeed();
    const refs = statements.map((s) => `${s.customer_id} ${s.ref_id}`);
    expect(new Set(refs).size).toBe(refs.length);
    const corrections = statements.filter((s) => s.version === 2);
    expect(corrections.length).toBeGreaterThan(0);
    for (const correction of corrections) {
      const group = statements.filter(
        (s) => s.statement_group_id === correction.statement_group_id,
      );
      expect(group.map((s) => s.version)).toEqual([1, 2]);
      expect(group[0]!.period_start).toBe(correction.period_start);
      expect(group[0]!.ref_id).not.toBe(correction.ref_id);
    }
  });

  it('has several assets across the seeded statements', async () => {
    const assets = new Set(
      (await statementsOf(SEED_IDS.multiAssetCustomer)).flatMap((s) =>
        s.statement_balances!.map((b) => b.asset),
      ),
    );
    expect(assets).toEqual(new Set(['USDG', 'PYUSD', 'USDC']));
  });

  it('has a large customer for paging (more than one page at the maximum limit)', async () => {
    const res = await t.call(
      'GET',
      `/v2/statements?customer_id=${SEED_IDS.largeCustomer}&limit=1000`,
      {
        token,
      },
    );
    expect(ListStatementsResponseSchema.parse(res.body).next_page_cursor).toBeTruthy();
  });

  it('gives the reference profile b7b77d82-… a balance in each of the thirteen assets', () => {
    const profile = createSeed().profiles.find(
      (p) => p.id === 'b7b77d82-e6a7-4ae9-9904-36231aedf985',
    );
    expect(Object.keys(profile!.balances).sort()).toEqual(
      [
        'BTC',
        'ETH',
        'LTC',
        'BCH',
        'SOL',
        'XLM',
        'AVAX',
        'BNB',
        'DOGE',
        'SUI',
        'USDG',
        'PYUSD',
        'USDC',
      ].sort(),
    );
    for (const amount of Object.values(profile!.balances)) expect(amount).toMatch(/^[0-9.]+$/);
  });

  it('lets the reference profile withdraw each of its thirteen assets over HTTP', async () => {
    const destinations: Record<string, [string, string]> = {
      BTC: ['BITCOIN', 'bc1qxhnhp4tkza99g4u5mzs8dpznz50hasretf832q'],
      ETH: ['ETHEREUM', '0x3A8e9b7c8d340626315788B48060469dFd080775'],
      LTC: ['LITECOIN', 'LWYF8a3jVZtTLzowWGaL7Xxoe7S3x2u5uL'],
      BCH: ['BITCOIN_CASH', 'bitcoincash:qpe7q0hytzztux5a0cpd4u5yahrnpw7szuwdk8r0v9'],
      SOL: ['SOLANA', '2G3DJsQcfn4AJ91dvp4RcDD8E8wCFNZwoxXB4u8VEQk3'],
      XLM: ['STELLAR', 'GB63EL64H3EVJTUGHBLMMFDREEUJYNA32D746YXTXB7FWYZIM6O6XU2L'],
      AVAX: ['AVALANCHE', '0x3A8e9b7c8d340626315788B48060469dFd080775'],
      BNB: ['BNB', '0x3A8e9b7c8d340626315788B48060469dFd080775'],
      DOGE: ['DOGECOIN', 'DFt9S2cw25TS2JBcGnBDZ4RYi96m8rfrmh'],
      SUI: ['SUI', '0x5426c50f9c771e8e9e7288c9b2d2ca7c7a6a455a9f6c47c5d482bfb99684471c'],
      USDG: ['SOLANA', '2G3DJsQcfn4AJ91dvp4RcDD8E8wCFNZwoxXB4u8VEQk3'],
      PYUSD: ['ETHEREUM', '0x3A8e9b7c8d340626315788B48060469dFd080775'],
      USDC: ['POLYGON_POS', '0x3A8e9b7c8d340626315788B48060469dFd080775'],
    };
    for (const [asset, [network, address]] of Object.entries(destinations)) {
      expect(NETWORK_FEES[network as keyof typeof NETWORK_FEES][asset]).toBeDefined();
      const res = await t.call('POST', '/v2/transfer/crypto-withdrawals', {
        token,
        body: {
          profile_id: SEED_IDS.exampleProfile,
          destination_address: address,
          crypto_network: network,
          asset,
          amount: '0.01',
        },
      });
      expect(res.status, `${asset}: ${res.text}`).toBe(200);
    }
  });

  it('has saved addresses with and without Travel Rule metadata', () => {
    const { addresses } = createSeed();
    expect(addresses.some((a) => a.travelrule_metadata)).toBe(true);
    expect(addresses.some((a) => !a.travelrule_metadata)).toBe(true);
    expect(addresses.some((a) => a.identity_id)).toBe(true);
  });

  it('comes back after reset()', async () => {
    const created = await t.call('POST', '/v2/transfer/crypto-withdrawals', {
      token,
      body: {
        profile_id: SEED_IDS.exampleProfile,
        destination_address: '0x3A8e9b7c8d340626315788B48060469dFd080775',
        crypto_network: 'ETHEREUM',
        asset: 'ETH',
        amount: '0.1',
        ref_id: 'seed-reset',
      },
    });
    expect(created.status, created.text).toBe(200);
    expect(t.sandbox.transfers({ ref_id: 'seed-reset' })).toHaveLength(1);
    t.sandbox.reset();
    expect(t.sandbox.transfers()).toEqual([]);
    // Tokens survive a reset.
    const res = await t.call('GET', `/v2/statements?customer_id=${SEED_IDS.exampleCustomer}`, {
      token: await t.token([SCOPES.listStatements]),
    });
    expect(res.status).toBe(200);
  });
});
