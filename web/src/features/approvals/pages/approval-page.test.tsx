import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NO_APPROVALS_POLICY, type ApprovalRequest } from '../../../../../contract/approvals';
import type { MeResponse } from '../../../../../contract/session';
import { createQueryClient } from '../../../app/query-client';
import { ApprovalPage } from './approval-page';

const ADDRESS = '0x8Cf798A5D316af599dDE1D8dbEF58A98F47a6Ddc';

const request: ApprovalRequest = {
  id: 'apr-1',
  kind: 'withdrawal',
  status: 'pending',
  target: 'ref-1',
  initiator: { subject: 'op-1', name: 'Olive Operator' },
  created_at: '2026-11-23T10:00:00.000Z',
  expires_at: '2999-01-01T00:00:00.000Z',
  required_approvals: 1,
  reason: 'ETH above 1',
  approvals: [],
  history: [
    {
      kind: 'requested',
      at: '2026-11-23T10:00:00.000Z',
      operator: { subject: 'op-1', name: 'Olive Operator' },
    },
  ],
  withdrawal: {
    profile_id: 'b7b77d82-e6a7-4ae9-9904-36231aedf985',
    asset: 'ETH',
    crypto_network: 'ETHEREUM',
    destination_address: ADDRESS,
    amount: '2',
    ref_id: 'ref-1',
  },
};

function session(subject: string): MeResponse {
  return {
    operator: { subject, name: subject },
    roles: ['viewer', 'withdrawal-initiator', 'withdrawal-approver'],
    environment: { kind: 'local', name: 'Local', allow_testnet: true },
    features: {
      transfer_status: { enabled: false, reason: 'off' },
      fee_quotes: { enabled: false, reason: 'off' },
      vasp_directory: { enabled: false, reason: 'off' },
      service_addresses: { enabled: false, reason: 'off' },
    },
    approval_policy: NO_APPROVALS_POLICY,
  };
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': status < 400 ? 'application/json' : 'application/problem+json' },
  });

let fetchMock: ReturnType<typeof vi.fn>;
const posts = () =>
  fetchMock.mock.calls.filter(([, init]) => (init as RequestInit | undefined)?.method === 'POST');

beforeEach(() => {
  fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    if (init?.method === 'POST' && url.pathname.endsWith('/reject')) {
      return json({ approval: { ...request, status: 'rejected' } });
    }
    if (url.pathname === '/api/approvals/apr-1') return json(request);
    if (url.pathname === '/api/addresses') return json({ addresses: [] });
    throw new Error(`unexpected ${url.pathname}`);
  });
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderAs(subject: string) {
  const client = createQueryClient({ onBackgroundError: () => undefined });
  client.setQueryData(['me'], session(subject));
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/approvals/apr-1']}>
        <Suspense fallback="loading">
          <Routes>
            <Route path="/approvals/:id" element={<ApprovalPage />} />
          </Routes>
        </Suspense>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('ApprovalPage', () => {
  it('does not offer Approve to the initiator, and says why; Cancel is theirs', async () => {
    renderAs('op-1');
    expect(await screen.findByRole('heading', { name: 'Withdrawal approval' })).toBeTruthy();
    expect(
      screen.getByText('You submitted this request: someone else must approve it.'),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Reject/ })).toBeNull();
    expect(screen.getByRole('button', { name: 'Cancel my request' })).toBeTruthy();
  });

  it('shows another operator the same review, and Approve', async () => {
    renderAs('op-2');
    expect(await screen.findByRole('heading', { name: 'Review the withdrawal' })).toBeTruthy();
    expect(screen.getByText('2 ETH')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Approve' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Cancel my request' })).toBeNull();
    expect(screen.getByRole('region', { name: 'History' }).textContent).toContain(
      'Requested by Olive Operator',
    );
  });

  it('needs a reason to reject, and sends it', async () => {
    renderAs('op-2');
    fireEvent.click(await screen.findByRole('button', { name: 'Reject…' }));
    fireEvent.click(screen.getByRole('button', { name: 'Reject' }));
    expect(await screen.findByText('Say why')).toBeTruthy();
    expect(posts()).toHaveLength(0);
    fireEvent.change(screen.getByRole('textbox', { name: /Why reject it/ }), {
      target: { value: 'Wrong destination' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Reject' }));
    await vi.waitFor(() => expect(posts()).toHaveLength(1));
    const [url, init] = posts()[0] as [string, RequestInit];
    expect(url).toBe('/api/approvals/apr-1/reject');
    expect(JSON.parse(String(init.body))).toEqual({ reason: 'Wrong destination' });
    expect(await screen.findByText('Rejected')).toBeTruthy();
  });
});
