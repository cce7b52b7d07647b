import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { MeResponse } from '#contract/session';
import type { LiveTransferResponse } from '#contract/transfer-status';
import { SANDBOX_MAGIC } from '#sandbox/index';
import { BASIC_CLIENT_CREDENTIALS } from '#bff-test/test-bff-for-suite';
import { startTestBff, type TestBff } from '#bff-test/start-test-bff';
import type { OpenedStore } from '#bff/store/open-store';
import { openTestStore, ALL_BACKENDS, skipWithoutServer } from '#bff/store/testing/test-stores';
import { UpstreamFailure, type UpstreamClient } from '#bff/upstream/upstream-client';
import { createCompanionFeatureGate } from '#bff/upstream/companion-features';
import { createPendingStatusRefresher } from './pending-status-refresher';
import { withdrawalBody } from '#bff-test/withdrawal-body';

let counter = 0;
const newRef = (label: string) => `${label}-${Date.now()}-${++counter}`;

/** A clock the sandbox reads: transfers settle when the test says so. */
class Clock {
  ms = Date.UTC(2026, 10, 22, 12, 0, 0);
  now = () => new Date(this.ms);
}

function withdrawal(refId: string, overrides: Record<string, unknown> = {}) {
  return withdrawalBody(refId, { asset: 'ETH', amount: '0.01', ...overrides });
}

const creates = (bff: TestBff) =>
  bff.sandbox.stats().requests['POST /v2/transfer/crypto-withdrawals'] ?? 0;
const reads = (bff: TestBff) => bff.sandbox.stats().requests['GET /v2/transfer/transfers'] ?? 0;

