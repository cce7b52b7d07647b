import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { CryptoDestinationAddressSchema } from '#contract/destination-addresses';
import { NO_APPROVALS_POLICY } from '#contract/approval-policy';
import type { MeResponse } from '#contract/session';
import { SavedAddress } from './saved-address';

afterEach(cleanup);

const SESSION: MeResponse = {
  operator: { subject: 'dev', name: 'Dev' },
  roles: ['viewer', 'address-editor'],
  environment: { kind: 'production', name: 'Production', allow_testnet: false },
  features: {
    transfer_status: { enabled: true },
    activity: { enabled: true },
    fee_quotes: { enabled: true },
    vasp_directory: { enabled: false, reason: 'The VASP directory is not available.' },
    service_addresses: { enabled: true },
    profiles: { enabled: false, reason: 'Not granted.' },
    transfer_limits: { enabled: false, reason: 'Not granted.' },
    statement_payments: { enabled: false, reason: 'Not granted.' },
  },
  approval_policy: NO_APPROVALS_POLICY,
};

// Issue 9, "read tolerantly": an address answer with a member this console cannot read is shown
// as far as it was read, names the rest, and keeps the answer as received (as the transfer card
// and the statements do), never a failed page.
describe('SavedAddress', () => {
  it('shows what it got of a partly unreadable answer, names the rest and keeps it raw', () => {
    const saved = CryptoDestinationAddressSchema.parse({
      id: 'addr-1',
      crypto_network: 'ETHEREUM',
      address: '0x8Cf798A5D316af599dDE1D8dbEF58A98F47a6Ddc',
      nickname: 'Payouts',
      bookmarked: 'yes',
      created_at: null,
    });
    expect(saved.unreadable?.fields).toEqual(['bookmarked']);
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    client.setQueryData(['me'], SESSION);
    render(
      <QueryClientProvider client={client}>
        <MemoryRouter>
          <SavedAddress
            saved={saved}
            network="ETHEREUM"
            returnTo={undefined}
            canWithdraw={false}
            onSaveAnother={() => undefined}
          />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    screen.getByText('Address saved');
    expect(screen.getAllByText('Payouts').length).toBeGreaterThan(0);
    screen.getByText("Part of the service's answer could not be read");
    screen.getByText('bookmarked');
    screen.getByText('The answer as received (JSON)');
    screen.getByText(/"bookmarked": "yes"/);
  });
});
