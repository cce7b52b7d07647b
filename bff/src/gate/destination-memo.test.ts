import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AddressBookEntry } from '#contract/address-book';
import { HeldForApprovalResponseSchema, type ApprovalRequest } from '#contract/approvals';
import type { AuditEvent } from '#contract/audit';
import { CONSOLE_PROBLEM_TYPES, type Problem } from '#contract/problem';
import type { WithdrawalBatch } from '#contract/withdrawal-batches';
import { SAMPLE_ADDRESSES, SEED_IDS } from '#sandbox/index';
import { ANA, BEN, startBatchHarness, type BatchHarness } from '#bff-test/batch-harness';
import { startTestBff, type TestBff } from '#bff-test/start-test-bff';
import { ALL_BACKENDS, skipWithoutServer } from '#bff/store/testing/test-stores';
import { heldApproval } from '#bff-test/four-eyes-calls';

// One gate for a destination's memo (issue 26's known gap). On a memo network the address and the
// memo together say who is credited (an exchange's deposit address and its customer's tag), so:
// - a change of the book's memo is a destination change: held for another address approver under
//   a policy that holds address changes, the memo kept as it was until then (never approved by
//   its initiator under another spelling of their identity);
// - with the allowlist on, a withdrawal to a book address carries the book's memo on every path
//   (a single submit, a batch row, the last approval of a held one), or is refused (422, `memo`);
// - archiving takes the address out of use at once; bringing it back waits like a new address.

const SCHEMA = 'test_destination_memo';
const XLM_TIER = '500';
const POLICY = {
  withdrawals: { require: 'tiers', tiers: [{ asset: 'XLM', above: XLM_TIER, approvals: 1 }] },
  addresses: { new_addresses: true, travel_rule_changes: true, approvals: 1 },
  destinations: { allowlist: true },
  request_ttl_minutes: 60,
};
/** Ana again: her user id and e-mail in other case, with spaces (one person, identity.ts). */
const ANA_AGAIN = {
  'x-forwarded-user': ' ANA ',
  'x-forwarded-email': 'Ana@Example.COM',
  'x-forwarded-groups': 'ops,approvers',
};
/** The book's Stellar address here: not saved at the service, so the book alone approves it. */
const STELLAR = SAMPLE_ADDRESSES.stellarB;

let counter = 0;
const ref = (label: string) => `memo-${label}-${Date.now()}-${++counter}`;
const xlm = (refId: string, amount: string, memo?: string) => ({
  profile_id: SEED_IDS.exampleProfile,
  destination_address: STELLAR,
  crypto_network: 'STELLAR',
  asset: 'XLM',
  amount,
  ref_id: refId,
  ...(memo !== undefined ? { memo } : {}),
});

