import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '#web/lib/query-client';
import { heldAddressRequest } from '#web/lib/testing/held-address-request';
import { stubFetch } from '#web-test/fetch-stub';
import { json } from '#web-test/json-response';
import { LookAlikeConfirm } from './look-alike-confirm';

// The address editor's look-alike check covers addresses held for approval (issue 12): saving a
// look-alike of an address still waiting for its approver waits for the operator's confirmation.

const HELD = '0x8Cf798A5D316af599dDE1D8dbEF58A98F47a6Ddc';
const LOOKS_LIKE_HELD = `0x8cf7${'0'.repeat(32)}6ddc`;

const heldRequest = heldAddressRequest('apr-held', HELD, 'Treasury (new)');

const fetchMock = stubFetch(async (input: RequestInfo | URL) => {
  const url = new URL(String(input), 'http://localhost');
  // Nothing saved yet: the only address it could imitate is the held one.
  if (url.pathname === '/api/addresses') return json({ addresses: [] });
  if (url.pathname === '/api/approvals') return json({ requests: [heldRequest] });
  // The BFF's registry (the service's saved addresses): nothing more here.
  if (url.pathname === '/api/destinations/look-alikes')
    return json({ look_alikes: [], unread: [] });
  throw new Error(`unexpected ${url.pathname}`);
});
function Harness({ address }: { address: string }) {
  const [confirmed, setConfirmed] = useState(false);
  return (
    <>
      <LookAlikeConfirm address={address} confirmed={confirmed} onConfirmedChange={setConfirmed} />
      <output>{confirmed ? 'confirmed' : 'not confirmed'}</output>
    </>
  );
}

function renderConfirm(address: string) {
  const client = createQueryClient({ onBackgroundError: () => undefined });
  render(
    <QueryClientProvider client={client}>
      <Harness address={address} />
    </QueryClientProvider>,
  );
  return client;
}

describe('LookAlikeConfirm and addresses held for approval', () => {
  it('warns of a look-alike of a held address and asks for the confirmation', async () => {
    renderConfirm(LOOKS_LIKE_HELD);
    const alert = await screen.findByRole('alert');
    within(alert).getByText('Look-alike address');
    expect(alert.textContent).toContain('Treasury (new) (held for approval)');
    expect(alert.textContent).toContain(HELD);
    const approvalsRead = fetchMock.mock.calls
      .map(([input]) => new URL(String(input), 'http://localhost'))
      .find((url) => url.pathname === '/api/approvals');
    expect(approvalsRead?.searchParams.get('status')).toBe('pending');
    expect(approvalsRead?.searchParams.get('kind')).toBe('address');

    screen.getByText('not confirmed');
    fireEvent.click(
      within(alert).getByLabelText('I checked every character of this address with the recipient'),
    );
    screen.getByText('confirmed');
  });

  it('names a held address without a nickname as held for approval, never as saved', async () => {
    fetchMock.mockImplementation(async (input: RequestInfo | URL) => {
      const url = new URL(String(input), 'http://localhost');
      if (url.pathname === '/api/addresses') return json({ addresses: [] });
      return json({
        requests: [
          {
            ...heldRequest,
            address: {
              ...heldRequest.address!,
              request: { crypto_network: 'ETHEREUM', address: HELD },
            },
          },
        ],
      });
    });
    renderConfirm(LOOKS_LIKE_HELD);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(`an address held for approval (${HELD})`);
    expect(alert.textContent).not.toContain('a saved address');
  });

  it('says nothing for the held address itself, or for an unrelated one', async () => {
    const client = renderConfirm(HELD.toLowerCase());
    await vi.waitFor(() => {
      // The book, the held requests and the registry (the service's saved addresses).
      expect(fetchMock).toHaveBeenCalledTimes(3);
      expect(client.isFetching()).toBe(0);
    });
    expect(screen.queryByRole('alert')).toBeNull();
    cleanup();

    const other = renderConfirm('0x52908400098527886E0F7030069857D2E4169EE7');
    await vi.waitFor(() => expect(other.isFetching()).toBe(0));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('reads nothing while there is no address yet', async () => {
    const client = renderConfirm('');
    // render runs the effects (act): a query allowed to read would be fetching by now. Each is
    // still pending and idle, so none was started; no wait can make this pass by luck.
    const queries = client.getQueryCache().getAll();
    expect(queries.length).toBeGreaterThan(0);
    for (const query of queries)
      expect([query.state.status, query.state.fetchStatus]).toEqual(['pending', 'idle']);
    expect(fetchMock).not.toHaveBeenCalled();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says when the held addresses could not be read (the check then covered saved ones only)', async () => {
    fetchMock.mockImplementation(async (input: RequestInfo | URL) => {
      const url = new URL(String(input), 'http://localhost');
      if (url.pathname === '/api/addresses') return json({ addresses: [] });
      if (url.pathname === '/api/approvals')
        return new Response(JSON.stringify({ title: 'Forbidden', status: 403 }), {
          status: 403,
          headers: { 'Content-Type': 'application/problem+json' },
        });
      throw new Error(`unexpected ${url.pathname}`);
    });
    renderConfirm(LOOKS_LIKE_HELD);
    await screen.findByText(
      'Addresses waiting for approval could not be read: the look-alike check covered saved addresses only.',
    );
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
