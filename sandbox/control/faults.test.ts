import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ProblemSchema } from '#contract/problem';
import { TransferSchema } from '#contract/withdrawals';
import { SAMPLE_ADDRESSES } from '../seed/sample-addresses';
import { SEED_IDS } from '../seed/seed';
import { TestClock, startTestSandbox, type TestSandbox } from '../testing/test-support';

// Faults for tests: off by default, set in-process or over loopback HTTP.

const statementsPath = `/v2/statements?customer_id=${SEED_IDS.exampleCustomer}&limit=1`;

describe('faults', () => {
  const clock = new TestClock();
  let t: TestSandbox;
  let token: string;
  beforeAll(async () => {
    t = await startTestSandbox({ now: clock.now });
    token = await t.token();
  });
  beforeEach(() => t.sandbox.reset());
  afterAll(() => t.close());

  const statuses = async (n: number) => {
    const out: number[] = [];
    for (let i = 0; i < n; i++) out.push((await t.call('GET', statementsPath, { token })).status);
    return out;
  };

  it('are off by default', async () => {
    expect(t.sandbox.faults.get()).toEqual({});
    expect(await statuses(5)).toEqual([200, 200, 200, 200, 200]);
  });

  it('add latency to /v2 calls and token requests', async () => {
    t.sandbox.faults.set({ latencyMs: 300 });
    let start = performance.now();
    expect((await t.call('GET', statementsPath, { token })).status).toBe(200);
    expect(performance.now() - start).toBeGreaterThanOrEqual(290);
    start = performance.now();
    await t.token();
    expect(performance.now() - start).toBeGreaterThanOrEqual(290);
  });

  it('answer an exact share of /v2 calls with a 5xx problem', async () => {
    t.sandbox.faults.set({ errorRate: 0.5 });
    expect(await statuses(6)).toEqual([200, 503, 200, 503, 200, 503]);
    t.sandbox.faults.set({ errorRate: 0.25, errorStatus: 500 });
    const res = await statuses(8);
    expect(res.filter((s) => s === 500)).toHaveLength(2);
    expect(res.filter((s) => s === 200)).toHaveLength(6);
    t.sandbox.faults.set({ errorRate: 1, errorStatus: 502 });
    const failed = await t.call('GET', statementsPath, { token });
    expect(failed.status).toBe(502);
    expect(failed.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(ProblemSchema.parse(failed.body).status).toBe(502);
    // The token endpoint is not part of the share.
    await t.token();
  });

  it('rate-limit with 429 and a Retry-After that counts down, then lift by themselves', async () => {
    t.sandbox.faults.set({ rateLimit: { retryAfterSeconds: 30, remaining: 2 } });
    expect(await statuses(2)).toEqual([200, 200]);
    const limited = await t.call('GET', statementsPath, { token });
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('30');
    expect(limited.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(ProblemSchema.parse(limited.body).title).toBe('Too Many Requests');
    clock.advance(10_000);
    const later = await t.call('PUT', '/v2/transfer/crypto-destination-address', {
      token,
      body: {},
    });
    expect(later.status).toBe(429);
    expect(later.headers.get('retry-after')).toBe('20');
    clock.advance(20_000);
    expect(await statuses(3)).toEqual([200, 200, 200]);
    expect(t.sandbox.faults.get().rateLimit).toBeUndefined();
  });

  /** A withdrawal of 0.25 ETH to a sample address with this ref_id. */
  const ethWithdrawal = (refId: string) => ({
    profile_id: SEED_IDS.exampleProfile,
    destination_address: SAMPLE_ADDRESSES.evmA,
    crypto_network: 'ETHEREUM',
    asset: 'ETH',
    amount: '0.25',
    ref_id: refId,
  });

  it('create the withdrawal, then drop the connection; a retry with the ref_id learns of it', async () => {
    t.sandbox.faults.set({ dropAfterCreate: 1 });
    const body = ethWithdrawal('dropped-1');
    await expect(
      t.call('POST', '/v2/transfer/crypto-withdrawals', { token, body }),
    ).rejects.toThrow();
    const [created] = t.sandbox.transfers({ ref_id: 'dropped-1' });
    expect(created?.status).toBe('PENDING');
    expect(t.sandbox.stats().withdrawalsCreated).toBe(1);
    const retry = await t.call('POST', '/v2/transfer/crypto-withdrawals', { token, body });
    expect(retry.status).toBe(409);
    expect(TransferSchema.parse(ProblemSchema.parse(retry.body).meta?.existing).id).toBe(
      created!.id,
    );
    // Only the next N creates are dropped.
    const next = await t.call('POST', '/v2/transfer/crypto-withdrawals', {
      token,
      body: ethWithdrawal('dropped-2'),
    });
    expect(next.status).toBe(200);
  });

  it('with failAfterDrop, answer every call after the drop with the error, and none before it', async () => {
    t.sandbox.faults.set({ dropAfterCreate: 1, failAfterDrop: true, errorStatus: 500 });
    // Calls before the drop (the console's background reads) pass and spare nothing.
    expect(await statuses(3)).toEqual([200, 200, 200]);
    const body = ethWithdrawal('dropped-then-down');
    await expect(
      t.call('POST', '/v2/transfer/crypto-withdrawals', { token, body }),
    ).rejects.toThrow();
    expect(t.sandbox.transfers({ ref_id: 'dropped-then-down' })).toHaveLength(1);
    expect((await t.call('POST', '/v2/transfer/crypto-withdrawals', { token, body })).status).toBe(
      500,
    );
    expect(await statuses(2)).toEqual([500, 500]);
    t.sandbox.faults.clear();
    expect(await statuses(1)).toEqual([200]);
  });

  it('fail the token endpoint always (true) or the next N requests', async () => {
    t.sandbox.faults.set({ failTokenEndpoint: true });
    await expect(t.token()).rejects.toThrow(/503/);
    await expect(t.token()).rejects.toThrow(/503/);
    t.sandbox.faults.set({ failTokenEndpoint: 2 });
    await expect(t.token()).rejects.toThrow(/503/);
    await expect(t.token()).rejects.toThrow(/503/);
    await expect(t.token()).resolves.toBeTruthy();
    // Issued tokens keep working meanwhile: /v2 calls are not affected.
    t.sandbox.faults.set({ failTokenEndpoint: true });
    expect((await t.call('GET', statementsPath, { token })).status).toBe(200);
  });

  it('are set, read and cleared over loopback HTTP, and a bad configuration is refused', async () => {
    const set = await t.call('POST', '/__sandbox/faults', { body: { errorRate: 1 } });
    expect(set.status).toBe(200);
    expect(set.body).toEqual({ errorRate: 1 });
    expect((await t.call('GET', statementsPath, { token })).status).toBe(503);
    expect((await t.call('GET', '/__sandbox/faults')).body).toEqual({ errorRate: 1 });
    const bad = await t.call('POST', '/__sandbox/faults', { body: { errorRate: 2, chaos: true } });
    expect(bad.status).toBe(400);
    expect(bad.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(t.sandbox.faults.get()).toEqual({ errorRate: 1 });
    // A body that is not JSON (curl's default form encoding) is refused, never read as "{}".
    const form = await t.call('POST', '/__sandbox/faults', {
      body: '{"latencyMs":5}',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(form.status).toBe(415);
    expect(t.sandbox.faults.get()).toEqual({ errorRate: 1 });
    expect((await t.call('DELETE', '/__sandbox/faults')).status).toBe(204);
    expect(t.sandbox.faults.get()).toEqual({});
    expect((await t.call('GET', statementsPath, { token })).status).toBe(200);
  });
});
