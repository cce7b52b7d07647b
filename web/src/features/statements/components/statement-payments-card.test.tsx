import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { stubFetch } from '#web-test/fetch-stub';
import { json } from '#web-test/json-response';
import { renderPage } from '#web-test/render-page';
import { viewerWithStatementPayments } from '#web-test/session';
import type { StatementPayment } from '#contract/statement-payments';
import type { Statement } from '#contract/statements';
import { StatementPaymentsCard } from './statement-payments-card';

// Issue 39, item 3: a statement's payments and the one line that says whether they settle it.

const STATEMENT: Statement = {
  id: 's1',
  ref_id: 'RWD-2026-04-cdcbff8e',
  status: 'STATEMENT_STATUS_PAID',
  statement_balances: [{ asset: 'USDG', amount_paid: '120.00', total_amount_owed: '120.00' }],
};
const payment = (over: Partial<StatementPayment>): StatementPayment => ({
  id: `p-${Math.random()}`,
  ref_id: STATEMENT.ref_id,
  payment_asset: 'USDG',
  payment_status: 'PAYMENT_STATUS_COMPLETED',
  payment_destination: '6f1e2d3c-4b5a-4968-8776-655443322110',
  processed_at: '2026-05-05T06:00:00.000Z',
  ...over,
});

let answer: unknown;
stubFetch(async () => json(answer));

function renderCard(enabled: boolean) {
  renderPage(<StatementPaymentsCard statement={STATEMENT} />, {
    session: viewerWithStatementPayments(
      enabled,
      'Statement payments is not available: the upstream client is not granted the scope statements:read_payment.',
    ),
  });
}

describe('StatementPaymentsCard', () => {
  it('lists the payments and says the completed ones differ from what was paid', async () => {
    answer = {
      payments: [
        payment({ payment_amount: '100.00', payment_tx_id: '0xabc' }),
        payment({ payment_amount: '20.00', payment_status: 'PAYMENT_STATUS_FAILED' }),
        payment({ payment_amount: '20.00', payment_status: 'PAYMENT_STATUS_CLAWED_BACK' }),
      ],
      next_page_cursor: '',
    };
    renderCard(true);
    await screen.findByText('differs: paid 120.00, completed payments 100.00 USDG');
    const table = screen.getByRole('table');
    expect(within(table).getAllByRole('row')).toHaveLength(4);
    within(table).getByText('Failed');
    // An unknown status is shown exactly as it came.
    within(table).getByText('PAYMENT_STATUS_CLAWED_BACK');
    within(table).getByText('0xabc');
    const url = new URL(String(vi.mocked(fetch).mock.calls[0]![0]), 'http://localhost');
    expect(url.pathname).toBe('/api/statements/payments');
    expect(url.searchParams.getAll('ref_ids')).toEqual(['RWD-2026-04-cdcbff8e']);
  });

  it('says paid = n completed payments when they settle it', async () => {
    answer = {
      payments: [payment({ payment_amount: '70.00' }), payment({ payment_amount: '50.00' })],
    };
    renderCard(true);
    await screen.findByText('paid 120.00 USDG = 2 completed payments');
  });

  it('with the feature off says why, and asks nothing', () => {
    renderCard(false);
    screen.getByText(/not granted the scope statements:read_payment/);
    expect(screen.queryByRole('table')).toBeNull();
    expect(fetch).not.toHaveBeenCalled();
  });
});
