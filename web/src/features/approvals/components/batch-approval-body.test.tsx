import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ApprovalRequest } from '#contract/approvals';
import type { WithdrawalBatch } from '#contract/withdrawal-batches';
import { createQueryClient } from '#web/lib/query-client';
import { BatchApprovalBody } from './batch-approval-body';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const LTC = 'ltc1qystvf565xkvzpyz88n0kwnkhmae633cm07e7rw';
const batch = {
  id: 'abc',
  status: 'awaiting_approval',
  created_at: '2026-11-29T03:00:00Z',
  created_by: { subject: 'ana', name: 'Ana' },
  file_errors: [],
  counts: { ready: 2 },
  totals: [],
  destinations: [
    { crypto_network: 'ETHEREUM', address: '0xabc', state: 'approved', look_alikes: [] },
    {
      crypto_network: 'LITECOIN',
      address: LTC,
      state: 'archived',
      look_alikes: ['Treasury (service)'],
      refused: 'Destination Archived',
    },
  ],
  fee_note: 'n',
  rows: [],
} satisfies WithdrawalBatch;

// Issue 42 item 6: a batch was approved without its destination warnings on the approval page.
describe('the approver’s page of a batch', () => {
  it('shows every destination warning of the batch as it reads now', async () => {
    const fetch = vi.fn(async (_url: RequestInfo | URL) => Response.json(batch));
    vi.stubGlobal('fetch', fetch);
    const request = {
      batch: { batch_id: 'abc', batch_hash: 'h', rows: 2, totals: [], usd_total: '10.00' },
    } as unknown as ApprovalRequest;
    render(
      <QueryClientProvider client={createQueryClient({ onBackgroundError: () => undefined })}>
        <MemoryRouter>
          <BatchApprovalBody request={request} />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    const warning = await screen.findByRole('listitem');
    expect(warning.textContent).toBe(
      `${LTC} (LITECOIN): Destination Archived: its rows are not sent; looks like Treasury (service)`,
    );
    expect(String(fetch.mock.calls[0]?.[0])).toContain('/api/withdrawal-batches/abc');
  });
});
