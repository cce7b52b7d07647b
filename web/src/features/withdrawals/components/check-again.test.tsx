import { fireEvent, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { WithdrawalRecord } from '#contract/withdrawal-ledger';
import { isSessionEnded, resetSessionStatusForTests } from '#web/lib/session-status';
import { meResponse } from '#web/lib/testing/me-response';
import { stubFetch } from '#web-test/fetch-stub';
import { json } from '#web-test/json-response';
import { consoleClient, renderPage } from '#web-test/render-page';
import { CheckAgain } from './check-again';

// "Check again" on the ledger hand-rolled its submit: a 401 there showed an unknown outcome
// instead of ending the session. It now goes through the one submit mutation.

const REF = 'ref-123';
const record: WithdrawalRecord = {
  ref_id: REF,
  status: 'unknown',
  operator: { subject: 'op-1', name: 'Olive Operator' },
  request_hash: 'h',
  request: {
    profile_id: 'b7b77d82-e6a7-4ae9-9904-36231aedf985',
    asset: 'ETH',
    crypto_network: 'ETHEREUM',
    destination_address: '0x8Cf798A5D316af599dDE1D8dbEF58A98F47a6Ddc',
    amount: '1.5',
  },
  created_at: '2026-11-23T10:00:00.000Z',
  updated_at: '2026-11-23T10:00:00.000Z',
};

let answer: () => Response;
beforeEach(() => {
  resetSessionStatusForTests();
});

stubFetch(async (_input: RequestInfo | URL, init?: RequestInit) => {
  if (init?.method === 'POST') return answer();
  return json({ withdrawals: [] });
});

const renderCheckAgain = () =>
  renderPage(<CheckAgain record={record} />, {
    client: consoleClient(),
    session: meResponse({ subject: 'op-1', name: 'Olive Operator' }, [
      'viewer',
      'withdrawal-initiator',
    ]),
  });

describe('CheckAgain', () => {
  it('ends the session on a 401, like the first submit, and shows no outcome', async () => {
    answer = () => json({ type: 'about:blank', title: 'Unauthorized', status: 401 }, 401);
    renderCheckAgain();
    fireEvent.click(screen.getByRole('button', { name: 'Check again' }));
    await vi.waitFor(() => expect(isSessionEnded()).toBe(true));
    expect(screen.queryByText('Unauthorized')).toBeNull();
    expect(screen.queryByText(/The request left, but its answer was lost/)).toBeNull();
  });

  it('shows what the resend learned', async () => {
    answer = () =>
      json({ id: 'tr-1', status: 'PENDING', ref_id: REF, amount: '1.5', asset: 'ETH' }, 201);
    renderCheckAgain();
    fireEvent.click(screen.getByRole('button', { name: 'Check again' }));
    await screen.findByText('Withdrawal created');
    expect(isSessionEnded()).toBe(false);
  });
});
