import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NO_APPROVALS_POLICY } from '#contract/approvals';
import { CONSOLE_PROBLEM_TYPES } from '#contract/problem';
import { isSessionEnded, resetSessionStatusForTests } from '#web/lib/session-status';
import { answerFirst } from '#web/lib/testing/answer-first';
import { addressBookEntry } from '#web/lib/testing/address-book-entry';
import { stubFetch } from '#web-test/fetch-stub';
import { NOT_ALLOWLISTED_FORECAST } from '#web-test/withdrawal-fixtures';
import { EMPTY_WITHDRAWAL_FORM } from '../lib/withdrawal-form-model';
import { WITHDRAWAL_DRAFT_KEY, type WithdrawalDraft } from '../lib/withdrawal-draft';
import {
  renderNewWithdrawalPage,
  storeWithdrawalDraft,
} from './testing/render-new-withdrawal-page';

const PROFILE = 'b7b77d82-e6a7-4ae9-9904-36231aedf985';
const ADDRESS = '0x8Cf798A5D316af599dDE1D8dbEF58A98F47a6Ddc';
const REF = 'ref-123';

const me = {
  operator: { subject: 'op-1', name: 'Olive Operator' },
  roles: ['viewer', 'withdrawal-initiator'],
  environment: { kind: 'local', name: 'Local', allow_testnet: true },
  // The companion features are off here: this page's own flow, without live status or quotes.
  features: {
    transfer_status: { enabled: false, reason: 'off in this test' },
    fee_quotes: { enabled: false, reason: 'off in this test' },
    vasp_directory: { enabled: false, reason: 'off in this test' },
    service_addresses: { enabled: false, reason: 'off in this test' },
    profiles: { enabled: false, reason: 'off in this test' },
    transfer_limits: { enabled: false, reason: 'off in this test' },
  },
  approval_policy: NO_APPROVALS_POLICY,
};

const values = {
  ...EMPTY_WITHDRAWAL_FORM,
  profile_id: PROFILE,
  asset: 'ETH',
  crypto_network: 'ETHEREUM' as const,
  destination_address: ADDRESS,
  amount_value: '1.5',
};

const transfer = {
  id: 'tr-1',
  status: 'PENDING',
  ref_id: REF,
  amount: '1.5',
  fee: '0.001',
  total: '1.501',
  asset: 'ETH',
  notional_value: '6000.00',
  crypto_network: 'ETHEREUM',
  destination_address: ADDRESS,
  created_at: '2026-11-23T10:00:00.000Z',
};

const bookEntry = addressBookEntry(ADDRESS);

/** The 202's approval request for a submit the policy holds. */
const HELD_APPROVAL = {
  id: 'apr-1',
  kind: 'withdrawal',
  status: 'pending',
  target: REF,
  initiator: { subject: 'op-1', name: 'Olive Operator' },
  created_at: '2026-11-23T10:00:00.000Z',
  expires_at: '2026-11-24T10:00:00.000Z',
  required_approvals: 1,
  reason: 'ETH above 1',
  approvals: [],
  history: [],
};

const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), {
    status,
    headers: {
      'Content-Type': status < 400 ? 'application/json' : 'application/problem+json',
      ...headers,
    },
  });

/** Answers for POST /api/withdrawals, in order; GETs answer the session and the address book. */
let submitAnswers: (() => Response | Promise<Response>)[];
/** What POST /api/withdrawals/forecast answers (the gate's forecast). */
let forecastAnswer: object;

function renderPage(session: object = me) {
  return renderNewWithdrawalPage(session);
}

const isForecast = (input: unknown) => String(input).includes('forecast');
const submitCalls = () =>
  fetchMock.mock.calls.filter(
    ([input, init]) => (init as RequestInit | undefined)?.method === 'POST' && !isForecast(input),
  );

beforeEach(() => {
  sessionStorage.clear();
  resetSessionStatusForTests();
  submitAnswers = [];
  forecastAnswer = {};
});

