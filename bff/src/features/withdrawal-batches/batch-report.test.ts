import { describe, expect, it } from 'vitest';
import { TransferSchema } from '#contract/withdrawals';
import type { StoredBatchRow } from '#bff/store/withdrawal-batch-port';
import { batchReportCsv } from './batch-report';

// Issue 42 item 10: the batch report had no final transfer status, tx hash or fee.
describe('batchReportCsv', () => {
  const row = (n: number, state: string, transferId?: string): StoredBatchRow => ({
    row: n,
    line: n + 1,
    refId: `batch-x-${n}`,
    state,
    request: { profile_id: 'p', asset: 'USDG', crypto_network: 'ETHEREUM', amount: '25' },
    errors: [],
    ...(transferId ? { transferId } : {}),
  });

  it("adds each created row's transfer status, tx hash and fee as the ledger knows them", () => {
    const transfer = TransferSchema.parse({
      id: 't-1',
      status: 'COMPLETED',
      crypto_tx_hash: '0xabc',
      fee: '0.42',
      amount: '25',
      asset: 'USDG',
    });
    const csv = batchReportCsv(
      [row(1, 'created', 't-1'), row(2, 'refused')],
      new Map([['batch-x-1', transfer]]),
    );
    const [header, first, second] = csv.trim().split('\r\n');
    expect(header!.split(',').slice(-3)).toEqual(['transfer_status', 'crypto_tx_hash', 'fee']);
    expect(first!.split(',').slice(-3)).toEqual(['COMPLETED', '0xabc', '0.42']);
    // Not known (never created): empty, never made up.
    expect(second!.split(',').slice(-3)).toEqual(['', '', '']);
  });
});
