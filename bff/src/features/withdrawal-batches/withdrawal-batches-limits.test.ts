import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WithdrawalBatch } from '#contract/withdrawal-batches';
import {
  ANA,
  batchCsv,
  BATCH_POLICY,
  startBatchHarness,
  type BatchHarness,
} from '#bff-test/batch-harness';
import { withdrawalBody } from '#bff-test/withdrawal-body';
import { ALL_BACKENDS, skipWithoutServer } from '#bff/store/testing/test-stores';

// Issue 28: the policy's rolling limits apply to a batch as a whole and to what was sent before
// it: a payout split into a batch (or a batch after a single withdrawal) never avoids an approval.

const SCHEMA = 'test_withdrawal_batches_limits';
const POLICY = {
  ...BATCH_POLICY,
  withdrawals: {
    ...BATCH_POLICY.withdrawals,
    rolling_limits: [
      { per: 'initiator', asset: 'USDG', above: '100', window_minutes: 60, approvals: 1 },
    ],
  },
};

describe.each(ALL_BACKENDS)('a batch under the rolling limits on %s', (backend) => {
  if (skipWithoutServer(backend)) return;
  let h: BatchHarness;
  beforeAll(async () => {
    h = await startBatchHarness(backend, SCHEMA, { APPROVAL_POLICY: JSON.stringify(POLICY) });
  });
  afterAll(() => h?.close());

  it('holds a batch whose rows, with what the initiator sent within the window, go over the limit', async () => {
    // 90 USDG sent alone: within the limit.
    const single = await h.bff.request('POST', '/api/withdrawals', {
      headers: ANA,
      body: withdrawalBody(`single-${Date.now()}`, { amount: '90' }),
    });
    expect(single.status).toBe(200);
    // Two rows of 10: each and both together below every tier; with the 90 before, above 100.
    const upload = await h.upload(batchCsv(`limits-${Date.now()}`, 2, '10'));
    const batch = upload.body as WithdrawalBatch;
    // The review forecasts it before Send (issue 42 item C), row 1 counted in as row 2 is judged.
    expect(batch.status).toBe('draft');
    expect(batch.requirement?.reason).toMatch(
      /^row 2: rolling limit: 110 USDG by this initiator within 1 h/,
    );
    const held = await h.post(`/api/withdrawal-batches/${batch.id}/submit`);
    expect(held.status).toBe(202);
    expect((held.body as WithdrawalBatch).requirement?.reason).toMatch(
      /^row 2: rolling limit: 110 USDG by this initiator within 1 h/,
    );
    const before = h.creates();
    await h.round();
    expect(h.creates()).toBe(before);
  });
});
