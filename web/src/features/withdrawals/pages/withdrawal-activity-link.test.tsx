import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { WithdrawalRecord } from '#contract/withdrawal-ledger';
import { stubFetch } from '#web-test/fetch-stub';
import { consoleClient, renderPage } from '#web-test/render-page';
import { meResponse } from '#web/lib/testing/me-response';
import { WithdrawalDetailPage } from './withdrawal-detail-page';

// Issue 39: the ledger record and the transfer's page on Activity link both ways.

const record: WithdrawalRecord = {
  ref_id: 'WD-7',
  status: 'created',
  operator: { subject: 'op-1', name: 'Olive Operator' },
  request_hash: 'h',
  request: { asset: 'ETH', amount: '1' },
  transfer: { id: 'transfer/7', status: 'COMPLETED' },
  created_at: '2026-11-23T10:00:00.000Z',
  updated_at: '2026-11-23T10:00:01.000Z',
};

stubFetch(async (input: RequestInfo | URL) => {
  const url = new URL(String(input), 'http://localhost');
  if (url.pathname === '/api/withdrawals/WD-7') return Response.json(record);
  return Response.json({ title: 'Not Found', status: 404 }, { status: 404 });
});

const renderWith = (activity: boolean) =>
  renderPage(
    { '/withdrawals/:refId': <WithdrawalDetailPage /> },
    {
      url: '/withdrawals/WD-7',
      client: consoleClient(),
      session: meResponse({ subject: 'op-1', name: 'Olive' }, ['viewer'], {
        activity: activity ? { enabled: true } : { enabled: false, reason: 'off' },
      }),
    },
  );

describe('the ledger record links to its transfer on Activity', () => {
  it('links to the transfer page, its id escaped, when Activity is on', async () => {
    renderWith(true);
    const link = await screen.findByRole('link', {
      name: 'This transfer at the service, on Activity',
    });
    expect(link.getAttribute('href')).toBe('/activity/transfer%2F7');
  });

  it('offers no link when Activity is off', async () => {
    renderWith(false);
    await screen.findByRole('heading', { name: 'Ledger record' });
    expect(screen.queryByRole('link', { name: /on Activity/ })).toBeNull();
  });
});
