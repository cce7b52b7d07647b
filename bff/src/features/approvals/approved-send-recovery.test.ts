import { randomBytes } from 'node:crypto';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import type { ApprovalRequest, HeldForApprovalResponse } from '#contract/approvals';
import { CONSOLE_PROBLEM_TYPES } from '#contract/problem';
import type { WithdrawalRecord } from '#contract/withdrawal-ledger';
import { toChecksumAddress } from '#contract/networks/evm';
import { SAMPLE_ADDRESSES, SANDBOX_MAGIC } from '#sandbox/index';
import { fourEyesSsoEnv, person } from '#bff-test/sso-people';
import { withdrawalBody } from '#bff-test/withdrawal-body';
import { createApp } from '#bff/app';
import type { BackgroundTasks } from '#bff/lib/background-tasks';
import type { PeriodicTask } from '#bff/lib/periodic-task';
import { recoverInterruptedWork } from '#bff/store/recover-interrupted';
import { openTestStore, ALL_BACKENDS, skipWithoutServer } from '#bff/store/testing/test-stores';
import type { UpstreamClient } from '#bff/upstream/upstream-client';
import { storeAndBffForSuite } from '#bff-test/test-bff-for-suite';
import { callsAs, heldApproval, upstreamCreates, upstreamPuts } from '#bff-test/four-eyes-calls';

// Issue 23, item 4: an approved send is durable. The process "dies" between the approval and the
// service's answer (the upstream call never returns, so nothing after the decision runs); a fresh
// app on the same database (after the restart's recovery, or once the dead instance's lease ran
// out on a shared PostgreSQL) runs its approved-send sender once and finishes the send: exactly
// one create reaches the service, and the approval records the outcome.

const SCHEMA = 'test_approved_send_recovery';

const POLICY = {
  withdrawals: { require: 'tiers', tiers: [{ asset: 'USDG', above: '100', approvals: 1 }] },
  addresses: {
    new_addresses: true,
    travel_rule_changes: true,
    approvals: 1,
    cooling_off_minutes: 5,
  },
  request_ttl_minutes: 60,
};

const SSO_ENV = fourEyesSsoEnv(POLICY);
const ANA = person('ana', 'ops,approvers');
const BEN = person('ben', 'ops,approvers,address-approvers');
const CY = person('cy', 'ops,approvers');

let counter = 0;
const newRef = (label: string) => `${label}-${Date.now()}-${++counter}`;

/** Where the "crash" happens: before the call reaches the service, or after it answered. */
let crash: 'before' | 'after' | undefined;
/** Sends the dying process got stuck in (it is "dead" from there on). */
let stuck = 0;
const SENDS = new Set(['createWithdrawal', 'putAddress']);

/** The upstream as the dying process sees it: a send never comes back (the process is gone). */
function crashingUpstream(real: UpstreamClient): UpstreamClient {
  return {
    close: () => real.close(),
    async call(operation, options) {
      if (crash === undefined || !SENDS.has(operation)) return real.call(operation, options);
      if (crash === 'after') await real.call(operation, options);
      stuck++;
      return new Promise(() => {});
    },
  };
}