describe.each(ALL_BACKENDS)('live transfer status on %s', (backend) => {
  if (skipWithoutServer(backend)) return;
  let store: OpenedStore;
  let on: TestBff;
  let off: TestBff;
  const clock = new Clock();
  /** Makes the next create's answer get lost after the upstream committed it (and the next read fail). */
  let loseNext: { create: boolean; read: boolean } = { create: false, read: false };

  beforeAll(async () => {
    store = await openTestStore(backend, 'test_transfer_status');
    const env = { WRITE_RATE_LIMIT_PER_MINUTE: '100000', LOG_LEVEL: 'warn' };
    on = await startTestBff({
      deps: { store },
      env,
      sandbox: { now: clock.now, settleMs: 5_000 },
      wrapUpstream: (real): UpstreamClient => ({
        ...real,
        async call(operation, options) {
          if (operation === 'createWithdrawal' && loseNext.create) {
            loseNext.create = false;
            const response = await real.call(operation, options);
            await response.body.dump();
            throw new UpstreamFailure('timeout', true, 'answer lost');
          }
          if (operation === 'listTransfers' && loseNext.read) {
            loseNext.read = false;
            throw new UpstreamFailure('timeout', false, 'read lost');
          }
          return real.call(operation, options);
        },
      }),
    });
    off = await startTestBff({
      deps: { store },
      env,
      sandbox: { now: clock.now, settleMs: 5_000 },
      ...BASIC_CLIENT_CREDENTIALS,
    });
  });
  afterAll(async () => {
    await on?.close();
    await off?.close();
    await store?.close();
  });
  beforeEach(() => {
    on.sandbox.faults.clear();
    off.sandbox.faults.clear();
    loseNext = { create: false, read: false };
  });

  it('/api/me says which companion features are on, and why one is off', async () => {
    const me = (await on.request('GET', '/api/me')).body as MeResponse;
    expect(me.features).toEqual({
      transfer_status: { enabled: true },
      activity: { enabled: true },
      fee_quotes: { enabled: true },
      vasp_directory: { enabled: true },
      service_addresses: { enabled: true },
      profiles: { enabled: true },
      transfer_limits: { enabled: true },
      statement_payments: { enabled: true },
    });
    const basic = (await off.request('GET', '/api/me')).body as MeResponse;
    expect(basic.features.transfer_status.enabled).toBe(false);
    expect(basic.features.transfer_status.reason).toContain('transfer:read_transfer');
    expect(basic.features.fee_quotes.reason).toContain('not granted');
    // The refusal is remembered: asking again does not ask the token endpoint again.
    const before = off.sandbox.stats().tokenRequests.total;
    await off.request('GET', '/api/me');
    expect(off.sandbox.stats().tokenRequests.total).toBe(before);
  });

  it('reads the live status: PENDING, then FAILED with its details, kept on the ledger record', async () => {
    const refId = newRef('failing');
    const created = await on.request('POST', '/api/withdrawals', {
      body: withdrawal(refId, {
        destination_address: SANDBOX_MAGIC.FAILING_ADDRESSES.ETHEREUM,
      }),
    });
    expect(created.status).toBe(200);
    const first = (await on.request('GET', `/api/withdrawals/${refId}/transfer`))
      .body as LiveTransferResponse;
    expect(first).toMatchObject({ source: 'upstream', transfer: { status: 'PENDING' } });

    clock.ms += 5_000;
    const later = (await on.request('GET', `/api/withdrawals/${refId}/transfer`))
      .body as LiveTransferResponse;
    expect(later.source).toBe('upstream');
    expect(later.transfer).toMatchObject({
      status: 'FAILED',
      status_details: { invalid_destination_address: { message: expect.any(String) } },
    });
    const record = (await on.request('GET', `/api/withdrawals/${refId}`)).body as {
      transfer: { status: string };
    };
    expect(record.transfer.status).toBe('FAILED');
    // Final: answered from the ledger without another upstream read.
    const readsBefore = reads(on);
    const final = (await on.request('GET', `/api/withdrawals/${refId}/transfer`))
      .body as LiveTransferResponse;
    expect(final).toMatchObject({ source: 'ledger', transfer: { status: 'FAILED' } });
    expect(reads(on)).toBe(readsBefore);
  });

  it('without the read scope the recorded status is shown, with the reason', async () => {
    const refId = newRef('basic');
    expect(
      (await off.request('POST', '/api/withdrawals', { body: withdrawal(refId) })).status,
    ).toBe(200);
    const res = (await off.request('GET', `/api/withdrawals/${refId}/transfer`))
      .body as LiveTransferResponse;
    expect(res.source).toBe('ledger');
    expect(res.transfer?.status).toBe('PENDING');
    expect(res.note).toContain('not granted the scope transfer:read_transfer');
    expect(reads(off)).toBe(0);
  });

  it('a lost answer is resolved by the read: one transfer, no second create', async () => {
    const refId = newRef('lost');
    const createsBefore = creates(on);
    on.sandbox.faults.set({ dropAfterCreate: 1 });
    const res = await on.request('POST', '/api/withdrawals', { body: withdrawal(refId) });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ ref_id: refId, status: 'PENDING' });
    expect(creates(on) - createsBefore).toBe(1);
    expect(on.sandbox.transfers({ ref_id: refId })).toHaveLength(1);
  });

  it('without the read, a lost answer falls back to resending (the 409 settles it)', async () => {
    const refId = newRef('lost-basic');
    const createsBefore = creates(off);
    off.sandbox.faults.set({ dropAfterCreate: 1 });
    const res = await off.request('POST', '/api/withdrawals', { body: withdrawal(refId) });
    expect(res.status).toBe(200);
    expect(creates(off) - createsBefore).toBe(2);
    expect(off.sandbox.transfers({ ref_id: refId })).toHaveLength(1);
  });

  it('an unknown outcome checked again is read first: found means created, nothing resent', async () => {
    const refId = newRef('unknown');
    loseNext = { create: true, read: true };
    const first = await on.request('POST', '/api/withdrawals', { body: withdrawal(refId) });
    expect(first.status).toBe(504);
    expect(first.body).toMatchObject({ outcome: 'unknown', ref_id: refId });
    const createsBefore = creates(on);
    const again = await on.request('POST', '/api/withdrawals', { body: withdrawal(refId) });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ ref_id: refId });
    expect(creates(on)).toBe(createsBefore);
    expect(on.sandbox.transfers({ ref_id: refId })).toHaveLength(1);
  });

  it('the background refresher reads due PENDING records once, shared by two instances', async () => {
    const refIds = [newRef('bg'), newRef('bg'), newRef('bg')];
    for (const refId of refIds)
      expect(
        (await on.request('POST', '/api/withdrawals', { body: withdrawal(refId) })).status,
      ).toBe(200);
    clock.ms += 5_000;
    // Each instance notes the records it claimed (earlier tests' records may be due too).
    const make = (claimed: string[]) => {
      const shared = store.transferStatus!;
      return createPendingStatusRefresher({
        store: {
          ...shared,
          claimDueChecks: async (options) => {
            const due = await shared.claimDueChecks(options);
            claimed.push(...due.map((d) => d.refId));
            return due;
          },
        },
        upstream: on.deps.upstream,
        companion: createCompanionFeatureGate({ tokens: on.deps.tokens, logger: on.deps.logger }),
        logger: on.deps.logger,
        intervalMs: 0,
      });
    };
    const claimedA: string[] = [];
    const claimedB: string[] = [];
    const [a, b] = [make(claimedA), make(claimedB)];
    const [readA, readB] = await Promise.all([a.runOnce(), b.runOnce()]);
    // Every due record was read by exactly one of them: none by both, ours by one or the other.
    expect(claimedA.filter((refId) => claimedB.includes(refId))).toEqual([]);
    expect([...claimedA, ...claimedB]).toEqual(expect.arrayContaining(refIds));
    // (A claimed record whose transfer the upstream does not list is not counted as read.)
    expect(readA + readB).toBeGreaterThanOrEqual(refIds.length);
    expect(readA + readB).toBeLessThanOrEqual(claimedA.length + claimedB.length);
    for (const refId of refIds) {
      const record = (await on.request('GET', `/api/withdrawals/${refId}`)).body as {
        transfer: { status: string; crypto_tx_hash?: string };
      };
      expect(record.transfer.status).toBe('COMPLETED');
      expect(record.transfer.crypto_tx_hash).toMatch(/^0x[0-9a-f]{64}$/);
    }
    // Claimed: nothing is due again right away.
    expect(await a.runOnce()).toBe(0);
  });
});
