import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LookAlikesResponseSchema } from '#contract/destinations';
import { CONSOLE_PROBLEM_TYPES } from '#contract/problem';
import { SAMPLE_ADDRESSES } from '#sandbox/index';
import { startTestBff, type TestBff } from '#bff-test/start-test-bff';
import { withdrawalBody } from '#bff-test/withdrawal-body';
import type { OpenedStore } from '#bff/store/open-store';
import { ALL_BACKENDS, openTestStore, skipWithoutServer } from '#bff/store/testing/test-stores';
import { heldApproval } from '#bff-test/four-eyes-calls';

// One gate for destinations (issue 23, item 2): the allowlist, a rejected destination, and a PUT
// by `id` judged as the destination it names; and the look-alike check against every destination
// the registry knows (item 5).

const SCHEMA = 'test_destination_gate';
/** The sandbox seed's "Treasury cold wallet": saved at the service, never through this console. */
const TREASURY = { id: '6f1e2d3c-4b5a-4968-8776-655443322110', address: SAMPLE_ADDRESSES.evmA };

const policy = (allowlist?: boolean) => ({
  withdrawals: { require: 'never' },
  addresses: {
    new_addresses: true,
    travel_rule_changes: true,
    approvals: 1,
    cooling_off_minutes: 5,
  },
  // Left out: the default (on), as a policy written before this control reads.
  ...(allowlist === undefined ? {} : { destinations: { allowlist } }),
});

const SSO_ENV = {
  AUTH_MODE: 'trusted-header',
  TRUSTED_PROXY_ADDRESSES: '127.0.0.1',
  ROLE_GROUPS:
    'viewer=ops;address-editor=ops;withdrawal-initiator=ops;withdrawal-approver=approvers;address-approver=address-approvers',
  PUBLIC_ORIGIN: 'https://ops.example.com',
  WRITE_RATE_LIMIT_PER_MINUTE: '100000',
  LOG_LEVEL: 'warn',
};
const ANA = { 'x-forwarded-user': 'ana', 'x-forwarded-groups': 'ops' };
const BEN = { 'x-forwarded-user': 'ben', 'x-forwarded-groups': 'ops,address-approvers' };

let counter = 0;
const newRef = (label: string) => `${label}-${Date.now()}-${++counter}`;
/** An Ethereum address nobody saved (all lower case: valid without a checksum). */
const freshEvm = () => `0x${randomBytes(20).toString('hex')}`;
const TRAVEL_RULE = {
  beneficiary: { institution_details: { name: 'Acme Treasury Ltd' } },
  custodian_type: 'PRIVATE',
};