async function until(what: string, fn: () => Promise<boolean>, ms = 10_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await fn())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe.each(ALL_BACKENDS)('durable approved sends on %s', (backend) => {
  if (skipWithoutServer(backend)) return;

  const { store, bff } = storeAndBffForSuite(backend, SCHEMA, () => ({
    env: SSO_ENV,
    wrapUpstream: crashingUpstream,
  }));
  // Registered after the suite's BFF: runs before it closes (after hooks run in reverse).
  afterAll(() => {
    crash = undefined;
  });
  beforeEach(() => {
    crash = undefined;
    bff.sandbox.faults.clear();
  });

  const as = callsAs(bff);
  const record = async (refId: string) =>
    (await as(ANA).get(`/api/withdrawals/${refId}`)).body as WithdrawalRecord;
  const approvalOf = async (id: string) =>
    (await as(ANA).get(`/api/approvals/${id}`)).body as ApprovalRequest;

  /**
   * The approval of `id` by `who` in the process that dies: on its own connection (it never
   * answers), until the decision is committed.
   */
  async function approveAndDie(id: string, who: Record<string, string>) {
    const before = stuck;
    void fetch(`${bff.url}/api/approvals/${id}/approve`, {
      method: 'POST',
      headers: { ...who, 'x-csrf': '1', 'content-type': 'application/json' },
      body: '{}',
    }).catch(() => undefined);
    await until('the dying send', () => Promise.resolve(stuck > before));
    expect((await approvalOf(id)).status).toBe('approved');
  }

  /**
   * A fresh instance on the same database, after the dying one: on PGlite (one process per data
   * directory) the restart's recovery; on PostgreSQL a second connection once the dead
   * instance's leases ran out. Its approved-send sender is run by hand.
   */
  async function restarted(options: { leasesRunOut?: boolean } = {}) {
    const second =
      backend === 'postgres' ? await openTestStore('postgres', SCHEMA, { fresh: false }) : store;
    if (backend === 'postgres' && options.leasesRunOut !== false) {
      await second.db.query(
        `UPDATE approval_requests SET send_claimed_until = now() - interval '1 second'
          WHERE send_due`,
      );
      await second.db.query(
        `UPDATE withdrawals SET claimed_until = now() - interval '1 second'
          WHERE status = 'submitting'`,
      );
    }
    await recoverInterruptedWork(second, { all: backend === 'pglite' });
    const tasks: PeriodicTask[] = [];
    const background: BackgroundTasks = { add: (task) => void tasks.push(task) };
    createApp({ ...bff.deps, store: second, background });
    return {
      runSender: async () =>
        (await Promise.all(tasks.map((t) => t.runOnce()))).reduce((a, b) => a + b, 0),
      close: async () => {
        if (second !== store) await second.close();
      },
    };
  }

  it('an approved withdrawal whose send never reached the service is sent once after a crash, and the approval learns the outcome', async () => {
    const refId = newRef('crash-before');
    const approval = heldApproval(
      await as(ANA).submit(withdrawalBody(refId, { amount: '250.00' })),
    );
    const before = upstreamCreates(bff);
    crash = 'before';
    await approveAndDie(approval.id, BEN);
    expect(upstreamCreates(bff)).toBe(before);
    crash = undefined;

    if (backend === 'postgres') {
      // The dying instance's lease still runs: no other instance takes its send.
      const live = await restarted({ leasesRunOut: false });
      try {
        expect(await live.runSender()).toBe(0);
        expect(upstreamCreates(bff)).toBe(before);
      } finally {
        await live.close();
      }
    }

    const fresh = await restarted();
    try {
      expect(await fresh.runSender()).toBe(1);
      expect(upstreamCreates(bff) - before).toBe(1);
      expect(bff.sandbox.transfers({ ref_id: refId })).toHaveLength(1);
      expect(await record(refId)).toMatchObject({ status: 'created', approval_id: approval.id });
      const after = await approvalOf(approval.id);
      expect(after).toMatchObject({ status: 'approved', outcome: 'created' });
      expect(after.history.map((e) => e.kind)).toEqual(['requested', 'approved', 'sent']);
      // Finished: nothing is due any more.
      expect(await fresh.runSender()).toBe(0);
      expect(upstreamCreates(bff) - before).toBe(1);
    } finally {
      await fresh.close();
    }
  });

  it('a send that reached the service before the crash is read back by its ref_id, never created twice', async () => {
    const refId = newRef('crash-after');
    const approval = heldApproval(
      await as(ANA).submit(withdrawalBody(refId, { amount: '250.00' })),
    );
    crash = 'after';
    await approveAndDie(approval.id, BEN);
    await until('the transfer', async () => bff.sandbox.transfers({ ref_id: refId }).length === 1);
    crash = undefined;

    const fresh = await restarted();
    try {
      expect(await fresh.runSender()).toBe(1);
      const transfers = bff.sandbox.transfers({ ref_id: refId });
      expect(transfers).toHaveLength(1);
      const saved = await record(refId);
      expect(saved).toMatchObject({ status: 'created', transfer: { id: transfers[0]!.id } });
      expect(await approvalOf(approval.id)).toMatchObject({ outcome: 'created' });
    } finally {
      await fresh.close();
    }
  });

  it('two instances finish one crashed send at the same moment: one create, one outcome', async () => {
    const refId = newRef('crash-race');
    const approval = heldApproval(
      await as(ANA).submit(withdrawalBody(refId, { amount: '250.00' })),
    );
    const before = upstreamCreates(bff);
    crash = 'before';
    await approveAndDie(approval.id, BEN);
    crash = undefined;

    const one = await restarted();
    const two = await restarted();
    try {
      bff.sandbox.faults.set({ latencyMs: 100 });
      const counts = await Promise.all([one.runSender(), two.runSender()]);
      expect(counts.reduce((a, b) => a + b, 0)).toBe(1);
      expect(upstreamCreates(bff) - before).toBe(1);
      const after = await approvalOf(approval.id);
      expect(after.history.filter((e) => e.kind === 'sent')).toHaveLength(1);
      expect((await record(refId)).attempts?.map((a) => a.result)).toEqual(['unknown', 'created']);
    } finally {
      await one.close();
      await two.close();
    }
  });

  it('an approved address change lost in a crash is saved after it, with its cooling-off', async () => {
    const address = toChecksumAddress(`0x${randomBytes(20).toString('hex')}`);
    const approval = heldApproval(
      await as(ANA).put({
        crypto_network: 'ETHEREUM',
        address,
        nickname: 'Recovered',
        travelrule_metadata: { beneficiary: { self: true }, custodian_type: 'PRIVATE' },
      }),
    );
    const before = upstreamPuts(bff);
    crash = 'before';
    await approveAndDie(approval.id, BEN);
    crash = undefined;
    expect(await store.addressBook.find('ETHEREUM', address)).toBeUndefined();

    const fresh = await restarted();
    try {
      expect(await fresh.runSender()).toBe(1);
      expect(upstreamPuts(bff) - before).toBe(1);
      expect(await store.addressBook.find('ETHEREUM', address)).toMatchObject({
        upstream: { nickname: 'Recovered' },
      });
      expect(await approvalOf(approval.id)).toMatchObject({ outcome: 'created' });
      const hold = await store.approvals!.destinationHold('ETHEREUM', address.toLowerCase());
      expect(hold.receivableFrom).toBeDefined();
      expect(await fresh.runSender()).toBe(0);
    } finally {
      await fresh.close();
    }
  });

  // An approved withdrawal the service refused was sent again later, by any initiator with their
  // own fee quote, and no new approval.
  it('a refused approved withdrawal needs a new approval to go again', async () => {
    const refId = newRef('refused-approved');
    const body = withdrawalBody(refId, {
      amount: '250.00',
      fee_id: SANDBOX_MAGIC.EXPIRED_FEE_ID,
    });
    const approval = heldApproval(await as(ANA).submit(body));
    const res = await as(BEN).approve(approval.id);
    expect(res.status).toBe(200);
    expect((res.body as HeldForApprovalResponse).submission?.outcome).toBe('refused');
    expect(await approvalOf(approval.id)).toMatchObject({ outcome: 'refused' });
    expect((await record(refId)).status).toBe('refused');

    const quote = await bff.request('POST', '/api/fee-quotes', {
      headers: CY,
      body: {
        asset: 'USDG',
        crypto_network: 'ETHEREUM',
        destination_address: SAMPLE_ADDRESSES.evmA,
        amount: '250.00',
      },
    });
    expect(quote.status).toBe(200);
    const feeId = (quote.body as { id: string }).id;
    const before = upstreamCreates(bff);
    for (const who of [ANA, CY]) {
      const again = await as(who).submit({ ...body, fee_id: feeId });
      expect(again.status).toBe(409);
      expect(again.body).toMatchObject({
        type: CONSOLE_PROBLEM_TYPES.approvalSpent,
        ref_id: refId,
        approval_id: approval.id,
      });
    }
    expect(await store.ledger.claim(refId, { requestId: 'test', leaseMs: 60_000 })).toBeUndefined();
    expect(upstreamCreates(bff)).toBe(before);

    // The same withdrawal under a new ref_id is a new request: held for a new approval.
    const renewed = heldApproval(
      await as(ANA).submit({ ...body, ref_id: newRef('renewed'), fee_id: feeId }),
    );
    expect(renewed).toMatchObject({ status: 'pending' });
    expect(renewed.id).not.toBe(approval.id);
    expect(upstreamCreates(bff)).toBe(before);
    expect((await record(refId)).status).toBe('refused');
  });
});
