import { beforeAll, describe, expect, it } from 'vitest';
import {
  nextStatusCheckInMs,
  STATUS_CHECK_MAX_MS,
} from '../features/withdrawals/status-check-backoff';
import type { TransferStatusStore } from './transfer-status-port';
import { ALL_BACKENDS, skipWithoutServer, storeForSuite } from './testing/test-stores';

// The background status read is bounded and shared (issue 11): each due PENDING record is claimed
// by one instance at a time, re-read with a growing gap, and given up after a number of reads or
// an age. These tests drive the claims directly against the database.

let counter = 0;
const newRef = () => `claim-${Date.now()}-${++counter}`;
const operator = { subject: 'alice@example.com', name: 'Alice' };
const lease = { requestId: 'req-1', leaseMs: 60_000 };
const DAY_MS = 24 * 3_600_000;
const bounds = { limit: 100, leaseMs: 60_000, maxChecks: 60, maxAgeMs: 7 * DAY_MS };

describe('status read backoff', () => {
  it('reads again after 5 s, 10 s, 20 s …, never more than 10 minutes apart', () => {
    expect([1, 2, 3, 4, 5].map(nextStatusCheckInMs)).toEqual([
      5_000, 10_000, 20_000, 40_000, 80_000,
    ]);
    expect(nextStatusCheckInMs(8)).toBe(STATUS_CHECK_MAX_MS);
    expect(nextStatusCheckInMs(60)).toBe(10 * 60_000);
  });
});

describe.each(ALL_BACKENDS)('transfer status claims on %s', (backend) => {
  if (skipWithoutServer(backend)) return;
  const store = storeForSuite(backend, 'test_transfer_status_claims');
  let statuses: TransferStatusStore;

  beforeAll(() => {
    statuses = store.transferStatus!;
  });

  /** A created withdrawal whose transfer is PENDING, as the submit path records it. */
  async function createdPending(): Promise<string> {
    const refId = newRef();
    await store.ledger.recordIntent(
      { refId, operator, requestHash: `hash-${refId}`, request: { ref_id: refId } },
      lease,
    );
    await store.ledger.recordOutcome(
      refId,
      1,
      {
        kind: 'created',
        transfer: { id: `t-${refId}`, status: 'PENDING', ref_id: refId },
        replayed: false,
      },
      200,
    );
    return refId;
  }

  /** Makes every claimed read due now (time passing, without waiting for it). */
  const allDueNow = () =>
    store.db.query(
      `UPDATE withdrawals SET status_next_check_at = now() - interval '1 second'
        WHERE status_next_check_at IS NOT NULL`,
    );

  const refsOf = (claims: { refId: string }[]) => claims.map((c) => c.refId).sort();

  it('two instances claiming at the same moment share the due records, none twice', async () => {
    const refIds = [];
    for (let i = 0; i < 8; i++) refIds.push(await createdPending());
    const [a, b] = await Promise.all([
      statuses.claimDueChecks({ ...bounds, limit: 5 }),
      statuses.claimDueChecks({ ...bounds, limit: 5 }),
    ]);
    const claimed = [...refsOf(a), ...refsOf(b)];
    expect(new Set(claimed).size).toBe(claimed.length);
    // Between them they took every due record (the limits allow 10, there are 8).
    expect(claimed.sort()).toEqual([...refIds].sort());
    expect([...a, ...b].every((c) => c.checks === 1 && c.transferId === `t-${c.refId}`)).toBe(true);
    // The claim is a lease: nobody takes them again until it runs out.
    expect(await statuses.claimDueChecks(bounds)).toEqual([]);
  });

  it('a PENDING read sets the next one ahead; a final status is never read again', async () => {
    await allDueNow();
    const pending = await createdPending();
    const completed = await createdPending();
    const claimed = refsOf(await statuses.claimDueChecks(bounds));
    expect(claimed).toEqual(expect.arrayContaining([pending, completed]));

    await allDueNow();
    await statuses.recordLiveTransfer(
      pending,
      { id: `t-${pending}`, status: 'PENDING', ref_id: pending },
      nextStatusCheckInMs(1),
    );
    await statuses.recordLiveTransfer(
      completed,
      { id: `t-${completed}`, status: 'COMPLETED', ref_id: completed },
      nextStatusCheckInMs(1),
    );
    const next = refsOf(await statuses.claimDueChecks(bounds));
    // Not yet due (5 s ahead), and final.
    expect(next).not.toContain(pending);
    expect(next).not.toContain(completed);

    await allDueNow();
    const later = refsOf(await statuses.claimDueChecks(bounds));
    expect(later).toContain(pending);
    expect(later).not.toContain(completed);
  });

  it('gives a record up after the most reads allowed', async () => {
    await allDueNow();
    await statuses.claimDueChecks(bounds);
    const refId = await createdPending();
    for (let read = 1; read <= 3; read++) {
      await allDueNow();
      const claims = await statuses.claimDueChecks({ ...bounds, maxChecks: 3 });
      expect(claims.find((c) => c.refId === refId)?.checks).toBe(read);
    }
    await allDueNow();
    expect(refsOf(await statuses.claimDueChecks({ ...bounds, maxChecks: 3 }))).not.toContain(refId);
    // The bound is what stops it: with a higher one the same record is due again.
    expect(refsOf(await statuses.claimDueChecks({ ...bounds, maxChecks: 4 }))).toContain(refId);
  });

  it('gives a record up once it is older than the longest time allowed', async () => {
    const old = await createdPending();
    const recent = await createdPending();
    await store.db.query(
      `UPDATE withdrawals SET created_at = now() - interval '8 days' WHERE ref_id = $1`,
      [old],
    );
    const claimed = refsOf(await statuses.claimDueChecks(bounds));
    expect(claimed).toContain(recent);
    expect(claimed).not.toContain(old);
  });
});
