import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  HeldForApprovalResponseSchema,
  type ApprovalRequest,
  type HeldForApprovalResponse,
} from '#contract/approvals';
import type { WithdrawalRecord } from '#contract/withdrawal-ledger';
import { toChecksumAddress } from '#contract/networks/evm';
import { SAMPLE_ADDRESSES, SANDBOX_MAGIC } from '#sandbox/index';
import { fourEyesSsoEnv, person, USDG_TIERED_WITHDRAWALS } from '#bff-test/sso-people';
import { startTestBff, type TestBff } from '#bff-test/start-test-bff';
import { createApp } from '#bff/app';
import { openTestStore, ALL_BACKENDS, skipWithoutServer } from '#bff/store/testing/test-stores';
import { withdrawalBody } from '#bff-test/withdrawal-body';
import { createPasskeySigner } from '#bff-test/passkey-signer';
import { storeAndBffForSuite } from '#bff-test/test-bff-for-suite';
import { callsAs, heldApproval, upstreamCreates, upstreamPuts } from '#bff-test/four-eyes-calls';

const SCHEMA = 'test_approvals_http';

/** USDG above 100 needs one approval, above 1000 two; new addresses one, with cooling-off. */
const POLICY = {
  withdrawals: USDG_TIERED_WITHDRAWALS,
  addresses: {
    new_addresses: true,
    travel_rule_changes: true,
    approvals: 1,
    cooling_off_minutes: 5,
  },
  // These stories send to addresses nobody saved (a refused one, a fresh one): the allowlist has
  // its own tests (bff/src/gate/destination-gate.test.ts).
  destinations: { allowlist: false },
  request_ttl_minutes: 60,
};

const SSO_ENV = fourEyesSsoEnv(POLICY);
// Ana initiates and may approve (others' requests, never her own); Dee may not approve at all.
const ANA = person('ana', 'ops,approvers');
const BEN = person('ben', 'ops,approvers,address-approvers');
const CY = person('cy', 'ops,approvers');
const DEE = person('dee', 'ops');

let counter = 0;
const newRef = (label: string) => `${label}-${Date.now()}-${++counter}`;

function withdrawal(refId: string, overrides: Record<string, unknown> = {}) {
  return withdrawalBody(refId, { amount: '250.00', ...overrides });
}

