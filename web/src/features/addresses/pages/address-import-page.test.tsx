import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AddressImportResponse } from '#contract/address-import';
import { meResponse } from '#web/lib/testing/me-response';
import { stubFetch } from '#web-test/fetch-stub';
import { consoleClient, renderPage } from '#web-test/render-page';
import { USUAL_FEATURES } from '#web-test/session';
import { AddressImportPage, ImportCounts } from './address-import-page';

// Issue 28 item 2: a row held for approval read "Held for approval" for ever on the import's
// page, whatever its request came to. The page reads the rows again and says.

const session = meResponse(
  { subject: 'ana', name: 'Ana' },
  ['viewer', 'address-editor'],
  USUAL_FEATURES,
);

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

const fetchMock = stubFetch();

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
    renderPage(<AddressImportPage />, { session, client: consoleClient() });
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
