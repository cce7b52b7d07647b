import { cleanup, fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { DestinationListItem } from '#contract/destinations';
import { meResponse } from '#web/lib/testing/me-response';
import { stubFetch } from '#web-test/fetch-stub';
import { consoleClient, renderPage } from '#web-test/render-page';
import { USUAL_FEATURES } from '#web-test/session';
import { AddressesPage } from './addresses-page';

// Issue 13, item 10: with the BFF stopped, a search kept showing the earlier, unfiltered list as
// if it were the answer.

const session = meResponse(
  { subject: 'dev', name: 'Dev' },
  ['viewer', 'address-editor', 'withdrawal-initiator'],
  USUAL_FEATURES,
);

const entry = (nickname: string, address: string): DestinationListItem => ({
  source: 'book',
  key: `ETHEREUM:${address.toLowerCase()}:`,
  crypto_network: 'ETHEREUM',
  address,
  nickname,
  bookmarked: false,
  has_travel_rule: false,
  upstream: { id: `cda-${nickname}`, crypto_network: 'ETHEREUM', address, nickname },
  saved_by: { subject: 'dev', name: 'Dev' },
  updated_at: '2026-11-22T12:00:00.000Z',
  version: 1,
});

const fetchMock = stubFetch();

/** The page at /addresses, signed in, retries quick (a failing search is retried twice). */
function renderAddresses(path = '/addresses') {
  const client = consoleClient();
  client.setDefaultOptions({
    queries: { ...client.getDefaultOptions().queries, retryDelay: 30 },
  });
  renderPage(<AddressesPage />, { url: path, session, client });
}

describe('AddressesPage search', () => {
  it('never shows the earlier unfiltered list as the answer to a search that cannot be answered', async () => {
    let bffDown = false;
    fetchMock.mockImplementation(async () => {
      if (bffDown) throw new TypeError('Failed to fetch');
      return new Response(
        JSON.stringify({
          destinations: [
            entry('Ops hot wallet', '0x9562d44269EFFdCcf34AfF1BAd67FCfb1C25b318'),
            entry('Payroll', '0x2D1896e76aF50C066F0fB71bFE327860408E92Be'),
          ],
          service_unread: false,
        }),
        { headers: { 'Content-Type': 'application/json' } },
      );
    });
    renderAddresses();
    await screen.findByText('Ops hot wallet');

    // Then the BFF is gone: every request fails before any answer.
    bffDown = true;
    const callsBefore = fetchMock.mock.calls.length;
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search' }), {
      target: { value: 'Payroll' },
    });
    // While it is tried again, the page says so and does not offer the old rows as results.
    // A generous wait: on a busy machine a render can take a second.
    await screen.findByText(/Trying again: attempt 2 of 3/, undefined, { timeout: 5_000 });
    expect(screen.queryByText('Ops hot wallet')).toBeNull();
    // In the end, the failure, in words.
    await screen.findByRole('button', { name: 'Try again' });
    expect(screen.queryByText('Ops hot wallet')).toBeNull();
    expect(fetchMock.mock.calls.length - callsBefore).toBe(3);
  });

  // The list said "VASP: id vasp-coinbase" where the saved address's page said Coinbase, then
  // "VASP: id vasp-kraken (directory: Kraken)" (issue 42, item 12): the name first.
  it('names a directory VASP by its name in the list, next to its id', async () => {
    const held = entry('Exchange deposit', '0x9562d44269EFFdCcf34AfF1BAd67FCfb1C25b318');
    held.upstream.travelrule_metadata = {
      beneficiary: { self: true },
      custodian_type: 'VASP',
      vasp: { id: 'vasp-coinbase' },
    };
    fetchMock.mockImplementation(async (input: RequestInfo | URL) =>
      String(input).includes('/api/vasps/vasp-coinbase')
        ? Response.json({ id: 'vasp-coinbase', name: 'Coinbase' })
        : Response.json({ destinations: [held], service_unread: false }),
    );
    renderAddresses();
    await screen.findByText('VASP: Coinbase, id vasp-coinbase');
  });

  // Issue 25, item 5: the network in the URL went to the BFF as written (`ethereum`), outside
  // the published list.
  it('reads the network in the URL as the published name, and drops one it does not know', async () => {
    fetchMock.mockImplementation(async () =>
      Response.json({ destinations: [], service_unread: false }),
    );
    const asked = () =>
      fetchMock.mock.calls
        .map(([input]) => new URL(String(input), 'http://console.test'))
        .filter((url) => url.pathname === '/api/destinations')
        .map((url) => url.searchParams.get('crypto_network'));
    renderAddresses('/addresses?crypto_network=ethereum');
    const network = await screen.findByRole<HTMLSelectElement>('combobox', { name: 'Network' });
    expect(network.value).toBe('ETHEREUM');
    await screen.findByText('No address matches');
    expect(asked()).toEqual(['ETHEREUM']);
    cleanup();
    fetchMock.mockClear();

    renderAddresses('/addresses?crypto_network=dogechain');
    const all = await screen.findByRole<HTMLSelectElement>('combobox', { name: 'Network' });
    expect(all.value).toBe('');
    await screen.findByText('No saved addresses yet');
    expect(asked()).toEqual([null]);
  });

  // Issue 26 item 6: an address saved through the console was listed twice (the book's table and
  // "Saved at the service"), and the service's rows could be neither edited nor used.
  it('lists the book and the service as one list; a service row can be edited and used', async () => {
    const service: DestinationListItem = {
      ...entry('Treasury cold wallet', '0x8Cf798A5D316af599dDE1D8dbEF58A98F47a6Ddc'),
      source: 'service',
      key: 'service:cda-1',
    };
    delete service.saved_by;
    delete service.updated_at;
    delete service.version;
    fetchMock.mockImplementation(async () =>
      Response.json({
        destinations: [entry('Payroll', '0x2D1896e76aF50C066F0fB71bFE327860408E92Be'), service],
        service_unread: false,
      }),
    );
    renderAddresses();
    await screen.findByText('Treasury cold wallet');
    expect(screen.queryByRole('region', { name: 'Saved at the service' })).toBeNull();
    screen.getByRole('link', { name: 'Edit Treasury cold wallet' });
    screen.getByRole('link', { name: 'Withdraw to Treasury cold wallet' });
    // Both can be archived (issue 42, item D): the service keeps its record, the console's book
    // keeps it archived, and the allowlist refuses it.
    screen.getByRole('button', { name: 'Archive Payroll' });
    screen.getByRole('button', { name: 'Archive Treasury cold wallet' });
  });
});