describe.each(ALL_BACKENDS)('four eyes on %s', (backend) => {
  if (skipWithoutServer(backend)) return;
  const { store, bff } = storeAndBffForSuite(backend, SCHEMA, () => ({ env: SSO_ENV }));
  beforeEach(() => {
    bff.sandbox.faults.clear();
  });

  const as = callsAs(bff);
  const record = async (refId: string) =>
    (await as(ANA).get(`/api/withdrawals/${refId}`)).body as WithdrawalRecord;
  const auditOf = async (target: string) =>
    store.db.query<{ action: string; outcome: string; operator_subject: string }>(
      'SELECT action, outcome, operator_subject FROM audit_events WHERE target = $1 ORDER BY id',
      [target],
    );

  it('a withdrawal above a tier is held (202), recorded as awaiting approval, and nothing is sent', async () => {
    const refId = newRef('held');
    const before = upstreamCreates(bff);
    const approval = heldApproval(await as(ANA).submit(withdrawal(refId)));
    expect(approval).toMatchObject({
      kind: 'withdrawal',
      status: 'pending',
      target: refId,
      initiator: { subject: 'ana' },
      required_approvals: 1,
      reason: 'USDG above 100',
      approvals: [],
      withdrawal: withdrawal(refId),
    });
    expect(approval.history.map((e) => e.kind)).toEqual(['requested']);
    expect(upstreamCreates(bff)).toBe(before);
    expect(await record(refId)).toMatchObject({
      status: 'awaiting_approval',
      approval_id: approval.id,
    });

    // The same request again is the same approval; another body under the ref_id is a 422.
    expect(heldApproval(await as(ANA).submit(withdrawal(refId))).id).toBe(approval.id);
    const different = await as(ANA).submit(withdrawal(refId, { amount: '251.00' }));
    expect(different.status).toBe(422);
    expect(upstreamCreates(bff)).toBe(before);
    const one = await as(DEE).get(`/api/approvals/${approval.id}`);
    expect(one.status).toBe(200);
    expect((one.body as ApprovalRequest).id).toBe(approval.id);
    expect((await as(DEE).get('/api/approvals/apr_nope')).status).toBe(404);
    expect((await auditOf(refId)).map((e) => [e.action, e.outcome])).toEqual([
      ['withdrawal.submit', 'awaiting_approval'],
      ['approval.request', 'pending'],
      ['withdrawal.submit', 'held'],
      ['withdrawal.submit', 'conflict'],
    ]);
  });

  it('the approval sends it once, with who initiated and approved it in the metadata', async () => {
    const refId = newRef('approve');
    const approval = heldApproval(
      await as(ANA).submit(withdrawal(refId, { metadata: { invoice: 'INV-7' } })),
    );
    const before = upstreamCreates(bff);

    const self = await as(ANA).approve(approval.id);
    expect(self.status).toBe(403);
    expect((self.body as { detail: string }).detail).toMatch(/Self-approval is not allowed/);
    const notApprover = await as(DEE).approve(approval.id);
    expect(notApprover.status).toBe(403);
    expect((notApprover.body as { detail: string }).detail).toMatch(/withdrawal-approver/);
    expect(upstreamCreates(bff)).toBe(before);

    const res = await as(BEN).approve(approval.id);
    expect(res.status).toBe(200);
    const answer = res.body as HeldForApprovalResponse;
    expect(answer.approval).toMatchObject({ status: 'approved', outcome: 'created' });
    expect(answer.approval.approvals.map((a) => a.operator.subject)).toEqual(['ben']);
    expect(answer.approval.history.map((e) => e.kind)).toEqual(['requested', 'approved', 'sent']);
    expect(answer.submission).toMatchObject({ outcome: 'created', transfer: { ref_id: refId } });
    expect(upstreamCreates(bff) - before).toBe(1);
    const [transfer] = bff.sandbox.transfers({ ref_id: refId });
    expect(transfer?.metadata).toEqual({
      invoice: 'INV-7',
      aoc_initiated_by: 'ana',
      aoc_approved_by: 'ben',
      aoc_request_id: expect.any(String),
    });
    const saved = await record(refId);
    expect(saved).toMatchObject({ status: 'created', approval_id: approval.id });
    expect(saved.transfer_mismatch).toBeUndefined();
    expect(saved.sent_request?.metadata).toEqual(transfer?.metadata);
    expect(saved.attempts?.map((a) => a.result)).toEqual(['created']);

    // Decided: a second approver is refused naming the status; the initiator's retry replays.
    const late = await as(CY).approve(approval.id);
    expect(late.status).toBe(409);
    expect((late.body as { detail: string }).detail).toMatch(/approved/);
    const replay = await as(ANA).submit(withdrawal(refId, { metadata: { invoice: 'INV-7' } }));
    expect(replay.status).toBe(200);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(upstreamCreates(bff) - before).toBe(1);
    expect((await auditOf(refId)).map((e) => [e.action, e.outcome, e.operator_subject])).toEqual([
      ['withdrawal.submit', 'awaiting_approval', 'ana'],
      ['approval.request', 'pending', 'ana'],
      ['approval.approve', 'refused-self', 'ana'],
      ['approval.approve', 'approved', 'ben'],
      // The send is the initiator's withdrawal, with its approver named (issue 26, item 13).
      ['withdrawal.submit', 'created', 'ana'],
      ['approval.approve', 'refused-approved', 'cy'],
      ['withdrawal.submit', 'replayed', 'ana'],
    ]);
    const sent = await store.db.query<{ approved_by: unknown }>(
      `SELECT approved_by FROM audit_events WHERE target = $1 AND outcome = 'created'`,
      [refId],
    );
    expect(sent.map((e) => e.approved_by)).toEqual([
      [{ subject: 'ben', name: expect.any(String) }],
    ]);
  });

  it('the ledger never claims a held or not-sent record: a check again does not send it', async () => {
    const refId = newRef('claim');
    const approval = heldApproval(await as(ANA).submit(withdrawal(refId)));
    const claim = { requestId: 'test-claim', leaseMs: 60_000 };
    expect(await store.ledger.claim(refId, claim)).toBeUndefined();
    expect((await as(ANA).cancel(approval.id)).status).toBe(200);
    expect(await store.ledger.claim(refId, claim)).toBeUndefined();
    expect(await store.ledger.markInterruptedAsUnknown({ all: true })).toBe(0);
    expect(await record(refId)).toMatchObject({ status: 'not_sent', attempts: [] });
    expect(bff.sandbox.transfers({ ref_id: refId })).toHaveLength(0);
  });

  it('an approved withdrawal whose outcome is unknown is checked again with the body recorded at its approval', async () => {
    const refId = newRef('unknown');
    const approval = heldApproval(await as(ANA).submit(withdrawal(refId)));
    bff.sandbox.faults.set({ errorRate: 1, errorStatus: 500 });
    const res = await as(BEN).approve(approval.id);
    expect(res.status).toBe(200);
    const answer = res.body as HeldForApprovalResponse;
    expect(answer.submission?.outcome).toBe('unknown');
    expect(answer.approval).toMatchObject({ status: 'approved', outcome: 'unknown' });
    expect((await record(refId)).status).toBe('unknown');
    const sentAtApproval = (await record(refId)).sent_request;
    expect(sentAtApproval?.metadata).toMatchObject({ aoc_approved_by: 'ben' });

    bff.sandbox.faults.clear();
    const again = await as(ANA).submit(withdrawal(refId));
    expect(again.status).toBe(200);
    const transfers = bff.sandbox.transfers({ ref_id: refId });
    expect(transfers).toHaveLength(1);
    // The check again is not this request's own stamp: it names the approver and the request
    // that initiated it.
    expect(transfers[0]?.metadata).toEqual(sentAtApproval?.metadata);
  });

  it("the approver's fresh fee quote replaces the initiator's expired one (same ref_id, same intent)", async () => {
    const refId = newRef('fee');
    const approval = heldApproval(
      await as(ANA).submit(withdrawal(refId, { fee_id: SANDBOX_MAGIC.EXPIRED_FEE_ID })),
    );
    const fresh = await bff.request('POST', '/api/fee-quotes', {
      headers: BEN,
      body: {
        asset: 'USDG',
        crypto_network: 'ETHEREUM',
        destination_address: SAMPLE_ADDRESSES.evmA,
        amount: '250.00',
      },
    });
    expect(fresh.status).toBe(200);
    const feeId = (fresh.body as { id: string }).id;
    expect((await as(BEN).approve(approval.id, { fee_id: '' })).status).toBe(400);
    const res = await as(BEN).approve(approval.id, { fee_id: feeId });
    expect(res.status).toBe(200);
    expect((res.body as HeldForApprovalResponse).submission?.outcome).toBe('created');
    expect((await record(refId)).sent_request).toMatchObject({ fee_id: feeId });
    expect(bff.sandbox.transfers({ ref_id: refId })).toHaveLength(1);
  });

  it("fee_id null: no fresh quote could be had, so the initiator's expired one is left out and the withdrawal goes", async () => {
    const refId = newRef('nofee');
    const approval = heldApproval(
      await as(ANA).submit(withdrawal(refId, { fee_id: SANDBOX_MAGIC.EXPIRED_FEE_ID })),
    );
    const res = await as(BEN).approve(approval.id, { fee_id: null });
    expect(res.status).toBe(200);
    // Sent as held, it would have been refused with 403 Expired after the approval.
    expect((res.body as HeldForApprovalResponse).submission?.outcome).toBe('created');
    expect((await record(refId)).sent_request).not.toHaveProperty('fee_id');
    expect(bff.sandbox.transfers({ ref_id: refId })).toHaveLength(1);
  });

  it('a two-approval tier needs two different approvers; the same one twice is a 409', async () => {
    const refId = newRef('two');
    const approval = heldApproval(await as(ANA).submit(withdrawal(refId, { amount: '5000' })));
    expect(approval.required_approvals).toBe(2);
    const before = upstreamCreates(bff);
    const first = await as(BEN).approve(approval.id);
    expect(first.status).toBe(200);
    expect((first.body as HeldForApprovalResponse).approval.status).toBe('pending');
    expect((first.body as HeldForApprovalResponse).submission).toBeUndefined();
    const twice = await as(BEN).approve(approval.id);
    expect(twice.status).toBe(409);
    expect((twice.body as { detail: string }).detail).toMatch(/already approved/);
    expect(upstreamCreates(bff)).toBe(before);
    expect((await record(refId)).status).toBe('awaiting_approval');

    const second = await as(CY).approve(approval.id);
    expect(second.status).toBe(200);
    expect((second.body as HeldForApprovalResponse).submission?.outcome).toBe('created');
    expect(upstreamCreates(bff) - before).toBe(1);
    expect(bff.sandbox.transfers({ ref_id: refId })[0]?.metadata).toMatchObject({
      aoc_initiated_by: 'ana',
      aoc_approved_by: 'ben,cy',
    });
  });

  it('a rejection needs a reason, ends the request and the withdrawal is never sent', async () => {
    const refId = newRef('reject');
    const approval = heldApproval(await as(ANA).submit(withdrawal(refId)));
    expect((await as(BEN).reject(approval.id, {})).status).toBe(400);
    const own = await as(ANA).reject(approval.id, { reason: 'changed my mind' });
    expect(own.status).toBe(403);
    const res = await as(BEN).reject(approval.id, { reason: 'Wrong beneficiary' });
    expect(res.status).toBe(200);
    const rejected = (res.body as HeldForApprovalResponse).approval;
    expect(rejected.status).toBe('rejected');
    expect(rejected.history.at(-1)).toMatchObject({
      kind: 'rejected',
      reason: 'Wrong beneficiary',
      operator: { subject: 'ben' },
    });
    expect((await record(refId)).status).toBe('not_sent');
    const after = await as(CY).approve(approval.id);
    expect(after.status).toBe(409);
    expect(after.body).toMatchObject({ approval_status: 'rejected' });
    // The same ref_id again is the same (rejected) request: never sent.
    expect(heldApproval(await as(ANA).submit(withdrawal(refId))).status).toBe('rejected');
    expect(bff.sandbox.transfers({ ref_id: refId })).toHaveLength(0);
    expect((await auditOf(refId)).map((e) => e.action)).toContain('approval.reject');
  });

  it('only the initiator may cancel; a cancelled request is never sent', async () => {
    const refId = newRef('cancel');
    const approval = heldApproval(await as(ANA).submit(withdrawal(refId)));
    const other = await as(BEN).cancel(approval.id);
    expect(other.status).toBe(403);
    const res = await as(ANA).cancel(approval.id, { reason: 'duplicate' });
    expect(res.status).toBe(200);
    expect((res.body as HeldForApprovalResponse).approval.status).toBe('cancelled');
    expect((await record(refId)).status).toBe('not_sent');
    expect((await as(BEN).approve(approval.id)).status).toBe(409);
    expect(bff.sandbox.transfers({ ref_id: refId })).toHaveLength(0);
    expect((await auditOf(refId)).map((e) => [e.action, e.outcome])).toContainEqual([
      'approval.cancel',
      'cancelled',
    ]);
  });

  it('an expired request cannot be approved (409), and its withdrawal is never sent', async () => {
    const refId = newRef('expire');
    const approval = heldApproval(await as(ANA).submit(withdrawal(refId)));
    await store.db.query(
      `UPDATE approval_requests SET expires_at = now() - interval '1 second' WHERE id = $1`,
      [approval.id],
    );
    const res = await as(BEN).approve(approval.id);
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ approval_status: 'expired' });
    expect((res.body as { detail: string }).detail).toMatch(/expired/);
    expect((await record(refId)).status).toBe('not_sent');
    expect(bff.sandbox.transfers({ ref_id: refId })).toHaveLength(0);
    const events = await auditOf(refId);
    expect(events.filter((e) => e.action === 'approval.expire')).toHaveLength(1);

    // Another one expires by being read (the queue sweeps), audited by "system".
    const refTwo = newRef('expire-read');
    const two = heldApproval(await as(ANA).submit(withdrawal(refTwo)));
    await store.db.query(
      `UPDATE approval_requests SET expires_at = now() - interval '1 second' WHERE id = $1`,
      [two.id],
    );
    const read = await as(DEE).get(`/api/approvals/${two.id}`);
    expect((read.body as ApprovalRequest).status).toBe('expired');
    expect((read.body as ApprovalRequest).history.at(-1)?.kind).toBe('expired');
    expect((await record(refTwo)).status).toBe('not_sent');
    expect((await auditOf(refTwo)).at(-1)).toMatchObject({
      action: 'approval.expire',
      operator_subject: 'system',
    });
  });

  it('the queue lists pending first, filters by kind, initiator and age, and pages', async () => {
    const refs = [newRef('queue'), newRef('queue'), newRef('queue')];
    const ids: string[] = [];
    for (const refId of refs) ids.push(heldApproval(await as(ANA).submit(withdrawal(refId))).id);
    expect((await as(ANA).cancel(ids[0]!)).status).toBe(200);
    const page = await as(DEE).get('/api/approvals?kind=withdrawal&initiator=ana&limit=2');
    expect(page.status).toBe(200);
    const body = page.body as { requests: ApprovalRequest[]; next_cursor?: string };
    expect(body.requests.every((r) => r.status === 'pending')).toBe(true);
    expect(body.requests.map((r) => r.id).slice(0, 2)).toEqual([ids[2], ids[1]]);
    expect(body.next_cursor).toEqual(expect.any(String));
    // Paging on through the rest reaches the cancelled one after every pending one.
    let cursor = body.next_cursor;
    const rest: ApprovalRequest[] = [];
    while (cursor) {
      const next = await as(DEE).get(
        `/api/approvals?kind=withdrawal&initiator=ana&limit=50&cursor=${encodeURIComponent(cursor)}`,
      );
      const b = next.body as { requests: ApprovalRequest[]; next_cursor?: string };
      rest.push(...b.requests);
      cursor = b.next_cursor;
    }
    const all = [...body.requests, ...rest];
    const firstDecided = all.findIndex((r) => r.status !== 'pending');
    expect(all.slice(firstDecided).every((r) => r.status !== 'pending')).toBe(true);
    expect(all.map((r) => r.id)).toContain(ids[0]);
    const none = await as(DEE).get('/api/approvals?older_than_minutes=600');
    expect((none.body as { requests: unknown[] }).requests).toEqual([]);
    expect((await as(DEE).get('/api/approvals?kind=transfer')).status).toBe(400);
    expect((await as(DEE).get('/api/approvals?cursor=garbage')).status).toBe(400);
    expect((await as(person('eve', 'nobody')).get('/api/approvals')).status).toBe(403);
  });

  it('metadata: the console keys are reserved, three pairs remain, and every withdrawal is attributed', async () => {
    const before = upstreamCreates(bff);
    const reserved = await as(ANA).submit(
      withdrawal(newRef('meta'), { amount: '5', metadata: { aoc_initiated_by: 'someone' } }),
    );
    expect(reserved.status).toBe(400);
    expect((reserved.body as { errors: Array<{ path: string }> }).errors[0]?.path).toBe(
      'metadata.aoc_initiated_by',
    );
    const four = await as(ANA).submit(
      withdrawal(newRef('meta'), { amount: '5', metadata: { a: '1', b: '2', c: '3', d: '4' } }),
    );
    expect(four.status).toBe(400);
    expect(upstreamCreates(bff)).toBe(before);
    const refId = newRef('meta');
    const ok = await as(ANA).submit(
      withdrawal(refId, { amount: '5', metadata: { a: '1', b: '2', c: '3' } }),
    );
    expect(ok.status).toBe(200);
    expect(ok.headers['transfer-mismatch']).toBeUndefined();
    expect(bff.sandbox.transfers({ ref_id: refId })[0]?.metadata).toEqual({
      a: '1',
      b: '2',
      c: '3',
      aoc_initiated_by: 'ana',
      aoc_request_id: expect.any(String),
    });
  });

  it('a new address waits for an address approver; withdrawals to it are refused until then and during its cooling-off', async () => {
    const address = SAMPLE_ADDRESSES.evmB;
    const putBefore = upstreamPuts(bff);
    const body = {
      crypto_network: 'ETHEREUM',
      address,
      nickname: 'Held one',
      travelrule_metadata: { beneficiary: { self: true } },
    };
    const approval = heldApproval(await as(ANA).put(body));
    expect(approval).toMatchObject({
      kind: 'address',
      status: 'pending',
      reason: 'new address',
      address: { change: 'new', request: body },
    });
    expect(approval.address?.diff).toContainEqual({
      path: 'travelrule_metadata.beneficiary.self',
      after: true,
    });
    expect(upstreamPuts(bff)).toBe(putBefore);
    // The same change again is the same request; another change of it waits for the first.
    expect(heldApproval(await as(ANA).put(body)).id).toBe(approval.id);
    const another = await as(ANA).put({ ...body, nickname: 'Again' });
    expect(another.status).toBe(409);
    expect(another.body).toMatchObject({ approval_id: approval.id });

    const refId = newRef('to-held');
    const refused = await as(ANA).submit(
      withdrawal(refId, {
        destination_address: address.toUpperCase().replace('0X', '0x'),
        amount: '5',
      }),
    );
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({
      title: 'Destination Not Approved',
      approval_id: approval.id,
    });
    expect((refused.body as { detail: string }).detail).toMatch(
      /awaits approval by an address approver/,
    );
    expect(bff.sandbox.transfers({ ref_id: refId })).toHaveLength(0);

    // A withdrawal approver is not an address approver.
    expect((await as(CY).approve(approval.id)).status).toBe(403);
    const res = await as(BEN).approve(approval.id);
    expect(res.status).toBe(200);
    const answer = res.body as HeldForApprovalResponse;
    expect(answer.approval).toMatchObject({ status: 'approved', outcome: 'created' });
    expect(answer.submission).toMatchObject({ outcome: 'created', address: { address } });
    expect(upstreamPuts(bff) - putBefore).toBe(1);
    const entry = await store.addressBook.find('ETHEREUM', address);
    expect(entry).toMatchObject({ nickname: 'Held one', saved_by: { subject: 'ana' } });
    expect(entry?.receivable_from).toEqual(expect.any(String));

    const cooling = await as(ANA).submit(
      withdrawal(refId, { destination_address: address, amount: '5' }),
    );
    expect(cooling.status).toBe(409);
    expect(cooling.body).toMatchObject({ receivable_from: entry?.receivable_from });
    expect((cooling.body as { detail: string }).detail).toMatch(/can receive withdrawals from/);

    await store.db.query(
      `UPDATE address_book SET receivable_from = now() - interval '1 second' WHERE key = $1`,
      [entry!.key],
    );
    const sent = await as(ANA).submit(
      withdrawal(refId, { destination_address: address, amount: '5' }),
    );
    expect(sent.status).toBe(200);
    expect(bff.sandbox.transfers({ ref_id: refId })).toHaveLength(1);
  });

  // A ref_id the service had refused (Travel Rule data missing) skipped the gate when sent again:
  // add the data, have it approved, "Submit again" went through inside the cooling-off.
  it('a refused withdrawal sent again waits out the cooling-off of its newly approved address', async () => {
    const address = toChecksumAddress(`0x${randomBytes(20).toString('hex')}`);
    const refId = newRef('refused-then-held');
    // ETH is not tiered here; 2 ETH is above the Travel Rule threshold, and no data is on file.
    const body = withdrawal(refId, { asset: 'ETH', amount: '2', destination_address: address });
    const refused = await as(ANA).submit(body);
    expect(refused.status).toBe(403);
    expect((await record(refId)).status).toBe('refused');

    const approval = heldApproval(
      await as(ANA).put({
        crypto_network: 'ETHEREUM',
        address,
        travelrule_metadata: { beneficiary: { self: true }, custodian_type: 'PRIVATE' },
      }),
    );
    expect((await as(BEN).approve(approval.id)).status).toBe(200);

    const again = await as(ANA).submit(body);
    expect(again.status).toBe(409);
    expect((again.body as { detail: string }).detail).toMatch(/can receive withdrawals from/);
    expect(bff.sandbox.transfers({ ref_id: refId })).toHaveLength(0);
  });

  it('a held withdrawal to a held address cannot be approved until the address is', async () => {
    const address = SAMPLE_ADDRESSES.solanaB;
    const refId = newRef('both');
    const w = heldApproval(
      await as(ANA).submit(
        withdrawal(refId, {
          crypto_network: 'SOLANA',
          destination_address: address,
          amount: '500',
        }),
      ),
    );
    const a = heldApproval(await as(ANA).put({ crypto_network: 'SOLANA', address }));
    const res = await as(BEN).approve(w.id);
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ title: 'Destination Not Approved', approval_id: a.id });
    expect((await record(refId)).status).toBe('awaiting_approval');
    expect(bff.sandbox.transfers({ ref_id: refId })).toHaveLength(0);
  });

  it('a change of Travel Rule data of a saved address is held with its diff; a nickname alone is not', async () => {
    const address = SAMPLE_ADDRESSES.evmC;
    await store.addressBook.recordSaved(
      {
        id: 'tr-1',
        address,
        crypto_network: 'ETHEREUM',
        travelrule_metadata: { beneficiary: { self: true } },
      },
      { subject: 'ana', name: 'ana' },
    );
    const nickname = await as(ANA).put({ crypto_network: 'ETHEREUM', address, nickname: 'Mine' });
    expect(nickname.status).toBe(200);
    const change = heldApproval(
      await as(ANA).put({
        crypto_network: 'ETHEREUM',
        address,
        travelrule_metadata: { beneficiary: { self: true }, transfer_purpose: 'Treasury' },
      }),
    );
    // Compared with what the address book holds: the upstream's answer to the nickname save.
    expect(change.address?.change).toBe('travel_rule');
    expect(change.address?.diff).toContainEqual({
      path: 'travelrule_metadata.transfer_purpose',
      after: 'Treasury',
    });
    expect(change.reason).toBe('Travel Rule data changed');
  });

  it('two approvers at the same moment: one upstream call, one sends, the other is told it is decided', async () => {
    const refId = newRef('race');
    const approval = heldApproval(await as(ANA).submit(withdrawal(refId)));
    const before = upstreamCreates(bff);
    bff.sandbox.faults.set({ latencyMs: 150 });
    const results = await Promise.all([as(BEN).approve(approval.id), as(CY).approve(approval.id)]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(upstreamCreates(bff) - before).toBe(1);
    expect(bff.sandbox.transfers({ ref_id: refId })).toHaveLength(1);
    expect((await record(refId)).attempts).toHaveLength(1);
  });

  // The race of two approvers on two instances of the BFF sharing one database. On PostgreSQL the
  // second instance has its own connection to the same schema. A PGlite data directory is locked
  // to one process, so there the two instances are two createApp in one process sharing the one
  // opened store: the same two apps, routers and upstream clients racing on one database.
  it('two app instances on one database, two approvers at once: one upstream call', async () => {
    const second =
      backend === 'postgres' ? await openTestStore('postgres', SCHEMA, { fresh: false }) : store;
    const server: Server = createServer(createApp({ ...bff.deps, store: second }));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const refId = newRef('race-two');
      const approval = heldApproval(await as(ANA).submit(withdrawal(refId, { amount: '5000' })));
      expect((await as(BEN).approve(approval.id)).status).toBe(200);
      // Two approvals needed and ben gave one: a fourth person (fay) approves on instance one
      // while cy approves on instance two.
      const fay = person('fay', 'ops,approvers');
      const before = upstreamCreates(bff);
      bff.sandbox.faults.set({ latencyMs: 150 });
      const viaSecond = fetch(`${url}/api/approvals/${approval.id}/approve`, {
        method: 'POST',
        headers: { ...CY, 'x-csrf': '1', 'content-type': 'application/json' },
        body: '{}',
      }).then(async (r) => ({ status: r.status, body: (await r.json()) as unknown }));
      const viaFirst = as(fay).approve(approval.id);
      const results = await Promise.all([viaFirst, viaSecond]);
      expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
      expect(upstreamCreates(bff) - before).toBe(1);
      expect(bff.sandbox.transfers({ ref_id: refId })).toHaveLength(1);
      expect((await record(refId)).status).toBe('created');
      expect((await record(refId)).attempts).toHaveLength(1);
    } finally {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      if (second !== store) await second.close();
    }
  });
});

