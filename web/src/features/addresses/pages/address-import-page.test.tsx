import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AddressImportResponse } from '#contract/address-import';
import { NO_APPROVALS_POLICY } from '#contract/approval-policy';
import type { MeResponse } from '#contract/session';
import { createQueryClient } from '#web/lib/query-client';
import { AddressImportPage, ImportCounts } from './address-import-page';

// Issue 28 item 2: a row held for approval read "Held for approval" for ever on the import's
// page, whatever its request came to. The page reads the rows again and says.

const session: MeResponse = {
  operator: { subject: 'ana', name: 'Ana' },
  roles: ['viewer', 'address-editor'],
  environment: { kind: 'local', name: 'Local sandbox', allow_testnet: true },
  features: {
    transfer_status: { enabled: true },
    activity: { enabled: true },
    fee_quotes: { enabled: true },
    vasp_directory: { enabled: true },
    service_addresses: { enabled: false, reason: 'Not granted.' },
    profiles: { enabled: false, reason: 'Not granted.' },
    transfer_limits: { enabled: false, reason: 'Not granted.' },
    statement_payments: { enabled: false, reason: 'Not granted.' },
  },
  approval_policy: NO_APPROVALS_POLICY,
};

const ID = '6f1c2a9e-3b4d-4e5f-8a7b-9c0d1e2f3a4b';
const answer = (
  status: AddressImportResponse['import']['status'],
  held: Partial<AddressImportResponse['rows'][number]> = {},
): AddressImportResponse => ({
  import: {
    id: ID,
    created_at: '2026-11-26T09:00:00.000Z',
    created_by: { subject: 'ana', name: 'Ana' },
    status,
    counts: { rows: 1, invalid: 0, create: 1, update: 0, unchanged: 0, look_alike: 0 },
  },
  rows: [
    {
      line: 2,
      kind: 'create',
      crypto_network: 'ETHEREUM',
      address: '0x3A8e9b7c8d340626315788B48060469dFd080775',
      errors: [],
      diff: [],
      look_alikes: [],
      ...held,
    },
  ],
});

let fetchMock: ReturnType<typeof vi.fn>;
beforeEach(() => {
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('AddressImportPage', () => {
  it('reads the held rows again on request and says what their approvals came to', async () => {
    const pending = { id: 'req-1', status: 'pending', expires_at: '2026-11-26T10:00:00.000Z' };
    const held = { outcome: 'awaiting_approval', approval_id: 'req-1', approval: pending };
    fetchMock.mockImplementation(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://console.test');
      if (url.pathname === '/api/addresses/import')
        return Response.json(answer('previewed'), { status: 201 });
      if (url.pathname.endsWith('/apply')) return Response.json(answer('applied', held));
      expect(init?.method ?? 'GET').toBe('GET');
      expect(url.pathname).toBe(`/api/addresses/import/${ID}`);
      expect(Object.fromEntries(url.searchParams)).toEqual({ after: '0', limit: '1' });
      return Response.json(
        answer('applied', {
          ...held,
          approval: {
            id: 'req-1',
            status: 'approved',
            decided_by: { subject: 'ben', name: 'Ben' },
            outcome: 'created',
          },
        }),
      );
    });
    const client = createQueryClient({ onBackgroundError: () => undefined });
    client.setQueryData(['me'], session);
    render(
      <QueryClientProvider client={client}>
        <MemoryRouter>
          <AddressImportPage />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    fireEvent.change(screen.getByLabelText('CSV file'), {
      target: { files: [new File(['network,address\n'], 'book.csv', { type: 'text/csv' })] },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Check the file' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Save 1 address' }));
    await screen.findByText('The file is applied');
    screen.getByText(/^Expires/);

    fireEvent.click(screen.getByRole('button', { name: 'Check the approvals again' }));
    await screen.findByText('Approved by Ben and saved.');
    expect(screen.queryByText(/^Expires/)).toBeNull();
  });
});

// Issue 42 item 12: "1 look like" read wrong; the count agrees with its verb.
describe('the import counts line', () => {
  it.each([
    [0, '0 look like a known destination.'],
    [1, '1 looks like a known destination.'],
    [2, '2 look like a known destination.'],
  ])('%i look-alike rows: "%s"', (lookAlike, words) => {
    const preview = answer('previewed');
    preview.import.counts.look_alike = lookAlike;
    render(<ImportCounts preview={preview} />);
    expect(screen.getByRole('status').textContent).toContain(words);
  });
});
