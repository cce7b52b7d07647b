import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { BatchRow } from '#contract/withdrawal-batches';
import { BatchRowsTable } from './batch-rows-table';

const request = {
  profile_id: 'b7b77d82-e6a7-4ae9-9904-36231aedf985',
  asset: 'USDG',
  crypto_network: 'ETHEREUM',
  destination_address: '0x8Cf798A5D316af599dDE1D8dbEF58A98F47a6Ddc',
  amount: '25.5',
};
const row = (n: number, fields: Partial<BatchRow>): BatchRow => ({
  row: n,
  line: n + 1,
  ref_id: `batch-abc-${n}`,
  state: 'ready',
  request,
  errors: [],
  ...fields,
});

afterEach(cleanup);

describe('each row of a batch and what came of it', () => {
  it('shows the transfer, the refusal with its reason, and Check again for an unknown outcome', () => {
    const onCheck = vi.fn();
    render(
      <BatchRowsTable
        rows={[
          row(1, { state: 'created', transfer_id: 'tr-1' }),
          row(2, { state: 'refused', reason: 'Insufficient Funds: not enough USDG' }),
          row(3, { state: 'unknown', reason: 'Gateway Timeout: no answer' }),
        ]}
        onCheck={onCheck}
      />,
    );
    screen.getByText('tr-1');
    screen.getByText('Insufficient Funds: not enough USDG');
    expect(screen.getAllByText('25.5 USDG')).toHaveLength(3);
    const unknown = screen.getByText('Unknown').closest('tr')!;
    fireEvent.click(within(unknown).getByRole('button', { name: 'Check row 3 again' }));
    expect(onCheck).toHaveBeenCalledWith(3);
    expect(screen.getAllByRole('button')).toHaveLength(1);
  });
});
