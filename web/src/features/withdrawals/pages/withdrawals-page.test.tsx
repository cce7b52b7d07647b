import { meResponse } from '#web/lib/testing/me-response';
import { act, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubFetch } from '#web-test/fetch-stub';
import { json } from '#web-test/json-response';
import { renderPage } from '#web-test/render-page';
import { featuresOn } from '#web-test/session';
import type { WithdrawalRecord } from '#contract/withdrawal-ledger';
import type { MeResponse } from '#contract/session';
import { WithdrawalsPage } from './withdrawals-page';

// Issue 13, item 6: the ledger had no profile column and no refusal reason, so "whose money, and
// why was it refused" meant opening every row.

const PROFILE = 'b7b77d82-e6a7-4ae9-9904-36231aedf985';
const OTHER_PROFILE = '5f1c2a39-0d4e-4c8b-9a67-2b3c4d5e6f70';
const HASH = 'a1075db55d416d3ca199f55b6084e2115b9345e16c5cf302fc80e9d5fbf5d48d';

const session: MeResponse = meResponse(
  { subject: 'dev', name: 'Dev' },
  ['viewer', 'withdrawal-initiator'],
  featuresOn(
    'transfer_status',
    'activity',
    'fee_quotes',
    'vasp_directory',
    'service_addresses',
    'profiles',
    'transfer_limits',
  ),
);

const record = (refId: string, over: Partial<WithdrawalRecord>): WithdrawalRecord => ({
  ref_id: refId,
  status: 'created',
  operator: { subject: 'dev', name: 'Dev' },
  request_hash: `hash-${refId}`,
  request: {
    profile_id: PROFILE,
    asset: 'BTC',
    amount: '0.5',
    crypto_network: 'BITCOIN',
    destination_address: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
  },
  created_at: '2026-11-22T12:00:00.000Z',
  updated_at: '2026-11-22T12:00:00.000Z',
  ...over,
});

const ledger = [
  record('ref-refused', {
    status: 'refused',
    request: {
      profile_id: OTHER_PROFILE,
      asset: 'ETH',
      amount: '3',
      crypto_network: 'ETHEREUM',
      destination_address: '0x9562d44269EFFdCcf34AfF1BAd67FCfb1C25b318',
    },
    problem: {
      type: 'insufficient-funds',
      title: 'Insufficient Funds',
      status: 403,
      detail: 'Available 1.2 ETH, needed 3.0004 ETH',
    },
  }),
  record('ref-unknown', { status: 'unknown' }),
  record('ref-created', {
    transfer: {
      id: 't-1',
      status: 'COMPLETED',
      amount: '0.5',
      asset: 'BTC',
      profile_id: PROFILE,
      crypto_network: 'BITCOIN',
      crypto_tx_hash: HASH,
      notional_value: '44100.00',
      updated_at: '2026-11-22T12:05:00.000Z',
    },
  }),
  record('ref-on-its-way', {
    request: {
      profile_id: OTHER_PROFILE,
      asset: 'BTC',
      amount: '0.5',
      crypto_network: 'DOGECOIN',
      destination_address: 'DH5yaieqoZN36fDVciNyRueRGvGLR3mr7L',
    },
    transfer: {
      id: 't-2',
      status: 'PENDING',
      amount: '0.5',
      asset: 'BTC',
      profile_id: OTHER_PROFILE,
      crypto_network: 'DOGECOIN',
      crypto_tx_hash: `${HASH.slice(0, 60)}beef`,
      updated_at: '2026-11-22T12:06:00.000Z',
    },
  }),
];

stubFetch(async (input: RequestInfo | URL) => {
  const url = new URL(String(input), 'http://localhost');
  // BTC has a price; ETH has none (left out, as the BFF answers an asset it cannot price).
  if (url.pathname === '/api/prices')
    return json({
      prices: url.searchParams.getAll('assets').includes('BTC')
        ? [{ asset: 'BTC', usd_price: '90000', snapshot_at: '2026-11-22T12:01:02.000Z' }]
        : [],
    });
  return json({ withdrawals: ledger });
});

/** How often the ledger itself was read (the USD prices are other requests). */
const ledgerReads = () =>
  vi.mocked(fetch).mock.calls.filter(([input]) => String(input).startsWith('/api/withdrawals'))
    .length;

function renderLedger(me: MeResponse = session) {
  renderPage(<WithdrawalsPage />, { url: '/withdrawals', session: me });
}

