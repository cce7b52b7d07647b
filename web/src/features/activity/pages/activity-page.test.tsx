import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useLocation } from 'react-router';
import type { Role } from '#contract/session';
import { stubFetch } from '#web-test/fetch-stub';
import { renderPage } from '#web-test/render-page';
import { meResponse } from '#web/lib/testing/me-response';
import { saveBlob } from '#web/lib/save-blob';
import { ActivityPage } from './activity-page';

vi.mock('#web/lib/save-blob', () => ({ saveBlob: vi.fn() }));

const consoleRow = {
  transfer: {
    id: 't-console',
    status: 'COMPLETED',
    type: 'CRYPTO_WITHDRAWAL',
    direction: 'DEBIT',
    asset: 'BTC',
    amount: '0.00000001',
    fee: '0.0001',
    created_at: '2026-11-28T10:00:00Z',
    destination_address: 'bc1qxyz',
    crypto_network: 'BITCOIN',
    crypto_tx_hash: '0xhash',
  },
  origin: 'console',
  console: {
    ref_id: 'WD-1',
    initiator: 'Ines',
    approvers: ['Abe'],
    ledger_status: 'created',
  },
};
const elsewhereRow = {
  transfer: {
    id: 't-else',
    status: 'PENDING',
    type: 'CRYPTO_WITHDRAWAL',
    amount: '0.01',
    asset: 'ETH',
  },
  origin: 'elsewhere',
};
const unknownRow = {
  transfer: { id: 't-new', status: 'HELD', type: 'TELEPORT_DEPOSIT', amount: '5', asset: 'USD' },
  origin: 'elsewhere',
};

let calls: { url: URL; init?: RequestInit }[] = [];
let acknowledged = false;

beforeEach(() => {
  calls = [];
  acknowledged = false;
});

stubFetch(async (input: RequestInfo | URL, init?: RequestInit) => {
  const url = new URL(String(input), 'http://localhost');
  calls.push({ url, init });
  if (url.pathname.endsWith('/acknowledge')) {
    acknowledged = true;
    return new Response(null, { status: 204 });
  }
  if (url.pathname === '/api/transfers/elsewhere')
    return Response.json(
      acknowledged
        ? { unacknowledged: 0, items: [] }
        : {
            unacknowledged: 1,
            items: [
              {
                transfer_id: 't-else',
                amount: '0.01',
                asset: 'ETH',
                found_at: '2026-11-28T11:00:00Z',
              },
            ],
          },
    );
  if (url.searchParams.get('cursor') === 'c2')
    return Response.json({ items: [unknownRow], next_cursor: '' });
  return Response.json({ items: [consoleRow, elsewhereRow], next_cursor: 'c2' });
});

function Where() {
  const location = useLocation();
  return <output aria-label="url">{location.pathname + location.search}</output>;
}

function renderAt(url: string, roles: Role[] = ['viewer'], enabled = true) {
  const activity = enabled
    ? { enabled: true }
    : { enabled: false, reason: 'Ask for transfer:read_transfer.' };
  const page = (
    <>
      <ActivityPage />
      <Where />
    </>
  );
  return renderPage(
    { '/activity': page },
    { url, toasts: true, session: meResponse({ subject: 'v', name: 'Vera' }, roles, { activity }) },
  );
}

const transferCalls = () => calls.filter((c) => c.url.pathname === '/api/transfers');

