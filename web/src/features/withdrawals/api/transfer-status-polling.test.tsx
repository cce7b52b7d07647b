import { meResponse } from '#web/lib/testing/me-response';
import { act, cleanup, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MeResponse } from '#contract/session';
import type { Transfer } from '#contract/withdrawals';
import { stubFetch } from '#web-test/fetch-stub';
import { pendingEthTransfer } from '#web-test/withdrawal-fixtures';
import { renderPage } from '#web-test/render-page';
import { LiveTransferCard } from '../components/live-transfer-card';
import { withdrawalsListQuery } from './withdrawal-api';

// Live transfer status while someone looks (issue 11): re-read after 2 s, then 1.5 times longer
// each time, at most 30 s apart, and never again once the status is final.

const ON = { enabled: true } as const;
const session: MeResponse = meResponse(
  { subject: 'dev', name: 'Dev' },
  ['viewer', 'withdrawal-initiator'],
  {
    transfer_status: ON,
    activity: ON,
    fee_quotes: ON,
    vasp_directory: ON,
    service_addresses: ON,
  },
);

const pending = pendingEthTransfer();

const live = (transfer: Transfer) =>
  new Response(
    JSON.stringify({ source: 'upstream', checked_at: '2026-11-22T12:00:05.000Z', transfer }),
    { headers: { 'Content-Type': 'application/json' } },
  );

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
});

const fetchMock = stubFetch();

/** The live card of `transfer` (ref-1), signed in; the card's region. */
function renderCard(transfer: Transfer) {
  renderPage(<LiveTransferCard transfer={transfer} refId="ref-1" />, { session });
  return screen.getByRole('region', { name: 'Transfer' });
}

/** Moves the clock on by `ms`, then checks how many reads have gone out in all. */
async function readsAfter(ms: number, reads: number) {
  await act(() => vi.advanceTimersByTimeAsync(ms));
  expect(fetchMock).toHaveBeenCalledTimes(reads);
}
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('live transfer polling', () => {
  it('re-reads a PENDING transfer on that schedule and stops at FAILED, without a reload', async () => {
    const answers = [
      pending,
      pending,
      {
        ...pending,
        status: 'FAILED',
        status_details: { invalid_destination_address: { message: 'not a valid address' } },
      },
    ];
    fetchMock.mockImplementation(() =>
      Promise.resolve(live((answers.shift() ?? answers[answers.length - 1])!)),
    );
    const card = renderCard(pending);
    await readsAfter(0, 1);
    expect(card.textContent).toContain('checking again shortly');

    // Not before 2 s.
    await readsAfter(1_900, 1);
    await readsAfter(100, 2);
    // Then 3 s (1.5 times longer): still pending at 2.9 s, failed at 3 s.
    await readsAfter(2_900, 2);
    await readsAfter(100, 3);
    // The answer is read (a few promise turns, no timer) and drawn.
    await act(() => vi.advanceTimersByTimeAsync(10));
    within(card).getByText('Failed');
    expect(within(card).getByRole('list', { name: 'Status details' }).textContent).toContain(
      'Invalid destination address',
    );
    expect(card.textContent).not.toContain('checking again shortly');

    // Final: nothing is read again, however long the card stays on screen.
    await readsAfter(5 * 60_000, 3);
  });

  // A failed first read used to be the last: nothing live was read, so keepsChanging said stop.
  const unavailable = () =>
    new Response(JSON.stringify({ title: 'Service Unavailable', status: 503 }), {
      status: 503,
      headers: { 'Content-Type': 'application/problem+json' },
    });

  it('asks again, backing off, when the first read fails and the recorded status is not final', async () => {
    const answers = [unavailable, unavailable, unavailable, unavailable, () => live(pending)];
    fetchMock.mockImplementation(() => Promise.resolve(answers.shift()!()));
    const card = renderCard(pending);
    // The read and its one retry (1 s later) fail.
    await readsAfter(1_010, 2);
    expect(card.textContent).toContain('could not be refreshed just now');
    expect(card.textContent).toContain('trying again shortly');

    // Asked again 2 s after that failure (at 3 s), retried once at 4 s: both fail.
    await readsAfter(1_980, 2);
    await readsAfter(10, 3);
    await readsAfter(1_000, 4);
    // Then 3 s (1.5 times longer): not at 6.99 s, at 7 s, and it answers.
    await readsAfter(2_990, 4);
    await readsAfter(10, 5);
    await act(() => vi.advanceTimersByTimeAsync(10));
    expect(card.textContent).toContain('checking again shortly');
    expect(card.textContent).not.toContain('could not be refreshed');
  });

  it('does not ask again after a failed read when the recorded status is already final', async () => {
    fetchMock.mockImplementation(() => Promise.resolve(unavailable()));
    const card = renderCard({ ...pending, status: 'COMPLETED' });
    await readsAfter(1_010, 2);
    expect(card.textContent).toContain('could not be refreshed just now');
    expect(card.textContent).not.toContain('trying again shortly');
    await readsAfter(5 * 60_000, 2);
  });
});

describe('ledger list refresh', () => {
  type Interval = (query: { state: { data: unknown } }) => number | false;
  const intervalOf = (data: unknown, liveStatus = true) =>
    (withdrawalsListQuery({}, undefined, liveStatus).refetchInterval as Interval)({
      state: { data },
    });
  const row = (status: string, transferStatus?: string) => ({
    ref_id: `ref-${status}-${transferStatus}`,
    status,
    ...(transferStatus ? { transfer: { ...pending, status: transferStatus } } : {}),
  });

  it('looks again every 15 s while a row shows a PENDING transfer, and not otherwise', () => {
    expect(
      intervalOf({ withdrawals: [row('created', 'COMPLETED'), row('created', 'PENDING')] }),
    ).toBe(15_000);
    expect(
      intervalOf({ withdrawals: [row('created', 'COMPLETED'), row('created', 'FAILED')] }),
    ).toBe(false);
    // A refused or unknown withdrawal has no transfer to watch.
    expect(intervalOf({ withdrawals: [row('refused'), row('unknown')] })).toBe(false);
    expect(intervalOf(undefined)).toBe(false);
  });

  it('never looks again while live transfer status is off (the BFF then refreshes nothing)', () => {
    expect(intervalOf({ withdrawals: [row('created', 'PENDING')] }, false)).toBe(false);
  });

  // A row awaiting approval stayed so on the ledger after another operator had approved it.
  it('looks again while a row awaits an approval or its send, with live status on or off', () => {
    for (const live of [true, false]) {
      expect(intervalOf({ withdrawals: [row('awaiting_approval')] }, live)).toBe(15_000);
      expect(intervalOf({ withdrawals: [row('submitting')] }, live)).toBe(15_000);
      expect(intervalOf({ withdrawals: [row('not_sent')] }, live)).toBe(false);
    }
  });
});
