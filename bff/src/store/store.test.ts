import { describe, expect, it } from 'vitest';
import type { CryptoDestinationAddress } from '#contract/destination-addresses';
import { applyMigrations, loadMigrations } from './migrate';
import type { WithdrawalIntent } from './withdrawal-ledger-port';
import { ALL_BACKENDS, skipWithoutServer, storeForSuite } from './testing/test-stores';

const operator = { subject: 'alice@example.com', name: 'Alice' };
const bob = { subject: 'bob@example.com', name: 'Bob' };
const claim = { requestId: 'req-1', leaseMs: 60_000 };

let counter = 0;
const newRef = (prefix = 'ref') => `${prefix}-${Date.now()}-${++counter}`;

function intent(refId: string, overrides: Partial<WithdrawalIntent> = {}): WithdrawalIntent {
  return {
    refId,
    operator,
    requestHash: `hash-${refId}`,
    request: { ref_id: refId, crypto_network: 'ETHEREUM', amount: '10.50' },
    ...overrides,
  };
}

const transfer = (refId: string) => ({ id: `t-${refId}`, status: 'PENDING', ref_id: refId });

describe.each(ALL_BACKENDS)('store on %s', (backend) => {
  if (skipWithoutServer(backend)) return;
  const store = storeForSuite(backend, 'test_store_unit');
  /**
   * The lease's clock moved on by `ms`: its end is moved that far back against the database's
   * now() (the clock every lease is read on), so a lease runs out without a real wait.
   */
  const leaseClockAdvances = (refId: string, ms: number) =>
    store.db.query(
      `UPDATE withdrawals SET claimed_until = claimed_until - $2::interval WHERE ref_id = $1`,
      [refId, `${ms} milliseconds`],
    );

  describe('migrations', () => {
    it('records every file once, in order, and applying again runs nothing', async () => {
      const rows = await store.db.query<{ name: string }>(
        'SELECT name FROM schema_migrations ORDER BY name',
      );
      expect(rows.map((r) => r.name)).toEqual(loadMigrations().map((m) => m.name));
      expect(await applyMigrations(store.db)).toEqual([]);
    });

    it('refuses an applied migration whose text changed', async () => {
      const [first, ...rest] = loadMigrations();
      await expect(
        applyMigrations(store.db, [{ ...first!, checksum: 'changed' }, ...rest]),
      ).rejects.toThrow(/changed after it was applied/);
    });
  });

  describe('withdrawal ledger', () => {
    it('records an intent once: a second record of the ref_id writes nothing', async () => {
      const refId = newRef();
      const first = await store.ledger.recordIntent(intent(refId), claim);
      expect(first.inserted).toBe(true);
      expect(first.record.status).toBe('submitting');
      const second = await store.ledger.recordIntent(
        intent(refId, { requestHash: 'other', operator: bob }),
        claim,
      );
      expect(second.inserted).toBe(false);
      expect(second.record.request_hash).toBe(`hash-${refId}`);
      expect(second.record.operator).toEqual(operator);
    });

    it('concurrent intents of one ref_id: exactly one is inserted', async () => {
      const refId = newRef();
      const results = await Promise.all(
        Array.from({ length: 10 }, () => store.ledger.recordIntent(intent(refId), claim)),
      );
      expect(results.filter((r) => r.inserted)).toHaveLength(1);
    });

    it('a held record cannot be claimed; after its outcome it can, as attempt 2', async () => {
      const refId = newRef();
      await store.ledger.recordIntent(intent(refId), claim);
      expect(await store.ledger.claim(refId, claim)).toBeUndefined();
      await store.ledger.recordOutcome(
        refId,
        1,
        {
          kind: 'unknown',
          problem: { type: 'about:blank', title: 'Gateway Timeout', status: 504 },
        },
        undefined,
      );
      expect((await store.ledger.get(refId))?.status).toBe('unknown');
      const claims = await Promise.all([
        store.ledger.claim(refId, claim),
        store.ledger.claim(refId, claim),
        store.ledger.claim(refId, claim),
      ]);
      expect(claims.filter((c) => c !== undefined)).toEqual([2]);
      await store.ledger.recordOutcome(
        refId,
        2,
        { kind: 'created', transfer: transfer(refId), replayed: true },
        409,
      );
      const record = await store.ledger.get(refId);
      expect(record?.status).toBe('created');
      expect(record?.transfer?.id).toBe(`t-${refId}`);
      expect(record?.attempts?.map((a) => [a.number, a.result, a.upstream_status])).toEqual([
        [1, 'unknown', undefined],
        [2, 'replayed', 409],
      ]);
      // Created is final: nobody claims it again.
      expect(await store.ledger.claim(refId, claim)).toBeUndefined();
    });

    it('a stale attempt cannot overwrite the outcome of the attempt holding the record', async () => {
      const refId = newRef();
      await store.ledger.recordIntent(intent(refId), claim);
      await leaseClockAdvances(refId, claim.leaseMs + 1);
      expect(await store.ledger.claim(refId, claim)).toBe(2);
      const refused = { type: 'about:blank', title: 'Rejected', status: 403 };
      await store.ledger.recordOutcome(refId, 1, { kind: 'refused', problem: refused }, 403);
      expect((await store.ledger.get(refId))?.status).toBe('submitting');
      await store.ledger.recordOutcome(refId, 2, { kind: 'refused', problem: refused }, 403);
      expect((await store.ledger.get(refId))?.status).toBe('refused');
    });

    it('a "submitting" whose lease ran out reads unknown and can be claimed again', async () => {
      const refId = newRef();
      await store.ledger.recordIntent(intent(refId), claim);
      await leaseClockAdvances(refId, claim.leaseMs - 1_000);
      expect((await store.ledger.get(refId))?.status).toBe('submitting');
      expect(await store.ledger.claim(refId, claim)).toBeUndefined();
      await leaseClockAdvances(refId, 1_001);
      const record = await store.ledger.get(refId);
      expect(record?.status).toBe('unknown');
      expect(
        (await store.ledger.list({ ref_id: refId, status: 'unknown' })).withdrawals,
      ).toHaveLength(1);
      expect(await store.ledger.claim(refId, claim)).toBe(2);
      const attempts = (await store.ledger.get(refId))?.attempts ?? [];
      expect(attempts[0]).toMatchObject({ number: 1, result: 'unknown' });
      expect(attempts[1]?.finished_at).toBeUndefined();
    });

    it('markInterruptedAsUnknown: only expired leases, or all when the process is the only user', async () => {
      const live = newRef('live');
      const expired = newRef('expired');
      await store.ledger.recordIntent(intent(live), claim);
      await store.ledger.recordIntent(intent(expired), claim);
      await leaseClockAdvances(expired, claim.leaseMs + 1);
      expect(await store.ledger.markInterruptedAsUnknown()).toBeGreaterThanOrEqual(1);
      expect((await store.ledger.get(live))?.status).toBe('submitting');
      const rows = await store.db.query<{ status: string }>(
        'SELECT status FROM withdrawals WHERE ref_id = $1',
        [expired],
      );
      expect(rows[0]?.status).toBe('unknown');
      expect(await store.ledger.markInterruptedAsUnknown({ all: true })).toBeGreaterThanOrEqual(1);
      const record = await store.ledger.get(live);
      expect(record?.status).toBe('unknown');
      expect(record?.attempts?.[0]?.result).toBe('unknown');
    });

    it('lists newest first with filters and cursor pages', async () => {
      const tag = newRef('list');
      const refs = [`${tag}-a`, `${tag}-b`, `${tag}-c`, `${tag}-d`, `${tag}-e`];
      for (const [i, refId] of refs.entries()) {
        await store.ledger.recordIntent(
          intent(refId, {
            operator: i % 2 === 0 ? { subject: `${tag}-op`, name: 'Op' } : bob,
            request: { ref_id: refId, crypto_network: i < 3 ? 'SOLANA' : 'STELLAR' },
          }),
          claim,
        );
      }
      const mine = await store.ledger.list({ operator: `${tag}-op` });
      expect(mine.withdrawals.map((w) => w.ref_id)).toEqual([refs[4], refs[2], refs[0]]);
      const page1 = await store.ledger.list({ operator: `${tag}-op`, limit: 2 });
      expect(page1.withdrawals.map((w) => w.ref_id)).toEqual([refs[4], refs[2]]);
      expect(page1.next_cursor).toBeDefined();
      const page2 = await store.ledger.list({
        operator: `${tag}-op`,
        limit: 2,
        cursor: page1.next_cursor!,
      });
      expect(page2.withdrawals.map((w) => w.ref_id)).toEqual([refs[0]]);
      expect(page2.next_cursor).toBeUndefined();
      const stellar = await store.ledger.list({ operator: `${tag}-op`, crypto_network: 'STELLAR' });
      expect(stellar.withdrawals.map((w) => w.ref_id)).toEqual([refs[4]]);
      await store.ledger.recordOutcome(
        refs[2]!,
        1,
        { kind: 'created', transfer: transfer(refs[2]!), replayed: false },
        200,
      );
      const created = await store.ledger.list({ operator: `${tag}-op`, status: 'created' });
      expect(created.withdrawals.map((w) => w.ref_id)).toEqual([refs[2]]);
      await expect(store.ledger.list({ cursor: 'bm9wZQ' })).rejects.toThrow(/cursor/);
    });
    it('orders by insertion as a number, not as text (ids 9 and 10 and beyond)', async () => {
      const tag = newRef('order');
      const refs = Array.from({ length: 12 }, (_, i) => `${tag}-${i}`);
      for (const refId of refs)
        await store.ledger.recordIntent(
          intent(refId, { operator: { subject: tag, name: 'Order' } }),
          claim,
        );
      const all = await store.ledger.list({ operator: tag, limit: 200 });
      expect(all.withdrawals.map((w) => w.ref_id)).toEqual([...refs].reverse());
      for (let i = 0; i < 12; i++)
        await store.audit.append({
          operator_subject: tag,
          roles: [],
          action: 'withdrawal.submit',
          target: refs[i]!,
          request_hash: 'h',
          outcome: 'created',
          request_id: 'r',
        });
      const events = await store.audit.list({ operator: tag });
      expect(events.events.map((e) => e.target)).toEqual([...refs].reverse());
    });
  });

  describe('address book', () => {
    const saved = (
      overrides: Partial<CryptoDestinationAddress> = {},
    ): CryptoDestinationAddress => ({
      id: 'addr-1',
      address: '0x8Cf798A5D316af599dDE1D8dbEF58A98F47a6Ddc',
      crypto_network: 'ETHEREUM',
      nickname: 'Treasury cold',
      bookmarked: false,
      ...overrides,
    });

    it('keeps the current state per (network, address, identity) and every version', async () => {
      const first = await store.addressBook.recordSaved(saved(), operator);
      expect(first.version).toBe(1);
      expect(first.has_travel_rule).toBe(false);
      // The same wallet in another case (EIP-55 is only a checksum) is the same entry.
      const second = await store.addressBook.recordSaved(
        saved({
          address: '0x8cf798a5d316af599dde1d8dbef58a98f47a6ddc',
          nickname: 'Treasury',
          bookmarked: true,
          travelrule_metadata: { beneficiary: { self: true } },
        }),
        bob,
      );
      expect(second.key).toBe(first.key);
      expect(second).toMatchObject({
        version: 2,
        nickname: 'Treasury',
        bookmarked: true,
        has_travel_rule: true,
        saved_by: bob,
      });
      // Another identity is another entry.
      const scoped = await store.addressBook.recordSaved(
        saved({ identity_id: 'identity-9', nickname: 'Scoped' }),
        operator,
      );
      expect(scoped.key).not.toBe(first.key);
      const found = await store.addressBook.find(
        'ETHEREUM',
        '0x8CF798A5D316AF599DDE1D8DBEF58A98F47A6DDC',
      );
      expect(found?.nickname).toBe('Treasury');
      const history = await store.addressBook.history(first.key);
      expect(history.map((h) => [h.version, h.address.nickname, h.operator.subject])).toEqual([
        [1, 'Treasury cold', operator.subject],
        [2, 'Treasury', bob.subject],
      ]);
    });

    it('takes the network from the request when the answer does not echo it', async () => {
      const entry = await store.addressBook.recordSaved(
        { id: 'sol', address: '7nwuiCcGFJQiBrRVbv57L5GZTrimDZF5sFBVwJNnPQbW', nickname: 'Sol' },
        operator,
        { crypto_network: 'SOLANA' },
      );
      expect(entry.crypto_network).toBe('SOLANA');
    });

    it('searches by nickname, address prefix or suffix and network; bookmarked first', async () => {
      await store.addressBook.recordSaved(
        saved({ address: '0x9562d44269EFFdCcf34AfF1BAd67FCfb1C25b318', nickname: 'Zeta payroll' }),
        operator,
      );
      await store.addressBook.recordSaved(
        saved({
          address: '0x3A8e9b7c8d340626315788B48060469dFd080775',
          nickname: 'Alpha payroll',
          bookmarked: false,
        }),
        operator,
      );
      const payroll = await store.addressBook.list({ q: 'payroll' });
      expect(payroll.map((a) => a.nickname)).toEqual(['Alpha payroll', 'Zeta payroll']);
      expect((await store.addressBook.list({ q: '0x9562' })).map((a) => a.nickname)).toEqual([
        'Zeta payroll',
      ]);
      expect((await store.addressBook.list({ q: 'c25b318' })).map((a) => a.nickname)).toEqual([
        'Zeta payroll',
      ]);
      // Neither the start nor the end: no match on the middle of an address.
      expect(await store.addressBook.list({ q: '4269EFFd' })).toEqual([]);
      const all = await store.addressBook.list({ crypto_network: 'ETHEREUM' });
      expect(all[0]?.bookmarked).toBe(true);
      expect(all.every((a) => a.crypto_network === 'ETHEREUM')).toBe(true);
      // LIKE wildcards in a search are literal.
      expect(await store.addressBook.list({ q: '%' })).toEqual([]);
    });
    it('recordSavedMany: the versions in order, one a save, a key saved twice twice', async () => {
      const one = saved({ address: '0x1111111111111111111111111111111111111111', nickname: 'One' });
      const two = saved({ address: '0x2222222222222222222222222222222222222222', nickname: 'Two' });
      const before = await store.addressBook.recordSaved(two, operator);
      const versions = await store.addressBook.recordSavedMany([
        { address: one, operator },
        { address: { ...two, nickname: 'Two again' }, operator: bob },
        // The same key again (another spelling): written after the first, as two saves are.
        {
          address: {
            ...one,
            address: one.address.toUpperCase().replace('0X', '0x'),
            nickname: 'One again',
          },
          operator: bob,
        },
        {
          address: { id: 'sol-2', address: '9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin' },
          operator,
          request: { crypto_network: 'SOLANA' },
        },
      ]);
      expect(versions).toEqual([1, before.version + 1, 2, 1]);
      // What the one write stored, as recordSaved would have.
      const entries = [
        await store.addressBook.find('ETHEREUM', one.address),
        await store.addressBook.find('ETHEREUM', two.address),
        await store.addressBook.findById('sol-2'),
      ];
      expect(entries.map((e) => [e?.nickname, e?.version, e?.saved_by.subject])).toEqual([
        ['One again', 2, bob.subject],
        ['Two again', before.version + 1, bob.subject],
        [undefined, 1, operator.subject],
      ]);
      expect(entries[2]!.crypto_network).toBe('SOLANA');
      const history = await store.addressBook.history(entries[0]!.key);
      expect(history.map((h) => [h.version, h.address.nickname, h.operator.subject])).toEqual([
        [1, 'One', operator.subject],
        [2, 'One again', bob.subject],
      ]);
      expect(await store.addressBook.recordSavedMany([])).toEqual([]);
    });
  });

  describe('audit log', () => {
    const event = (overrides: Record<string, unknown> = {}) => ({
      operator_subject: operator.subject,
      roles: ['withdrawal-initiator'],
      action: 'withdrawal.submit',
      target: 'ref-x',
      request_hash: 'h',
      outcome: 'created',
      upstream_status: 200,
      request_id: 'rq',
      ...overrides,
    });

    it('appends and lists newest first with filters and cursor pages', async () => {
      const subject = newRef('auditor');
      const a = await store.audit.append(event({ operator_subject: subject }));
      const b = await store.audit.append(
        event({ operator_subject: subject, action: 'address.put', upstream_status: undefined }),
      );
      const c = await store.audit.append(event({ operator_subject: subject }));
      expect(b.upstream_status).toBeUndefined();
      const mine = await store.audit.list({ operator: subject });
      expect(mine.events.map((e) => e.id)).toEqual([c.id, b.id, a.id]);
      const puts = await store.audit.list({ operator: subject, action: 'address.put' });
      expect(puts.events.map((e) => e.id)).toEqual([b.id]);
      const page1 = await store.audit.list({ operator: subject, limit: 2 });
      const page2 = await store.audit.list({
        operator: subject,
        limit: 2,
        cursor: page1.next_cursor!,
      });
      expect([...page1.events, ...page2.events].map((e) => e.id)).toEqual([c.id, b.id, a.id]);
      const future = new Date(Date.now() + 3_600_000).toISOString();
      expect((await store.audit.list({ operator: subject, from: future })).events).toEqual([]);
      expect((await store.audit.list({ operator: subject, to: future })).events).toHaveLength(3);
    });

    it('appendMany: the events in their order, found by the operator filter as append makes them', async () => {
      const subject = newRef('batcher');
      await store.audit.appendMany([
        event({ operator_subject: subject, operator_name: 'Dana Page', target: 'a' }),
        event({
          operator_subject: subject,
          operator_name: 'Dana Page',
          target: 'b',
          upstream_status: undefined,
          changed_fields: ['nickname'],
          change_values: [{ path: 'nickname', before: 'x', after: 'y' }],
        }),
        event({ operator_subject: subject, operator_name: 'Dana Page', target: 'c\u0000' }),
      ]);
      const listed = await store.audit.list({ operator: 'page' });
      const mine = listed.events.filter((e) => e.operator_subject === subject);
      expect(mine.map((e) => e.target)).toEqual(['c\ufffd', 'b', 'a']);
      expect(mine[1]).toMatchObject({
        changed_fields: ['nickname'],
        change_values: [{ path: 'nickname', before: 'x', after: 'y' }],
      });
      expect(mine[1]!.upstream_status).toBeUndefined();
      expect(mine[2]!.upstream_status).toBe(200);
      await expect(store.audit.appendMany([])).resolves.toBeUndefined();
    });

    it('the database refuses to update, delete or truncate an event', async () => {
      const e = await store.audit.append(event());
      await expect(
        store.db.query(`UPDATE audit_events SET outcome = 'refused' WHERE id = $1`, [e.id]),
      ).rejects.toThrow(/append-only/);
      await expect(
        store.db.query('DELETE FROM audit_events WHERE id = $1', [e.id]),
      ).rejects.toThrow(/append-only/);
      await expect(store.db.exec('TRUNCATE audit_events')).rejects.toThrow(/append-only/);
      const still = await store.audit.list({ operator: operator.subject, limit: 500 });
      expect(still.events.find((x) => x.id === e.id)?.outcome).toBe('created');
    });
  });
});