describe('four eyes in local dev mode', () => {
  let bff: TestBff;
  beforeAll(async () => {
    // The demo policy (no APPROVAL_POLICY in local mode) and the two local operators.
    bff = await startTestBff({ env: { APPROVAL_POLICY: '', WRITE_RATE_LIMIT_PER_MINUTE: '1000' } });
    // Opens the embedded store now (seconds), not inside the test's time.
    expect((await bff.request('GET', '/api/approvals')).status).toBe(200);
  });
  afterAll(() => bff.close());

  it('a developer approves their own test request as the second local operator', async () => {
    const refId = newRef('dev');
    const res = await bff.request('POST', '/api/withdrawals', {
      body: withdrawal(refId, { amount: '20000' }),
    });
    const approval = HeldForApprovalResponseSchema.parse(res.body).approval;
    expect(res.status).toBe(202);
    expect(approval.initiator.subject).toBe('local-operator');
    const self = await bff.request('POST', `/api/approvals/${approval.id}/approve`, { body: {} });
    expect(self.status).toBe(403);
    // The demo policy requires a passkey: unsigned, the second operator's approval counts nothing.
    const headers = { 'x-dev-operator': 'second-operator' };
    const unsigned = await bff.request('POST', `/api/approvals/${approval.id}/approve`, {
      headers,
      body: {},
    });
    expect(unsigned.status).toBe(403);
    expect(unsigned.body).toMatchObject({ rule: 'passkey-required' });
    const passkey = await createPasskeySigner(bff, bff.url).sign(headers, approval.id, {
      decision: 'approve',
    });
    const second = await bff.request('POST', `/api/approvals/${approval.id}/approve`, {
      headers,
      body: { passkey },
    });
    expect(second.status).toBe(200);
    expect((second.body as HeldForApprovalResponse).submission?.outcome).toBe('created');
    expect(bff.sandbox.transfers({ ref_id: refId })[0]?.metadata).toMatchObject({
      aoc_initiated_by: 'local-operator',
      aoc_approved_by: 'local-operator-2',
    });
  });

  // With two local operators, the demo's two-approval tier could never finish: the initiator
  // may not approve, and the second operator only once.
  it("the demo policy's two-approval tier is finished by the second and third local operators", async () => {
    const refId = newRef('dev-two');
    const res = await bff.request('POST', '/api/withdrawals', {
      body: withdrawal(refId, { amount: '200000' }),
    });
    expect(res.status).toBe(202);
    const approval = HeldForApprovalResponseSchema.parse(res.body).approval;
    expect(approval.required_approvals).toBe(2);
    const signer = createPasskeySigner(bff, bff.url);
    const approveAs = async (operator: string) => {
      const headers = { 'x-dev-operator': operator };
      const passkey = await signer.sign(headers, approval.id, { decision: 'approve' });
      return bff.request('POST', `/api/approvals/${approval.id}/approve`, {
        headers,
        body: { passkey },
      });
    };
    expect((await approveAs('second-operator')).status).toBe(200);
    expect(bff.sandbox.transfers({ ref_id: refId })).toHaveLength(0);
    const third = await approveAs('third-operator');
    expect(third.status).toBe(200);
    expect((third.body as HeldForApprovalResponse).approval.status).toBe('approved');
    expect(bff.sandbox.transfers({ ref_id: refId })[0]?.metadata).toMatchObject({
      aoc_initiated_by: 'local-operator',
    });
  });
});
