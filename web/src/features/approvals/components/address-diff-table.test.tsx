import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { meResponse } from '#web/lib/testing/me-response';
import { stubFetch } from '#web-test/fetch-stub';
import { json } from '#web-test/json-response';
import { renderPage } from '#web-test/render-page';
import { AddressDiffTable } from './address-diff-table';

// Issue 26 item 7: the approval's diff showed machine paths ("Beneficiary › Person details ›
// Physical address › Address1") and codes ("DEU", "PRIVATE", "vasp-kraken").

const session = meResponse({ subject: 'ben', name: 'Ben' }, ['address-approver'], {
  transfer_status: { enabled: true },
  fee_quotes: { enabled: true },
  vasp_directory: { enabled: true },
  service_addresses: { enabled: true },
});

// The VASP directory knows vasp-kraken as Kraken.
stubFetch(async () => json({ id: 'vasp-kraken', name: 'Kraken' }));

describe('AddressDiffTable', () => {
  it('names each field and value as the form does', async () => {
    const base = 'travelrule_metadata.beneficiary.person_details';
    renderPage(
      <AddressDiffTable
        diff={[
          { path: `${base}.physical_address.address1`, after: '1 Main St' },
          { path: `${base}.physical_address.country`, before: 'DEU', after: 'FRA' },
          { path: 'travelrule_metadata.custodian_type', before: 'VASP', after: 'PRIVATE' },
          { path: 'travelrule_metadata.vasp.id', before: 'vasp-kraken' },
        ]}
      />,
      { session },
    );
    screen.getByRole('rowheader', { name: 'Person address: address line 1' });
    screen.getByText('Germany (DEU)');
    screen.getByText('France (FRA)');
    screen.getByText('Self-hosted wallet');
    await screen.findByText('Kraken');
    expect(screen.queryByText(/›/)).toBeNull();
    expect(screen.queryByText('PRIVATE')).toBeNull();
  });
});
