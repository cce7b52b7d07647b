import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { BatchFeeQuotes } from '#contract/batch-fee-quotes';
import type { BatchRow, WithdrawalBatch } from '#contract/withdrawal-batches';
import type { BatchFeesState } from '../lib/use-batch-fee-quotes';
import { BatchReview } from './batch-review';
import { BatchRowsTable } from './batch-rows-table';

// Issue 28 item 1: the batch review shows "the fee (quoted where available)": the service's quote
// per row, summed per asset, with its expiry, said to be an estimate; unavailable, said with why.

const FEE_NOTE = 'Each row pays the network fee at the time it is sent.';
const request = (asset: string, amount: string) => ({
  profile_id: 'b7b77d82-e6a7-4ae9-9904-36231aedf985',
  asset,
  crypto_network: 'ETHEREUM',
  destination_address: '0x8Cf798A5D316af599dDE1D8dbEF58A98F47a6Ddc',
  amount,
});
const rows: BatchRow[] = [
  ['USDG', '25'],
  ['USDG', '10'],
  ['ETH', '0.25'],
  ['USDG', '5'],
].map(([asset, amount], i) => ({
  row: i + 1,
  line: i + 2,
  ref_id: `batch-abc-${i + 1}`,
  state: 'ready',
  request: request(asset!, amount!),
  errors: [],
}));
const batch: WithdrawalBatch = {
  id: 'abc',
  status: 'draft',
  created_at: '2026-11-26T03:00:00Z',
  created_by: { subject: 'ana', name: 'Ana' },
  file_errors: [],
  counts: { ready: 4 },
  totals: [
    { asset: 'USDG', quantity: '40', usd_value: '40.00' },
    { asset: 'ETH', quantity: '0.25' },
  ],
  destinations: [],
  fee_note: FEE_NOTE,
  rows,
};
const quotes: BatchFeeQuotes = {
  batch_id: 'abc',
  available: true,
  rows: [
    { row: 1, state: 'quoted', fee: '1.50', asset: 'USDG', expires_at: '2030-01-01T00:02:00Z' },
    {
      row: 2,
      state: 'quoted',
      fee: 'about 1.5',
      asset: 'USDG',
      expires_at: '2030-01-01T00:02:00Z',
    },
    { row: 3, state: 'quoted', fee: '0.0004', asset: 'ETH', expires_at: '2030-01-01T00:02:00Z' },
    { row: 4, state: 'unavailable', reason: 'Too Many Requests: slow down' },
  ],
  totals: [
    { asset: 'USDG', fee: '1.50', quoted_rows: 1, unquoted_rows: 2 },
    { asset: 'ETH', fee: '0.0004', quoted_rows: 1, unquoted_rows: 0 },
  ],
  expires_at: '2030-01-01T00:02:00Z',
  note: 'Estimates for information: they are not sent with the rows.',
};
const state = (fields: Partial<BatchFeesState>): BatchFeesState => ({
  loading: false,
  expired: false,
  requote: () => undefined,
  ...fields,
});

afterEach(cleanup);

describe('the fee in a batch’s review', () => {
  it('shows the quoted fee per asset, the rows without one, the expiry, and that it is an estimate', () => {
    const requote = vi.fn();
    render(<BatchReview batch={batch} fees={state({ data: quotes, requote })} />);
    const perAsset = screen.getByRole('list', { name: 'Quoted fee per asset' });
    const items = within(perAsset).getAllByRole('listitem');
    expect(items.map((li) => li.textContent)).toEqual([
      '1.50 USDG quoted for 1 row; 2 rows without a usable quote',
      '0.0004 ETH quoted for 1 row',
    ]);
    screen.getByText(/Quotes hold until 2030-01-01 00:02 UTC at the earliest/);
    screen.getByText(/not sent with the rows/);
    fireEvent.click(screen.getByRole('button', { name: 'Quote again' }));
    expect(requote).toHaveBeenCalled();
  });

  // Issue 42 item 12: "1 approval(s)".
  it('says "1 approval", not "1 approval(s)"', () => {
    render(
      <BatchReview batch={{ ...batch, requirement: { approvals: 1, reason: 'USDG above 10' } }} />,
    );
    screen.getByText('1 approval for the whole batch: USDG above 10');
  });

  // Issue 42 item C: "None by the tiers", then Send held it by a rolling limit.
  it('says the rolling limit the BFF forecasts before Send', () => {
    const reason = 'row 2: rolling limit: 110 USDG by this initiator within 24 h';
    render(<BatchReview batch={{ ...batch, requirement: { approvals: 1, reason } }} />);
    screen.getByText(`1 approval for the whole batch: ${reason}`);
    expect(screen.queryByText(/None/)).toBeNull();
  });

  it('says when the quotes have expired', () => {
    render(<BatchReview batch={batch} fees={state({ data: quotes, expired: true })} />);
    screen.getByText(/The quotes have expired: quote again/);
  });

  it('says the fee is unavailable and why, with the network fee note; the review goes on', () => {
    const off: BatchFeeQuotes = {
      batch_id: 'abc',
      available: false,
      reason:
        'Guaranteed fee is not available: the upstream client is not granted the scope fee:write_crypto_withdrawal_fee.',
      rows: [],
      totals: [],
      note: quotes.note,
    };
    render(<BatchReview batch={batch} fees={state({ data: off })} />);
    screen.getByText(/Fee unavailable: .*fee:write_crypto_withdrawal_fee/);
    screen.getByText(FEE_NOTE);
    screen.getByText(/None: neither the tiers nor the rolling limits/);
  });

  it('shows the fee note alone to an operator who does not ask quotes, and a failed ask', () => {
    render(<BatchReview batch={batch} />);
    screen.getByText(FEE_NOTE);
    cleanup();
    render(<BatchReview batch={batch} fees={state({ error: new Error('Bad Gateway') })} />);
    screen.getByText('Fee unavailable: Bad Gateway.');
  });

  it('lists each row’s quoted fee as the service gave it, or why it has none', () => {
    render(<BatchRowsTable rows={rows} onCheck={() => undefined} fees={quotes.rows} />);
    const header = screen.getByRole('columnheader', { name: 'Quoted fee' });
    const column = [...header.parentElement!.children].indexOf(header);
    const cells = screen
      .getAllByRole('row')
      .slice(1)
      .map((tr) => tr.children[column]!.textContent);
    expect(cells).toEqual([
      '1.50 USDG',
      'about 1.5 USDG',
      '0.0004 ETH',
      'Unavailable: Too Many Requests: slow down',
    ]);
  });
});
