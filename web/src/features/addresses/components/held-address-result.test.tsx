import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ApprovalRequest } from '#contract/approvals';
import { stubFetch } from '#web-test/fetch-stub';
import { consoleClient, renderPage } from '#web-test/render-page';
import { HeldAddressResult } from './held-address-result';

const OLIVE = { subject: 'op-1', name: 'Olive Operator' };
const BEN = { subject: 'op-2', name: 'Ben Approver' };
const AT = '2026-11-24T10:00:00.000Z';

const held: ApprovalRequest = {
  id: 'apr-a',
  kind: 'address',
  status: 'pending',
  target: 'ETHEREUM:0xabc:',
  initiator: OLIVE,
  created_at: AT,
  expires_at: '2999-01-01T00:00:00.000Z',
  required_approvals: 1,
  reason: 'new address',
  approvals: [],
  history: [{ kind: 'requested', at: AT, operator: OLIVE }],
  address: { request: {}, change: 'new', diff: [] },
};

const approved = (outcome: string | undefined, detail?: string): ApprovalRequest => ({
  ...held,
  status: 'approved',
  ...(outcome ? { outcome } : {}),
  approvals: [{ operator: BEN, at: AT }],
  history: [
    ...held.history,
    { kind: 'approved', at: AT, operator: BEN },
    ...(detail ? [{ kind: 'sent' as const, at: AT, detail }] : []),
  ],
});

/** What GET /api/approvals/apr-a answers, in turn; the last one stays. */
let answers: ApprovalRequest[];
const reads = () => fetchMock.mock.calls.length;

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  answers = [];
});

const fetchMock = stubFetch(async (input: RequestInfo | URL) => {
  if (!String(input).endsWith('/api/approvals/apr-a')) throw new Error(`unexpected ${input}`);
  const next = answers.length > 1 ? answers.shift() : answers[0];
  return new Response(JSON.stringify(next), {
    headers: { 'Content-Type': 'application/json' },
  });
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const renderResult = () =>
  renderPage(<HeldAddressResult approval={held} />, { client: consoleClient() });

// The editor's held answer was static: whoever waited on it never saw the decision.
describe('HeldAddressResult', () => {
  it('shows awaiting approval, then the approval and the save, and then stops asking', async () => {
    answers.push(held, approved(undefined), approved('created', 'sent'));
    renderResult();
    screen.getByText('Awaiting approval');
    await vi.advanceTimersByTimeAsync(20_000);
    await screen.findByText('Approved and saved');
    screen.getByText(/Approved by Ben Approver\./);
    const settled = reads();
    await vi.advanceTimersByTimeAsync(120_000);
    expect(reads()).toBe(settled);
  });

  it('says a refusal with the service’s title, and nothing saved', async () => {
    answers.push(approved('refused', 'refused: Bad Request'));
    renderResult();
    await vi.advanceTimersByTimeAsync(5_000);
    await screen.findByText('Approved, but the service refused it');
    screen.getByText(/The service refused it \(Bad Request\)\. Nothing was saved\./);
  });

  it('never calls an unknown outcome saved', async () => {
    answers.push(approved('unknown', 'unknown: Bad Gateway'));
    renderResult();
    await vi.advanceTimersByTimeAsync(5_000);
    await screen.findByText('Approved: outcome unknown');
    expect(screen.queryByText('Approved and saved')).toBeNull();
  });

  it('shows a rejection with who and why', async () => {
    answers.push({
      ...held,
      status: 'rejected',
      history: [
        ...held.history,
        { kind: 'rejected', at: AT, operator: BEN, reason: 'Unknown beneficiary' },
      ],
    });
    renderResult();
    await vi.advanceTimersByTimeAsync(5_000);
    await screen.findByText(
      /Ben Approver rejected this new address: “Unknown beneficiary”\. Nothing was sent/,
    );
  });
});
