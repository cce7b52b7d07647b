import { describe, expect, it } from 'vitest';
import type { AuditEvent } from '#contract/audit';
import { SAMPLE_ADDRESSES } from '#sandbox/index';
import { ALL_BACKENDS, skipWithoutServer } from '#bff/store/testing/test-stores';
import { storeAndBffForSuite, BUSY_WRITER_ENV } from '#bff-test/test-bff-for-suite';

// Issue 13, item 7: the audit trail logged an address update as "created" and could not say
// what the update changed. It names the changed fields (never their values: Travel Rule data is
// personal data, and the address book's history holds every version).

describe.each(ALL_BACKENDS)('the audit trail of address saves on %s', (backend) => {
  if (skipWithoutServer(backend)) return;
  const { bff } = storeAndBffForSuite(backend, 'test_address_update_audit', () => ({
    env: BUSY_WRITER_ENV,
  }));

  const put = (body: Record<string, unknown>) => bff.request('PUT', '/api/addresses', { body });
  const addressEvents = async () =>
    ((await bff.request('GET', '/api/audit?action=address.put')).body as { events: AuditEvent[] })
      .events;

  it('an update is audited as updated, naming the fields it changed and not their values', async () => {
    // An address the local upstream's seed does not hold: the first save creates it.
    const base = { crypto_network: 'ETHEREUM', address: SAMPLE_ADDRESSES.evmC };
    expect((await put({ ...base, nickname: 'Ops hot wallet' })).status).toBe(200);
    expect(
      (
        await put({
          ...base,
          nickname: 'Ops warm wallet',
          travelrule_metadata: {
            beneficiary: { person_details: { first_name: 'Ada', last_name: 'Lovelace' } },
          },
        })
      ).status,
    ).toBe(200);
    // Saved again as it is: an update that changes nothing says so.
    expect((await put({ ...base, nickname: 'Ops warm wallet' })).status).toBe(200);

    const [unchanged, updated, created] = await addressEvents();
    expect(created).toMatchObject({ outcome: 'created' });
    expect(created!.changed_fields).toBeUndefined();
    expect(updated).toMatchObject({ outcome: 'updated' });
    expect(updated!.changed_fields).toEqual([
      'nickname',
      'travelrule_metadata.beneficiary.person_details.first_name',
      'travelrule_metadata.beneficiary.person_details.last_name',
    ]);
    expect(JSON.stringify(updated)).not.toContain('Lovelace');
    expect(unchanged).toMatchObject({ outcome: 'updated', changed_fields: [] });
  });

  it('the audit CSV carries the changed fields of each update', async () => {
    const csv = await bff.request('GET', '/api/audit/export.csv?action=address.put');
    expect(csv.status).toBe(200);
    const [header, ...rows] = csv.text.trimEnd().split('\r\n');
    const at = header!.split(',').indexOf('changed_fields');
    expect(at).toBeGreaterThan(-1);
    expect(rows.map((row) => row.split(',')[at])).toContain(
      'nickname travelrule_metadata.beneficiary.person_details.first_name travelrule_metadata.beneficiary.person_details.last_name',
    );
  });

  // Issue 26, item 13: "Changed" listed field names with no values. The values that are not
  // personal data (nickname, bookmark, custody, VASP) are kept as before → after.
  it('keeps before and after of nickname, bookmark, custody and VASP, never personal data', async () => {
    const base = { crypto_network: 'SOLANA', address: SAMPLE_ADDRESSES.solanaB };
    const person = { person_details: { first_name: 'Ada', last_name: 'Lovelace' } };
    expect(
      (
        await put({
          ...base,
          nickname: 'Cold one',
          bookmarked_status: false,
          travelrule_metadata: { beneficiary: person, custodian_type: 'PRIVATE' },
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await put({
          ...base,
          nickname: 'Kraken deposit',
          bookmarked_status: true,
          travelrule_metadata: {
            beneficiary: { person_details: { first_name: 'Ada', last_name: 'Byron' } },
            custodian_type: 'VASP',
            vasp: { id: 'vasp-kraken' },
          },
        })
      ).status,
    ).toBe(200);
    const [updated] = await addressEvents();
    expect(updated).toMatchObject({ outcome: 'updated' });
    expect(updated!.change_values).toEqual(
      expect.arrayContaining([
        { path: 'nickname', before: 'Cold one', after: 'Kraken deposit' },
        { path: 'bookmarked_status', before: 'false', after: 'true' },
        { path: 'travelrule_metadata.custodian_type', before: 'PRIVATE', after: 'VASP' },
        { path: 'travelrule_metadata.vasp.id', after: 'vasp-kraken' },
      ]),
    );
    // The beneficiary's changed name is named as a field, its values kept out.
    expect(updated!.changed_fields).toContain(
      'travelrule_metadata.beneficiary.person_details.last_name',
    );
    expect(JSON.stringify(updated)).not.toMatch(/Lovelace|Byron/);
  });
});
