import { fireEvent, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ApprovalRequest } from '#contract/approvals';
import type { CompanionFeatures } from '#contract/companion-features';
import type { MeResponse } from '#contract/session';
import type { AddressBookEntry } from '#contract/address-book';
import { meResponse } from '#web/lib/testing/me-response';
import { answerFirst } from '#web/lib/testing/answer-first';
import { addressBookEntry } from '#web/lib/testing/address-book-entry';
import { approvalRequest, REQUESTED_BY_OLIVE } from '#web-test/approval-request';
import { stubFetch } from '#web-test/fetch-stub';
import { json } from '#web-test/json-response';
import { consoleClient, renderPage } from '#web-test/render-page';
import { ApprovalPage } from './approval-page';

const ADDRESS = '0x8Cf798A5D316af599dDE1D8dbEF58A98F47a6Ddc';

const request = approvalRequest({
  history: REQUESTED_BY_OLIVE,
  withdrawal: {
    profile_id: 'b7b77d82-e6a7-4ae9-9904-36231aedf985',
    asset: 'ETH',
    crypto_network: 'ETHEREUM',
    destination_address: ADDRESS,
    amount: '2',
    ref_id: 'ref-1',
  },
});

const session = (subject: string, features: Partial<CompanionFeatures> = {}): MeResponse =>
  meResponse(
    { subject, name: subject },
    ['viewer', 'withdrawal-initiator', 'withdrawal-approver', 'address-approver'],
    features,
  );

const posts = () =>
  fetchMock.mock.calls.filter(([, init]) => (init as RequestInit | undefined)?.method === 'POST');

const fetchMock = stubFetch(async (input: RequestInfo | URL, init?: RequestInit) => {
  const url = new URL(String(input), 'http://localhost');
  if (init?.method === 'POST' && url.pathname.endsWith('/reject')) {
    return json({ approval: { ...request, status: 'rejected' } });
  }
  if (url.pathname === '/api/approvals/apr-1') return json(request);
  if (url.pathname === '/api/addresses') return json({ addresses: [] });
  throw new Error(`unexpected ${url.pathname}`);
});

const renderAs = (subject: string, features: Partial<CompanionFeatures> = {}) =>
  renderPage(
    { '/approvals/:id': <ApprovalPage /> },
    {
      url: '/approvals/apr-1',
      session: session(subject, features),
      client: consoleClient(),
      suspense: true,
    },
  );

