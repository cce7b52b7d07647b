import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BatchFeeQuotes } from '#contract/batch-fee-quotes';
import type { WithdrawalBatch } from '#contract/withdrawal-batches';
import { SAMPLE_ADDRESSES, SEED_IDS } from '#sandbox/index';
import { ANA, BATCH_ENV, BATCH_POLICY } from '#bff-test/batch-harness';
import { replaceUpstreamBody } from '#bff-test/replace-upstream-body';
import { BASIC_CLIENT_CREDENTIALS } from '#bff-test/test-bff-for-suite';
import { startTestBff, type TestBff } from '#bff-test/start-test-bff';
import type { OpenedStore } from '#bff/store/open-store';
import { createLogger } from '#bff/logger';
import type { StoredBatchRow } from '#bff/store/withdrawal-batch-port';
import { openTestStore } from '#bff/store/testing/test-stores';
import type { UpstreamClient, UpstreamResponse } from '#bff/upstream/upstream-client';
import { quoteBatchFees } from './batch-fee-quotes';

// Issue 28 item 1: "the fee (quoted where available)" in a batch's review. One quote per row from
// the local upstream, each compared with its row before it is shown; information only (no quote id
// is handed out, no row carries a fee_id); without the fee quote scope, the fee is unavailable and
// the batch goes on as before.

const QUOTES = 'POST /v2/transfer/fees/crypto-withdrawal';
const P = SEED_IDS.exampleProfile;
let nonce = 0;

/** A file of five rows: two asking the same quote, a total, one answered oddly, one for another asset. */
function feeCsv(tag: string): string {
  return [
    'profile,asset,network,destination,amount,total,memo,metadata,ref_id',
    `${P},USDG,ETHEREUM,${SAMPLE_ADDRESSES.evmA},25,,,,${tag}-1`,
    `${P},USDG,ETHEREUM,${SAMPLE_ADDRESSES.evmA},25,,,,${tag}-2`,
    `${P},ETH,ETHEREUM,${SAMPLE_ADDRESSES.evmB},,0.2504,,,${tag}-3`,
    `${P},USDG,SOLANA,${SAMPLE_ADDRESSES.solanaA},10,,,,${tag}-4`,
    `${P},USDG,SOLANA,${SAMPLE_ADDRESSES.solanaB},10,,,,${tag}-5`,
    '',
  ].join('\r\n');
}

/**
 * The local upstream's quotes, two of them altered as the service might answer: for solanaA a fee
 * that is not a decimal (shown as is, not summed), for solanaB a quote for another asset (not shown).
 */
function oddQuotes(real: UpstreamClient): UpstreamClient {
  return {
    close: () => real.close(),
    async call(operation, options) {
      const response = await real.call(operation, options);
      const body = options?.body as { destination_address?: string } | undefined;
      if (operation !== 'createFeeQuote' || response.status !== 200) return response;
      const quote = JSON.parse(await response.body.text()) as Record<string, unknown>;
      if (body?.destination_address === SAMPLE_ADDRESSES.solanaA) quote.fee = 'about 0.01';
      if (body?.destination_address === SAMPLE_ADDRESSES.solanaB) quote.asset = 'PYUSD';
      return replaceUpstreamBody(response, JSON.stringify(quote));
    },
  };
}

// The quotes are not about where withdrawals may go: the allowlist is off (its own tests are in
// withdrawal-batches.test.ts), so the rows to addresses never saved are sent.
const FEE_ENV = {
  ...BATCH_ENV,
  APPROVAL_POLICY: JSON.stringify({ ...BATCH_POLICY, destinations: { allowlist: false } }),
};

