import { type UseQueryResult } from '@tanstack/react-query';
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AddressBookEntry } from '#contract/address-book';
import { meResponse } from '#web/lib/testing/me-response';
import { consoleClient, renderPage } from '#web-test/render-page';
import { AddressReview } from './address-review';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const me = (serviceAddresses: boolean) =>
  meResponse(
    { subject: 's', name: 'S' },
    ['viewer', 'address-editor'],
    serviceAddresses ? { service_addresses: { enabled: true } } : {},
  );

const entry: AddressBookEntry = {
  key: 'k',
  crypto_network: 'ETHEREUM',
  address: '0x8Cf798A5D316af599dDE1D8dbEF58A98F47a6Ddc',
  nickname: 'Treasury',
  bookmarked: false,
  has_travel_rule: true,
  upstream: {
    id: 'a-1',
    address: '0x8Cf798A5D316af599dDE1D8dbEF58A98F47a6Ddc',
    nickname: 'Treasury',
    travelrule_metadata: { beneficiary: { self: true }, screening: { passed: true } },
  },
  saved_by: { subject: 's', name: 'S' },
  updated_at: '2026-01-01T00:00:00Z',
  version: 1,
};
const existing = {
  isPending: false,
  isError: false,
  data: entry,
} as UseQueryResult<AddressBookEntry | null>;
const key = { crypto_network: 'ETHEREUM' as const, address: entry.address, nickname: 'Treasury' };

function renderReview(
  body: Parameters<typeof AddressReview>[0]['body'],
  found: UseQueryResult<AddressBookEntry | null> = existing,
  serviceAddresses = false,
) {
  renderPage(
    <AddressReview
      body={body}
      existing={found}
      onBack={vi.fn()}
      onSave={vi.fn()}
      saving={false}
      saveError={undefined}
    />,
    { session: me(serviceAddresses), client: consoleClient() },
  );
}

describe('AddressReview', () => {
  it('names saved fields the published request cannot carry when Travel Rule data is sent', () => {
    renderReview({ ...key, travelrule_metadata: { beneficiary: { self: true } } });
    screen.getByText('Saved fields this save cannot keep');
    screen.getByText('screening.passed');
  });

  it('says the saved Travel Rule data stays when none is sent', () => {
    renderReview({ ...key, bookmarked_status: true });
    expect(screen.queryByText('Saved fields this save cannot keep')).toBeNull();
    screen.getByText(/No Travel Rule data is sent: the saved one stays as it is/);
  });

  // Issue 13, item 12: the review showed the request as raw JSON.
  it('says what will be sent field by field in words; the JSON stays folded away', () => {
    renderReview({
      ...key,
      travelrule_metadata: {
        beneficiary: { person_details: { first_name: 'Ada', last_name: 'Lovelace' } },
        custodian_type: 'PRIVATE',
      },
    });
    const sent = screen.getByLabelText('What will be saved');
    const terms = within(sent)
      .getAllByRole('term')
      .map((t) => t.textContent);
    expect(terms.length).toBeGreaterThanOrEqual(4);
    expect(terms.some((t) => /json|[{}]|\./i.test(t ?? ''))).toBe(false);
    expect(sent.textContent).toContain('Ada');
    expect(sent.textContent).toContain('Lovelace');
    // The JSON is inside a closed <details>: one click away, not what the operator reads first.
    const json = screen.getByLabelText('Request body');
    const details = json.closest('details');
    expect(details).toBeTruthy();
    expect(details!.open).toBe(false);
  });

  // An address the service already held (saved in its dashboard) previewed as "Will create a new
  // saved address", and the save then overwrote it.
  it('previews an address the service holds (not this console) as an update of it, with its diff', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        Response.json({
          addresses: [
            {
              address: {
                id: 'sa-1',
                crypto_network: 'ETHEREUM',
                address: entry.address,
                nickname: 'Dashboard wallet',
                travelrule_metadata: { beneficiary: { self: true } },
              },
              travel_rule: 'complete',
              travel_rule_gaps: [],
            },
          ],
        }),
      ),
    );
    const notInBook = {
      ...existing,
      isSuccess: true,
      data: null,
    } as UseQueryResult<AddressBookEntry | null>;
    renderReview({ ...key, nickname: 'Renamed' }, notInBook, true);
    await screen.findByText(
      'Will update “Dashboard wallet” (saved at the service, not through this console)',
    );
    // The nickname is the one change against what the service holds.
    screen.getByText(/^1 field changes\./);
    expect(screen.getAllByText('Dashboard wallet').length).toBeGreaterThan(0);
    expect(screen.queryByText('Will create a new saved address')).toBeNull();
  });
});