describe('ApprovalPage', () => {
  it('does not offer Approve to the initiator, and says why; Cancel is theirs', async () => {
    renderAs('op-1');
    await screen.findByRole('heading', { name: 'Withdrawal approval' });
    screen.getByText('You submitted this request: someone else must approve it.');
    expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Reject/ })).toBeNull();
    screen.getByRole('button', { name: 'Cancel my request' });
  });

  // "Cancel my request" cancelled at once: a stray click ended a request for good.
  it("cancels the initiator's request only after a confirmation", async () => {
    answerFirst(fetchMock, (url, init) =>
      init?.method === 'POST' && url.pathname.endsWith('/cancel')
        ? json({ approval: { ...request, status: 'cancelled' } })
        : undefined,
    );
    renderAs('op-1');
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel my request' }));
    expect(posts()).toHaveLength(0);
    screen.getByText('Cancel it? It will never be sent.');
    fireEvent.click(screen.getByRole('button', { name: 'Keep it' }));
    expect(posts()).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: 'Cancel my request' }));
    fireEvent.click(screen.getByRole('button', { name: 'Yes, cancel it' }));
    await vi.waitFor(() => expect(posts()).toHaveLength(1));
    expect(String(posts()[0]![0])).toBe('/api/approvals/apr-1/cancel');
  });

  it('shows another operator the same review, and Approve', async () => {
    renderAs('op-2');
    await screen.findByRole('heading', { name: 'Review the withdrawal' });
    screen.getByText('2 ETH');
    screen.getByRole('button', { name: 'Approve' });
    expect(screen.queryByRole('button', { name: 'Cancel my request' })).toBeNull();
    expect(screen.getByRole('region', { name: 'History' }).textContent).toContain(
      'Requested by Olive Operator',
    );
  });

  // Issue 24: the approver saw the USD value only when a USD rule held the withdrawal.
  it('shows the approver what the withdrawal is worth at the service’s price, with its time', async () => {
    answerFirst(fetchMock, (url) =>
      url.pathname === '/api/prices'
        ? json({
            prices: [{ asset: 'ETH', usd_price: '3000', snapshot_at: '2026-11-26T09:15:00.000Z' }],
          })
        : undefined,
    );
    renderAs('op-2');
    const facts = await screen.findByRole('region', { name: 'Request' });
    await within(facts).findByText('≈ 6,000.00 USD');
    within(facts).getByText(/at the service’s price of 09:15:00 UTC/);
  });

  it('says "no USD price" where the service has none, never 0', async () => {
    answerFirst(fetchMock, (url) =>
      url.pathname === '/api/prices' ? json({ prices: [] }) : undefined,
    );
    renderAs('op-2');
    const facts = await screen.findByRole('region', { name: 'Request' });
    await within(facts).findByText('no USD price');
    expect(within(facts).queryByText(/0\.00 USD/)).toBeNull();
  });

  // A double click on Approve sent two decisions: the second got a 409 "Conflict" under the
  // success (seen in Chromium).
  it('sends one decision for a double click on Approve', async () => {
    let answer!: (response: Response) => void;
    answerFirst(fetchMock, (url, init) =>
      init?.method === 'POST' && url.pathname.endsWith('/approve')
        ? new Promise<Response>((resolve) => (answer = resolve))
        : undefined,
    );
    renderAs('op-2');
    const approve = await screen.findByRole('button', { name: 'Approve' });
    fireEvent.click(approve);
    fireEvent.click(approve);
    await vi.waitFor(() => expect(answer).toBeTypeOf('function'));
    answer(
      json({ approval: { ...request, status: 'approved' }, submission: { outcome: 'created' } }),
    );
    await screen.findByText('Approved and sent: transfer created');
    expect(posts()).toHaveLength(1);
  });

  // The address approval page said "Approved and sent: transfer created … the withdrawal" after
  // an address was approved, kept "Nothing has been sent to the service yet", headed the decided
  // box "Not yours to decide", and ended the history with a stray "sent".
  it('an approved address change says saved, in address words, with nothing stale left', async () => {
    const addressRequest: ApprovalRequest = {
      ...request,
      id: 'apr-1',
      kind: 'address',
      target: `ETHEREUM:${ADDRESS.toLowerCase()}:`,
      reason: 'new address',
      withdrawal: undefined,
      address: {
        request: { crypto_network: 'ETHEREUM', address: ADDRESS, nickname: 'Cold wallet' },
        change: 'new',
        diff: [],
      },
    };
    const approved: ApprovalRequest = {
      ...addressRequest,
      status: 'approved',
      outcome: 'created',
      approvals: [{ operator: { subject: 'op-2', name: 'op-2' }, at: request.created_at }],
      history: [
        ...addressRequest.history,
        { kind: 'approved', at: request.created_at, operator: { subject: 'op-2', name: 'op-2' } },
        { kind: 'sent', at: request.created_at, detail: 'sent' },
      ],
    };
    answerFirst(fetchMock, (url, init) => {
      if (url.pathname === '/api/approvals/apr-1' && init?.method !== 'POST')
        return json(addressRequest);
      if (url.pathname === '/api/approvals/apr-1/approve')
        return json({ approval: approved, submission: { outcome: 'created' } });
      return undefined;
    });
    renderAs('op-2');
    await screen.findByText(/Nothing has been sent to the service yet/);
    fireEvent.click(await screen.findByRole('button', { name: 'Approve' }));
    await screen.findByText('Approved and saved');
    expect(screen.queryByText(/transfer created/)).toBeNull();
    expect(screen.queryByText(/Nothing has been sent to the service yet/)).toBeNull();
    screen.getByText('Decided');
    expect(screen.queryByText('Not yours to decide')).toBeNull();
    const history = screen.getByRole('region', { name: 'History' });
    within(history).getByText('Sent to the service');
    expect(within(history).queryByText('sent')).toBeNull();
  });

  it('needs a reason to reject, and sends it', async () => {
    renderAs('op-2');
    fireEvent.click(await screen.findByRole('button', { name: 'Reject…' }));
    fireEvent.click(screen.getByRole('button', { name: 'Reject' }));
    await screen.findByText('Say why');
    expect(posts()).toHaveLength(0);
    fireEvent.change(screen.getByRole('textbox', { name: /Why reject it/ }), {
      target: { value: 'Wrong destination' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Reject' }));
    await vi.waitFor(() => expect(posts()).toHaveLength(1));
    const [url, init] = posts()[0] as [string, RequestInit];
    expect(url).toBe('/api/approvals/apr-1/reject');
    expect(JSON.parse(String(init.body))).toEqual({ reason: 'Wrong destination' });
    await screen.findByText('Rejected');
  });

  // The approver only asked for a quote when the held body had no fee_id, but the initiator's form
  // always attaches one: approving hours later sent the initiator's (expired) quote.
  describe('with fee quotes on', () => {
    const quotesOn = { fee_quotes: { enabled: true } };
    const held: ApprovalRequest = {
      ...request,
      withdrawal: { ...request.withdrawal, fee_id: 'q-initiator' },
    };
    // Made when each test answers (not when the file loads): its countdown is checked to the second.
    const fresh = () => ({
      id: 'q-fresh',
      fee: '0.0004',
      asset: 'ETH',
      amount: '2',
      expires_at: new Date(Date.now() + 105_000).toISOString(),
    });
    let quoted: (response: Response) => void;
    let approveBody: unknown;

    beforeEach(() => {
      approveBody = undefined;
      fetchMock.mockImplementation(async (input: RequestInfo | URL, init?: RequestInit) => {
        const url = new URL(String(input), 'http://localhost');
        if (url.pathname === '/api/fee-quotes')
          return new Promise<Response>((resolve) => (quoted = resolve));
        if (url.pathname === '/api/approvals/apr-1/approve') {
          approveBody = JSON.parse(String(init?.body));
          return json({
            approval: { ...held, status: 'approved' },
            submission: { outcome: 'created' },
          });
        }
        if (url.pathname === '/api/approvals/apr-1') return json(held);
        if (url.pathname === '/api/addresses') return json({ addresses: [] });
        if (url.pathname === `/api/withdrawals/${held.target}`)
          return json({
            ref_id: held.target,
            status: 'created',
            operator: { subject: 'op-1', name: 'Olive Operator' },
            request_hash: 'h',
            request: held.withdrawal,
            created_at: held.created_at,
            updated_at: held.created_at,
            sent_request: {
              ...held.withdrawal,
              fee_id: 'q-fresh',
              metadata: { aoc_initiated_by: 'op-1', aoc_approved_by: 'op-2' },
            },
          });
        throw new Error(`unexpected ${url.pathname}`);
      });
    });

    const quoteCalls = () =>
      fetchMock.mock.calls.filter(([input]) => String(input).endsWith('/api/fee-quotes'));

    it("asks a fresh quote though the held body has the initiator's, shows it, and approves with its fee_id", async () => {
      renderAs('op-2', quotesOn);
      const approve = (await screen.findByRole('button', { name: 'Approve' })) as HTMLButtonElement;
      // Approve waits for the quote, as the initiator's submit does.
      expect(approve.disabled).toBe(true);
      await vi.waitFor(() => expect(quoteCalls()).toHaveLength(1));
      expect(JSON.parse(String((quoteCalls()[0]![1] as RequestInit).body))).toEqual({
        asset: 'ETH',
        crypto_network: 'ETHEREUM',
        destination_address: ADDRESS,
        amount: '2',
      });
      // The review names the fee id Approve sends: the fresh quote's, never the initiator's.
      const review = screen.getByRole('region', { name: 'Review the withdrawal' });
      const feeIdShown = () => within(review).getByText('Fee id').nextElementSibling?.textContent;
      expect(feeIdShown()).toContain('Asking for a guaranteed fee quote');
      expect(review.textContent).not.toContain('q-initiator');
      quoted(json(fresh()));

      const panel = await screen.findByRole('region', { name: 'Fee now' });
      await within(panel).findByText('0.0004 ETH');
      expect(feeIdShown()).toBe('q-fresh (the guaranteed fee quote below)');
      within(panel).getByText('2 ETH');
      within(panel).getByText('2.0004 ETH');
      expect(within(panel).getByRole('timer').textContent).toMatch(/^for 1:4\d$/);
      expect(panel.textContent).toContain("in place of the initiator's quote");

      await vi.waitFor(() => expect(approve.disabled).toBe(false));
      expect(quoteCalls()).toHaveLength(1);
      fireEvent.click(approve);
      await vi.waitFor(() => expect(approveBody).toEqual({ fee_id: 'q-fresh' }));
      await screen.findByText('Approved and sent: transfer created');
      expect(quoteCalls()).toHaveLength(1);
      // Decided, the review shows what the service received (it showed the held body, with the
      // initiator's replaced quote and without the attribution).
      await within(review).findByText(/as the service received it/);
      expect(feeIdShown()).toBe('q-fresh');
      expect(review.textContent).toContain('aoc_approved_by: op-2');
      expect(review.textContent).not.toContain('q-initiator');
    });

    it('an expired fresh quote holds Approve until a new one is there', async () => {
      renderAs('op-2', quotesOn);
      const approve = (await screen.findByRole('button', { name: 'Approve' })) as HTMLButtonElement;
      await vi.waitFor(() => expect(quoteCalls()).toHaveLength(1));
      quoted(
        json({ ...fresh(), id: 'q-old', expires_at: new Date(Date.now() - 1_000).toISOString() }),
      );
      const panel = await screen.findByRole('region', { name: 'Fee now' });
      await within(panel).findByText('Expired');
      expect(approve.disabled).toBe(true);
      fireEvent.click(within(panel).getByRole('button', { name: 'Get a new quote' }));
      await vi.waitFor(() => expect(quoteCalls()).toHaveLength(2));
      quoted(json(fresh()));
      await vi.waitFor(() => expect(approve.disabled).toBe(false));
      fireEvent.click(approve);
      await vi.waitFor(() => expect(approveBody).toEqual({ fee_id: 'q-fresh' }));
    });

    // Approving without a fresh quote sent the initiator's, hours old: refused as expired after
    // the approval. None at all is what an initiator whose quote failed sends too.
    it("a quote that cannot be had: Approve leaves out the initiator's, and the review says no fee id", async () => {
      renderAs('op-2', quotesOn);
      const approve = (await screen.findByRole('button', { name: 'Approve' })) as HTMLButtonElement;
      await vi.waitFor(() => expect(quoteCalls()).toHaveLength(1));
      quoted(
        new Response(JSON.stringify({ title: 'Bad Gateway', status: 502 }), {
          status: 502,
          headers: { 'Content-Type': 'application/problem+json' },
        }),
      );
      const panel = await screen.findByRole('region', { name: 'Fee now' });
      await within(panel).findByText(/Approving sends it without a guaranteed fee/);
      const review = screen.getByRole('region', { name: 'Review the withdrawal' });
      expect(review.textContent).not.toContain('q-initiator');
      expect(within(review).getByText('Not set').nextElementSibling?.textContent).toContain(
        'fee id',
      );
      await vi.waitFor(() => expect(approve.disabled).toBe(false));
      fireEvent.click(approve);
      await vi.waitFor(() => expect(approveBody).toEqual({ fee_id: null }));
    });

    it('asks no quote for a viewer who cannot approve (the initiator)', async () => {
      renderAs('op-1', quotesOn);
      await screen.findByRole('button', { name: 'Cancel my request' });
      expect(screen.queryByRole('region', { name: 'Fee now' })).toBeNull();
      expect(quoteCalls()).toHaveLength(0);
    });
  });

  it("shows the destination's Travel Rule status from the address book, read for its network", async () => {
    const entry = (over: Partial<AddressBookEntry>) => addressBookEntry(ADDRESS, over);
    answerFirst(fetchMock, (url) =>
      url.pathname === '/api/addresses'
        ? // Another network's entry at the same address is not this destination.
          json({
            addresses: [
              entry({ key: 'k0', crypto_network: 'POLYGON', nickname: 'Elsewhere' }),
              entry({}),
            ],
          })
        : undefined,
    );
    renderAs('op-2');
    const review = await screen.findByRole('region', { name: 'Review the withdrawal' });
    await within(review).findByText('Saved in the address book as “Treasury cold wallet”');
    within(review).getByText('Person: Ada Lovelace');
    within(review).getByText('On file');
    const book = fetchMock.mock.calls.find(([input]) => String(input).includes('/api/addresses'));
    expect(new URL(String(book![0]), 'http://localhost').searchParams.get('crypto_network')).toBe(
      'ETHEREUM',
    );
  });

  it('says Travel Rule data is missing for a destination not in the address book', async () => {
    renderAs('op-2');
    const review = await screen.findByRole('region', { name: 'Review the withdrawal' });
    await within(review).findByText('Not saved: neither in the address book nor at the service');
    within(review).getByText('Missing');
  });

  // A destination saved at the service (not through this console) read "Not in the address book,
  // Travel Rule missing" though its data was complete and the service took the withdrawal.
  describe('a destination the service holds but this console did not save', () => {
    const serviceOn = { service_addresses: { enabled: true } };
    const serviceAddress = (travelrule_metadata: unknown) => ({
      addresses: [
        {
          address: {
            id: 'sa-1',
            crypto_network: 'ETHEREUM',
            address: ADDRESS.toLowerCase(),
            nickname: 'Treasury (dashboard)',
            travelrule_metadata,
          },
          travel_rule: travelrule_metadata ? 'complete' : 'missing',
          travel_rule_gaps: [],
        },
      ],
    });
    const serviceReads = () =>
      fetchMock.mock.calls
        .map(([input]) => new URL(String(input), 'http://localhost'))
        .filter((url) => url.pathname === '/api/service-addresses');

    it('shows its nickname and its Travel Rule data as the service holds them', async () => {
      answerFirst(fetchMock, (url) =>
        url.pathname === '/api/service-addresses'
          ? json(
              serviceAddress({
                beneficiary: { person_details: { first_name: 'Ada', last_name: 'Lovelace' } },
                custodian_type: 'PRIVATE',
              }),
            )
          : undefined,
      );
      renderAs('op-2', serviceOn);
      const review = await screen.findByRole('region', { name: 'Review the withdrawal' });
      await within(review).findByText(
        'Saved at the service as “Treasury (dashboard)” (not through this console)',
      );
      within(review).getByText('On file');
      expect(within(review).queryByText(/Not saved|Not in the address book/)).toBeNull();
      expect(serviceReads()[0]?.searchParams.get('q')).toBe(ADDRESS);
      expect(serviceReads()[0]?.searchParams.get('crypto_network')).toBe('ETHEREUM');
    });

    it('says unknown, not missing, when the service cannot be asked', async () => {
      answerFirst(fetchMock, (url) =>
        url.pathname === '/api/service-addresses'
          ? json({ title: 'Forbidden', status: 403 }, 403)
          : undefined,
      );
      renderAs('op-2', serviceOn);
      const review = await screen.findByRole('region', { name: 'Review the withdrawal' });
      await within(review).findByText(/Unknown: the service.s saved addresses could not be read/);
      expect(within(review).queryByText('Missing')).toBeNull();
    });
  });
});