/** The cells of one ledger row, by column header. */
async function rowOf(refId: string): Promise<Record<string, string>> {
  const link = await screen.findByRole('link', { name: new RegExp(`^${refId.slice(0, 13)}`) });
  const row = link.closest('tr')!;
  const headers = within(screen.getByRole('table'))
    .getAllByRole('columnheader')
    .map((h) => h.textContent ?? '');
  // The row header (th) and the cells (td), in column order.
  const cells = Array.from(row.children);
  return Object.fromEntries(headers.map((h, i) => [h, cells[i]?.textContent ?? '']));
}

describe('the withdrawal ledger', () => {
  it("shows each withdrawal's profile, and why a refused one was refused in the service's words", async () => {
    renderLedger();
    const refused = await rowOf('ref-refused');
    expect(refused['Refusal reason']).toBe(
      'Insufficient Funds: Available 1.2 ETH, needed 3.0004 ETH',
    );
    expect(refused.Profile).toBe(`${OTHER_PROFILE.slice(0, 8)}…${OTHER_PROFILE.slice(-4)}`);

    const unknown = await rowOf('ref-unknown');
    expect(unknown['Refusal reason']).toBe('Outcome unknown');
    expect(unknown.Profile).toBe(`${PROFILE.slice(0, 8)}…${PROFILE.slice(-4)}`);

    const created = await rowOf('ref-created');
    expect(created['Refusal reason']).toBe('—');
    // The whole profile id is one hover away.
    expect(screen.getAllByTitle(PROFILE)).toHaveLength(2);
  });

  // Issue 11: the ledger showed a transfer's status but not its transaction hash or times.
  it("shows each transfer's transaction hash, linked to an explorer where the network has one, and when it changed", async () => {
    renderLedger();
    await rowOf('ref-created');
    const link = screen.getByRole('link', {
      name: `Transaction ${HASH.slice(0, 8)}…${HASH.slice(-6)} on a public explorer`,
    });
    // Not production: the network's test network.
    expect(link.getAttribute('href')).toBe(`https://mempool.space/testnet4/tx/${HASH}`);
    expect(link.getAttribute('title')).toBe(HASH);
    expect((await rowOf('ref-created')).Status).toMatch(/updated/);
    // Dogecoin has no test-network explorer: the hash shows, whole on hover, without a link.
    const dogecoin = `${HASH.slice(0, 60)}beef`;
    expect(screen.getByTitle(dogecoin).textContent).toBe(
      `${dogecoin.slice(0, 8)}…${dogecoin.slice(-6)}`,
    );
    expect(screen.getByTitle(dogecoin).tagName).toBe('SPAN');
  });

  // Issue 24: no list said what a withdrawal was worth before opening the transfer.
  it("shows each withdrawal's USD value: the service's once known, else at the price, never 0", async () => {
    renderLedger();
    await rowOf('ref-created');
    // The transfer's own notional value, not price × amount (that would be 45,000.00).
    expect((await rowOf('ref-created'))['USD value']).toBe('44,100.00 USD');
    await vi.waitFor(async () =>
      expect((await rowOf('ref-unknown'))['USD value']).toBe('≈\u00a045,000.00 USD'),
    );
    expect(screen.getAllByTitle('at the service’s price of 12:01:02 UTC').length).toBeGreaterThan(
      0,
    );
    // ETH has no price: said in words.
    expect((await rowOf('ref-refused'))['USD value']).toBe('no USD price');
  });

  // Without the transfer read the BFF refreshes no status: the ledger looked again every 15 s for
  // nothing, and never said its statuses were not live.
  describe('without live transfer status', () => {
    const reason =
      'Live transfer status is not available: the upstream client is not granted the scope transfer:read_transfer.';
    const off: MeResponse = {
      ...session,
      features: { ...session.features, transfer_status: { enabled: false, reason } },
    };
    afterEach(() => vi.useRealTimers());

    it('says the statuses are as recorded, and why', async () => {
      renderLedger(off);
      await rowOf('ref-on-its-way');
      const notice = screen.getByText('Transfer statuses are as recorded, not live').parentElement!;
      expect(notice.textContent).toContain(reason);
    });

    it('does not look again while a PENDING transfer shows', async () => {
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
      renderLedger(off);
      await act(() => vi.advanceTimersByTimeAsync(0));
      screen.getByTitle(`${HASH.slice(0, 60)}beef`);
      expect(ledgerReads()).toBe(1);
      await act(() => vi.advanceTimersByTimeAsync(60_000));
      expect(ledgerReads()).toBe(1);
    });

    it('with it on, says nothing of the kind and looks again after 15 s', async () => {
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
      renderLedger();
      await act(() => vi.advanceTimersByTimeAsync(0));
      expect(screen.queryByText('Transfer statuses are as recorded, not live')).toBeNull();
      await act(() => vi.advanceTimersByTimeAsync(15_000));
      expect(ledgerReads()).toBe(2);
    });
  });
});
