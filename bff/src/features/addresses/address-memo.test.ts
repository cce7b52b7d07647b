import { beforeAll, describe, expect, it } from 'vitest';
import type { AddressBookEntry } from '#contract/address-book';
import type { AuditEvent } from '#contract/audit';
import { SAMPLE_ADDRESSES } from '#sandbox/index';
import { ALL_BACKENDS, skipWithoutServer } from '#bff/store/testing/test-stores';
import { storeAndBffForSuite, BUSY_WRITER_ENV } from '#bff-test/test-bff-for-suite';

// Issue 26 item 5: the address book keeps a memo (or tag) with an address on a network that uses
// one (the network registry's memo rule), so the withdrawal form can prefill it. Here with no
// policy (kept at once); under a policy that holds address changes a memo change waits for
// another address approver, and the gate sends only with the book's memo: gate/destination-memo.test.ts.

describe.each(ALL_BACKENDS)('the address book memo on %s', (backend) => {
  if (skipWithoutServer(backend)) return;
  const { bff } = storeAndBffForSuite(backend, 'test_address_memo', () => ({
    env: BUSY_WRITER_ENV,
  }));
  const keys: Record<string, string> = {};

  beforeAll(async () => {
    for (const [network, address] of [
      ['STELLAR', SAMPLE_ADDRESSES.stellarA],
      ['ETHEREUM', SAMPLE_ADDRESSES.evmB],
    ] as const) {
      const saved = await bff.request('PUT', '/api/addresses', {
        body: { crypto_network: network, address, bookmarked_status: false },
      });
      expect(saved.status).toBe(200);
      const list = await bff.request('GET', `/api/addresses?crypto_network=${network}`);
      const entry = (list.body as { addresses: AddressBookEntry[] }).addresses.find(
        (e) => e.address === address,
      );
      keys[network] = entry!.key;
    }
  });

  const setMemo = (key: string, memo: string) =>
    bff.request('POST', '/api/addresses/memo', { body: { key, memo } });
  const listed = async (network: string) =>
    (
      (await bff.request('GET', `/api/addresses?crypto_network=${network}`)).body as {
        addresses: AddressBookEntry[];
      }
    ).addresses;

  it('keeps a memo with a Stellar entry, lists it, audits it, and nothing goes upstream', async () => {
    const before = bff.sandbox.stats().requests;
    const res = await setMemo(keys.STELLAR!, ' 884422 ');
    expect(res.status).toBe(200);
    expect((res.body as { address: AddressBookEntry }).address.memo).toBe('884422');
    expect((await listed('STELLAR')).find((e) => e.key === keys.STELLAR)?.memo).toBe('884422');
    expect(bff.sandbox.stats().requests).toEqual(before);
    const audit = (await bff.request('GET', '/api/audit?action=address.memo&limit=50')).body as {
      events: AuditEvent[];
    };
    expect(audit.events.map((e) => [e.target, e.outcome])).toContainEqual([
      keys.STELLAR,
      'memo-saved',
    ]);
  });

  it('a later save of the address keeps the memo; an empty memo clears it', async () => {
    await setMemo(keys.STELLAR!, '555');
    const saved = await bff.request('PUT', '/api/addresses', {
      body: {
        crypto_network: 'STELLAR',
        address: SAMPLE_ADDRESSES.stellarA,
        nickname: 'Exchange deposit',
        bookmarked_status: true,
      },
    });
    expect(saved.status).toBe(200);
    expect((await listed('STELLAR')).find((e) => e.key === keys.STELLAR)?.memo).toBe('555');
    expect((await setMemo(keys.STELLAR!, '')).status).toBe(200);
    expect((await listed('STELLAR')).find((e) => e.key === keys.STELLAR)?.memo).toBeUndefined();
  });

  it('refuses a network without a memo rule (404), a memo over 100 characters (400)', async () => {
    expect((await setMemo(keys.ETHEREUM!, '1')).status).toBe(404);
    expect((await listed('ETHEREUM')).find((e) => e.key === keys.ETHEREUM)?.memo).toBeUndefined();
    expect((await setMemo(keys.STELLAR!, 'x'.repeat(101))).status).toBe(400);
  });
});