describe.each(ALL_BACKENDS)('the destination memo in the one gate on %s', (backend) => {
  if (skipWithoutServer(backend)) return;
  let h: BatchHarness;
  let key = '';

  const as = (who: Record<string, string>) => ({
    post: (path: string, body: unknown = {}) => h.bff.request('POST', path, { headers: who, body }),
    get: (path: string) => h.bff.request('GET', path, { headers: who }),
  });
  const approve = async (id: string) => {
    const res = await as(BEN).post(`/api/approvals/${id}/approve`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return HeldForApprovalResponseSchema.parse(res.body);
  };
  const entry = async () => (await h.store.addressBook.get(key)) as AddressBookEntry;
  const withdrawalsTo = () =>
    h.bff.sandbox.transfers({}).filter((t) => t.destination_address === STELLAR).length;
  const events = async (action: string) =>
    (
      (await as(BEN).get(`/api/audit?action=${action}&limit=200`)).body as { events: AuditEvent[] }
    ).events.filter((e) => e.target === key || action === 'withdrawal.submit');
  const memoRefusal = (res: { status: number; body: unknown }) => {
    expect(res.status, JSON.stringify(res.body)).toBe(422);
    const problem = res.body as Problem;
    expect(problem.type).toBe(CONSOLE_PROBLEM_TYPES.destinationMemoDiffers);
    expect(problem.detail).toMatch(/memo differs from the approved destination/);
    expect(problem.errors?.map((e) => e.path)).toEqual(['memo']);
    return problem;
  };
  /** A memo change Ana asks and Ben approves. */
  const memoApproved = async (memo: string) => {
    await approve(heldApproval(await as(ANA).post('/api/addresses/memo', { key, memo })).id);
    expect((await entry()).memo).toBe(memo === '' ? undefined : memo);
  };

  beforeAll(async () => {
    h = await startBatchHarness(backend, SCHEMA, { APPROVAL_POLICY: JSON.stringify(POLICY) });
    // The exchange's deposit address: saved for approval, approved by another address approver.
    const saved = heldApproval(
      await h.bff.request('PUT', '/api/addresses', {
        headers: ANA,
        body: { crypto_network: 'STELLAR', address: STELLAR, nickname: 'Exchange deposit' },
      }),
    );
    await approve(saved.id);
    key = (await h.store.addressBook.find('STELLAR', STELLAR))!.key;
  });
  afterAll(() => h?.close());

  it('holds a memo change for another address approver: the memo stays until approved', async () => {
    const request = heldApproval(
      await as(ANA).post('/api/addresses/memo', { key, memo: ' 1001 ' }),
    );
    // The approver reads what changes, before and after, as for any address change.
    expect(request).toMatchObject({
      kind: 'address',
      status: 'pending',
      target: key,
      reason: 'destination memo changed',
      address: {
        change: 'memo',
        memo: '1001',
        diff: [{ path: 'destination_memo', after: '1001' }],
        request: { crypto_network: 'STELLAR', address: STELLAR },
      },
    });
    expect((await entry()).memo).toBeUndefined();
    // While it waits, the address receives nothing (as while any change of it waits).
    const waiting = await as(ANA).post('/api/withdrawals', xlm(ref('waiting'), '1', '1001'));
    expect(waiting.status).toBe(409);
    expect((waiting.body as Problem).type).toBe(CONSOLE_PROBLEM_TYPES.destinationNotApproved);

    // Its initiator, under another spelling of her identity, cannot approve it.
    const own = await as(ANA_AGAIN).post(`/api/approvals/${request.id}/approve`);
    expect(own.status).toBe(403);
    expect(own.body).toMatchObject({ detail: expect.stringMatching(/^Self-approval/) });
    expect((await entry()).memo).toBeUndefined();

    // Another address approver approves: the memo is kept, nothing went upstream for it.
    const answer = await approve(request.id);
    expect(answer.submission).toMatchObject({ outcome: 'created' });
    expect((await entry()).memo).toBe('1001');
    expect((await events('address.memo')).map((e) => [e.operator_subject, e.outcome])).toEqual([
      ['ben', 'memo-saved'],
      ['ana', 'awaiting_approval'],
    ]);
  });

  it('a second memo change waits; a rejected one leaves the approved memo as it was', async () => {
    const request = heldApproval(await as(ANA).post('/api/addresses/memo', { key, memo: '6006' }));
    expect(request.address?.diff).toEqual([
      { path: 'destination_memo', before: '1001', after: '6006' },
    ]);
    // One pending change per address: another change of it waits for this one (409).
    const another = await as(ANA).post('/api/addresses/memo', { key, memo: '7007' });
    expect(another.status).toBe(409);
    const rejected = await as(BEN).post(`/api/approvals/${request.id}/reject`, {
      reason: 'Not the customer’s tag',
    });
    expect(rejected.status).toBe(200);
    expect((await entry()).memo).toBe('1001');
  });

  it('a single withdrawal carries the book’s memo (what the form prefills); another memo or none is refused', async () => {
    const before = withdrawalsTo();
    const prefilled = await as(ANA).post('/api/withdrawals', xlm(ref('book'), '1', '1001'));
    expect(prefilled.status, JSON.stringify(prefilled.body)).toBe(200);
    expect(withdrawalsTo() - before).toBe(1);

    const other = memoRefusal(
      await as(ANA).post('/api/withdrawals', xlm(ref('other'), '1', '9999')),
    );
    expect(other.detail).toContain('“1001”');
    memoRefusal(await as(ANA).post('/api/withdrawals', xlm(ref('none'), '1')));
    // A memo that only looks the same is another memo: sent exactly as typed.
    memoRefusal(await as(ANA).post('/api/withdrawals', xlm(ref('spaced'), '1', ' 1001')));
    expect(withdrawalsTo() - before).toBe(1);
    const outcomes = (await events('withdrawal.submit')).map((e) => e.outcome);
    expect(outcomes.slice(0, 3)).toEqual([
      'destination-refused',
      'destination-refused',
      'destination-refused',
    ]);
  });

  it('a batch row with another memo is invalid before Send (the gate would refuse it); the row with the book’s memo is sent', async () => {
    const csv = [
      'profile,asset,network,destination,amount,total,memo,metadata,ref_id',
      `${SEED_IDS.exampleProfile},XLM,STELLAR,${STELLAR},1,,1001,run=memo,${ref('row-book')}`,
      `${SEED_IDS.exampleProfile},XLM,STELLAR,${STELLAR},1,,9999,run=memo,${ref('row-other')}`,
    ].join('\r\n');
    const upload = await h.upload(csv);
    expect(upload.status).toBe(201);
    const batch = upload.body as WithdrawalBatch;
    // The review says so before anything is sent.
    expect(batch.destinations).toContainEqual(
      expect.objectContaining({ address: STELLAR, refused: 'Destination Memo Differs' }),
    );
    expect(batch.rows.map((r) => r.state)).toEqual(['ready', 'invalid']);
    expect(batch.rows[1]!.errors).toEqual([
      {
        line: 3,
        column: 'destination',
        message: expect.stringMatching(/^Destination Memo Differs: The memo differs/),
      },
    ]);
    const before = withdrawalsTo();
    expect((await h.post(`/api/withdrawal-batches/${batch.id}/submit`)).status).toBe(409);
    expect((await h.post(`/api/withdrawal-batches/${batch.id}/rows/2/drop`)).status).toBe(200);
    expect((await h.post(`/api/withdrawal-batches/${batch.id}/submit`)).status).toBe(200);
    const done = await h.sendAll(batch.id);
    expect(done.rows.map((r) => r.state)).toEqual(['created', 'dropped']);
    expect(withdrawalsTo() - before).toBe(1);
  });

  it('the last approval of a held withdrawal is refused once the book’s memo changed since', async () => {
    const withdrawal = heldApproval(
      await as(ANA).post('/api/withdrawals', xlm(ref('held'), '600', '1001')),
    );
    await memoApproved('3003');
    const before = withdrawalsTo();
    const refused = await as(BEN).post(`/api/approvals/${withdrawal.id}/approve`);
    memoRefusal(refused);
    expect(withdrawalsTo()).toBe(before);
    const still = (await as(BEN).get(`/api/approvals/${withdrawal.id}`)).body as ApprovalRequest;
    expect(still.status).toBe('pending');

    // A held withdrawal with the book's memo is sent by its last approval, as ever.
    const current = heldApproval(
      await as(ANA).post('/api/withdrawals', xlm(ref('held-ok'), '600', '3003')),
    );
    const sent = await approve(current.id);
    expect(sent.submission).toMatchObject({ outcome: 'created' });
    expect(withdrawalsTo() - before).toBe(1);
  });

  it('archiving takes the address out of use at once; bringing it back waits for approval', async () => {
    const pending = heldApproval(
      await as(ANA).post('/api/withdrawals', xlm(ref('arch'), '600', '3003')),
    );
    const archived = await as(ANA).post('/api/addresses/archive', { key, archived: true });
    expect(archived.status).toBe(200);
    const refusedNow = await as(ANA).post('/api/withdrawals', xlm(ref('archived'), '1', '3003'));
    expect(refusedNow.status).toBe(409);
    expect((refusedNow.body as Problem).type).toBe(CONSOLE_PROBLEM_TYPES.destinationArchived);
    // A withdrawal held before the archive is not sent by its approval either.
    const approval = await as(BEN).post(`/api/approvals/${pending.id}/approve`);
    expect(approval.status).toBe(409);
    expect((approval.body as Problem).type).toBe(CONSOLE_PROBLEM_TYPES.destinationArchived);

    const restore = heldApproval(
      await as(ANA).post('/api/addresses/archive', { key, archived: false }),
    );
    expect(restore).toMatchObject({
      reason: 'archived address brought back',
      address: { change: 'restore', diff: [{ path: 'archived', before: true, after: false }] },
    });
    expect((await entry()).archived).toBeDefined();
    const own = await as(ANA_AGAIN).post(`/api/approvals/${restore.id}/approve`);
    expect(own.status).toBe(403);
    await approve(restore.id);
    expect((await entry()).archived).toBeUndefined();
    expect((await events('address.unarchive')).map((e) => [e.operator_subject, e.outcome])).toEqual(
      [
        ['ben', 'unarchived'],
        ['ana', 'awaiting_approval'],
      ],
    );
    const back = await as(ANA).post('/api/withdrawals', xlm(ref('back'), '1', '3003'));
    expect(back.status, JSON.stringify(back.body)).toBe(200);
  });

  it('with the allowlist off, any destination may be paid: another memo is not refused', async () => {
    const open: TestBff = await startTestBff({
      deps: { store: h.store },
      env: {
        AUTH_MODE: 'trusted-header',
        TRUSTED_PROXY_ADDRESSES: '127.0.0.1',
        ROLE_GROUPS: 'viewer=ops;withdrawal-initiator=ops',
        PUBLIC_ORIGIN: 'https://ops.example.com',
        WRITE_RATE_LIMIT_PER_MINUTE: '100000',
        LOG_LEVEL: 'warn',
        APPROVAL_POLICY: JSON.stringify({ ...POLICY, destinations: { allowlist: false } }),
      },
    });
    try {
      const res = await open.request('POST', '/api/withdrawals', {
        headers: ANA,
        body: xlm(ref('open'), '1', '4242'),
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    } finally {
      await open.close();
    }
  });
});
