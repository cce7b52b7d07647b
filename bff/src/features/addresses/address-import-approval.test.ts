import { describe, expect, it } from 'vitest';
import { ADDRESS_CSV_COLUMNS } from '#contract/address-csv';
import type { AddressImportResponse } from '#contract/address-import';
import type { ApprovalRequest, HeldForApprovalResponse } from '#contract/approvals';
import type { AuditEvent } from '#contract/audit';
import { SAMPLE_ADDRESSES } from '#sandbox/index';
import { ALL_BACKENDS, skipWithoutServer } from '#bff/store/testing/test-stores';
import { storeAndBffForSuite } from '#bff-test/test-bff-for-suite';

// Issue 28 item 2: an address file's rows are "held for approval under the policy as one request
// or per row; then saved through the same upsert path, with an audit event per address". Here:
// per row. Nothing is saved while held; the importer under another spelling of their identity
// cannot approve (contract/identity.ts); another address approver's approval saves each row
// through the editor's own path, its destination memo with it. A row that changes only the
// book's memo is a destination change too: held the same way (the memo card's own path).

const POLICY = {
  withdrawals: { require: 'never' },
  addresses: { new_addresses: true, travel_rule_changes: true, approvals: 1 },
  destinations: { allowlist: false },
  request_ttl_minutes: 60,
};
const ENV = {
  AUTH_MODE: 'trusted-header',
  TRUSTED_PROXY_ADDRESSES: '127.0.0.1',
  ROLE_GROUPS: 'viewer=ops;address-editor=ops;address-approver=approvers',
  PUBLIC_ORIGIN: 'https://ops.example.com',
  APPROVAL_POLICY: JSON.stringify(POLICY),
  WRITE_RATE_LIMIT_PER_MINUTE: '100000',
  LOG_LEVEL: 'warn',
};
const person = (user: string, email: string) => ({
  'x-forwarded-user': user,
  'x-forwarded-email': email,
  'x-forwarded-groups': 'ops,approvers',
});
const ANA = person('ana', 'ana@example.com');
/** Ana again: her user id and e-mail in other case, with spaces (one person, identity.ts). */
const ANA_AGAIN = person(' ANA ', 'Ana@Example.COM');
const BEN = person('ben', 'ben@example.com');

const header = ADDRESS_CSV_COLUMNS.join(',');
const row = (cells: Partial<Record<(typeof ADDRESS_CSV_COLUMNS)[number], string>>) =>
  ADDRESS_CSV_COLUMNS.map((c) => cells[c] ?? '').join(',');

