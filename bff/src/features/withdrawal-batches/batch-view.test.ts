import { describe, expect, it } from 'vitest';
import type { StoredBatch, StoredBatchRow } from '#bff/store/withdrawal-batch-port';
import { batchView } from './batch-view';

const BATCH: StoredBatch = {
  id: 'b1',
  status: 'done',
  createdAt: '2026-11-29T03:00:00.000Z',
  operator: { subject: 'ana', name: 'Ana', roles: ['withdrawal-initiator'] },
  fileErrors: [],
};

const row = (n: number, state: string, amount: string): StoredBatchRow => ({
  row: n,
  line: n + 1,
  refId: `r-${n}`,
  state,
  request: { asset: 'USDG', amount, crypto_network: 'ETHEREUM', destination_address: '0x1' },
  errors: [],
});

// Issue 42 item 7: the totals still counted the refused rows, which moved nothing.
describe('a batch view’s totals', () => {
  it('count the rows that were or will be sent, not the refused, dropped or invalid ones', async () => {
    const view = await batchView({}, BATCH, [
      row(1, 'created', '10'),
      row(2, 'refused', '5'),
      row(3, 'dropped', '3'),
      row(4, 'invalid', '2'),
      row(5, 'unknown', '1'),
    ]);
    expect(view.totals).toEqual([{ asset: 'USDG', quantity: '11', usd_value: '11.00' }]);
    expect(view.usd_total).toBe('11.00');
    expect(view.counts).toEqual({ created: 1, refused: 1, dropped: 1, invalid: 1, unknown: 1 });
  });
});
