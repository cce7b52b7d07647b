import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { stubFetch } from '#web-test/fetch-stub';
import { json } from '#web-test/json-response';
import { renderPage } from '#web-test/render-page';
import type { Statement } from '#contract/statements';
import { meResponse } from '#web/lib/testing/me-response';
import { StatementDetailPage } from './statement-detail-page';

// Issue 26, item 11: the list flags a superseded statement, its own page said nothing.

const CUSTOMER = 'cdcbff8e-cf51-4536-ba6f-92ef6846e48a';
const st = (id: string, version: number, month: string): Statement => ({
  id,
  customer_id: CUSTOMER,
  statement_group_id: `g-${month}`,
  version,
  status: 'STATEMENT_STATUS_PAID',
  metadata: { total_amount: '10.5' },
  statement_balances: [{ asset: 'USDG', total_amount_owed: '10.5', amount_paid: '10.5' }],
  period_start: `2026-${month}-01T00:00:00.000Z`,
  period_end: `2026-${month}-28T23:59:59.999Z`,
});
// Newest period first, as the service lists them (DESC): the correction shares the period.
const ALL = [
  st('may-v1', 1, '05'),
  st('apr-v2', 2, '04'),
  st('apr-v1', 1, '04'),
  st('mar-v1', 1, '03'),
];

stubFetch(async (input: RequestInfo | URL) => {
  const url = new URL(String(input), 'http://localhost');
  const ids = url.searchParams.getAll('statement_ids');
  return json({ statements: ids.length ? ALL.filter((s) => ids.includes(s.id!)) : ALL });
});

// Statement payments off: this page's payments card has its own test.
const renderAt = (id: string) =>
  renderPage(
    { '/statements/:statementId': <StatementDetailPage /> },
    {
      url: `/statements/${id}?customer_id=${CUSTOMER}`,
      session: meResponse({ subject: 'v', name: 'Vera' }, ['viewer']),
    },
  );

describe('StatementDetailPage', () => {
  it('says a superseded statement was corrected, and links to the version that replaces it', async () => {
    renderAt('apr-v1');
    await screen.findByText('Superseded by version 2');
    const link = screen.getByRole('link', { name: 'Open version 2' });
    expect(link.getAttribute('href')).toBe(`/statements/apr-v2?customer_id=${CUSTOMER}`);
  });

  it('says nothing of the kind on the standing version, and shows amounts in cents', async () => {
    renderAt('apr-v2');
    await screen.findByRole('heading', { name: /^Statement 2026-04-01/ });
    await vi.waitFor(() => expect(vi.mocked(fetch).mock.calls.length).toBeGreaterThan(1));
    expect(screen.queryByText(/Superseded/)).toBeNull();
    expect(screen.getAllByText('10.50').length).toBeGreaterThan(0);
  });
});
