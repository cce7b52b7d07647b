import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { WithdrawalRecordSchema } from '#contract/withdrawal-ledger';
import { ProblemSchema } from '#contract/problem';
import { TransferSchema } from '#contract/withdrawals';
import { SAMPLE_ADDRESSES, SEED_IDS } from '#sandbox/index';
import { BASIC_CLIENT_CREDENTIALS } from '#bff-test/test-bff-for-suite';
import { startTestBff, type TestBff } from '#bff-test/start-test-bff';
import { replaceUpstreamBody } from '#bff-test/replace-upstream-body';
import type { UpstreamClient } from '#bff/upstream/upstream-client';

// The transfer the service answers is compared with the request by the one address rule and
// what the service may normalise (UUID case, whitespace). A 409 whose existing transfer still
// differs is an unknown outcome with an alert in the log; a 200 that differs is recorded and
// flagged. A transfer found by the transfer read is compared the same way as a 409's.

type Rewrite = (status: number, body: Record<string, unknown>) => Record<string, unknown>;
/** Rewrites the create's answer. */
let rewrite: Rewrite | undefined;
/** Rewrites the transfer read's answer. */
let rewriteRead: Rewrite | undefined;

const rewriting = (real: UpstreamClient): UpstreamClient => ({
  ...real,
  call: async (operation, options) => {
    const response = await real.call(operation, options);
    const change =
      operation === 'createWithdrawal'
        ? rewrite
        : operation === 'listTransfers'
          ? rewriteRead
          : undefined;
    if (!change) return response;
    const body = JSON.stringify(
      change(response.status, JSON.parse(await response.body.text()) as Record<string, unknown>),
    );
    return replaceUpstreamBody(response, body);
  },
});

/** Changes meta.existing of a 409 problem. */
const existing =
  (change: (transfer: Record<string, unknown>) => Record<string, unknown>): Rewrite =>
  (status, body) => {
    if (status !== 409) return body;
    const meta = body.meta as { existing: Record<string, unknown> };
    return { ...body, meta: { ...meta, existing: change(meta.existing) } };
  };

let n = 0;
/** A fresh withdrawal body (its own ref_id) to send to a destination the tests compare. */
const withdrawalRequest = (prefix: string) => ({
  profile_id: SEED_IDS.exampleProfile,
  destination_address: SAMPLE_ADDRESSES.evmC,
  crypto_network: 'ETHEREUM',
  asset: 'USDG',
  amount: '25.00',
  ref_id: `${prefix}-${Date.now()}-${++n}`,
});

/** The BFF's log lines at error level or above (where the alerts are). */
const errorLogsOf = (bff: TestBff) =>
  bff.logs.entries().filter((entry) => typeof entry.level === 'number' && entry.level >= 50);