describe('a batch review’s fee quotes', () => {
  let store: OpenedStore;
  let on: TestBff;
  let off: TestBff;
  beforeAll(async () => {
    store = await openTestStore('pglite', 'test_batch_fee_quotes');
    on = await startTestBff({ deps: { store }, env: FEE_ENV, wrapUpstream: oddQuotes });
    off = await startTestBff({
      deps: { store },
      env: FEE_ENV,
      ...BASIC_CLIENT_CREDENTIALS,
    });
  });
  afterAll(async () => {
    await on?.close();
    await off?.close();
    await store?.close();
  });

  const upload = async (bff: TestBff, csv: string) => {
    const res = await bff.request('POST', '/api/withdrawal-batches', {
      headers: { ...ANA, 'content-type': 'text/csv' },
      body: csv,
    });
    expect(res.status).toBe(201);
    return res.body as WithdrawalBatch;
  };
  const quote = (bff: TestBff, id: string) =>
    bff.request('POST', `/api/withdrawal-batches/${id}/fee-quotes`, { headers: ANA, body: {} });
  const asked = (bff: TestBff) => bff.sandbox.stats().requests[QUOTES] ?? 0;

  it('quotes each row, compared with its row, with a total per asset; information only', async () => {
    const batch = await upload(on, feeCsv(`fees-${Date.now()}-${++nonce}`));
    expect(batch.fee_note).toMatch(/network fee at the time it is sent/);
    const before = asked(on);
    const created = on.sandbox.stats().withdrawalsCreated;
    const res = await quote(on, batch.id);
    expect(res.status).toBe(200);
    const fees = res.body as BatchFeeQuotes;
    // Rows 1 and 2 ask the very same quote: asked once.
    expect(asked(on) - before).toBe(4);
    expect(fees.available).toBe(true);
    expect(fees.rows).toEqual([
      { row: 1, state: 'quoted', fee: '1.50', asset: 'USDG', expires_at: expect.any(String) },
      { row: 2, state: 'quoted', fee: '1.50', asset: 'USDG', expires_at: expect.any(String) },
      { row: 3, state: 'quoted', fee: '0.0004', asset: 'ETH', expires_at: expect.any(String) },
      // Shown exactly as the service wrote it, and left out of the sum.
      { row: 4, state: 'quoted', fee: 'about 0.01', asset: 'USDG', expires_at: expect.any(String) },
      {
        row: 5,
        state: 'unavailable',
        reason: expect.stringMatching(/^The fee quote was given for another asset/),
      },
    ]);
    expect(fees.totals).toEqual([
      { asset: 'USDG', fee: '3', quoted_rows: 2, unquoted_rows: 2 },
      { asset: 'ETH', fee: '0.0004', quoted_rows: 1, unquoted_rows: 0 },
    ]);
    expect(Date.parse(fees.expires_at!)).toBeGreaterThan(Date.now());
    expect(fees.note).toMatch(/not sent with the rows/);
    // No quote id is handed out: none can be sent as a fee_id; nothing was sent.
    expect(JSON.stringify(fees)).not.toMatch(/"id"|fee_id/);
    expect(on.sandbox.stats().withdrawalsCreated).toBe(created);
  });

  it('without the fee quote scope: fee unavailable with the reason, nothing asked, the batch still goes', async () => {
    const batch = await upload(off, feeCsv(`nofee-${Date.now()}-${++nonce}`));
    const before = asked(off);
    const res = await quote(off, batch.id);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      batch_id: batch.id,
      available: false,
      reason: expect.stringContaining('fee:write_crypto_withdrawal_fee'),
      rows: [],
      totals: [],
    });
    expect(asked(off)).toBe(before);
    const submitted = await off.request('POST', `/api/withdrawal-batches/${batch.id}/submit`, {
      headers: ANA,
      body: {},
    });
    expect(submitted.status).toBe(200);
    expect((submitted.body as WithdrawalBatch).status).toBe('sending');
    // Once on its way, the batch is no longer under review: no quotes.
    const late = await quote(off, batch.id);
    expect(late.status).toBe(409);
    expect(late.headers['content-type']).toMatch(/application\/problem\+json/);
  });

  it('needs a role that reads the review', async () => {
    const batch = await upload(on, feeCsv(`role-${Date.now()}-${++nonce}`));
    const viewer = { ...ANA, 'x-forwarded-groups': 'nobody' };
    const res = await on.request('POST', `/api/withdrawal-batches/${batch.id}/fee-quotes`, {
      headers: viewer,
      body: {},
    });
    expect(res.status).toBe(403);
  });
});

