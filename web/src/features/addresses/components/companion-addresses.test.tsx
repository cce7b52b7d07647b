import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ServiceAddressesPanel } from './service-addresses-panel';
import { VaspPicker } from './vasp-picker';

const ON = { enabled: true };
const off = (scope: string) => ({
  enabled: false,
  reason: `Not available: the upstream client is not granted the scope ${scope}.`,
});

function renderUi(ui: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(<QueryClientProvider client={client}>{ui}</QueryClientProvider>);
}

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { headers: { 'Content-Type': 'application/json' } });

let fetchMock: ReturnType<typeof vi.fn>;
beforeEach(() => {
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('VaspPicker', () => {
  it('searches the directory and hands back the chosen VASP; "not listed" asks for the custom fields', async () => {
    fetchMock.mockImplementation(async (url: string) =>
      json({
        items: String(url).includes('search=coin')
          ? [{ id: 'vasp-coinbase', name: 'Coinbase' }]
          : [{ id: 'vasp-anchorage', name: 'Anchorage Digital' }],
      }),
    );
    const onSelect = vi.fn();
    const onNotListed = vi.fn();
    renderUi(<VaspPicker feature={ON} value="" onSelect={onSelect} onNotListed={onNotListed} />);
    const input = screen.getByRole('combobox', { name: 'Find the VASP in the directory' });
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: 'coin' } });
    const option = await screen.findByRole('option', { name: 'Coinbase' });
    fireEvent.mouseDown(option);
    expect(onSelect).toHaveBeenCalledWith({ id: 'vasp-coinbase', name: 'Coinbase' });
    fireEvent.click(screen.getByRole('button', { name: /Not listed/ }));
    expect(onNotListed).toHaveBeenCalledOnce();
  });

  it('without the directory: says why, no search box, nothing asked', () => {
    renderUi(
      <VaspPicker
        feature={off('statements:read_statement')}
        value=""
        onSelect={vi.fn()}
        onNotListed={vi.fn()}
      />,
    );
    expect(screen.getByText('VASP directory unavailable')).toBeTruthy();
    expect(screen.queryByRole('combobox')).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe('ServiceAddressesPanel', () => {
  it('lists the service addresses, marks missing Travel Rule data and who saved it here', async () => {
    fetchMock.mockResolvedValue(
      json({
        addresses: [
          {
            address: { id: 'a1', address: '7nwu', crypto_network: 'SOLANA', nickname: 'Sol' },
            travel_rule: 'missing',
            travel_rule_gaps: ['No Travel Rule data (beneficiary)'],
          },
          {
            address: { id: 'a2', address: '0x8C', crypto_network: 'ETHEREUM', nickname: 'Eth' },
            travel_rule: 'complete',
            travel_rule_gaps: [],
            recorded: {
              saved_by: { subject: 'u', name: 'Ada' },
              updated_at: '2026-11-22T12:00:00.000Z',
            },
          },
        ],
        next_cursor: 'c2',
      }),
    );
    renderUi(<ServiceAddressesPanel feature={ON} q="" network="" />);
    const panel = screen.getByRole('region', { name: 'Saved at the service' });
    const rows = await within(panel).findAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(rows[1]!.textContent).toContain('Missing');
    expect(rows[1]!.textContent).toContain('No (saved elsewhere)');
    expect(rows[2]!.textContent).toContain('Complete');
    expect(rows[2]!.textContent).toContain('Ada');
    fireEvent.click(within(panel).getByRole('button', { name: 'Next page' }));
    await vi.waitFor(() => expect(String(fetchMock.mock.calls.at(-1)![0])).toContain('cursor=c2'));
  });

  it('a search the service finds nothing for says how the service searches', async () => {
    fetchMock.mockResolvedValue(json({ addresses: [] }));
    renderUi(<ServiceAddressesPanel feature={ON} q="0x8C" network="" />);
    const panel = screen.getByRole('region', { name: 'Saved at the service' });
    expect(
      (await within(panel).findByText(/holds no address matching these filters/)).textContent,
    ).toContain('It matches a whole address or a whole nickname only');
    expect(String(fetchMock.mock.calls[0]![0])).toContain('q=0x8C');
  });

  it('without the scope: says why and asks nothing', () => {
    renderUi(
      <ServiceAddressesPanel
        feature={off('transfer:read_crypto_destination_address')}
        q=""
        network=""
      />,
    );
    expect(screen.getByText("The service's saved addresses are not shown")).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