describe('ActivityPage', () => {
  it('passes the URL filters to the API and shows each row with its origin', async () => {
    renderAt(
      '/activity?type=CRYPTO_WITHDRAWAL&type=WIRE_DEPOSIT&status=PENDING&order=asc&status_bad=1',
    );
    const table = await screen.findByRole('table');
    const sent = transferCalls()[0]!.url.searchParams;
    expect(sent.getAll('type')).toEqual(['CRYPTO_WITHDRAWAL', 'WIRE_DEPOSIT']);
    expect(sent.getAll('status')).toEqual(['PENDING']);
    expect(sent.get('order')).toBe('asc');
    const rows = within(table).getAllByRole('row');
    const consoleLine = rows.find((row) => row.textContent?.includes('t-console'))!;
    expect(consoleLine.textContent).toContain('by Ines');
    expect(consoleLine.textContent).toContain('approved by Abe');
    expect(within(consoleLine).getByRole('link', { name: 'WD-1' }).getAttribute('href')).toBe(
      '/withdrawals/WD-1',
    );
    expect(consoleLine.textContent).toContain('0.00000001');
    // Each row leads to its transfer's page; its time in the console's format, raw on hover.
    expect(
      within(consoleLine).getByRole('link', { name: 'Transfer t-console' }).getAttribute('href'),
    ).toBe('/activity/t-console');
    const created = within(consoleLine).getByText('2026-11-28 10:00 UTC');
    expect(created.getAttribute('title')).toContain('2026-11-28T10:00:00Z');
    const elsewhereLine = rows.find((row) => row.textContent?.includes('t-else'))!;
    expect(elsewhereLine.textContent).toContain(
      "Made outside this console — skipped this console's approvals",
    );
  });

  it('pages with next_cursor, shows unknown values as sent, and goes back to the first page', async () => {
    renderAt('/activity?status=PENDING');
    fireEvent.click(await screen.findByRole('button', { name: 'Next page' }));
    expect(await screen.findByText(/TELEPORT_DEPOSIT/)).toBeTruthy();
    expect(screen.getByText('HELD')).toBeTruthy();
    const last = transferCalls().at(-1)!.url.searchParams;
    expect(last.get('cursor')).toBe('c2');
    expect(last.get('status')).toBe('PENDING');
    expect(screen.queryByRole('button', { name: 'Next page' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Back to the first page' }));
    expect(await screen.findByText(/t-console/)).toBeTruthy();
    expect(screen.getByLabelText('url').textContent).toBe('/activity?status=PENDING');
  });

  it('applies filters into the URL, several statuses and types at once, from the first page', async () => {
    renderAt('/activity?cursor=c2&status=PENDING');
    await screen.findByText(/TELEPORT_DEPOSIT/);
    const statuses = screen.getByRole('group', { name: 'Status' });
    expect(within(statuses).getByRole('checkbox', { name: 'PENDING' })).toHaveProperty(
      'checked',
      true,
    );
    fireEvent.click(within(statuses).getByRole('checkbox', { name: 'FAILED' }));
    const types = screen.getByRole('group', { name: 'Type' });
    fireEvent.click(within(types).getByRole('checkbox', { name: 'CRYPTO_DEPOSIT' }));
    fireEvent.click(within(types).getByRole('checkbox', { name: 'WIRE_DEPOSIT' }));
    fireEvent.change(screen.getByLabelText('Created from (UTC)'), {
      target: { value: '2026-11-01T00:00' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Apply filters' }));
    await vi.waitFor(() =>
      expect(screen.getByLabelText('url').textContent).toBe(
        '/activity?type=CRYPTO_DEPOSIT&type=WIRE_DEPOSIT&status=PENDING&status=FAILED&order=desc' +
          '&created_from=2026-11-01T00%3A00%3A00.000Z',
      ),
    );
    const sent = transferCalls().at(-1)!.url.searchParams;
    expect(sent.getAll('status')).toEqual(['PENDING', 'FAILED']);
    expect(sent.getAll('type')).toEqual(['CRYPTO_DEPOSIT', 'WIRE_DEPOSIT']);
    expect(sent.get('created_from')).toBe('2026-11-01T00:00:00.000Z');
    expect(sent.get('cursor')).toBeNull();
    // What the URL holds is ticked again (a type the console does not know yet included).
    expect(
      within(screen.getByRole('group', { name: 'Type' })).getByRole('checkbox', {
        name: 'WIRE_DEPOSIT',
      }),
    ).toHaveProperty('checked', true);
  });

  it('offers a type from the URL that the console does not know yet, ticked', async () => {
    renderAt('/activity?type=TELEPORT_DEPOSIT');
    await screen.findByRole('table');
    const types = screen.getByRole('group', { name: 'Type' });
    expect(within(types).getByRole('checkbox', { name: 'TELEPORT_DEPOSIT' })).toHaveProperty(
      'checked',
      true,
    );
    expect(transferCalls()[0]!.url.searchParams.getAll('type')).toEqual(['TELEPORT_DEPOSIT']);
  });

  it('lets an initiator acknowledge an alert, and clears it', async () => {
    renderAt('/activity', ['withdrawal-initiator']);
    const alerts = await screen.findByRole('list', { name: 'Unacknowledged alerts' });
    fireEvent.click(within(alerts).getByRole('button', { name: 'Acknowledge transfer t-else' }));
    expect(await screen.findByText(/No withdrawals made outside this console wait/)).toBeTruthy();
    const post = calls.find((c) => c.url.pathname.endsWith('/acknowledge'))!;
    expect(post.url.pathname).toBe('/api/transfers/elsewhere/t-else/acknowledge');
    expect(post.init?.method).toBe('POST');
  });

  it('offers a viewer no Acknowledge button and says who can', async () => {
    renderAt('/activity', ['viewer']);
    await screen.findByRole('list', { name: 'Unacknowledged alerts' });
    expect(screen.queryByRole('button', { name: /Acknowledge/ })).toBeNull();
    expect(screen.getByText(/A withdrawal initiator or approver acknowledges/)).toBeTruthy();
  });

  it('exports every page matching the filters as CSV', async () => {
    renderAt('/activity?status=PENDING');
    fireEvent.click(await screen.findByRole('button', { name: 'Export CSV' }));
    await vi.waitFor(() => expect(saveBlob).toHaveBeenCalledTimes(1));
    const [blob, name] = vi.mocked(saveBlob).mock.calls[0]!;
    expect(name).toBe('activity.csv');
    const text = await blob.text();
    expect(text).toContain('t-console');
    expect(text).toContain('TELEPORT_DEPOSIT');
    expect(text).toContain('0.00000001');
    expect(transferCalls().every((c) => c.url.searchParams.get('status') === 'PENDING')).toBe(true);
  });

  it('says so when the service answers 429 or is down, and reads again on request', async () => {
    const fetchMock = vi.mocked(fetch);
    const real = fetchMock.getMockImplementation()!;
    let answer = 429;
    fetchMock.mockImplementation(async (input, init) => {
      const url = new URL(String(input), 'http://localhost');
      if (url.pathname !== '/api/transfers') return real(input, init);
      calls.push({ url, init });
      if (answer === 200) return real(input, init);
      return new Response(
        JSON.stringify({
          type: 'about:blank',
          status: answer,
          title: 'Upstream',
          detail: `At ${answer}`,
        }),
        {
          status: answer,
          headers: { 'content-type': 'application/problem+json', 'retry-after': '1' },
        },
      );
    });
    renderAt('/activity');
    const busy = await screen.findByText("The service's transfers could not be loaded");
    const state = busy.closest('[role="alert"]')!;
    expect(state.textContent).toMatch(/Too many requests: you can try again in \d+ s/);
    cleanup();
    answer = 503;
    renderAt('/activity');
    const down = (await screen.findByText('At 503')).closest('[role="alert"]')!;
    answer = 200;
    fireEvent.click(within(down as HTMLElement).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText(/t-console/)).toBeTruthy();
  });

  it('says why when the feature is off and asks nothing', async () => {
    renderAt('/activity', ['viewer'], false);
    expect(await screen.findByText('Ask for transfer:read_transfer.')).toBeTruthy();
    expect(calls).toHaveLength(0);
  });
});