describe('quoteBatchFees, bounded', () => {
  const logger = createLogger('silent', { write: () => undefined });
  const rows: StoredBatchRow[] = ['1', '2', '3', '4'].map((amount, i) => ({
    row: i + 1,
    line: i + 2,
    refId: `r-${i + 1}`,
    state: 'ready',
    errors: [],
    request: {
      profile_id: P,
      asset: 'USDG',
      crypto_network: 'ETHEREUM',
      destination_address: SAMPLE_ADDRESSES.evmA,
      amount,
      ref_id: `r-${i + 1}`,
    },
  }));
  const answer = (status: number, body: unknown): UpstreamResponse =>
    replaceUpstreamBody(
      { status, headers: {}, possiblyCommitted: false, attempts: 1 } as unknown as UpstreamResponse,
      JSON.stringify(body),
    );
  const upstreamAnswering = (statuses: number[]) => {
    const calls: unknown[] = [];
    const upstream: UpstreamClient = {
      close: async () => undefined,
      async call(_operation, options) {
        calls.push(options?.body);
        const status = statuses[calls.length - 1] ?? 200;
        const body = options?.body as { amount: string };
        return status === 200
          ? answer(200, {
              id: `q-${calls.length}`,
              fee: '1.50',
              asset: 'USDG',
              amount: body.amount,
              expires_at: '2030-01-01T00:00:00Z',
            })
          : answer(status, { title: 'Too Many Requests', status });
      },
    };
    return { upstream, calls };
  };
  const enabled = { state: async () => ({ enabled: true }) };

  it('stops asking once the service says it is busy; the rows not asked say so', async () => {
    const { upstream, calls } = upstreamAnswering([200, 429]);
    const fees = await quoteBatchFees(
      { upstream, companion: enabled, logger, concurrency: 1 },
      'b',
      rows,
      'req',
    );
    expect(calls).toHaveLength(2);
    expect(fees.rows.map((r) => [r.state, r.reason?.slice(0, 20)])).toEqual([
      ['quoted', undefined],
      ['unavailable', 'Too Many Requests'],
      ['unavailable', 'Not quoted: the serv'],
      ['unavailable', 'Not quoted: the serv'],
    ]);
    expect(fees.totals).toEqual([{ asset: 'USDG', fee: '1.5', quoted_rows: 1, unquoted_rows: 3 }]);
  });

  it('asks at most maxQuotes quotes, a few at a time, and names the rows left out', async () => {
    const { upstream, calls } = upstreamAnswering([]);
    const fees = await quoteBatchFees(
      { upstream, companion: enabled, logger, maxQuotes: 3 },
      'b',
      rows,
      'req',
    );
    expect(calls).toHaveLength(3);
    expect(fees.rows[3]).toEqual({
      row: 4,
      state: 'unavailable',
      reason: expect.stringContaining('at most 3 quotes'),
    });
    expect(fees.totals[0]).toMatchObject({ fee: '4.5', quoted_rows: 3, unquoted_rows: 1 });
  });

  it('asks nothing when the feature is off, and says why', async () => {
    const { upstream, calls } = upstreamAnswering([]);
    const off = { state: async () => ({ enabled: false, reason: 'Fee quotes are off here.' }) };
    const fees = await quoteBatchFees({ upstream, companion: off, logger }, 'b', rows, 'req');
    expect(calls).toHaveLength(0);
    expect(fees).toMatchObject({ available: false, reason: 'Fee quotes are off here.', rows: [] });
  });
});