describe.each(ALL_BACKENDS)('an address import held for approval on %s', (backend) => {
  if (skipWithoutServer(backend)) return;
  const { store, bff } = storeAndBffForSuite(backend, 'test_address_import_approval', () => ({
    env: ENV,
  }));

  const as = (who: Record<string, string>) => ({
    post: (path: string, body: unknown = {}) => bff.request('POST', path, { headers: who, body }),
    get: (path: string) => bff.request('GET', path, { headers: who }),
  });
  const puts = () =>
    bff.sandbox.stats().requests['PUT /v2/transfer/crypto-destination-address'] ?? 0;
  const events = async (action: string, target?: string) =>
    (
      (await as(BEN).get(`/api/audit?action=${action}&limit=500`)).body as {
        events: AuditEvent[];
      }
    ).events.filter((e) => target === undefined || e.target === target);

  it('holds each new row (nothing saved), refuses the importer’s own approval, saves each row once approved', async () => {
    const file = [
      header,
      row({
        network: 'ETHEREUM',
        address: SAMPLE_ADDRESSES.evmC,
        nickname: 'Payroll EU',
        bookmark: 'no',
        beneficiary_kind: 'institution',
        beneficiary_institution_name: 'Acme GmbH',
        custody: 'PRIVATE',
      }),
      row({
        network: 'STELLAR',
        address: SAMPLE_ADDRESSES.stellarB,
        nickname: 'Desk XLM',
        bookmark: 'yes',
        destination_memo: '5555',
      }),
    ].join('\r\n');
    const upload = await bff.request('POST', '/api/addresses/import', {
      headers: { ...ANA, 'content-type': 'text/csv' },
      body: file,
    });
    expect(upload.status).toBe(201);
    const preview = upload.body as AddressImportResponse;
    expect(preview.import.counts).toMatchObject({ rows: 2, create: 2, invalid: 0 });

    const putsBefore = puts();
    const putEventsBefore = (await events('address.put')).length;
    const applied = await as(ANA).post(`/api/addresses/import/${preview.import.id}/apply`);
    expect(applied.status).toBe(200);
    const rows = (applied.body as AddressImportResponse).rows;
    expect(rows.map((r) => r.outcome)).toEqual(['awaiting_approval', 'awaiting_approval']);
    const ids = rows.map((r) => r.approval_id!);
    expect(new Set(ids).size).toBe(2);

    // Held: nothing sent, nothing in the book, each attempt audited as awaiting approval.
    expect(puts()).toBe(putsBefore);
    expect(await store.addressBook.find('ETHEREUM', SAMPLE_ADDRESSES.evmC)).toBeUndefined();
    expect(await store.addressBook.find('STELLAR', SAMPLE_ADDRESSES.stellarB)).toBeUndefined();
    const putEvents = await events('address.put');
    const heldEvents = putEvents.slice(0, putEvents.length - putEventsBefore);
    expect(heldEvents.map((e) => e.outcome)).toEqual(['awaiting_approval', 'awaiting_approval']);
    const requests = await Promise.all(
      ids.map(async (id) => (await as(BEN).get(`/api/approvals/${id}`)).body as ApprovalRequest),
    );
    expect(requests.map((r) => [r.kind, r.status, r.reason])).toEqual([
      ['address', 'pending', 'new address'],
      ['address', 'pending', 'new address'],
    ]);
    // The memo waits with its row, where the approver reads it.
    expect(requests[1]!.address).toMatchObject({ change: 'new', memo: '5555' });
    expect(requests[0]!.address?.memo).toBeUndefined();

    // The importer, under another spelling of her identity, cannot approve her own rows.
    for (const id of ids) {
      const own = await as(ANA_AGAIN).post(`/api/approvals/${id}/approve`);
      expect(own.status).toBe(403);
      expect(own.body).toMatchObject({ detail: expect.stringMatching(/^Self-approval/) });
    }
    expect(puts()).toBe(putsBefore);

    // Another address approver approves: each row saved through the same upsert path.
    for (const id of ids) {
      const res = await as(BEN).post(`/api/approvals/${id}/approve`);
      expect(res.status).toBe(200);
      expect((res.body as HeldForApprovalResponse).submission).toMatchObject({
        outcome: 'created',
      });
    }
    expect(puts() - putsBefore).toBe(2);
    const evm = await store.addressBook.find('ETHEREUM', SAMPLE_ADDRESSES.evmC);
    const xlm = await store.addressBook.find('STELLAR', SAMPLE_ADDRESSES.stellarB);
    expect(evm).toMatchObject({ nickname: 'Payroll EU', saved_by: { subject: 'ana' } });
    expect(xlm).toMatchObject({ nickname: 'Desk XLM', bookmarked: true, memo: '5555' });
    // An audit event per address: its save (address.put, created), and the memo kept with it.
    for (const saved of [evm!, xlm!]) {
      const target = `${saved.crypto_network}:${saved.address}:`;
      const created = (await events('address.put', target)).filter((e) => e.outcome === 'created');
      expect(created).toHaveLength(1);
    }
    expect((await events('address.memo', xlm!.key)).map((e) => e.outcome)).toEqual(['memo-saved']);
  });

  it('holds a row that changes only the book’s memo: the memo stays until another approver approves', async () => {
    const upload = await bff.request('POST', '/api/addresses/import', {
      headers: { ...ANA, 'content-type': 'text/csv' },
      body: [
        header,
        row({
          network: 'STELLAR',
          address: SAMPLE_ADDRESSES.stellarB,
          nickname: 'Desk XLM',
          bookmark: 'yes',
          destination_memo: '6666',
        }),
      ].join('\r\n'),
    });
    expect(upload.status).toBe(201);
    const preview = upload.body as AddressImportResponse;
    expect(preview.rows[0]!.diff).toEqual([
      { path: 'destination_memo', before: '5555', after: '6666' },
    ]);
    const putsBefore = puts();
    const applied = await as(ANA).post(`/api/addresses/import/${preview.import.id}/apply`);
    const [held] = (applied.body as AddressImportResponse).rows;
    expect(held).toMatchObject({ outcome: 'awaiting_approval' });
    const key = (await store.addressBook.find('STELLAR', SAMPLE_ADDRESSES.stellarB))!.key;
    expect((await store.addressBook.get(key))?.memo).toBe('5555');
    const request = (await as(BEN).get(`/api/approvals/${held!.approval_id}`))
      .body as ApprovalRequest;
    expect(request.address).toMatchObject({ change: 'memo', memo: '6666' });

    expect((await as(ANA_AGAIN).post(`/api/approvals/${request.id}/approve`)).status).toBe(403);
    expect((await store.addressBook.get(key))?.memo).toBe('5555');
    expect((await as(BEN).post(`/api/approvals/${request.id}/approve`)).status).toBe(200);
    expect((await store.addressBook.get(key))?.memo).toBe('6666');
    // The book's own: nothing went to the service for it.
    expect(puts()).toBe(putsBefore);
    expect((await events('address.memo', key)).map((e) => e.outcome)).toEqual([
      'memo-saved',
      'awaiting_approval',
      'memo-saved',
    ]);
  });

  it('reads each held row’s request as it is now: approved and saved, rejected by whom, expired, still waiting', async () => {
    const file = [
      header,
      ...[
        ['SOLANA', SAMPLE_ADDRESSES.solanaB, 'Treasury SOL'],
        ['DOGECOIN', SAMPLE_ADDRESSES.dogecoinB, 'Desk DOGE'],
        ['SUI', SAMPLE_ADDRESSES.suiB, 'Desk SUI'],
        ['BITCOIN', SAMPLE_ADDRESSES.bitcoinSegwitB, 'Cold BTC'],
      ].map(([network, address, nickname]) =>
        row({ network, address, nickname, bookmark: 'no', custody: 'PRIVATE' }),
      ),
    ].join('\r\n');
    const upload = await bff.request('POST', '/api/addresses/import', {
      headers: { ...ANA, 'content-type': 'text/csv' },
      body: file,
    });
    expect(upload.status).toBe(201);
    const id = (upload.body as AddressImportResponse).import.id;
    const applied = await as(ANA).post(`/api/addresses/import/${id}/apply`, {
      confirm_look_alikes: true,
    });
    expect(applied.status).toBe(200);
    const held = (applied.body as AddressImportResponse).rows;
    expect(held.map((r) => r.outcome)).toEqual(Array(4).fill('awaiting_approval'));
    expect(held.map((r) => r.approval?.status)).toEqual(Array(4).fill('pending'));
    const [approve, reject, expire, wait] = held.map((r) => r.approval_id!);

    expect((await as(BEN).post(`/api/approvals/${approve}/approve`)).status).toBe(200);
    const rejected = await as(BEN).post(`/api/approvals/${reject}/reject`, {
      reason: 'Not our desk',
    });
    expect(rejected.status).toBe(200);
    await store.db.query(
      `UPDATE approval_requests SET expires_at = now() - interval '1 second' WHERE id = $1`,
      [expire!],
    );
    expect((await store.approvals!.expireDue()).map((s) => s.approval.id)).toEqual([expire]);

    const read = await as(ANA).get(`/api/addresses/import/${id}`);
    expect(read.status).toBe(200);
    const rows = (read.body as AddressImportResponse).rows;
    // The stored outcome stays what apply did; the request's state is read beside it.
    expect(rows.map((r) => r.outcome)).toEqual(Array(4).fill('awaiting_approval'));
    expect(rows.map((r) => r.approval)).toEqual([
      {
        id: approve,
        status: 'approved',
        decided_by: { subject: 'ben', name: 'ben' },
        decided_at: expect.any(String),
        outcome: 'created',
      },
      {
        id: reject,
        status: 'rejected',
        decided_by: { subject: 'ben', name: 'ben' },
        decided_at: expect.any(String),
      },
      { id: expire, status: 'expired', decided_at: expect.any(String) },
      { id: wait, status: 'pending', expires_at: expect.any(String) },
    ]);
    // A page of the rows reads them the same way.
    const page = await as(ANA).get(`/api/addresses/import/${id}?after=2&limit=1`);
    expect((page.body as AddressImportResponse).rows.map((r) => r.approval?.status)).toEqual([
      'rejected',
    ]);
  });
});
