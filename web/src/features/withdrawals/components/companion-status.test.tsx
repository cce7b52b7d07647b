import { fireEvent, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { CompanionFeatures } from '#contract/companion-features';
import { NO_APPROVALS_POLICY } from '#contract/approvals';
import type { MeResponse } from '#contract/session';
import type { Transfer } from '#contract/withdrawals';
import { stubFetch } from '#web-test/fetch-stub';
import { pendingEthTransfer } from '#web-test/withdrawal-fixtures';
import { json } from '#web-test/json-response';
import { renderPage } from '#web-test/render-page';
import type { FeeQuoteState } from '../lib/use-fee-quote';
import { FeeQuotePanel } from './fee-quote-panel';
import { LiveTransferCard } from './live-transfer-card';
import { WithdrawalOutcomePanel } from './withdrawal-outcome-panel';

const ON = { enabled: true };
const OFF = {
  enabled: false,
  reason:
    'Live transfer status is not available: the upstream client is not granted the scope transfer:read_transfer.',
};

function me(
  features: Partial<CompanionFeatures>,
  kind: 'local' | 'production' = 'production',
): MeResponse {
  return {
    operator: { subject: 'dev', name: 'Dev' },
    roles: ['viewer', 'withdrawal-initiator'],
    environment: { kind, name: kind, allow_testnet: kind !== 'production' },
    features: {
      transfer_status: ON,
      activity: ON,
      fee_quotes: ON,
      vasp_directory: ON,
      service_addresses: ON,
      profiles: { enabled: false, reason: 'Not granted.' },
      transfer_limits: { enabled: false, reason: 'Not granted.' },
      statement_payments: { enabled: false, reason: 'Not granted.' },
      ...features,
    },
    approval_policy: NO_APPROVALS_POLICY,
  };
}

const renderWith = (session: MeResponse, ui: ReactNode) =>
  renderPage(ui, { session, toasts: true });

const pending = pendingEthTransfer({
  total: '0.0104',
  created_at: '2026-11-22T12:00:00.000Z',
  updated_at: '2026-11-22T12:00:00.000Z',
});

const fetchMock = stubFetch();
/** The outcome panel of a created withdrawal whose transfer the service now reads as `status`. */
function renderCreatedNow(status: Transfer['status']) {
  fetchMock.mockResolvedValue(
    json({
      source: 'upstream',
      checked_at: '2026-11-22T12:00:05.000Z',
      transfer: { ...pending, status, updated_at: '2026-11-22T12:00:05.000Z' },
    }),
  );
  renderWith(
    me({}),
    <WithdrawalOutcomePanel
      outcome={{ kind: 'created', transfer: pending, replayed: false }}
      refId="ref-1"
    />,
  );
}

describe('LiveTransferCard', () => {
  it('shows the live status, secondary status and details in words, and the explorer link', async () => {
    fetchMock.mockResolvedValue(
      json({
        source: 'upstream',
        checked_at: '2026-11-22T12:00:05.000Z',
        transfer: {
          ...pending,
          status: 'COMPLETED',
          secondary_status: { name: 'PENDING_CUSTOMER_APPROVAL' },
          status_details: { stale_fee_quote: { message: 'quote was old' } },
          crypto_tx_hash: `0x${'ab'.repeat(32)}`,
          updated_at: '2026-11-22T12:00:05.000Z',
        },
      }),
    );
    renderWith(me({}), <LiveTransferCard transfer={pending} refId="ref-1" />);
    const card = screen.getByRole('region', { name: 'Transfer' });
    await within(card).findByText('Completed');
    within(card).getByText('Pending customer approval');
    within(card).getByText('Stale fee quote: quote was old');
    const link = within(card).getByRole('link', { name: 'View on explorer' });
    expect(link.getAttribute('href')).toBe(`https://etherscan.io/tx/0x${'ab'.repeat(32)}`);
    expect(link.getAttribute('rel')).toContain('noopener');
    expect(String(fetchMock.mock.calls[0]![0])).toContain('/api/withdrawals/ref-1/transfer');
  });

  // A transfer that failed after it was accepted stayed under a green "Withdrawal created", with
  // "Total debited" (seen in Chromium on the always-failing address).
  it('the result banner follows the live status: a failed transfer is never left under "created"', async () => {
    renderCreatedNow('FAILED');
    screen.getByText('Withdrawal created');
    await screen.findByText('Accepted, then failed');
    expect(screen.queryByText('Withdrawal created')).toBeNull();
    const card = screen.getByRole('region', { name: 'Transfer' });
    // Issue 26 item 4: the funds of a failed transfer came back, so no "Total debit" either.
    within(card).getByText('Total returned');
    expect(within(card).queryByText(/^Total debit/)).toBeNull();
    expect(card.textContent).toContain('the funds went back to the profile');
    // One read for the banner and the card together.
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  // Issue 26 item 4: a completed transfer's banner said "Its status changes as the network
  // confirms it", though its status was final.
  it('a completed transfer: the banner says it is final and the card says the total was debited', async () => {
    renderCreatedNow('COMPLETED');
    screen.getByText(/Its status changes as the network confirms it/);
    const card = screen.getByRole('region', { name: 'Transfer' });
    await within(card).findByText('Completed');
    expect(screen.queryByText(/Its status changes as the network confirms it/)).toBeNull();
    screen.getByText(/The network confirmed it: its status is final/);
    within(card).getByText('Total debited');
  });

  it('without the read scope: says why, shows the recorded status, and asks nothing', () => {
    renderWith(me({ transfer_status: OFF }), <LiveTransferCard transfer={pending} refId="ref-1" />);
    const card = screen.getByRole('region', { name: 'Transfer' });
    within(card).getByText('Pending');
    expect(card.textContent).toContain('not granted the scope transfer:read_transfer');
    within(card).getByText('Not on chain yet');
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe('FeeQuotePanel', () => {
  const quote = {
    id: 'q-1',
    fee: '0.0004',
    asset: 'ETH',
    amount: '0.3',
    expires_at: '2026-11-22T12:02:00.000Z',
  };
  const state = (over: Partial<FeeQuoteState>): FeeQuoteState => ({
    expired: false,
    loading: false,
    renew: vi.fn(),
    expire: vi.fn(),
    ...over,
  });

  it('shows the fee, what arrives, the total debit and the countdown', () => {
    renderWith(
      me({}),
      <FeeQuotePanel feature={ON} state={state({ quote, remainingMs: 105_000 })} />,
    );
    const panel = screen.getByRole('region', { name: 'Guaranteed fee' });
    within(panel).getByText('0.0004 ETH');
    within(panel).getByText('0.3 ETH');
    within(panel).getByText('0.3004 ETH');
    expect(within(panel).getByRole('timer').textContent).toBe('for 1:45');
  });

  it('an expired quote offers a new one', () => {
    const renew = vi.fn();
    renderWith(
      me({}),
      <FeeQuotePanel feature={ON} state={state({ quote, remainingMs: 0, expired: true, renew })} />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Get a new quote' }));
    expect(renew).toHaveBeenCalledOnce();
  });

  it('without the fee scope: says plainly that no quote is given, and why', () => {
    renderWith(
      me({}),
      <FeeQuotePanel
        feature={{ enabled: false, reason: 'Guaranteed fee quotes is not available: not granted.' }}
        state={state({})}
      />,
    );
    screen.getByText('No fee quote before sending');
    expect(screen.queryByRole('button')).toBeNull();
  });
});
