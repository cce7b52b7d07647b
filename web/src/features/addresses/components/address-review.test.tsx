import type { UseQueryResult } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AddressBookEntry } from '../../../../../contract/ledger';
import { AddressReview } from './address-review';

afterEach(cleanup);

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

function renderReview(body: Parameters<typeof AddressReview>[0]['body']) {
  render(
    <AddressReview
      body={body}
      existing={existing}
      onBack={vi.fn()}
      onSave={vi.fn()}
      saving={false}
      saveError={undefined}
    />,
  );
}

describe('AddressReview', () => {
  it('names saved fields the published request cannot carry when Travel Rule data is sent', () => {
    renderReview({ ...key, travelrule_metadata: { beneficiary: { self: true } } });
    expect(screen.getByText('Saved fields this save cannot keep')).toBeTruthy();
    expect(screen.getByText('screening.passed')).toBeTruthy();
  });

  it('says the saved Travel Rule data stays when none is sent', () => {
    renderReview({ ...key, bookmarked_status: true });
    expect(screen.queryByText('Saved fields this save cannot keep')).toBeNull();
    expect(
      screen.getByText(/No Travel Rule data is sent: the saved one stays as it is/),
    ).toBeTruthy();
  });
});
