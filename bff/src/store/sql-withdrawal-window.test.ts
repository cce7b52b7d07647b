import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OpenedStore } from './open-store';
import type { WindowEntry } from './withdrawal-window-port';
import { ALL_BACKENDS, openTestStore, skipWithoutServer } from './testing/test-stores';

const SCHEMA = 'test_withdrawal_window';

describe.each(ALL_BACKENDS)('the rolling limits window on %s', (backend) => {
  if (skipWithoutServer(backend)) return;
  let store: OpenedStore;

  beforeAll(async () => {
    store = await openTestStore(backend, SCHEMA);
  });
  afterAll(async () => {
    await store?.close();
  });

  const entry = (refId: string, destination: string, quantity = '0.3'): WindowEntry => ({
    refId,
    initiator: 'ana@example.com',
    destination,
    asset: 'BTC',
    quantity,
  });
  const sumOf = (e: WindowEntry) =>
    store.withdrawalWindow!.admit(e, [{ per: 'destination', minutes: 60 }], (usage) =>
      String(usage[0]!.sums.BTC ?? '0'),
    );

  it('ten concurrent decisions each see every one decided before it (one lock, any instance)', async () => {
    const seen = await Promise.all(
      Array.from({ length: 10 }, (_, i) => sumOf(entry(`race-${i}`, 'BITCOIN:race'))),
    );
    // Serialised: the sums seen are 0, 0.3, ..., 2.7, each once (without the lock they repeat).
    expect(seen.map(Number).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 10 }, (_, i) => Number((i * 0.3).toFixed(1))),
    );
  });

  it('counts what was sent or held, never what the service refused or was never sent', async () => {
    const destination = 'BITCOIN:ledger';
    for (const [refId, status] of [
      ['w-created', 'created'],
      ['w-held', 'awaiting_approval'],
      ['w-refused', 'refused'],
      ['w-not-sent', 'not_sent'],
    ] as const) {
      await sumOf(entry(refId, destination, '1'));
      await store.db.query(
        `INSERT INTO withdrawals (ref_id, status, operator_subject, operator_name, request_hash,
           request, current_attempt)
         VALUES ($1, $2, 'ana', 'Ana', 'h', '{}'::jsonb, 0)`,
        [refId, status],
      );
    }
    // Created and held count (2); refused and not sent do not. The unrecorded one decided just
    // now counts too (its submit is writing its record).
    await sumOf(entry('w-unrecorded', destination, '0.5'));
    expect(await sumOf(entry('w-next', destination))).toBe('2.5');
    // A replay of a counted ref_id sees the others only (its own part is the one being judged).
    expect(await sumOf(entry('w-created', destination, '1'))).toBe('1.8');
  });
});
