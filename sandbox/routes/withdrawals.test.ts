import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ProblemSchema } from '#contract/problem';
import { TransferSchema } from '#contract/withdrawals';
import {
  EXPIRED_FEE_EXPIRED_AT,
  EXPIRED_FEE_ID,
  FAILING_ADDRESSES,
  FAILING_MEMO,
  REJECTED_AMOUNT,
  UNVERIFIED_IDENTITY_ID,
  VALID_FEE_ID,
} from '../seed/magic-values';
import { SAMPLE_ADDRESSES } from '../seed/sample-addresses';
import { SEED_IDS } from '../seed/seed';
import {
  TestClock,
  expectPublishedShape,
  startTestSandbox,
  type TestSandbox,
} from '../testing/test-support';

// POST /v2/transfer/crypto-withdrawals: validation, funds, Travel Rule, idempotency, settlement.

const PATH = '/v2/transfer/crypto-withdrawals';
const SETTLE_MS = 5000;
const profile = SEED_IDS.exampleProfile;

describe('POST /v2/transfer/crypto-withdrawals', () => {
  const clock = new TestClock();
  let t: TestSandbox;
  let token: string;
  let refSeq = 0;
  const ref = () => `test-ref-${++refSeq}`;

  beforeAll(async () => {
    t = await startTestSandbox({ now: clock.now, settleMs: SETTLE_MS });
    token = await t.token();
  });
  beforeEach(() => t.sandbox.reset());
  afterAll(() => t.close());

  const eth = (fields: Record<string, unknown> = {}) => ({
    profile_id: profile,
    destination_address: SAMPLE_ADDRESSES.evmA,
    crypto_network: 'ETHEREUM',
    asset: 'ETH',
    amount: '0.5',
    ref_id: ref(),
    ...fields,
  });

  async function create(body: Record<string, unknown>) {
    const res = await t.call('POST', PATH, { token, body });
    expect(res.status, res.text).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    return TransferSchema.parse(res.body);
  }

  async function refused(body: unknown, status: number) {
    const res = await t.call('POST', PATH, { token, body });
    expect(res.status, res.text).toBe(status);
    expect(res.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expectPublishedShape(res.body);
    return ProblemSchema.parse(res.body);
  }

  describe('success', () => {
    it('answers the full transfer record, PENDING', async () => {
      const body = eth({ metadata: { invoice: 'INV-1' } });
      const tr = await create(body);
      const now = clock.now().toISOString();
      expect(tr).toEqual({
        id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        customer_id: SEED_IDS.exampleCustomer,
        profile_id: profile,
        account_id: expect.any(String),
        ref_id: body.ref_id,
        amount: '0.5',
        total: '0.5004',
        fee: '0.0004',
        asset: 'ETH',
        balance_asset: 'ETH',
        direction: 'DEBIT',
        type: 'CRYPTO_WITHDRAWAL',
        status: 'PENDING',
        created_at: now,
        updated_at: now,
        destination_address: SAMPLE_ADDRESSES.evmA,
        crypto_network: 'ETHEREUM',
        metadata: { invoice: 'INV-1' },
        notional_value: '1500.00',
        auto_conversion: {},
      });
    });

    it('takes total instead of amount: amount = total - fee', async () => {
      const tr = await create(eth({ amount: undefined, total: '1.0004' }));
      expect(tr).toMatchObject({ amount: '1', total: '1.0004', fee: '0.0004' });
      const stellar = await create({
        profile_id: profile,
        destination_address: SAMPLE_ADDRESSES.stellarB,
        crypto_network: 'STELLAR',
        asset: 'XLM',
        total: '100',
        memo: '12345',
        ref_id: ref(),
      });
      expect(stellar).toMatchObject({ amount: '99.99999', total: '100', memo: '12345' });
    });

    it('writes request decimals the usual way, keeping their scale', async () => {
      expect(await create(eth({ amount: '.5' }))).toMatchObject({ amount: '0.5', total: '0.5004' });
      expect(await create(eth({ amount: '007.250' }))).toMatchObject({
        amount: '7.250',
        total: '7.2504',
      });
      expect(await create(eth({ amount: undefined, total: '01.00040' }))).toMatchObject({
        amount: '1',
        total: '1.00040',
      });
    });

    it('moves to COMPLETED with a crypto_tx_hash after settleMs, never before', async () => {
      const tr = await create(eth());
      const [evm] = t.sandbox.transfers({ ref_id: tr.ref_id! });
      expect(evm?.status).toBe('PENDING');
      clock.advance(SETTLE_MS - 1);
      expect(t.sandbox.transfers({ ref_id: tr.ref_id! })[0]?.status).toBe('PENDING');
      expect(t.sandbox.transfers({ ref_id: tr.ref_id! })[0]).not.toHaveProperty('crypto_tx_hash');
      clock.advance(1);
      const done = t.sandbox.transfers({ ref_id: tr.ref_id! })[0]!;
      expect(done.status).toBe('COMPLETED');
      expect(done.crypto_tx_hash).toMatch(/^0x[0-9a-f]{64}$/);
      expect(done.updated_at).toBe(clock.now().toISOString());
      expect(done.created_at).toBe(tr.created_at);

      const btc = await create({
        profile_id: profile,
        destination_address: SAMPLE_ADDRESSES.bitcoinSegwit,
        crypto_network: 'BITCOIN',
        asset: 'BTC',
        amount: '0.01',
        ref_id: ref(),
      });
      clock.advance(SETTLE_MS);
      const settled = t.sandbox.transfers({ ref_id: btc.ref_id! })[0]!;
      expect(settled.status).toBe('COMPLETED');
      expect(settled.crypto_tx_hash).toMatch(/^[0-9a-f]{64}$/);
    });

    it('moves to FAILED, without a hash, for the magic address and the magic memo', async () => {
      const failing = await create(
        eth({ destination_address: FAILING_ADDRESSES.ETHEREUM, amount: '0.1' }),
      );
      const lowerCase = await create(
        eth({ destination_address: FAILING_ADDRESSES.ETHEREUM.toLowerCase(), amount: '0.1' }),
      );
      const memo = await create(eth({ memo: FAILING_MEMO }));
      expect([failing.status, lowerCase.status, memo.status]).toEqual([
        'PENDING',
        'PENDING',
        'PENDING',
      ]);
      clock.advance(SETTLE_MS);
      for (const tr of [failing, lowerCase, memo]) {
        const now = t.sandbox.transfers({ ref_id: tr.ref_id! })[0]!;
        expect(now.status).toBe('FAILED');
        expect(now).not.toHaveProperty('crypto_tx_hash');
      }
    });
  });

  describe('problems exactly as the service sends them', () => {
    const TYPE = 'https://developer.paxos.com/docs/v2/problems/';

    it('400 below-min-withdraw-limit with meta.limit and meta.amount', async () => {
      const problem = await refused(eth({ amount: '0.0000001' }), 400);
      expect(problem).toMatchObject({
        type: `${TYPE}below-min-withdraw-limit`,
        title: 'Withdrawal Amount Too Small',
        status: 400,
        meta: { limit: '0.000001', amount: '0.0000001' },
      });
    });

    it('400 exceed-max-withdraw-limit with meta.limit and meta.amount', async () => {
      const problem = await refused(eth({ amount: '1000000.5' }), 400);
      expect(problem).toMatchObject({
        type: `${TYPE}exceed-max-withdraw-limit`,
        title: 'Withdrawal Amount Too Large',
        meta: { limit: '1000000', amount: '1000000.5' },
      });
    });

    it('400 exceed-precision for a 19th ETH decimal, naming the precision; 18 pass', async () => {
      const problem = await refused(eth({ amount: `0.${'1'.repeat(19)}` }), 400);
      expect(problem).toMatchObject({
        type: `${TYPE}exceed-precision`,
        title: 'Exceeds Maximum Precision Allowed',
        detail: 'ETH takes at most 18 decimal places; this amount has 19',
      });
      await create(eth({ amount: `0.${'1'.repeat(18)}` }));
    });

    it('403 identity-verification-required for the unverified identity', async () => {
      const problem = await refused(eth({ identity_id: UNVERIFIED_IDENTITY_ID }), 403);
      expect(problem).toMatchObject({
        type: `${TYPE}identity-verification-required`,
        title: 'Identity Verification Required',
        meta: {
          identity_id: UNVERIFIED_IDENTITY_ID,
          current_status: 'PENDING',
          ref_path: `/identity/identities/${UNVERIFIED_IDENTITY_ID}`,
        },
      });
    });

    it('400 about:blank Bad Request with only a detail for an invalid body', async () => {
      const problem = await refused(eth({ amount: '1e3' }), 400);
      expect(Object.keys(problem).sort()).toEqual(['detail', 'status', 'title', 'type']);
      expect(problem).toMatchObject({ type: 'about:blank', title: 'Bad Request' });
      expect(problem.detail).toContain('amount: ');
    });

    it('400 unsupported-address with meta.address and meta.reason', async () => {
      const problem = await refused(eth({ destination_address: 'bc1qnot-an-evm' }), 400);
      expect(problem).toMatchObject({
        type: `${TYPE}unsupported-address`,
        title: 'Unsupported Address',
        meta: { address: 'bc1qnot-an-evm', reason: 'INVALID_ADDRESS' },
      });
    });

    it('403 expired with only meta.expired_at; 404 about:blank Not Found', async () => {
      const expired = await refused(eth({ fee_id: EXPIRED_FEE_ID }), 403);
      expect(expired).toMatchObject({ type: `${TYPE}expired`, title: 'Expired' });
      expect(expired.meta).toEqual({ expired_at: EXPIRED_FEE_EXPIRED_AT });
      const missing = await refused(eth({ fee_id: 'no-such-quote' }), 404);
      expect(missing).toMatchObject({ type: 'about:blank', title: 'Not Found' });
    });

    it('409 already-exists carries the transfer with auto_conversion {}', async () => {
      const body = eth({ ref_id: `shape-${Date.now()}` });
      await create(body);
      const problem = await refused(body, 409);
      expect(problem).toMatchObject({ type: `${TYPE}already-exists`, title: 'Already Exists' });
      expect(problem.meta?.existing).toMatchObject({ auto_conversion: {} });
    });
  });

  describe('validation', () => {
    it.each([
      ['both amount and total', { total: '1' }, 'total'],
      ['neither amount nor total', { amount: undefined }, 'amount'],
      ['an amount in exponent notation', { amount: '1e3' }, 'amount'],
      ['a negative amount', { amount: '-1' }, 'amount'],
      ['a comma decimal', { amount: '0,5' }, 'amount'],
      ['a trailing point', { amount: '1.' }, 'amount'],
      ['a number instead of a string', { amount: 0.5 }, 'amount'],
      ['a zero amount', { amount: '0.000' }, 'amount'],
      ['no profile_id', { profile_id: undefined }, 'profile_id'],
      ['no destination_address', { destination_address: undefined }, 'destination_address'],
      ['an unknown network', { crypto_network: 'APTOS' }, 'crypto_network'],
      ['a lower-case asset', { asset: 'eth' }, 'asset'],
      ['a ref_id with spaces', { ref_id: 'a b' }, 'ref_id'],
      ['an unknown field', { priority: 'high' }, ''],
      [
        'seven metadata pairs',
        { metadata: Object.fromEntries([1, 2, 3, 4, 5, 6, 7].map((i) => [`k${i}`, 'v'])) },
        'metadata',
      ],
      ['a metadata value over 100 characters', { metadata: { k: 'x'.repeat(101) } }, 'metadata.k'],
      ['a metadata value that is not a string', { metadata: { k: 1 } }, 'metadata.k'],
      [
        'a beneficiary with unknown fields',
        { beneficiary: { self: true, name: 'x' } },
        'beneficiary',
      ],
      // `self` is not in the withdrawal beneficiary's published shape (issue 25, item 6).
      ['the undefined beneficiary { self: true }', { beneficiary: { self: true } }, 'beneficiary'],
    ])('400 for %s', async (_name, fields, path) => {
      const problem = await refused(eth(fields), 400);
      expect(problem.title).toBe('Bad Request');
      expect(problem.detail).toContain(`${path}: `);
      expect(t.sandbox.transfers()).toEqual([]);
    });

    it('accepts exactly six metadata pairs of 100 characters and the deprecated beneficiary', async () => {
      const metadata = Object.fromEntries(
        [1, 2, 3, 4, 5, 6].map((i) => [`${i}`.padEnd(100, 'k'), 'v'.repeat(100)]),
      );
      // The deprecated beneficiary in its published shape (issue 25, item 6), names as typed.
      const beneficiary = { person_details: { first_name: 'José', last_name: 'Müller' } };
      const tr = await create(eth({ metadata, beneficiary }));
      expect(tr.metadata).toEqual(metadata);
    });

    it('400 Unsupported Address for an address that does not fit the network', async () => {
      const problem = await refused(
        eth({ destination_address: SAMPLE_ADDRESSES.bitcoinSegwit }),
        400,
      );
      expect(problem.title).toBe('Unsupported Address');
      expect(problem.detail).toContain(`${'destination_address'}: `);
    });

    it('400 Unsupported Address for an asset that does not travel on the network', async () => {
      const problem = await refused(eth({ asset: 'BTC', amount: '0.01' }), 400);
      expect(problem.title).toBe('Unsupported Address');
      expect(problem.detail).toMatch(/BTC cannot be sent on/);
      const unknown = await refused(eth({ asset: 'SHIB' }), 400);
      expect(unknown.detail).toMatch(/SHIB cannot be withdrawn/);
    });

    it('400 when the total does not cover the fee', async () => {
      const problem = await refused(eth({ amount: undefined, total: '0.0004' }), 400);
      expect(problem).toMatchObject({ type: 'about:blank', title: 'Bad Request' });
      expect(problem.detail).toBe('The total does not cover the network fee of 0.0004 ETH');
    });

    it('404 for an unknown profile', async () => {
      const problem = await refused(eth({ profile_id: 'no-such-profile' }), 404);
      expect(problem.title).toBe('Not Found');
    });

    it('wants a JSON body', async () => {
      const res = await t.call('POST', PATH, {
        token,
        body: 'amount=1',
        headers: { 'content-type': 'text/plain' },
      });
      expect(res.status).toBe(415);
    });
  });

  describe('Insufficient Funds', () => {
    it('403 with meta profile_id, asset, available and needed (decimal strings)', async () => {
      const problem = await refused(
        {
          profile_id: SEED_IDS.smallProfile,
          destination_address: SAMPLE_ADDRESSES.bitcoinSegwitB,
          crypto_network: 'BITCOIN',
          asset: 'BTC',
          amount: '0.001',
          ref_id: ref(),
        },
        403,
      );
      expect(problem.title).toBe('Insufficient Funds');
      expect(problem.meta).toEqual({
        profile_id: SEED_IDS.smallProfile,
        asset: 'BTC',
        available: '0.0005',
        needed: '0.00102',
      });
    });

    it('counts pending withdrawals against the balance, and gives a failed one back', async () => {
      const small = (fields: Record<string, unknown>) => ({
        profile_id: SEED_IDS.smallProfile,
        crypto_network: 'ETHEREUM',
        asset: 'ETH',
        amount: '0.006',
        destination_address: SAMPLE_ADDRESSES.evmC,
        ref_id: ref(),
        ...fields,
      });
      // 0.01 ETH: 0.0064 to an address that will fail, leaving 0.0036.
      await create(small({ destination_address: FAILING_ADDRESSES.ETHEREUM }));
      const problem = await refused(small({}), 403);
      expect(problem.meta).toMatchObject({ available: '0.0036', needed: '0.0064' });
      clock.advance(SETTLE_MS);
      await create(small({}));
      // Exactly the balance is enough: 0.0036 = 0.0032 + 0.0004.
      await create(small({ amount: '0.0032' }));
      const empty = await refused(small({ amount: '0.000001' }), 403);
      expect(empty.meta).toMatchObject({ available: '0' });
    });
  });

  describe('Travel Rule', () => {
    const usd = (amount: string, fields: Record<string, unknown> = {}) =>
      eth({ asset: 'USDC', amount, destination_address: SAMPLE_ADDRESSES.evmC, ...fields });

    it('403 at 3000 USD or more to an address that is not saved; 2999.99 passes', async () => {
      const problem = await refused(usd('3000'), 403);
      expect(problem.title).toBe('Travel Rule Information Required');
      expect(problem.type).toBe(
        'https://developer.paxos.com/docs/v2/problems/travel-rule-information-required',
      );
      expect(problem.meta).toEqual({
        crypto_network: 'ETHEREUM',
        address: SAMPLE_ADDRESSES.evmC,
      });
      await create(usd('2999.99'));
      // Priced assets: 1 ETH is 3000 USD, 0.9999 ETH is not.
      await refused(eth({ amount: '1', destination_address: SAMPLE_ADDRESSES.evmC }), 403);
      await create(eth({ amount: '0.9999', destination_address: SAMPLE_ADDRESSES.evmC }));
    });

    it('403 to a saved address without Travel Rule metadata', async () => {
      const problem = await refused(
        usd('5000', { crypto_network: 'BASE', destination_address: SAMPLE_ADDRESSES.evmB }),
        403,
      );
      expect(problem.title).toBe('Travel Rule Information Required');
      expect(problem.detail).toMatch(/no Travel Rule beneficiary/);
    });

    it('passes to a saved address with Travel Rule metadata', async () => {
      const tr = await create(usd('250000', { destination_address: SAMPLE_ADDRESSES.evmA }));
      expect(tr.notional_value).toBe('250000.00');
    });

    it('resolves the saved address by identity_id when one is given', async () => {
      const btc = (fields: Record<string, unknown>) =>
        eth({
          asset: 'BTC',
          crypto_network: 'BITCOIN',
          amount: '0.1',
          destination_address: SAMPLE_ADDRESSES.bitcoinSegwit,
          ...fields,
        });
      await create(btc({ identity_id: SEED_IDS.identityAlice }));
      await create(btc({}));
      const bob = await refused(btc({ identity_id: SEED_IDS.identityBob }), 403);
      expect(bob.title).toBe('Travel Rule Information Required');
    });

    it('passes on retry of the same withdrawal once the metadata is saved on the address', async () => {
      const body = usd('10000');
      await refused(body, 403);
      const saved = await t.call('PUT', '/v2/transfer/crypto-destination-address', {
        token,
        body: {
          crypto_network: 'ETHEREUM',
          address: SAMPLE_ADDRESSES.evmC,
          travelrule_metadata: {
            beneficiary: { institution_details: { name: 'Acme Ltd' } },
            custodian_type: 'VASP',
            vasp: { custom_vasp_name: 'Acme Custody', custom_vasp_website: 'acme.example' },
          },
        },
      });
      expect(saved.status).toBe(200);
      const tr = await create(body);
      expect(tr.ref_id).toBe(body.ref_id);
    });
  });

  describe('idempotency by ref_id', () => {
    it('409 Already Exists with meta.existing, whatever the body, and no second transfer', async () => {
      const body = eth();
      const first = await create(body);
      const again = await refused(body, 409);
      expect(again.title).toBe('Already Exists');
      expect(again.meta?.existing).toEqual(first);
      const changed = await refused({ ...body, amount: '2' }, 409);
      expect(changed.meta?.existing).toEqual(first);
      expect(t.sandbox.transfers({ ref_id: body.ref_id })).toHaveLength(1);
      expect(t.sandbox.stats().withdrawalsCreated).toBe(1);
    });

    it('meta.existing shows the record as it is now (COMPLETED after settling)', async () => {
      const body = eth();
      await create(body);
      clock.advance(SETTLE_MS);
      const again = await refused(body, 409);
      const existing = TransferSchema.parse(again.meta?.existing);
      expect(existing.status).toBe('COMPLETED');
      expect(existing.crypto_tx_hash).toBeTruthy();
    });

    it('does not reserve a ref_id for a refused withdrawal', async () => {
      const body = eth({ amount: '100000' });
      await refused(body, 403);
      await create({ ...body, amount: '0.1' });
    });

    it('creates a new transfer each time without a ref_id', async () => {
      await create(eth({ ref_id: undefined }));
      await create(eth({ ref_id: undefined }));
      expect(t.sandbox.transfers()).toHaveLength(2);
    });
  });

  describe('magic values', () => {
    it('403 Rejected for the held profile and the rejected amount', async () => {
      const held = await refused(eth({ profile_id: SEED_IDS.rejectedProfile }), 403);
      expect(held.title).toBe('Rejected');
      const amount = await refused(eth({ asset: 'USDC', amount: REJECTED_AMOUNT }), 403);
      expect(amount.title).toBe('Rejected');
    });

    it('fee_id: the valid quote passes, the expired one is 403 Expired, others 404', async () => {
      await create(eth({ fee_id: VALID_FEE_ID }));
      const expired = await refused(eth({ fee_id: EXPIRED_FEE_ID }), 403);
      expect(expired.title).toBe('Expired');
      expect(expired.meta).toMatchObject({ expired_at: EXPIRED_FEE_EXPIRED_AT });
      const unknown = await refused(eth({ fee_id: 'fee-quote-nope' }), 404);
      expect(unknown.title).toBe('Not Found');
    });
  });
});
