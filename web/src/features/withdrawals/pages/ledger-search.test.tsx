import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { WithdrawalRecord } from '#contract/withdrawal-ledger';
import { meResponse } from '#web/lib/testing/me-response';
import { stubFetch } from '#web-test/fetch-stub';
import { json } from '#web-test/json-response';
import { LocationSearch, renderPage } from '#web-test/render-page';
import { featuresOn } from '#web-test/session';
import { WithdrawalsPage } from './withdrawals-page';

// Issue 24 item 4: the ledger filters by date range and asset, searches by the start of a ref_id,
// a transaction hash or an address, keeps all of it in the URL, and exports what matches as CSV.

const session = meResponse(
  { subject: 'dev', name: 'Dev' },
  ['viewer'],
  featuresOn(
    'transfer_status',
    'fee_quotes',
    'vasp_directory',
    'service_addresses',
    'profiles',
    'transfer_limits',
  ),
);

const record: WithdrawalRecord = {
  ref_id: 'ref-btc-1',
  status: 'created',
  operator: { subject: 'dev', name: 'Dev' },
  request_hash: 'h',
  request: {
    asset: 'BTC',
    amount: '0.5',
    crypto_network: 'BITCOIN',
    destination_address: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
  },
  created_at: '2026-11-01T12:00:00.000Z',
  updated_at: '2026-11-01T12:00:00.000Z',
};

const fetchMock = stubFetch(async (input: RequestInfo | URL) => {
  const url = new URL(String(input), 'http://localhost');
  if (url.pathname === '/api/withdrawals.csv')
    return new Response('ref_id,status\r\nref-btc-1,created\r\n# export complete: 1 rows\r\n', {
      headers: { 'Content-Type': 'text/csv; charset=utf-8' },
    });
  if (url.pathname === '/api/withdrawals') return json({ withdrawals: [record] });
  return json({ prices: [] });
});

/** The requests the page made to one path, as URLs. */
const calls = (path: string) =>
  fetchMock.mock.calls
    .map(([input]) => new URL(String(input), 'http://localhost'))
    .filter((url) => url.pathname === path);

const renderAt = (url: string) =>
  renderPage(
    {
      '/withdrawals': (
        <>
          <WithdrawalsPage />
          <LocationSearch />
        </>
      ),
    },
    { url, session },
  );

describe('the ledger search and filters', () => {
  it("reads the filters from a link, shows them, and asks for the days' instants", async () => {
    renderAt('/withdrawals?asset=BTC&from=2026-11-01&to=2026-11-02&q=bc1qar0');
    await screen.findByRole('link', { name: /^ref-btc-1/ });
    const asked = calls('/api/withdrawals').at(-1)!.searchParams;
    expect(asked.get('asset')).toBe('BTC');
    expect(asked.get('q')).toBe('bc1qar0');
    expect(asked.get('from')).toBe('2026-11-01T00:00:00.000Z');
    // The last day is included: up to the start of the day after it.
    expect(asked.get('to')).toBe('2026-11-03T00:00:00.000Z');
    expect((screen.getByLabelText(/^Search/) as HTMLInputElement).value).toBe('bc1qar0');
    expect((screen.getByLabelText(/^Asset/) as HTMLSelectElement).value).toBe('BTC');
    expect((screen.getByLabelText(/^Submitted from/) as HTMLInputElement).value).toBe('2026-11-01');
  });

  it('puts what was typed in the URL and asks again from the first page', async () => {
    renderAt('/withdrawals');
    await screen.findByRole('link', { name: /^ref-btc-1/ });
    fireEvent.change(screen.getByLabelText(/^Search/), { target: { value: ' 0xAbC ' } });
    fireEvent.change(screen.getByLabelText(/^Asset/), { target: { value: 'ETH' } });
    fireEvent.change(screen.getByLabelText(/^Submitted from/), {
      target: { value: '2026-10-01' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Apply filters' }));
    await vi.waitFor(() =>
      expect(screen.getByTestId('location').textContent).toBe('?asset=ETH&from=2026-10-01&q=0xAbC'),
    );
    await vi.waitFor(() =>
      expect(calls('/api/withdrawals').at(-1)?.searchParams.get('q')).toBe('0xAbC'),
    );
    expect(calls('/api/withdrawals').at(-1)?.searchParams.get('cursor')).toBeNull();
  });

  it('stops a range that ends before it starts, naming the field, and asks nothing', async () => {
    renderAt('/withdrawals');
    await screen.findByRole('link', { name: /^ref-btc-1/ });
    const before = calls('/api/withdrawals').length;
    fireEvent.change(screen.getByLabelText(/^Submitted from/), {
      target: { value: '2026-11-05' },
    });
    fireEvent.change(screen.getByLabelText(/^Submitted to/), { target: { value: '2026-11-01' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply filters' }));
    await screen.findByText('The last day is before the first');
    expect(screen.getByTestId('location').textContent).toBe('');
    expect(calls('/api/withdrawals')).toHaveLength(before);
  });

  it('exports every record the filters match, with the same filters', async () => {
    vi.stubGlobal(
      'URL',
      Object.assign(URL, { createObjectURL: () => 'blob:x', revokeObjectURL() {} }),
    );
    renderAt('/withdrawals?asset=BTC&to=2026-11-02&q=ref-');
    await screen.findByRole('link', { name: /^ref-btc-1/ });
    fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    await screen.findByText('Export complete: 1 row');
    const exported = calls('/api/withdrawals.csv');
    expect(exported).toHaveLength(1);
    expect(Object.fromEntries(exported[0]!.searchParams)).toEqual({
      asset: 'BTC',
      to: '2026-11-03T00:00:00.000Z',
      q: 'ref-',
    });
    screen.getByRole('link', { name: /Save withdrawals-.*\.csv/ });
  });
});
