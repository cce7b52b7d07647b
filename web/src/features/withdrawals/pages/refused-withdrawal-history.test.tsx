import { fireEvent, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { WithdrawalRecord } from '#contract/withdrawal-ledger';
import { resetSessionStatusForTests } from '#web/lib/session-status';
import { meResponse } from '#web/lib/testing/me-response';
import { stubFetch } from '#web-test/fetch-stub';
import { json } from '#web-test/json-response';
import { consoleClient, renderPage } from '#web-test/render-page';
import { WITHDRAWAL_DRAFT_KEY, type WithdrawalDraft } from '../lib/withdrawal-draft';
import { EMPTY_WITHDRAWAL_FORM } from '../lib/withdrawal-form-model';
import { NewWithdrawalPage } from './new-withdrawal-page';
import { WithdrawalDetailPage } from './withdrawal-detail-page';

// Issue 26 item 1: back from the Travel Rule detour, the page said "Resumed draft … never
// submitted" of a withdrawal the service had refused; and a refused withdrawal could not be sent
// again from the ledger, where that is safe.

const REF = 'ref-tr-1';
const ADDRESS = '0x8Cf798A5D316af599dDE1D8dbEF58A98F47a6Ddc';
const PROFILE = 'b7b77d82-e6a7-4ae9-9904-36231aedf985';
const request = {
  profile_id: PROFILE,
  asset: 'ETH',
  crypto_network: 'ETHEREUM',
  destination_address: ADDRESS,
  amount: '2',
};
const travelRuleRefusal: WithdrawalRecord = {
  ref_id: REF,
  status: 'refused',
  operator: { subject: 'op-1', name: 'Olive Operator' },
  request_hash: 'h',
  request,
  problem: {
    type: 'https://developer.paxos.com/docs/v2/problems/travel-rule-information-required',
    title: 'Travel Rule Information Required',
    status: 403,
    detail: 'The destination address has no Travel Rule information',
  },
  created_at: '2026-11-23T10:00:00.000Z',
  updated_at: '2026-11-23T10:00:01.000Z',
  attempts: [
    {
      number: 1,
      started_at: '2026-11-23T10:00:00.000Z',
      finished_at: '2026-11-23T10:00:01.000Z',
      result: 'refused',
      upstream_status: 403,
    },
  ],
};

let ledger: () => Response;
let posts: Record<string, unknown>[];
let postAnswer: () => Response;
beforeEach(() => {
  sessionStorage.clear();
  resetSessionStatusForTests();
  posts = [];
});

stubFetch(async (input: RequestInfo | URL, init?: RequestInit) => {
  const url = new URL(String(input), 'http://localhost');
  if (init?.method === 'POST') {
    posts.push(JSON.parse(String(init.body)) as Record<string, unknown>);
    return postAnswer();
  }
  if (url.pathname === `/api/withdrawals/${REF}`) return ledger();
  if (url.pathname === '/api/addresses') return json({ addresses: [] });
  return json({ title: 'Not Found', status: 404 }, 404);
});
const renderAt = (path: string) =>
  renderPage(
    { '/withdrawals/new': <NewWithdrawalPage />, '/withdrawals/:refId': <WithdrawalDetailPage /> },
    {
      url: path,
      client: consoleClient(),
      session: meResponse({ subject: 'op-1', name: 'Olive Operator' }, [
        'viewer',
        'withdrawal-initiator',
      ]),
      suspense: true,
    },
  );

const draft: WithdrawalDraft = {
  values: {
    ...EMPTY_WITHDRAWAL_FORM,
    profile_id: PROFILE,
    asset: 'ETH',
    crypto_network: 'ETHEREUM',
    destination_address: ADDRESS,
    amount_value: '2',
  },
  step: 'review',
  refId: REF,
  refFor: 'x',
  inFlight: false,
};

describe('the resumed draft knows its history', () => {
  it('back from the Travel Rule detour: submitted and refused, with the reason', async () => {
    ledger = () => json(travelRuleRefusal);
    sessionStorage.setItem(WITHDRAWAL_DRAFT_KEY, JSON.stringify(draft));
    renderAt('/withdrawals/new');
    await screen.findByText('Resumed draft: submitted and refused');
    screen.getByText(/The destination address has no Travel Rule information/);
    expect(screen.queryByText(/never submitted/)).toBeNull();
    // Nor does the review say "Nothing has been sent yet".
    screen.getByText('This is the withdrawal as submitted with this ref_id.');
    expect(screen.getByRole('link', { name: 'Open it in the ledger' }).getAttribute('href')).toBe(
      `/withdrawals/${REF}`,
    );
  });

  it('a ref_id the ledger does not hold was never submitted', async () => {
    ledger = () => json({ title: 'Not Found', status: 404 }, 404);
    sessionStorage.setItem(WITHDRAWAL_DRAFT_KEY, JSON.stringify(draft));
    renderAt('/withdrawals/new');
    await screen.findByText(/started earlier in this tab and never submitted/);
  });
});

describe('Send again with the same ref_id, from the ledger', () => {
  it('is offered for a withdrawal the service refused, and sends the recorded request', async () => {
    ledger = () => json(travelRuleRefusal);
    postAnswer = () =>
      json({
        id: 'tr-9',
        status: 'PENDING',
        ref_id: REF,
        amount: '2',
        fee: '0.001',
        total: '2.001',
        asset: 'ETH',
        crypto_network: 'ETHEREUM',
        destination_address: ADDRESS,
        created_at: '2026-11-23T11:00:00.000Z',
      });
    renderAt(`/withdrawals/${REF}`);
    const send = await screen.findByRole('button', { name: 'Send again with the same ref_id' });
    fireEvent.click(send);
    await screen.findByText('Withdrawal created');
    expect(posts).toEqual([{ ...request, ref_id: REF }]);
  });

  it('is never offered for an approved withdrawal the service refused (a new approval is needed)', async () => {
    ledger = () => json({ ...travelRuleRefusal, approval_id: 'apr-7' });
    renderAt(`/withdrawals/${REF}`);
    const refused = await screen.findByText(/^Refused: /);
    within(refused.parentElement!).getByText(/that approval was spent/);
    expect(screen.queryByRole('button', { name: 'Send again with the same ref_id' })).toBeNull();
  });

  it('is not offered for an expired fee quote: the recorded fee_id would be refused again', async () => {
    ledger = () =>
      json({
        ...travelRuleRefusal,
        problem: { type: 'about:blank', title: 'Expired', status: 403, detail: 'q-1 expired' },
      });
    renderAt(`/withdrawals/${REF}`);
    await screen.findByText(/would be refused again/);
    expect(screen.queryByRole('button', { name: 'Send again with the same ref_id' })).toBeNull();
  });
});