/** A 502 unknown outcome for this ref_id: checked again with it, never "use a new ref_id". */
function expectUnknownSameRefId(res: { status: number; body: unknown }, refId: string): void {
  expect(res.status).toBe(502);
  const problem = ProblemSchema.parse(res.body);
  expect(problem).toMatchObject({ outcome: 'unknown', ref_id: refId });
  expect(problem.detail).toMatch(/same ref_id/);
  expect(problem.detail).not.toMatch(/use a new ref_id/i);
}
describe('the transfer an answer carries, compared with the request', () => {
  let bff: TestBff;
  const request = () => withdrawalRequest('answer-check');
  const errorLogs = () => errorLogsOf(bff);

  beforeAll(async () => {
    // A client without the transfer read: a lost answer is then settled by sending the create
    // again and reading the 409's existing transfer, which is what these tests compare.
    bff = await startTestBff({
      ...BASIC_CLIENT_CREDENTIALS,
      wrapUpstream: rewriting,
      env: { WRITE_RATE_LIMIT_PER_MINUTE: '100000', LOG_LEVEL: 'info' },
    });
  });
  afterEach(() => {
    rewrite = undefined;
    rewriteRead = undefined;
    bff.sandbox.faults.set({});
  });
  afterAll(() => bff.close());

  it('a 409 whose existing transfer differs only by UUID case, whitespace and address case is this withdrawal', async () => {
    const body = request();
    rewrite = existing((t) => ({
      ...t,
      profile_id: String(t.profile_id).toUpperCase(),
      ref_id: ` ${String(t.ref_id)} `,
      destination_address: String(t.destination_address).toLowerCase(),
    }));
    bff.sandbox.faults.set({ dropAfterCreate: 1 });
    const res = await bff.request('POST', '/api/withdrawals', { body });
    expect(res.status).toBe(200);
    expect(res.headers['idempotent-replayed']).toBe('true');
    expect(TransferSchema.parse(res.body).ref_id?.trim()).toBe(body.ref_id);
    expect(bff.sandbox.transfers({ ref_id: body.ref_id })).toHaveLength(1);
  });

  it('a 409 whose existing transfer still differs is unknown, never "use a new ref_id", with an alert in the log', async () => {
    const body = request();
    rewrite = existing((t) => ({ ...t, amount: '26.00' }));
    bff.sandbox.faults.set({ dropAfterCreate: 1 });
    const res = await bff.request('POST', '/api/withdrawals', { body });
    expectUnknownSameRefId(res, body.ref_id);
    const alert = errorLogs().find((entry) => entry.ref_id === body.ref_id);
    // A field to alert on, like record_not_written: a person must look at this withdrawal.
    expect(alert).toMatchObject({ alert: 'transfer_mismatch', differences: ['amount'] });
    expect(String(alert?.msg)).toMatch(/differs from the recorded request/);
    const record = WithdrawalRecordSchema.parse(
      (await bff.request('GET', `/api/withdrawals/${body.ref_id}`)).body,
    );
    expect(record.status).toBe('unknown');
    expect(bff.sandbox.transfers({ ref_id: body.ref_id })).toHaveLength(1);
  });

  it('a 200 whose transfer does not match (ref_id, amount, destination) is recorded and flagged', async () => {
    const body = request();
    rewrite = (status, transfer) =>
      status === 200
        ? {
            ...transfer,
            ref_id: 'someone-else',
            amount: '2500',
            destination_address: SAMPLE_ADDRESSES.evmB,
          }
        : transfer;
    const res = await bff.request('POST', '/api/withdrawals', { body });
    expect(res.status).toBe(200);
    expect(res.headers['transfer-mismatch']).toBe('ref_id, destination_address, amount');
    const record = WithdrawalRecordSchema.parse(
      (await bff.request('GET', `/api/withdrawals/${body.ref_id}`)).body,
    );
    expect(record).toMatchObject({
      status: 'created',
      transfer_mismatch: ['ref_id', 'destination_address', 'amount'],
    });
    const listed = (await bff.request('GET', `/api/withdrawals?ref_id=${body.ref_id}`)).body as {
      withdrawals: unknown[];
    };
    expect(WithdrawalRecordSchema.parse(listed.withdrawals[0]).transfer_mismatch).toEqual([
      'ref_id',
      'destination_address',
      'amount',
    ]);
    expect(errorLogs().find((entry) => entry.ref_id === body.ref_id)).toMatchObject({
      alert: 'transfer_mismatch',
      differences: ['ref_id', 'destination_address', 'amount'],
    });
  });

  it('a 200 that matches carries no flag', async () => {
    const body = request();
    const res = await bff.request('POST', '/api/withdrawals', { body });
    expect(res.status).toBe(200);
    expect(res.headers['transfer-mismatch']).toBeUndefined();
    const record = WithdrawalRecordSchema.parse(
      (await bff.request('GET', `/api/withdrawals/${body.ref_id}`)).body,
    );
    expect(record.transfer_mismatch).toBeUndefined();
  });
});

describe('the transfer the read finds, compared with the request', () => {
  let bff: TestBff;
  const request = () => withdrawalRequest('read-check');
  const creates = () => bff.sandbox.stats().requests['POST /v2/transfer/crypto-withdrawals'] ?? 0;
  const errorLogs = () => errorLogsOf(bff);

  beforeAll(async () => {
    // The default local client has the transfer read: a lost answer is settled by reading the
    // transfer by ref_id, not by a 409.
    bff = await startTestBff({
      wrapUpstream: rewriting,
      env: { WRITE_RATE_LIMIT_PER_MINUTE: '100000', LOG_LEVEL: 'info' },
    });
  });
  afterEach(() => {
    rewriteRead = undefined;
    bff.sandbox.faults.set({});
  });
  afterAll(() => bff.close());

  it('a read transfer with another amount and destination is unknown with an alert, never created, never resent', async () => {
    const body = request();
    rewriteRead = (status, page) => ({
      ...page,
      items: (page.items as Record<string, unknown>[]).map((t) => ({
        ...t,
        amount: '26.00',
        destination_address: SAMPLE_ADDRESSES.evmB,
      })),
    });
    bff.sandbox.faults.set({ dropAfterCreate: 1 });
    const createsBefore = creates();
    const res = await bff.request('POST', '/api/withdrawals', { body });
    expectUnknownSameRefId(res, body.ref_id);
    expect(errorLogs().find((entry) => entry.ref_id === body.ref_id)).toMatchObject({
      alert: 'transfer_mismatch',
      differences: ['destination_address', 'amount'],
    });
    const record = WithdrawalRecordSchema.parse(
      (await bff.request('GET', `/api/withdrawals/${body.ref_id}`)).body,
    );
    expect(record.status).toBe('unknown');

    // Checked again: read first, still differs, still unknown; the create is not sent again.
    const again = await bff.request('POST', '/api/withdrawals', { body });
    expect(again.status).toBe(502);
    expect(ProblemSchema.parse(again.body)).toMatchObject({ outcome: 'unknown' });
    expect(creates() - createsBefore).toBe(1);
    expect(bff.sandbox.transfers({ ref_id: body.ref_id })).toHaveLength(1);
  });

  it('a read transfer that matches is created, sent once', async () => {
    const body = request();
    bff.sandbox.faults.set({ dropAfterCreate: 1 });
    const createsBefore = creates();
    const res = await bff.request('POST', '/api/withdrawals', { body });
    expect(res.status).toBe(200);
    expect(TransferSchema.parse(res.body).ref_id).toBe(body.ref_id);
    expect(creates() - createsBefore).toBe(1);
  });
});
