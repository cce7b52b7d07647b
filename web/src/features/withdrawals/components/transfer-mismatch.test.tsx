import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { TransferMismatchBadge, TransferMismatchNotice } from './transfer-mismatch';

afterEach(cleanup);

describe('transfer mismatch flag', () => {
  it('names the fields the created transfer differs in, and says not to resubmit', () => {
    render(<TransferMismatchNotice fields={['ref_id', 'amount']} />);
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toMatch(/does not match the request/);
    expect(alert.textContent).toMatch(/ref_id, amount/);
    expect(alert.textContent).toMatch(/Do not resubmit/);
  });

  it('flags a ledger row, and shows nothing for a matching transfer', () => {
    const { container, rerender } = render(<TransferMismatchBadge fields={['amount']} />);
    expect(screen.getByText('Does not match request').getAttribute('title')).toBe(
      'Differs in: amount',
    );
    rerender(<TransferMismatchBadge fields={undefined} />);
    expect(container.textContent).toBe('');
    rerender(<TransferMismatchNotice fields={[]} />);
    expect(container.textContent).toBe('');
  });
});
