import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ApprovalPolicySchema } from '#contract/approval-policy';
import type { PolicyUsageResponse } from '#contract/policy-usage';
import type { MeResponse } from '#contract/session';
import { stubFetch } from '#web-test/fetch-stub';
import { consoleClient, renderPage } from '#web-test/render-page';
import { PolicyPage } from './policy-page';

// Issue 42, item 14: the approval policy, readable in the console, with each rolling limit's use.

const POLICY = ApprovalPolicySchema.parse({
  withdrawals: {
    require: 'tiers',
    tiers: [{ asset: 'BTC', above: '0.5', approvals: 1 }],
    usd_tiers: [{ above_usd: '250000', approvals: 2 }],
    rolling_limits: [
      { per: 'destination', asset: 'BTC', above: '1', window_minutes: 1440, approvals: 1 },
      { per: 'initiator', above_usd: '100000', window_minutes: 1440, approvals: 1 },
    ],
  },
  addresses: { new_addresses: true, travel_rule_changes: true, cooling_off_minutes: 10 },
  approvals_require_passkey: true,
});

const session: MeResponse = {
  operator: { subject: 'dev', name: 'Dev' },
  roles: ['viewer'],
  environment: { kind: 'local', name: 'Local sandbox', allow_testnet: true },
  features: {
    transfer_status: { enabled: true },
    activity: { enabled: true },
    statement_payments: { enabled: true },
    fee_quotes: { enabled: true },
    vasp_directory: { enabled: true },
    service_addresses: { enabled: false, reason: 'Not granted.' },
    profiles: { enabled: false, reason: 'Not granted.' },
    transfer_limits: { enabled: false, reason: 'Not granted.' },
  },
  approval_policy: POLICY,
};

const USAGE: PolicyUsageResponse = {
  as_of: '2026-11-29T00:30:00.000Z',
  limits: [
    {
      index: 0,
      per: 'destination',
      window_minutes: 1440,
      unit: 'BTC',
      above: '1',
      destinations: [
        {
          crypto_network: 'BITCOIN',
          address: 'bc1qxhnhp4tkza99g4u5mzs8dpznz50hasretf832q',
          used: '1.2',
          unpriced: [],
        },
      ],
    },
    {
      index: 1,
      per: 'initiator',
      window_minutes: 1440,
      unit: 'USD',
      above: '100000',
      window: { used: '4200.00', unpriced: [] },
    },
  ],
};

const fetchMock = stubFetch(async () => Response.json(USAGE));
const openPolicyPage = () =>
  renderPage(<PolicyPage />, { url: '/policy', session, client: consoleClient() });

describe('the Policy page', () => {
  it('says the policy in the README’s words: tiers, addresses, allowlist, passkeys', () => {
    openPolicyPage();
    screen.getByRole('heading', { name: 'Approval policy' });
    screen.getByText('Withdrawals: 1 approval above 0.5 BTC.');
    screen.getByText(
      'By value: 2 approvals above 250,000 USD, whatever the asset (USD stablecoins 1:1).',
    );
    screen.getByText(/then 10 min of cooling-off; archiving is immediate\.$/);
    screen.getByText(/^Destinations: allowlist on/);
    screen.getByText("Every approval and rejection is signed with the approver's passkey.");
    const tiers = screen.getByRole('table', { name: 'Withdrawal tiers' });
    within(tiers).getByText('0.5 BTC');
    within(tiers).getByText('250,000 USD');
  });

  it('says how much of each rolling limit’s window is used now, read from the BFF', async () => {
    openPolicyPage();
    await screen.findByText(
      '4,200.00 of 100,000 USD used; 95,800.00 USD left before a withdrawal waits for 1 approval.',
    );
    screen.getByText('By you in the last 24 h:');
    screen.getByText(/^1\.2 of 1 BTC used: at the limit, the next withdrawal waits/);
    expect(fetchMock).toHaveBeenCalledWith(
      expect.stringContaining('/api/policy/usage'),
      expect.anything(),
    );
  });
});