describe.each(ALL_BACKENDS)('one destination gate on %s', (backend) => {
  if (skipWithoutServer(backend)) return;
  let store: OpenedStore;
  /** The policy with no word on destinations (the allowlist on by default). */
  let allowlisted: TestBff;
  /** The same policy with the allowlist turned off. */
  let open: TestBff;

  beforeAll(async () => {
    store = await openTestStore(backend, SCHEMA);
    allowlisted = await startTestBff({
      deps: { store },
      env: { ...SSO_ENV, APPROVAL_POLICY: JSON.stringify(policy()) },
    });
    open = await startTestBff({
      deps: { store },
      env: { ...SSO_ENV, APPROVAL_POLICY: JSON.stringify(policy(false)) },
    });
  });
  afterAll(async () => {
    await allowlisted?.close();
    await open?.close();
    await store?.close();
  });

  const creates = (bff: TestBff) =>
    bff.sandbox.stats().requests['POST /v2/transfer/crypto-withdrawals'] ?? 0;
  const submit = (bff: TestBff, address: string) =>
    bff.request('POST', '/api/withdrawals', {
      headers: ANA,
      body: withdrawalBody(newRef('dest'), { destination_address: address }),
    });

  // First: later stories save the Treasury cold wallet through this console (into the book).
  it('the look-alike check covers the service-held addresses and the ones held for approval', async () => {
    // Starts and ends like the Treasury cold wallet (0x8Cf7…6Ddc) but is another address.
    const lookAlike = `0x8cf7${'0'.repeat(32)}6ddc`;
    const res = await allowlisted.request(
      'GET',
      `/api/destinations/look-alikes?address=${lookAlike}`,
      { headers: ANA },
    );
    expect(res.status).toBe(200);
    const answer = LookAlikesResponseSchema.parse(res.body);
    expect(answer.unread).toEqual([]);
    expect(answer.look_alikes).toContainEqual(
      expect.objectContaining({ source: 'service', nickname: 'Treasury cold wallet' }),
    );
    // A new address held for approval is known too.
    const address = freshEvm();
    const approval = heldApproval(
      await allowlisted.request('PUT', '/api/addresses', {
        headers: ANA,
        body: { crypto_network: 'ETHEREUM', address, nickname: 'Held payout' },
      }),
    );
    const imitation = `${address.slice(0, 6)}${'1'.repeat(32)}${address.slice(-4)}`;
    const heldMatch = await allowlisted.request(
      'GET',
      `/api/destinations/look-alikes?address=${imitation}`,
      { headers: ANA },
    );
    expect(LookAlikesResponseSchema.parse(heldMatch.body).look_alikes).toContainEqual(
      expect.objectContaining({ source: 'held', approval_id: approval.id }),
    );
  });
  it('with the allowlist (the default), a destination never saved is refused with an offer to save it; nothing is sent', async () => {
    const address = freshEvm();
    const before = creates(allowlisted);
    const res = await submit(allowlisted, address);
    expect(res.status).toBe(409);
    expect(res.headers['content-type']).toMatch(/application\/problem\+json/);
    expect(res.body).toMatchObject({
      type: CONSOLE_PROBLEM_TYPES.destinationNotAllowlisted,
      title: 'Destination Not Allowlisted',
      save_address: { crypto_network: 'ETHEREUM', address },
    });
    expect(creates(allowlisted)).toBe(before);
    // Without the allowlist the same withdrawal goes.
    expect((await submit(open, address)).status).toBe(200);
  });

  it('a destination the service holds is approved: it receives with the allowlist on', async () => {
    expect((await submit(allowlisted, TREASURY.address)).status).toBe(200);
  });

  it('a destination an approver rejected is refused, even with the allowlist off', async () => {
    const address = freshEvm();
    const approval = heldApproval(
      await open.request('PUT', '/api/addresses', {
        headers: ANA,
        body: { crypto_network: 'ETHEREUM', address, nickname: 'Payout' },
      }),
    );
    const rejected = await open.request('POST', `/api/approvals/${approval.id}/reject`, {
      headers: BEN,
      body: { reason: 'Not our wallet' },
    });
    expect(rejected.status).toBe(200);
    const before = creates(open);
    const res = await submit(open, address.toUpperCase().replace('0X', '0x'));
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({
      type: CONSOLE_PROBLEM_TYPES.destinationRejected,
      approval_id: approval.id,
    });
    expect((res.body as { detail: string }).detail).toContain('Not our wallet');
    expect(creates(open)).toBe(before);
  });

  it('PUT by id passes the same gate as by (network, address): held, refused meanwhile, then cooling off', async () => {
    const approval = heldApproval(
      await open.request('PUT', '/api/addresses', {
        headers: ANA,
        body: { id: TREASURY.id, travelrule_metadata: TRAVEL_RULE },
      }),
    );
    expect(approval.address?.change).toBe('travel_rule');
    // Held: a withdrawal to the address it changes waits like one to an address held by name.
    const pending = await submit(open, TREASURY.address);
    expect(pending.status).toBe(409);
    expect(pending.body).toMatchObject({
      type: CONSOLE_PROBLEM_TYPES.destinationNotApproved,
      approval_id: approval.id,
    });
    // The same change asked by (network, address) is the same destination: one pending change.
    const twice = await open.request('PUT', '/api/addresses', {
      headers: ANA,
      body: {
        crypto_network: 'ETHEREUM',
        address: TREASURY.address,
        travelrule_metadata: { ...TRAVEL_RULE, transfer_purpose: 'Payroll' },
      },
    });
    expect(twice.status).toBe(409);
    const approved = await open.request('POST', `/api/approvals/${approval.id}/approve`, {
      headers: BEN,
      body: {},
    });
    expect(approved.status).toBe(200);
    // Approved: cooling off, as after any approved change.
    const cooling = await submit(open, TREASURY.address);
    expect(cooling.status).toBe(409);
    expect(cooling.body).toMatchObject({ type: CONSOLE_PROBLEM_TYPES.destinationNotApproved });
    expect((cooling.body as { receivable_from?: string }).receivable_from).toBeDefined();
  });

  it('PUT by an id nobody knows is refused (409 Destination Unresolved): nothing is sent', async () => {
    const puts = () =>
      open.sandbox.stats().requests['PUT /v2/transfer/crypto-destination-address'] ?? 0;
    const before = puts();
    const res = await open.request('PUT', '/api/addresses', {
      headers: ANA,
      body: { id: 'no-such-address', travelrule_metadata: TRAVEL_RULE },
    });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ type: CONSOLE_PROBLEM_TYPES.destinationUnresolved });
    expect(puts()).toBe(before);
  });
});
