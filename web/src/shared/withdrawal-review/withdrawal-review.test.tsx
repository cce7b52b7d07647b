import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AddressBookEntry } from '#contract/address-book';
import type { CreateCryptoWithdrawalRequest } from '#contract/withdrawals';
import { meResponse } from '#web/lib/testing/me-response';
import { stubFetch } from '#web-test/fetch-stub';
import { json } from '#web-test/json-response';
import { renderPage } from '#web-test/render-page';
import { WithdrawalReview } from './withdrawal-review';

// Issue 26 item 7: the review said "VASP: id vasp-kraken" where the address list said Kraken.

const session = meResponse({ subject: 'ana', name: 'Ana' }, ['withdrawal-initiator'], {
  transfer_status: { enabled: true },
  fee_quotes: { enabled: true },
  vasp_directory: { enabled: true },
  service_addresses: { enabled: true },
});

const address = '0x9562d44269EFFdCcf34AfF1BAd67FCfb1C25b318';
const entry: AddressBookEntry = {
  key: `ETHEREUM:${address.toLowerCase()}:`,
  crypto_network: 'ETHEREUM',
  address,
  nickname: 'Exchange deposit',
  bookmarked: false,
  has_travel_rule: true,
  upstream: {
    id: 'cda-1',
    crypto_network: 'ETHEREUM',
    address,
    travelrule_metadata: {
      beneficiary: { self: true },
      custodian_type: 'VASP',
      vasp: { id: 'vasp-kraken' },
    },
  },
  saved_by: { subject: 'ana', name: 'Ana' },
  updated_at: '2026-11-22T12:00:00.000Z',
  version: 1,
};

// The VASP directory knows vasp-kraken as Kraken.
stubFetch(async () => json({ id: 'vasp-kraken', name: 'Kraken' }));

describe('WithdrawalReview', () => {
  it('names the destination’s VASP by its directory name', async () => {
    const body = {
      profile_id: 'b7b77d82-e6a7-4ae9-9904-36231aedf985',
      asset: 'ETH',
      crypto_network: 'ETHEREUM',
      destination_address: address,
      amount: '1',
    } as CreateCryptoWithdrawalRequest;
    renderPage(
      <WithdrawalReview body={body} refId="r-1" destination={{ status: 'ready', entry }} />,
      { session },
    );
    await screen.findByText(/VASP: Kraken/);
    expect(screen.queryByText(/vasp-kraken/)).toBeNull();
  });
});