const fetchMock = stubFetch(async (input: RequestInfo | URL, init?: RequestInit) => {
  const url = new URL(String(input), 'http://localhost');
  // The gate's forecast (issue 42): nothing refused, nothing held, unless a test says otherwise.
  if (init?.method === 'POST' && isForecast(input)) return json(forecastAnswer);
  if (init?.method === 'POST') {
    const next = submitAnswers.shift();
    if (!next) throw new Error('unexpected submit');
    return next();
  }
  if (url.pathname === '/api/addresses') return json({ addresses: [bookEntry] });
  if (url.pathname === '/api/approvals') return json({ requests: [] });
  throw new Error(`unexpected ${url.pathname}`);
});

const reviewDraft = (extra: Partial<WithdrawalDraft> = {}): WithdrawalDraft => ({
  values,
  step: 'review',
  refId: REF,
  refFor: 'x',
  ...extra,
});

describe('NewWithdrawalPage', () => {
  it('says a reopened draft is resumed and lets the operator discard it', () => {
    storeWithdrawalDraft(reviewDraft());
    renderPage();
    screen.getByText('Resumed draft');
    fireEvent.click(screen.getByRole('button', { name: 'Discard draft' }));
    expect(screen.queryByText('Resumed draft')).toBeNull();
    screen.getByText('Step 1 of 2: details');
    expect(sessionStorage.getItem(WITHDRAWAL_DRAFT_KEY) ?? '').not.toContain(REF);
  });

  it('opens a fresh form without a "resumed" notice', () => {
    renderPage();
    expect(screen.queryByText('Resumed draft')).toBeNull();
  });

  it('shows who receives the money and whether Travel Rule data is on file', async () => {
    storeWithdrawalDraft(reviewDraft());
    renderPage();
    const review = screen.getByRole('region', { name: 'Review the withdrawal' });
    await within(review).findByText('Saved in the address book as “Treasury cold wallet”');
    within(review).getByText('Person: Ada Lovelace');
    within(review).getByText(/VASP: Kraken/);
    within(review).getByText('On file');
  });

  // Issue 42 item C: "Submit" was held by a rolling limit nobody had mentioned.
  it('says before submit that a rolling limit will hold it, as the BFF forecasts it', async () => {
    forecastAnswer = {
      requirement: {
        approvals: 1,
        reason:
          'rolling limit: 451,800.00 USD by this initiator within 24 h (this one included), above 100,000 USD',
      },
    };
    storeWithdrawalDraft(reviewDraft());
    renderPage();
    await screen.findByText(
      'This withdrawal needs 1 approval (rolling limit: 451,800.00 USD by this initiator within 24 h (this one included), above 100,000 USD)',
    );
    screen.getByRole('button', { name: 'Submit withdrawal' });
  });

  // Issue 42 items 2 and A: a withdrawal the gate will refuse offered Submit (then "Submit again").
  it('offers no Submit for a withdrawal the gate will refuse: why, and the way forward', async () => {
    forecastAnswer = NOT_ALLOWLISTED_FORECAST;
    storeWithdrawalDraft(reviewDraft());
    renderPage();
    await screen.findByText('Not allowlisted: this withdrawal will be refused');
    screen.getByRole('link', { name: 'Save this address for approval' });
    expect(screen.queryByRole('button', { name: /Submit/ })).toBeNull();
    screen.getByRole('button', { name: 'Back to edit' });
    expect(submitCalls()).toHaveLength(0);
  });

  it('sends one request for a double click (the ref lock) and shows grouped, labelled figures', async () => {
    storeWithdrawalDraft(reviewDraft());
    let answer!: (response: Response) => void;
    submitAnswers.push(() => new Promise<Response>((resolve) => (answer = resolve)));
    renderPage();
    const submit = screen.getByRole('button', { name: 'Submit withdrawal' });
    fireEvent.click(submit);
    fireEvent.click(submit);
    await vi.waitFor(() => expect(submitCalls()).toHaveLength(1));
    answer(json(transfer, 201));
    await screen.findByText('Withdrawal created');
    expect(submitCalls()).toHaveLength(1);
    const card = screen.getByRole('region', { name: 'Transfer' });
    within(card).getByText('Value in USD');
    within(card).getByText('6,000.00 USD');
    expect(within(card).queryByText('notional_value')).toBeNull();
  });

  it('shows a held submit (202) as awaiting approval, never as created, and forgets the draft', async () => {
    storeWithdrawalDraft(reviewDraft());
    submitAnswers.push(() => json({ approval: HELD_APPROVAL }, 202));
    renderPage();
    fireEvent.click(screen.getByRole('button', { name: 'Submit withdrawal' }));
    await screen.findByText('Awaiting approval');
    const held = screen
      .getAllByRole('status')
      .find((el) => el.textContent?.includes('Awaiting approval'))!;
    within(held).getByText(/needs 1 approval \(ETH above 1\)/);
    within(held).getByRole('link', { name: 'Open the approval request' });
    within(held).getByRole('button', { name: 'Cancel this request' });
    expect(screen.queryByText('Withdrawal created')).toBeNull();
    expect(screen.queryByText(/Submitted/)).toBeNull();
    expect(sessionStorage.getItem(WITHDRAWAL_DRAFT_KEY) ?? '').not.toContain(REF);
  });

  // The held result was static: an initiator waiting on it saw "Awaiting approval" after another
  // operator had approved and the transfer existed (seen in Chromium).
  describe('while the initiator waits on the held result', () => {
    let approvalAnswers: object[];
    let ledgerAnswers: object[];

    beforeEach(() => {
      vi.useFakeTimers({ shouldAdvanceTime: true });
      approvalAnswers = [];
      ledgerAnswers = [];
      // Each read takes the next answer; the last one stays.
      answerFirst(fetchMock, (url) => {
        if (url.pathname === '/api/approvals/apr-1')
          return json(approvalAnswers.length > 1 ? approvalAnswers.shift() : approvalAnswers[0]);
        if (url.pathname === `/api/withdrawals/${REF}`)
          return json(ledgerAnswers.length > 1 ? ledgerAnswers.shift() : ledgerAnswers[0]);
        return undefined;
      });
      storeWithdrawalDraft(reviewDraft());
      submitAnswers.push(() => json({ approval: HELD_APPROVAL }, 202));
    });

    afterEach(() => {
      vi.useRealTimers();
    });

    /** The ledger record of the held withdrawal, as GET /api/withdrawals/:ref_id answers it. */
    const ledgerRecord = (over: object) => ({
      ref_id: REF,
      status: 'created',
      operator: HELD_APPROVAL.initiator,
      request_hash: 'h',
      request: {},
      created_at: HELD_APPROVAL.created_at,
      updated_at: HELD_APPROVAL.created_at,
      ...over,
    });

    const approvalReads = () =>
      fetchMock.mock.calls.filter(([input]) => String(input).endsWith('/api/approvals/apr-1'));

    it('shows the approval, then the created transfer, without a reload; and stops asking', async () => {
      const approved = {
        ...HELD_APPROVAL,
        status: 'approved',
        outcome: 'created',
        approvals: [
          { operator: { subject: 'op-2', name: 'Sam Second' }, at: HELD_APPROVAL.created_at },
        ],
      };
      approvalAnswers.push(HELD_APPROVAL, approved);
      ledgerAnswers.push(ledgerRecord({ status: 'submitting' }), ledgerRecord({ transfer }));
      renderPage();
      fireEvent.click(screen.getByRole('button', { name: 'Submit withdrawal' }));
      await screen.findByText('Awaiting approval');

      await vi.advanceTimersByTimeAsync(10_000);
      await screen.findByText('Approved and sent: transfer created');
      screen.getByText(/Approved by Sam Second\./);
      expect(screen.getByRole('region', { name: 'Transfer' }).textContent).toContain('tr-1');
      expect(screen.queryByText('Awaiting approval')).toBeNull();

      // Decided: the request is not read again.
      const reads = approvalReads().length;
      await vi.advanceTimersByTimeAsync(60_000);
      expect(approvalReads()).toHaveLength(reads);
    });

    it('flags a created transfer that does not match the request, as the ledger does', async () => {
      approvalAnswers.push({ ...HELD_APPROVAL, status: 'approved', outcome: 'created' });
      ledgerAnswers.push(ledgerRecord({ transfer, transfer_mismatch: ['amount'] }));
      renderPage();
      fireEvent.click(screen.getByRole('button', { name: 'Submit withdrawal' }));
      await vi.advanceTimersByTimeAsync(5_000);
      await screen.findByText('The created transfer does not match the request');
    });

    it('shows a rejection with who and why: nothing was sent', async () => {
      approvalAnswers.push({
        ...HELD_APPROVAL,
        status: 'rejected',
        history: [
          {
            kind: 'rejected',
            at: HELD_APPROVAL.created_at,
            operator: { subject: 'op-2', name: 'Sam Second' },
            reason: 'Wrong destination',
          },
        ],
      });
      renderPage();
      fireEvent.click(screen.getByRole('button', { name: 'Submit withdrawal' }));
      await screen.findByText('Awaiting approval');
      await vi.advanceTimersByTimeAsync(5_000);
      await screen.findByText('Rejected');
      screen.getByText(
        /Sam Second rejected this withdrawal: “Wrong destination”. Nothing was sent/,
      );
      expect(screen.queryByRole('button', { name: 'Cancel this request' })).toBeNull();
    });

    it('says a refused send truthfully, with the service’s reason', async () => {
      approvalAnswers.push({ ...HELD_APPROVAL, status: 'approved', outcome: 'refused' });
      ledgerAnswers.push(
        ledgerRecord({
          status: 'refused',
          problem: { title: 'Forbidden', status: 403, detail: 'Travel Rule information required.' },
        }),
      );
      renderPage();
      fireEvent.click(screen.getByRole('button', { name: 'Submit withdrawal' }));
      await vi.advanceTimersByTimeAsync(5_000);
      await screen.findByText('Approved, but the service refused it');
      screen.getByText(/Travel Rule information required\. No transfer was created/);
    });
  });

  it('explains a destination held for approval with a link to its request', async () => {
    storeWithdrawalDraft(reviewDraft());
    submitAnswers.push(() =>
      json(
        {
          type: CONSOLE_PROBLEM_TYPES.destinationNotApproved,
          title: 'Destination Not Approved',
          status: 409,
          detail: 'This destination waits for approval.',
          approval_id: 'apr-addr-1',
        },
        409,
      ),
    );
    renderPage();
    fireEvent.click(screen.getByRole('button', { name: 'Submit withdrawal' }));
    const alert = await screen.findByRole('alert');
    within(alert).getByText('Destination not approved yet');
    expect(
      within(alert)
        .getByRole('link', { name: 'Open the address’s approval request' })
        .getAttribute('href'),
    ).toBe('/approvals/apr-addr-1');
    expect(screen.queryByText('This ref_id belongs to another withdrawal')).toBeNull();
  });

  it('says a cooling-off destination’s time once, in words (issue 42, item D)', async () => {
    storeWithdrawalDraft(reviewDraft());
    const from = new Date(Date.now() + 52_000).toISOString();
    submitAnswers.push(() =>
      json(
        {
          type: CONSOLE_PROBLEM_TYPES.destinationNotApproved,
          title: 'Destination Not Approved',
          status: 409,
          detail: `The destination 0xabc (ETHEREUM) was approved recently and can receive withdrawals from ${from} (cooling-off).`,
          receivable_from: from,
        },
        409,
      ),
    );
    renderPage();
    fireEvent.click(screen.getByRole('button', { name: 'Submit withdrawal' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toMatch(/it can be sent from \d\d:\d\d UTC \(in 5\d s\)\./);
    expect(alert.textContent).not.toContain(from);
  });

  it('shows the session-ended screen trigger on a 401 during submit, not "Unauthorized"', async () => {
    storeWithdrawalDraft(reviewDraft());
    submitAnswers.push(() =>
      json({ type: 'about:blank', title: 'Unauthorized', status: 401 }, 401),
    );
    renderPage();
    fireEvent.click(screen.getByRole('button', { name: 'Submit withdrawal' }));
    await vi.waitFor(() => expect(isSessionEnded()).toBe(true));
    expect(screen.queryByText('Unauthorized')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Submit again' })).toBeNull();
  });

  // Issue 26 item 2: after a 401 and signing in again, the page said "Outcome unknown" for a
  // submit the BFF refused before its upstream call. It was never sent, and says so.
  it('after a 401 on submit and signing in again: "not sent", never "Outcome unknown"', async () => {
    storeWithdrawalDraft(reviewDraft());
    submitAnswers.push(
      () => json({ type: 'about:blank', title: 'Unauthorized', status: 401 }, 401),
      () => json(transfer, 200),
    );
    renderPage();
    fireEvent.click(screen.getByRole('button', { name: 'Submit withdrawal' }));
    await vi.waitFor(() => expect(isSessionEnded()).toBe(true));
    // Signing in again reloads the page: the draft comes back from sessionStorage.
    cleanup();
    resetSessionStatusForTests();
    renderPage();
    screen.getByText('Not sent: your session had ended');
    expect(screen.queryByText(/Outcome unknown/)).toBeNull();
    expect(screen.queryByText('Resumed draft')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Check again' })).toBeNull();
    expect(screen.getAllByText(REF).length).toBeGreaterThan(0);
    fireEvent.click(screen.getByRole('button', { name: 'Submit withdrawal' }));
    await screen.findByText('Withdrawal created');
    const bodies = submitCalls().map(([, init]) => JSON.parse(String((init as RequestInit).body)));
    expect(bodies.map((b: { ref_id: string }) => b.ref_id)).toEqual([REF, REF]);
  });

  it('a check again refused by a 401: the earlier submit stays unknown, and says this one was not sent', async () => {
    storeWithdrawalDraft(reviewDraft({ inFlight: true }));
    submitAnswers.push(() =>
      json({ type: 'about:blank', title: 'Unauthorized', status: 401 }, 401),
    );
    renderPage();
    fireEvent.click(screen.getByRole('button', { name: 'Check again' }));
    await vi.waitFor(() => expect(isSessionEnded()).toBe(true));
    cleanup();
    resetSessionStatusForTests();
    renderPage();
    screen.getByText('Outcome unknown: not failed');
    screen.getByText(/the check again after it was not sent/);
    screen.getByRole('button', { name: 'Check again' });
  });

  it('says the console could not reach its server, with no made-up status', async () => {
    storeWithdrawalDraft(reviewDraft());
    submitAnswers.push(() => Promise.reject(new TypeError('Failed to fetch')));
    renderPage();
    fireEvent.click(screen.getByRole('button', { name: 'Submit withdrawal' }));
    const alert = await screen.findByText(/could not reach its server/);
    expect(alert.textContent).not.toContain('The request left');
    expect(screen.queryByText(/503/)).toBeNull();
    screen.getByRole('button', { name: 'Check again' });
  });

  it('says the service could not be reached when the BFF never got through', async () => {
    storeWithdrawalDraft(reviewDraft());
    submitAnswers.push(() =>
      json(
        {
          title: 'Bad Gateway',
          status: 502,
          detail: 'The upstream could not be reached.',
          outcome: 'unknown',
          ref_id: REF,
          upstream_reached: false,
        },
        502,
      ),
    );
    renderPage();
    fireEvent.click(screen.getByRole('button', { name: 'Submit withdrawal' }));
    const text = await screen.findByText(/could not reach the withdrawal service/);
    expect(text.textContent).not.toContain('The request left');
  });

  it('reads its own lost-then-recovered submit as created, not "Already submitted"', async () => {
    storeWithdrawalDraft(reviewDraft());
    submitAnswers.push(
      () => json({ title: 'Gateway Timeout', status: 504, outcome: 'unknown', ref_id: REF }, 504),
      () => json(transfer, 200, { 'Idempotent-Replayed': 'true' }),
    );
    renderPage();
    fireEvent.click(screen.getByRole('button', { name: 'Submit withdrawal' }));
    await screen.findByText(/The request left, but its answer was lost/);
    fireEvent.click(screen.getByRole('button', { name: 'Check again' }));
    await screen.findByText('Withdrawal created');
    expect(screen.queryByText('Already submitted')).toBeNull();
    screen.getByText(/Your earlier submit got through/);
  });

  it('takes an unknown profile back to the form instead of offering "Submit again"', async () => {
    storeWithdrawalDraft(reviewDraft());
    submitAnswers.push(() =>
      json({ title: 'Not Found', status: 404, detail: `No profile has the id ${PROFILE}` }, 404),
    );
    renderPage();
    fireEvent.click(screen.getByRole('button', { name: 'Submit withdrawal' }));
    await screen.findByText('Not known to the service');
    expect(screen.queryByRole('button', { name: 'Submit again' })).toBeNull();
    screen.getByText('Step 1 of 2: details');
  });

  it('counts down a 429 Retry-After before "Submit again" can be pressed', async () => {
    storeWithdrawalDraft(reviewDraft());
    submitAnswers.push(() =>
      json({ title: 'Too Many Requests', status: 429, detail: 'Slow down' }, 429, {
        'Retry-After': '30',
      }),
    );
    renderPage();
    fireEvent.click(screen.getByRole('button', { name: 'Submit withdrawal' }));
    await screen.findByText(/try again in 30 s/);
    const again = screen.getByRole('button', { name: 'Submit again' }) as HTMLButtonElement;
    expect(again.disabled).toBe(true);
  });

  // After a 403 Expired, "Submit again" resent the spent fee_id before a new quote came, and the
  // panel kept counting down a quote the service had already expired.
  it('after a 403 Expired quote: shows it expired and submits again only with a new quote, same ref_id', async () => {
    const quotesOn = {
      ...me,
      features: { ...me.features, fee_quotes: { enabled: true } },
    };
    const quote = (id: string) => ({
      id,
      fee: '0.0004',
      asset: 'ETH',
      amount: '1.5',
      expires_at: new Date(Date.now() + 120_000).toISOString(),
    });
    let renewed!: (response: Response) => void;
    const quotes: (() => Response | Promise<Response>)[] = [
      () => json(quote('q-1')),
      () => new Promise<Response>((resolve) => (renewed = resolve)),
    ];
    const sentBodies: Record<string, unknown>[] = [];
    submitAnswers.push(
      () => json({ title: 'Expired', status: 403, detail: 'The fee quote q-1 has expired' }, 403),
      () => json(transfer, 201),
    );
    answerFirst(fetchMock, (url, init) => {
      if (url.pathname === '/api/fee-quotes') return quotes.shift()!();
      if (url.pathname === '/api/withdrawals' && init?.method === 'POST')
        sentBodies.push(JSON.parse(String(init.body)) as Record<string, unknown>);
      return undefined;
    });
    storeWithdrawalDraft(reviewDraft());
    renderPage(quotesOn);

    const panel = await screen.findByRole('region', { name: 'Guaranteed fee' });
    await within(panel).findByRole('timer');
    expect(within(panel).getByRole('timer').textContent).toMatch(/^for \d+:\d\d$/);
    // The review names the fee id that is sent (it once listed "fee id" under "Not set").
    const review = screen.getByRole('region', { name: 'Review the withdrawal' });
    const feeIdShown = () => within(review).getByText('Fee id').nextElementSibling?.textContent;
    expect(feeIdShown()).toBe('q-1 (the guaranteed fee quote below)');
    expect(within(review).getByText('Not set').nextElementSibling?.textContent).not.toContain(
      'fee id',
    );
    // The console's attribution is said too: "Not set: metadata" while two pairs were sent.
    expect(within(review).getByText('Added on sending').nextElementSibling?.textContent).toMatch(
      /aoc_initiated_by and aoc_request_id .* aoc_approved_by when someone approves it/,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Submit withdrawal' }));
    await screen.findByText('Fee quote expired');
    expect(sentBodies[0]).toMatchObject({ fee_id: 'q-1', ref_id: REF });
    // Issue 26 item 3: words true to this screen (no fee id to leave empty here), and the fix,
    // "Get a new quote", is the primary action, not "Back to edit".
    const refusal = screen.getByText('Fee quote expired').parentElement!;
    expect(refusal.textContent).not.toContain('leave the fee id empty');
    expect(refusal.textContent).toContain('Get a new quote under “Guaranteed fee” below');
    expect(screen.getByRole('button', { name: 'Back to edit' }).className).not.toContain(
      'button--primary',
    );
    expect(screen.getByRole('button', { name: 'Get a new quote' }).className).toContain(
      'button--primary',
    );

    // The service's word wins over the page's clock: expired, and nothing to resend.
    expect(within(panel).getByRole('timer').textContent).toBe('Expired');
    const again = () => screen.getByRole('button', { name: 'Submit again' }) as HTMLButtonElement;
    expect(again().disabled).toBe(true);
    fireEvent.click(again());
    expect(sentBodies).toHaveLength(1);

    // One "Get a new quote" (the panel's); still blocked while the new quote is on its way.
    fireEvent.click(screen.getByRole('button', { name: 'Get a new quote' }));
    await vi.waitFor(() => expect(renewed).toBeTypeOf('function'));
    expect(again().disabled).toBe(true);
    expect(feeIdShown()).toContain('Asking for a guaranteed fee quote');
    renewed(json(quote('q-2')));
    await vi.waitFor(() => expect(again().disabled).toBe(false));
    expect(feeIdShown()).toBe('q-2 (the guaranteed fee quote below)');
    expect(within(panel).getByRole('timer').textContent).toMatch(/^for \d+:\d\d$/);

    fireEvent.click(again());
    await screen.findByText('Withdrawal created');
    expect(sentBodies[1]).toMatchObject({ fee_id: 'q-2', ref_id: REF });
  });
  // Issue 42 item 13: the panel for a fee id the service found expired (one typed under "More
  // fields", not the review's quote) was untested: its time, the fix by editing, no resend first.
  it('after a 403 Expired for a typed fee id: says when it expired and puts the edit first', async () => {
    submitAnswers.push(() =>
      json(
        {
          type: 'https://docs.example.com/problems/expired',
          title: 'Expired',
          status: 403,
          detail: 'The fee quote q-typed has expired',
          meta: { expired_at: '2026-11-23T09:58:00.000Z' },
        },
        403,
      ),
    );
    storeWithdrawalDraft(reviewDraft({ values: { ...values, fee_id: 'q-typed' } }));
    renderPage();
    fireEvent.click(screen.getByRole('button', { name: 'Submit withdrawal' }));
    const panel = (await screen.findByText('Fee quote expired')).parentElement!;
    expect(panel.textContent).toContain('The fee quote q-typed has expired');
    expect(panel.textContent).toMatch(/Expired at .*09:58/);
    expect(panel.textContent).toContain(
      'The fee id entered under “More fields” has expired: go back to edit',
    );
    expect(panel.textContent).not.toContain('Get a new quote');
    expect(screen.getByRole('button', { name: 'Back to edit' }).className).toContain(
      'button--primary',
    );
    expect(screen.getByRole('button', { name: 'Submit again' }).className).not.toContain(
      'button--primary',
    );
  });
});

// Issue 25, items 2 and 3: a quote is compared with the withdrawal before it is shown or used,
// and "Debit exactly" (total) asks no quote: the service refuses total + fee_id.
describe('NewWithdrawalPage: the guaranteed fee fits the withdrawal', () => {
  const quotesOn = { ...me, features: { ...me.features, fee_quotes: { enabled: true } } };
  const sentBodies: Record<string, unknown>[] = [];
  const quoteAsks: Record<string, unknown>[] = [];
  const listen = (quote: object) => {
    sentBodies.length = 0;
    quoteAsks.length = 0;
    submitAnswers.push(() => json(transfer, 201));
    answerFirst(fetchMock, (url, init) => {
      if (url.pathname === '/api/fee-quotes') {
        quoteAsks.push(JSON.parse(String(init?.body)) as Record<string, unknown>);
        return json(quote);
      }
      if (url.pathname === '/api/withdrawals' && init?.method === 'POST')
        sentBodies.push(JSON.parse(String(init.body)) as Record<string, unknown>);
      return undefined;
    });
  };
  const expiresAt = () => new Date(Date.now() + 120_000).toISOString();

  it('does not show or send a quote given for another withdrawal (an ETH review, a BTC quote)', async () => {
    listen({
      id: 'q-btc',
      fee: '0.00002',
      asset: 'BTC',
      amount: '1.5',
      crypto_network: 'BITCOIN',
      destination_address: 'bc1qrsfaa2mcfxffa59z09jeyx600m69jhphy70500',
      expires_at: expiresAt(),
    });
    storeWithdrawalDraft(reviewDraft());
    renderPage(quotesOn);
    const panel = await screen.findByRole('region', { name: 'Guaranteed fee' });
    await within(panel).findByText(/another asset, another network, another destination/);
    expect(within(panel).queryByRole('timer')).toBeNull();
    expect(within(panel).queryByText('0.00002')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Submit withdrawal' }));
    await screen.findByText('Withdrawal created');
    expect(sentBodies[0]).not.toHaveProperty('fee_id');
  });

  // A Submit offered before the forecast answered was taken back while the quote was asked, then
  // offered again: a click in between was lost (an e2e run, 29 November), and one just before went
  // without the guaranteed fee the review then showed.
  it('offers Submit once, when the quote the review shows has come, and sends its fee id', async () => {
    listen({ id: 'q-1', fee: '0.0004', asset: 'ETH', amount: '1.5', expires_at: expiresAt() });
    let answerForecast = () => {};
    answerFirst(fetchMock, (url, init) =>
      init?.method === 'POST' && url.pathname === '/api/withdrawals/forecast'
        ? new Promise<Response>((resolve) => {
            answerForecast = () => resolve(json({}));
          })
        : undefined,
    );
    storeWithdrawalDraft(reviewDraft());
    renderPage(quotesOn);
    const panel = await screen.findByRole('region', { name: 'Guaranteed fee' });
    expect(panel.textContent).toContain('Asking for a fee quote…');
    const submit = screen.getByRole('button', { name: 'Submit withdrawal' });
    expect(submit).toHaveProperty('disabled', true);
    expect(quoteAsks).toEqual([]);
    answerForecast();
    await within(panel).findByRole('timer');
    expect(panel.textContent).toContain('0.0004');
    expect(quoteAsks).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Submit withdrawal' })).toHaveProperty(
      'disabled',
      false,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Submit withdrawal' }));
    await screen.findByText('Withdrawal created');
    expect(sentBodies[0]).toMatchObject({ fee_id: 'q-1', ref_id: REF });
  });

  it('in "Debit exactly" asks no quote, says why, and sends the total without a fee_id', async () => {
    listen({ id: 'q-1', fee: '0.0004', asset: 'ETH', amount: '1.4996', expires_at: expiresAt() });
    storeWithdrawalDraft(reviewDraft({ values: { ...values, amount_mode: 'total' } }));
    renderPage(quotesOn);
    await screen.findByText(/needs “Send exactly”/);
    fireEvent.click(screen.getByRole('button', { name: 'Submit withdrawal' }));
    await screen.findByText('Withdrawal created');
    expect(quoteAsks).toEqual([]);
    expect(sentBodies[0]).toMatchObject({ total: '1.5' });
    expect(sentBodies[0]).not.toHaveProperty('fee_id');
  });
});
