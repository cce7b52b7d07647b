import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubFetch } from '#web-test/fetch-stub';
import { json } from '#web-test/json-response';
import { LocationSearch, renderPage } from '#web-test/render-page';
import { viewerWithStatementPayments } from '#web-test/session';
import { StatementsPage } from './statements-page';

// Issue 39, item 3: the statements list can show only the statements whose payments differ.

const CUSTOMER = 'cdcbff8e-cf51-4536-ba6f-92ef6846e48a';
const statement = (ref: string, month: string, paid: string) => ({
  id: `id-${ref}`,
  ref_id: ref,
  customer_id: CUSTOMER,
  status: 'STATEMENT_STATUS_PAID',
  statement_balances: [{ asset: 'USDG', total_amount_owed: paid, amount_paid: paid }],
  period_start: `2026-${month}-01T00:00:00.000Z`,
});
const payment = (ref: string, amount: string) => ({
  id: `p-${ref}-${amount}`,
  ref_id: ref,
  payment_asset: 'USDG',
  payment_amount: amount,
  payment_status: 'PAYMENT_STATUS_COMPLETED',
});

const fetchMock = stubFetch(async (input: RequestInfo | URL) => {
  const url = new URL(String(input), 'http://localhost');
  if (url.pathname === '/api/statements/payments') {
    // Two pages of payments: the filter reads them all.
    return url.searchParams.get('page_cursor')
      ? json({ payments: [payment('RWD-03', '30.00')], next_page_cursor: '' })
      : json({
          payments: [payment('RWD-01', '10.00'), payment('RWD-02', '15.00')],
          next_page_cursor: 'more',
        });
  }
  return json({
    statements: [
      statement('RWD-01', '01', '10.00'),
      statement('RWD-02', '02', '20.00'),
      statement('RWD-03', '03', '30.00'),
    ],
  });
});

const renderAt = (url: string, enabled: boolean) =>
  renderPage(
    {
      '/statements': (
        <>
          <StatementsPage />
          <LocationSearch />
        </>
      ),
    },
    {
      url,
      toasts: true,
      session: viewerWithStatementPayments(enabled, 'Not granted statements:read_payment.'),
    },
  );

describe('the "Payments differ" filter', () => {
  it('puts itself in the URL and lists only the statements whose payments differ', async () => {
    renderAt(`/statements?customer_id=${CUSTOMER}`, true);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Payments differ' }));
    fireEvent.click(screen.getByRole('button', { name: 'Show statements' }));
    expect(screen.getByTestId('location').textContent).toContain('payments=differ');
    const table = await screen.findByRole('table', { name: 'Statements whose payments differ' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.textContent).toContain('RWD-02');
    expect(rows[0]!.textContent).toContain('differs: paid 20.00, completed payments 15.00 USDG');
    screen.getByText(/Checked 3 statements matching the other filters against all 3 payments/);
    // Every page of payments was read; the statements once whole (1000 a page) after the page
    // the list showed before the filter.
    const asked = fetchMock.mock.calls.map((c) => new URL(String(c[0]), 'http://localhost'));
    expect(asked.filter((u) => u.pathname === '/api/statements/payments')).toHaveLength(2);
    expect(
      asked.filter((u) => u.pathname === '/api/statements').map((u) => u.searchParams.get('limit')),
    ).toEqual(['100', '1000']);
    // The whole-list export is off here, and says so where a phone shows it too (not a title).
    const exportButton = screen.getByRole('button', { name: 'Export CSV' });
    expect(exportButton).toHaveProperty('disabled', true);
    expect(exportButton.getAttribute('title')).toBeNull();
    const reason = document.getElementById(exportButton.getAttribute('aria-describedby') ?? '');
    expect(reason?.textContent).toBe(
      'With “Payments differ”, export their payments from the list below.',
    );
  });

  it('without the scope the box is off with the reason, and a link with it says why', () => {
    renderAt(`/statements?customer_id=${CUSTOMER}&payments=differ`, false);
    const box = screen.getByRole('checkbox', { name: 'Payments differ' });
    expect(box).toHaveProperty('disabled', true);
    expect(screen.getAllByText(/Not granted statements:read_payment/).length).toBe(2);
    expect(screen.queryByRole('table')).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
