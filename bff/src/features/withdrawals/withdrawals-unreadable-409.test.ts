import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProblemSchema } from '#contract/problem';
import { BASIC_CLIENT_CREDENTIALS } from '#bff-test/test-bff-for-suite';
import { startTestBff, type TestBff } from '#bff-test/start-test-bff';
import { replaceUpstreamBody } from '#bff-test/replace-upstream-body';
import type { UpstreamClient } from '#bff/upstream/upstream-client';
import { withdrawalBody } from '#bff-test/withdrawal-body';

// The at-most-once rule at its sharpest: the first try created the transfer and its answer was
// lost; the retry meets 409 Already Exists, but the upstream's copy of the transfer cannot be
// read. The operator must see "unknown, check again" with the same ref_id, never a refusal that
// invites a new ref_id (and so a second transfer).

const unreadableExisting = (real: UpstreamClient): UpstreamClient => ({
  ...real,
  call: async (operation, options) => {
    const response = await real.call(operation, options);
    if (operation !== 'createWithdrawal' || response.status !== 409) return response;
    const problem = JSON.parse(await response.body.text()) as { meta?: { existing?: object } };
    // The record arrives without an id: not a transfer anyone can compare.
    const { id: _id, ...rest } = (problem.meta?.existing ?? {}) as { id?: string };
    const body = JSON.stringify({ ...problem, meta: { ...problem.meta, existing: rest } });
    return replaceUpstreamBody(response, body);
  },
});

describe('a 409 whose existing transfer cannot be read', () => {
  let bff: TestBff;
  beforeAll(async () => {
    bff = await startTestBff({
      wrapUpstream: unreadableExisting,
      // Without the transfer read: the retry is a resend that meets the 409 (with the read, the
      // lost answer is settled by reading by ref_id: transfer-status.test.ts).
      ...BASIC_CLIENT_CREDENTIALS,
      env: { WRITE_RATE_LIMIT_PER_MINUTE: '100000', LOG_LEVEL: 'warn' },
    });
  });
  afterAll(() => bff.close());

  it('is an unknown outcome with the ref_id, and the upstream holds exactly one transfer', async () => {
    const refId = `unreadable-${Date.now()}`;
    bff.sandbox.faults.set({ dropAfterCreate: 1 });
    const res = await bff.request('POST', '/api/withdrawals', {
      body: withdrawalBody(refId),
    });
    expect(res.status).toBe(502);
    const problem = ProblemSchema.parse(res.body);
    expect(problem).toMatchObject({ outcome: 'unknown', ref_id: refId });
    expect(bff.sandbox.transfers({ ref_id: refId })).toHaveLength(1);
    const record = (await bff.request('GET', `/api/withdrawals/${refId}`)).body as {
      status: string;
    };
    expect(record.status).toBe('unknown');
  });
});
