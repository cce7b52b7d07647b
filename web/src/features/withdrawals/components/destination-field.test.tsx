import { fireEvent, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { AddressBookEntry } from '#contract/address-book';
import { heldAddressRequest } from '#web/lib/testing/held-address-request';
import { meResponse } from '#web/lib/testing/me-response';
import { stubFetch } from '#web-test/fetch-stub';
import { NOT_ALLOWLISTED_FORECAST } from '#web-test/withdrawal-fixtures';
import { json } from '#web-test/json-response';
import { consoleClient, renderPage } from '#web-test/render-page';
import { USUAL_FEATURES } from '#web-test/session';
import { DestinationField } from './destination-field';
import type { MeResponse } from '#contract/session';

// Issue 12: "the look-alike warning applies to held addresses too". An address change waiting
// for approval is not in the address book yet, but a poisoned look-alike of it must still warn.

const HELD = '0x8Cf798A5D316af599dDE1D8dbEF58A98F47a6Ddc';
const HELD_UNNAMED = '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359';
const SAVED = '0x52908400098527886E0F7030069857D2E4169EE7';
/** All lowercase (valid without a checksum): the same ends as HELD, another middle. */
const LOOKS_LIKE_HELD = `0x8cf7${'0'.repeat(32)}6ddc`;
const LOOKS_LIKE_UNNAMED = `0xfb69${'1'.repeat(32)}d359`;
const LOOKS_LIKE_SAVED = `0x5290${'2'.repeat(32)}9ee7`;
/** Valid, in no book, held by nobody, no look-alike of any. */
const UNSAVED = '0x3A8e9b7c8d340626315788B48060469dFd080775';

const heldRequest = heldAddressRequest;

const savedEntry: AddressBookEntry = {
  key: 'ETHEREUM:saved:',
  crypto_network: 'ETHEREUM',
  address: SAVED,
  nickname: 'Cold wallet',
  bookmarked: false,
  has_travel_rule: true,
  upstream: { id: 'addr-1', crypto_network: 'ETHEREUM', address: SAVED },
  saved_by: { subject: 'op-1', name: 'Olive' },
  updated_at: '2026-01-01T00:00:00.000Z',
  version: 1,
};

const SESSION = meResponse(
  { subject: 'op-1', name: 'Olive' },
  ['withdrawal-initiator'],
  USUAL_FEATURES,
);

/** The BFF's destination forecast (issue 42 item 2) and the service's saved addresses. */
let forecastAnswer: object;
let serviceAddresses: object[];
/** What GET /api/destinations lists besides the book's entry: the service's saved addresses. */
let serviceDestinations: object[];
const listed = () => ({
  destinations: [{ ...savedEntry, source: 'book' }, ...serviceDestinations],
  service_unread: false,
});
beforeEach(() => {
  forecastAnswer = {};
  serviceAddresses = [];
  serviceDestinations = [];
});
const fetchMock = stubFetch(async (input: RequestInfo | URL) => {
  const url = new URL(String(input), 'http://localhost');
  if (url.pathname === '/api/withdrawals/destination-forecast') return json(forecastAnswer);
  if (url.pathname === '/api/service-addresses') return json({ addresses: serviceAddresses });
  if (url.pathname === '/api/addresses') return json({ addresses: [savedEntry] });
  if (url.pathname === '/api/destinations') return json(listed());
  if (url.pathname === '/api/approvals')
    return json({
      requests: [
        heldRequest('apr-held', HELD, 'Treasury (new)'),
        heldRequest('apr-unnamed', HELD_UNNAMED),
      ],
    });
  throw new Error(`unexpected ${url.pathname}`);
});

function Harness() {
  const [address, setAddress] = useState('');
  return (
    <DestinationField
      network="ETHEREUM"
      address={address}
      identityId=""
      allowTestnet
      input={{
        name: 'destination_address',
        value: address,
        onChange: (e) => setAddress(e.target.value),
      }}
      onPick={(entry) => setAddress(entry.address)}
      returnTo="/withdrawals/new"
    />
  );
}

async function renderField(session: MeResponse = SESSION) {
  // The field asks the service's saved addresses about an address the book does not hold.
  const { client } = renderPage(<Harness />, { session, client: consoleClient() });
  // Both reads answered: the book (the picker lists it) and the held addresses.
  await screen.findByRole('option', { name: /Cold wallet/ });
  await vi.waitFor(() => expect(client.isFetching()).toBe(0));
}

const type = (value: string) =>
  fireEvent.change(screen.getByLabelText(/Destination address/), { target: { value } });

describe('DestinationField and addresses held for approval', () => {
  it('reads the pending address changes for the look-alike check', async () => {
    await renderField();
    const reads = fetchMock.mock.calls
      .map(([input]) => new URL(String(input), 'http://localhost'))
      .filter((url) => url.pathname === '/api/approvals');
    expect(reads).toHaveLength(1);
    expect(reads[0]!.searchParams.get('kind')).toBe('address');
    expect(reads[0]!.searchParams.get('status')).toBe('pending');
  });

  it('warns of a look-alike of a held address, naming it as held for approval', async () => {
    await renderField();
    type(LOOKS_LIKE_HELD);
    const alert = await screen.findByRole('alert');
    within(alert).getByText('Look-alike address');
    expect(alert.textContent).toContain('Treasury (new) (held for approval)');
    within(alert).getByLabelText(HELD);
    expect(alert.textContent).not.toContain('Cold wallet');
    // It is not the held address itself.
    expect(screen.queryByText('This address is waiting for approval')).toBeNull();
  });

  it('names a held address without a nickname as held for approval, not as saved', async () => {
    await renderField();
    type(LOOKS_LIKE_UNNAMED);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('an address held for approval');
    expect(alert.textContent).not.toContain('a saved address');
    within(alert).getByLabelText(HELD_UNNAMED);
  });

  it('still warns of a look-alike of a saved address, without the held marker', async () => {
    await renderField();
    type(LOOKS_LIKE_SAVED);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Cold wallet');
    expect(alert.textContent).not.toContain('held for approval');
  });

  it('the held address itself is no look-alike: it says it waits for approval, with a link', async () => {
    await renderField();
    type(HELD.toLowerCase());
    const notice = await screen.findByText('This address is waiting for approval');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(
      screen.getByRole('link', { name: 'Open its approval request' }).getAttribute('href'),
    ).toBe('/approvals/apr-held');
    expect(notice).toBeTruthy();
    // Not offered to be saved again while its change waits.
    expect(screen.queryByRole('link', { name: 'Save it with Travel Rule data' })).toBeNull();
  });

  // A failed read of the held addresses left the check covering saved addresses only, silently.
  it('says when the held addresses could not be read, and still warns of saved look-alikes', async () => {
    fetchMock.mockImplementation(async (input: RequestInfo | URL) => {
      const url = new URL(String(input), 'http://localhost');
      if (url.pathname === '/api/addresses') return json({ addresses: [savedEntry] });
      if (url.pathname === '/api/destinations') return json(listed());
      if (url.pathname === '/api/approvals')
        return new Response(JSON.stringify({ title: 'Forbidden', status: 403 }), {
          status: 403,
          headers: { 'Content-Type': 'application/problem+json' },
        });
      throw new Error(`unexpected ${url.pathname}`);
    });
    await renderField();
    type(LOOKS_LIKE_SAVED);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Cold wallet');
    screen.getByText(
      'Addresses waiting for approval could not be read: the look-alike check covered saved addresses only.',
    );
  });

  // Issue 42 item 2: the form offered "Save it with Travel Rule data" and then Submit, for an
  // address the allowlist refuses.
  it('says the allowlist will refuse an address nobody approved, with the way forward', async () => {
    forecastAnswer = NOT_ALLOWLISTED_FORECAST;
    await renderField();
    type(UNSAVED);
    await screen.findByText('Not allowlisted: this withdrawal will be refused');
    screen.getByRole('link', { name: 'Save this address for approval' });
    expect(screen.queryByRole('link', { name: 'Save it with Travel Rule data' })).toBeNull();
  });

  // Issue 42 item 3: the Treasury cold wallet (saved at the service, Travel Rule data on file)
  // was told "Save it with Travel Rule data".
  it('offers no "Save it with Travel Rule data" for a service address with the data on file', async () => {
    serviceAddresses = [
      {
        address: {
          id: 'svc-1',
          crypto_network: 'ETHEREUM',
          address: UNSAVED,
          nickname: 'Treasury',
        },
        travel_rule: 'complete',
        travel_rule_gaps: [],
      },
    ];
    await renderField({
      ...SESSION,
      features: { ...SESSION.features, service_addresses: { enabled: true } },
    });
    type(UNSAVED);
    await screen.findByText(/Travel Rule data on file/);
    expect(screen.queryByRole('link', { name: 'Save it with Travel Rule data' })).toBeNull();
  });

  // Issue 42 item 3: "Pick a saved address" said "No saved address on this network" for the
  // Treasury cold wallet, saved at the service with its Travel Rule data.
  it('lists the service’s saved addresses in the picker and says what is on file', async () => {
    serviceDestinations = [
      {
        key: 'service:svc-1',
        source: 'service',
        crypto_network: 'ETHEREUM',
        address: UNSAVED,
        nickname: 'Treasury cold wallet',
        bookmarked: true,
        has_travel_rule: true,
        upstream: { id: 'svc-1', crypto_network: 'ETHEREUM', address: UNSAVED },
      },
    ];
    await renderField();
    const picker = screen.getByRole('combobox', { name: 'Pick a saved address' });
    const option = screen.getByRole('option', {
      name: /Treasury cold wallet .* saved at the service/,
    });
    fireEvent.change(picker, { target: { value: (option as HTMLOptionElement).value } });
    const field = screen.getByLabelText(/Destination address/) as HTMLInputElement;
    expect(field.value).toBe(UNSAVED);
    const hint = document.getElementById(field.getAttribute('aria-describedby')!.split(' ')[0]!);
    expect(hint?.textContent).toMatch(
      /^Saved at the service as “Treasury cold wallet” .* · Travel Rule data on file/,
    );
    expect(screen.queryByRole('link', { name: 'Save it with Travel Rule data' })).toBeNull();
  });
});
