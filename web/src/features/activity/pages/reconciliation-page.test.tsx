import { fireEvent, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { stubFetch } from '#web-test/fetch-stub';
import { renderPage } from '#web-test/render-page';
import { meResponse } from '#web/lib/testing/me-response';
import { ReconciliationPage } from './reconciliation-page';

const answer = {
  from: '2026-11-21T00:00:00.000Z',
  to: '2026-11-28T00:00:00.000Z',
  counts: { matched: 1, service_only: 1, ledger_only: 1, status_differs: 0 },
  matched: [
    {
      transfer: {
        id: 't-m',
        status: 'COMPLETED',
        type: 'CRYPTO_WITHDRAWAL',
        amount: '1',
        asset: 'BTC',
      },
      ledger: { ref_id: 'WD-M', ledger_status: 'created', transfer_status: 'COMPLETED' },
    },
  ],
  service_only: [
    {
      transfer: {
        id: 't-else',
        status: 'PENDING',
        type: 'CRYPTO_WITHDRAWAL',
        amount: '0.01',
        asset: 'ETH',
        created_at: '2026-11-27T12:00:00.000Z',
      },
    },
  ],
  ledger_only: [{ ledger: { ref_id: 'WD-L', ledger_status: 'unknown' } }],
  status_differs: [],
  truncated: false,
  checked_at: '2026-11-28T00:00:01.000Z',
};

let urls: URL[] = [];
let failing = false;

beforeEach(() => {
  urls = [];
  failing = false;
});

stubFetch(async (input: RequestInfo | URL) => {
  const url = new URL(String(input), 'http://localhost');
  urls.push(url);
  if (failing)
    return Response.json(
      { type: 'about:blank', title: 'The service did not answer', status: 502 },
      { status: 502, headers: { 'Content-Type': 'application/problem+json' } },
    );
  return Response.json(answer);
});

const renderAt = (url: string) =>
  renderPage(
    { '/reconciliation': <ReconciliationPage /> },
    {
      url,
      toasts: true,
      session: meResponse({ subject: 'v', name: 'Vera' }, ['viewer'], {
        activity: { enabled: true },
      }),
    },
  );

describe('ReconciliationPage', () => {
  it('asks for the window in the URL and shows the four groups with their counts', async () => {
    renderAt('/reconciliation?from=2026-11-21T00:00:00.000Z&to=2026-11-28T00:00:00.000Z');
    expect(await screen.findByRole('heading', { name: 'Matched: 1' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'At the service only: 1' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'In the ledger only: 1' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Status differs: 0' })).toBeTruthy();
    expect(urls[0]!.searchParams.get('from')).toBe('2026-11-21T00:00:00.000Z');
    expect(urls[0]!.searchParams.get('to')).toBe('2026-11-28T00:00:00.000Z');

    const serviceOnly = screen.getByRole('list', { name: 'At the service only' });
    const link = within(serviceOnly).getByRole('link', { name: /t-else/ });
    // Each service row leads to its transfer's own page; its time in the console's format.
    expect(link.getAttribute('href')).toBe('/activity/t-else');
    const created = within(serviceOnly).getByText('2026-11-27 12:00 UTC');
    expect(created.getAttribute('title')).toContain('2026-11-27T12:00:00');
    expect(serviceOnly.textContent).toContain(
      "Made outside this console — skipped this console's approvals",
    );

    const ledgerOnly = screen.getByRole('list', { name: 'In the ledger only' });
    expect(within(ledgerOnly).getByRole('link', { name: 'Ledger WD-L' }).getAttribute('href')).toBe(
      '/withdrawals/WD-L',
    );
  });

  it('leaves the default window to the BFF when the URL has none', async () => {
    renderAt('/reconciliation');
    await screen.findByRole('heading', { name: 'Matched: 1' });
    expect(urls[0]!.search).toBe('');
  });

  it('says when it failed and retries on request', async () => {
    failing = true;
    renderAt('/reconciliation');
    const retry = await screen.findByRole('button', { name: /Retry|Try again/ });
    expect(screen.getByText('The reconciliation could not be made')).toBeTruthy();
    failing = false;
    fireEvent.click(retry);
    expect(await screen.findByRole('heading', { name: 'Matched: 1' })).toBeTruthy();
  });
});
