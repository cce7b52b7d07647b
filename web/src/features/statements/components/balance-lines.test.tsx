import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { BalanceLinesCell } from './balance-lines';

afterEach(cleanup);

// On a phone the table's column headers are hidden: "USDG 91.28 0.00" read as nothing
// outstanding, with the outstanding figure cut off. Each figure carries its own label
// (shown by the card layout's CSS, features/statements/statements.css).
describe('BalanceLinesCell', () => {
  it('labels each figure: owed, paid, outstanding', () => {
    render(
      <BalanceLinesCell
        balances={[{ asset: 'USDG', total_amount_owed: '91.28', amount_paid: '0' }]}
      />,
    );
    const labels = ['Owed', 'Paid', 'Outstanding'].map(
      (label) => screen.getByTitle(new RegExp(`^${label} `)).dataset.label,
    );
    expect(labels).toEqual(['Owed', 'Paid', 'Outstanding']);
    expect(screen.getByTitle(/^Outstanding /).textContent).toBe('91.28');
  });
});
