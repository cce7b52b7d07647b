import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookKey } from '#contract/networks/canonical-address';
import { applyMigrations, loadMigrations } from './migrate';
import type { OpenedStore } from './open-store';
import { openTestStore, ALL_BACKENDS, skipWithoutServer } from './testing/test-stores';

// Entries saved before the one address rule are keyed by the Bitcoin Cash address as typed; the
// migration moves them to the canonical key, so a new save updates them instead of adding one.

const CASH = 'qpe7q0hytzztux5a0cpd4u5yahrnpw7szuwdk8r0v9';
const OTHER = 'qr95sy3j9xwd2ap32xkykttr4cvcu7as4y0qverfuy';

describe.each(ALL_BACKENDS)('address-book canonical keys migration on %s', (backend) => {
  if (skipWithoutServer(backend)) return;
  let store: OpenedStore;
  beforeAll(async () => {
    store = await openTestStore(backend, 'test_address_key_migration');
  }, 120_000);
  afterAll(async () => {
    await store?.close();
  });

  async function insertOld(key: string, address: string, nickname: string) {
    await store.db.query(
      `INSERT INTO address_book (key, crypto_network, address, nickname, bookmarked,
         has_travel_rule, upstream, saved_by_subject, saved_by_name, version)
       VALUES ($1, 'BITCOIN_CASH', $2, $3, false, false, '{}'::jsonb, 's', 'n', 1)`,
      [key, address, nickname],
    );
    await store.db.query(
      `INSERT INTO address_history (key, version, operator_subject, operator_name, upstream)
       VALUES ($1, 1, 's', 'n', '{}'::jsonb)`,
      [key],
    );
  }

  it('re-keys an old bare CashAddr entry with its history; leaves two spellings of one address alone', async () => {
    await insertOld(`BITCOIN_CASH:${CASH}:`, CASH, 'bare');
    await insertOld(`BITCOIN_CASH:${OTHER}:`, OTHER, 'other bare');
    await insertOld(
      `BITCOIN_CASH:bitcoincash:${OTHER.toUpperCase()}:`,
      `bitcoincash:${OTHER.toUpperCase()}`,
      'other full',
    );
    const migration = loadMigrations().find((m) => m.name.includes('address-book-canonical-keys'));
    expect(migration).toBeDefined();
    await applyMigrations(store.db, [{ ...migration!, name: `${migration!.name}-again` }]);

    const canonical = bookKey('BITCOIN_CASH', CASH);
    expect(canonical).toBe(`BITCOIN_CASH:bitcoincash:${CASH}:`);
    const found = await store.addressBook.find('BITCOIN_CASH', `bitcoincash:${CASH}`);
    expect(found).toMatchObject({ key: canonical, nickname: 'bare' });
    expect(await store.addressBook.history(canonical)).toHaveLength(1);
    const keys = (
      await store.db.query<{ key: string }>(
        `SELECT key FROM address_book WHERE crypto_network = 'BITCOIN_CASH' ORDER BY key`,
      )
    ).map((r) => r.key);
    expect(keys).not.toContain(`BITCOIN_CASH:${CASH}:`);
    // Two spellings of OTHER would take one key: neither is moved.
    expect(keys).toEqual(
      expect.arrayContaining([
        `BITCOIN_CASH:${OTHER}:`,
        `BITCOIN_CASH:bitcoincash:${OTHER.toUpperCase()}:`,
      ]),
    );
  });
});
