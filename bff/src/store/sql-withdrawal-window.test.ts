import { describe, expect, it } from 'vitest';
import type { PersonIdentity } from '#contract/identity';
import type { WindowEntry } from './withdrawal-window-port';
import { ALL_BACKENDS, skipWithoutServer, storeForSuite } from './testing/test-stores';

const SCHEMA = 'test_withdrawal_window';

describe.each(ALL_BACKENDS)('the rolling limits window on %s', (backend) => {
  if (skipWithoutServer(backend)) return;
  const store = storeForSuite(backend, SCHEMA);

  const entry = (refId: string, destination: string, quantity = '0.3'): WindowEntry => ({
    refId,
    initiator: { subject: 'ana', email: 'ana@example.com' },
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

  // Issue 37 item 1: one person is one window whichever identifiers a login carries, as four
  // eyes decides a self-approval (contract/identity.ts couldBeSamePerson).
  describe('per initiator: one person, one window, whatever the SSO sent', () => {
    let run = 0;
    /**
     * What the person's window already holds when `later` submits after `earlier`. Each case its
     * own asset: a user-id-only and an e-mail-only login could be anyone's, so the cases would
     * otherwise count each other.
     */
    async function seenBy(earlier: PersonIdentity, later: PersonIdentity): Promise<string> {
      const tag = `who-${++run}`;
      const asset = `T${run}`;
      const admit = (refId: string, initiator: PersonIdentity) =>
        store.withdrawalWindow!.admit(
          {
            refId: `${tag}-${refId}`,
            initiator,
            destination: `BITCOIN:${tag}`,
            asset,
            quantity: '0.9',
          },
          [{ per: 'initiator', minutes: 60 }],
          (usage) => String(usage[0]!.sums[asset] ?? '0'),
        );
      await admit('first', earlier);
      return admit('second', later);
    }
    const person = (n: number) => ({
      both: { subject: `u${n}`, email: `u${n}@corp.test` },
      subject: { subject: `u${n}` },
      email: { subject: `u${n}@corp.test`, email: `u${n}@corp.test` },
    });

    it.each([
      ['subject and e-mail', 'subject only', 'both', 'subject'],
      ['subject only', 'subject and e-mail', 'subject', 'both'],
      ['e-mail only', 'subject and e-mail', 'email', 'both'],
      ['subject and e-mail', 'e-mail only', 'both', 'email'],
      ['subject and e-mail', 'subject and e-mail', 'both', 'both'],
      ['subject only', 'subject only', 'subject', 'subject'],
      ['e-mail only', 'e-mail only', 'email', 'email'],
      // Cannot be told apart: counted as one, as four eyes refuses the pair's decisions.
      ['subject only', 'e-mail only', 'subject', 'email'],
      ['e-mail only', 'subject only', 'email', 'subject'],
    ] as const)('%s, then %s: counted in one window', async (_a, _b, earlier, later) => {
      const p = person(++run);
      expect(await seenBy(p[earlier], p[later])).toBe('0.9');
    });

    it('an entry of the previous version (no identifiers kept) counts for its person key only', async () => {
      const n = ++run;
      const asset = `T${n}`;
      await store.db.query(
        `INSERT INTO withdrawal_window (ref_id, initiator, destination, asset, quantity)
         VALUES ($1, $2, 'BITCOIN:old', $3, 0.9)`,
        [`old-${n}`, `u${n}@corp.test`, asset],
      );
      const seen = (initiator: PersonIdentity) =>
        store.withdrawalWindow!.admit(
          {
            refId: `new-${n}-${initiator.subject}`,
            initiator,
            destination: 'BITCOIN:x',
            asset,
            quantity: '0',
          },
          [{ per: 'initiator', minutes: 60 }],
          (usage) => String(usage[0]!.sums[asset] ?? '0'),
        );
      expect(await seen({ subject: `u${n}`, email: `u${n}@corp.test` })).toBe('0.9');
      expect(await seen({ subject: 'someone-else' })).toBe('0');
    });

    it('another spelling of the same identifiers is the same person', async () => {
      const n = ++run;
      expect(
        await seenBy({ subject: `U${n}`, email: `U${n}@Corp.Test` }, { subject: ` u\u00ad${n} ` }),
      ).toBe('0.9');
    });

    it.each([
      ['subject and e-mail', 'both', 'both'],
      ['subject only', 'subject', 'subject'],
      ['e-mail only', 'email', 'email'],
      ['subject and e-mail, then subject only', 'both', 'subject'],
      ['subject only, then subject and e-mail', 'subject', 'both'],
    ] as const)('two people (%s) are two windows', async (_what, earlier, later) => {
      const a = person(++run);
      const b = person(++run);
      expect(await seenBy(a[earlier], b[later])).toBe('0');
    });
  });
});
