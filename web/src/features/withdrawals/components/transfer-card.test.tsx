import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { TransferSchema } from '../../../../../contract/withdrawals';
import { TransferCard } from './transfer-card';

afterEach(cleanup);

describe('TransferCard', () => {
  it('shows what it got of a partly unreadable transfer, names the rest and keeps it raw', () => {
    const transfer = TransferSchema.parse({
      id: 't-1',
      status: 'PENDING',
      amount: 0.5,
      fee: null,
      asset: 'ETH',
      auto_conversion: {},
    });
    render(<TransferCard transfer={transfer} />);
    expect(screen.getByText('t-1')).toBeTruthy();
    expect(screen.getByText('Could not read')).toBeTruthy();
    expect(screen.getByText('amount')).toBeTruthy();
    expect(screen.getByText(/"amount": 0.5/)).toBeTruthy();
    // A money figure from a JSON number is never displayed as if it were read.
    expect(screen.queryByText('0.5 ETH')).toBeNull();
  });
});
