import { fireEvent, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { CompanionFeatures } from '#contract/companion-features';
import { meResponse } from '#web/lib/testing/me-response';
import { addressBookEntry } from '#web/lib/testing/address-book-entry';
import { stubFetch } from '#web-test/fetch-stub';
import { json } from '#web-test/json-response';
import { EMPTY_WITHDRAWAL_FORM } from '../lib/withdrawal-form-model';
import { type WithdrawalDraft } from '../lib/withdrawal-draft';
import {
  renderNewWithdrawalPage,
  storeWithdrawalDraft,
} from '../pages/testing/render-new-withdrawal-page';

// Issue 24: the form asked for a profile UUID and an asset code as free text, learnt the balance
// only from a refusal, and said nothing of the limits or the USD value before sending.

const TREASURY = 'b7b77d82-e6a7-4ae9-9904-36231aedf985';
const OPS = '5f1c2a39-0d4e-4c8b-9a67-2b3c4d5e6f70';
const TRADING = '0e7d8c9b-1a2b-4c3d-8e4f-5a6b7c8d9e0f';
const BTC_ADDRESS = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';
const OPERATOR = { subject: 'op-1', name: 'Olive Operator' };
const RECENT_KEY = `asset-ops.withdrawals.recent-profiles.${OPERATOR.subject}`;

const PROFILES = [
  { id: TREASURY, nickname: 'Treasury', type: 'DEFAULT' },
  { id: OPS, nickname: 'Operations float', type: 'NORMAL' },
  { id: TRADING, nickname: 'Trading desk', type: 'NORMAL', description: null },
];

let available: string;
/** GET /api/withdrawal-limits' items (a test may send rules with members missing). */
let limitItems: unknown[];
beforeEach(() => {
  sessionStorage.clear();
  localStorage.clear();
  available = '1.5';
  limitItems = [
    {
      rule_id: 'btc-per-tx',
      transfer_types: ['CRYPTO_WITHDRAWAL'],
      period_seconds: '0',
      limit: '1',
      remaining: '1',
      limit_asset: 'BTC',
    },
    {
      rule_id: 'usd-daily',
      transfer_types: ['CRYPTO_WITHDRAWAL'],
      period_seconds: '86400',
      limit: '500000',
      remaining: '400000',
      limit_asset: 'USD',
    },
  ];
});

const fetchMock = stubFetch(async (input: RequestInfo | URL) => {
  const url = new URL(String(input), 'http://localhost');
  if (url.pathname === '/api/profiles') return json({ items: PROFILES, next_page_cursor: null });
  if (url.pathname === `/api/profiles/${TREASURY}/balances`)
    return json({
      items: [
        { asset: 'BTC', available, trading: '0' },
        { asset: 'ETH', available: '12', trading: '1' },
      ],
      read_at: '2026-11-26T10:02:03.000Z',
    });
  if (url.pathname === '/api/withdrawal-limits')
    return json({ items: limitItems, read_at: '2026-11-26T10:02:03.000Z' });
  if (url.pathname === '/api/prices')
    return json({
      prices: [{ asset: 'BTC', usd_price: '90000', snapshot_at: '2026-11-26T10:01:00.000Z' }],
    });
  if (url.pathname === '/api/addresses')
    return json({
      addresses: [addressBookEntry(BTC_ADDRESS, { crypto_network: 'BITCOIN' })],
    });
  if (url.pathname === '/api/approvals') return json({ requests: [] });
  throw new Error(`unexpected ${url.pathname}`);
});

const ON: Partial<CompanionFeatures> = {
  profiles: { enabled: true },
  transfer_limits: { enabled: true },
};

function renderPage(features: Partial<CompanionFeatures> = ON) {
  renderNewWithdrawalPage(meResponse(OPERATOR, ['viewer', 'withdrawal-initiator'], features));
}

const calls = (path: string) =>
  fetchMock.mock.calls.filter(([input]) => String(input).split('?')[0] === path);

/** A draft on the form (step 1) with everything but the amount filled in. */
function draftOnForm(values: Partial<typeof EMPTY_WITHDRAWAL_FORM> = {}) {
  const draft: WithdrawalDraft = {
    step: 'edit',
    values: {
      ...EMPTY_WITHDRAWAL_FORM,
      profile_id: TREASURY,
      asset: 'BTC',
      crypto_network: 'BITCOIN',
      destination_address: BTC_ADDRESS,
      ...values,
    },
  };
  storeWithdrawalDraft(draft);
}

/** The listbox a combobox controls. */
const listOf = (combobox: HTMLElement) =>
  document.getElementById(combobox.getAttribute('aria-controls')!)!;

/** The network (a select the draft does not fill in jsdom). */
const chooseNetwork = () =>
  fireEvent.change(screen.getByRole('combobox', { name: /^Network/ }), {
    target: { value: 'BITCOIN' },
  });

const amountField = () => screen.getByRole('textbox', { name: /Amount to send|Total to debit/ });

describe('the profile chooser', () => {
  it('narrows the profiles by nickname in the browser, recent first, and chooses by keyboard', async () => {
    localStorage.setItem(RECENT_KEY, JSON.stringify([TRADING]));
    renderPage();
    const box = screen.getByRole('combobox', { name: /Profile/ });
    expect(box.getAttribute('aria-expanded')).toBe('false');
    fireEvent.focus(box);
    const list = listOf(box);
    await within(list).findByText('Treasury');
    // The one used recently first, each with its id small under the nickname.
    const options = within(list).getAllByRole('option');
    expect(options[0]!.textContent).toContain('Trading desk');
    expect(options[0]!.textContent).toContain(TRADING);
    expect(options[0]!.textContent).toContain('used recently');

    for (const text of ['t', 'tr', 'tre', 'trea'])
      fireEvent.change(box, { target: { value: text } });
    expect(
      within(list)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual([`Treasury${TREASURY} · default profile`]);
    fireEvent.keyDown(box, { key: 'Enter' });
    expect((box as HTMLInputElement).value).toBe('Treasury');
    expect(box.getAttribute('aria-expanded')).toBe('false');
    // Read once for the form: typing asked the service nothing.
    expect(calls('/api/profiles')).toHaveLength(1);
    // Remembered for this operator, newest first.
    expect(JSON.parse(localStorage.getItem(RECENT_KEY)!)).toEqual([TREASURY, TRADING]);
    // Then the profile's assets, with what each has available.
    const asset = screen.getByRole('combobox', { name: /Asset/ });
    fireEvent.focus(asset);
    const assets = listOf(asset);
    await within(assets).findByRole('option', { name: 'BTC 1.5 available' });
    within(assets).getByRole('option', { name: 'ETH 12 available' });
    fireEvent.keyDown(asset, { key: 'ArrowDown' });
    fireEvent.keyDown(asset, { key: 'Enter' });
    expect((asset as HTMLInputElement).value).toBe('ETH');
  });

  it('takes a pasted id, listed or not, and sends it as profile_id', async () => {
    renderPage();
    const box = screen.getByRole('combobox', { name: /Profile/ });
    await within(listOf(box)).findByText('Treasury');
    const unlisted = '9A8B7C6D-5E4F-4A3B-8C2D-1E0F9A8B7C6D';
    fireEvent.change(box, { target: { value: unlisted } });
    within(listOf(box)).getByText('No profile by that nickname: paste its id');
    fireEvent.blur(box);
    expect((box as HTMLInputElement).value).toBe(unlisted.toLowerCase());
    // Its balances are asked for (the service says whether it exists).
    await vi.waitFor(() =>
      expect(calls(`/api/profiles/${unlisted.toLowerCase()}/balances`)).toHaveLength(1),
    );
  });

  it('is the field a failed review focuses first, as it stands first', async () => {
    renderPage();
    fireEvent.click(screen.getByRole('button', { name: 'Review withdrawal' }));
    const box = screen.getByRole('combobox', { name: /Profile/ });
    await vi.waitFor(() => expect(document.activeElement).toBe(box));
    expect(box.getAttribute('aria-invalid')).toBe('true');
  });

  it('falls back to typing the id, and says why, when the feature is off', async () => {
    const reason =
      'Profiles and balances are not available: the client lacks funding:read_profile.';
    renderPage({
      profiles: { enabled: false, reason },
      transfer_limits: { enabled: false, reason },
    });
    const field = screen.getByRole('textbox', { name: /Profile id/ });
    expect(field.getAttribute('aria-describedby')).toBeTruthy();
    screen.getByText(new RegExp(reason.replace(/[.]/g, '\\.')));
    expect(screen.queryByRole('combobox', { name: /Profile/ })).toBeNull();
    fireEvent.change(field, { target: { value: TREASURY } });
    // The asset is typed as before; nothing of balances or limits is asked.
    screen.getByRole('textbox', { name: /Asset/ });
    expect(calls('/api/profiles')).toHaveLength(0);
    expect(fetchMock.mock.calls.some(([u]) => String(u).includes('/balances'))).toBe(false);
    expect(calls('/api/withdrawal-limits')).toHaveLength(0);
  });
});

describe('the amount beside what is available', () => {
  it('offers Max: debit exactly the available balance, the fee taken out of it', async () => {
    draftOnForm();
    renderPage();
    await screen.findByText(/balance read at 10:02:03 UTC/);
    // The amount field itself says what is available.
    expect(amountField().getAttribute('aria-describedby')).toBeTruthy();
    expect(
      document.getElementById(amountField().getAttribute('aria-describedby')!.split(' ')[0]!)!
        .textContent,
    ).toBe('In BTC, as a plain decimal; 1.5 BTC available');
    fireEvent.click(screen.getByRole('button', { name: 'Max: debit all BTC available' }));
    expect(screen.getByRole('radio', { name: /Debit exactly/ })).toHaveProperty('checked', true);
    expect(amountField()).toHaveProperty('value', '1.5');
    expect(
      amountField().getAttribute('aria-label') ?? screen.getByText('Total to debit'),
    ).toBeTruthy();
    // Its USD value at the service's price, with the price's time.
    await screen.findByText('≈ 135,000.00 USD');
  });

  it('stops an amount above what is available before review, with the figures; a re-read settles it', async () => {
    draftOnForm({ amount_value: '2' });
    renderPage();
    await screen.findByText(/balance read at 10:02:03 UTC/);
    chooseNetwork();
    fireEvent.click(screen.getByRole('button', { name: 'Review withdrawal' }));
    await screen.findByText(
      'More than is available: 2 BTC asked, 1.5 BTC available (balance read at 10:02:03 UTC). Read the balance again if it has changed.',
    );
    screen.getByText('Step 1 of 2: details');
    // Topped up meanwhile: reading again lets the same amount through.
    available = '3';
    fireEvent.click(screen.getByRole('button', { name: 'Read again' }));
    await vi.waitFor(() => expect(screen.queryByText(/More than is available/)).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: 'Review withdrawal' }));
    await screen.findByText('Step 2 of 2: review and submit');
  });

  it('shows the limits left and flags a withdrawal above one, naming it (the service decides)', async () => {
    draftOnForm({ amount_value: '0.5' });
    renderPage();
    chooseNetwork();
    const limits = await screen.findByRole('group', { name: 'Withdrawal limits' });
    expect(limits.textContent).toContain('1 BTC per transaction');
    expect(limits.textContent).toContain('400,000 USD left of 500,000 USD per day');
    expect(screen.queryByText('Above a withdrawal limit')).toBeNull();
    fireEvent.change(amountField(), { target: { value: '1.2' } });
    await screen.findByText('Above a withdrawal limit');
    screen.getByText(/1\.2 BTC is above the limit of 1 BTC per transaction \(rule btc-per-tx\)/);
    // A warning only: the review still opens.
    fireEvent.click(screen.getByRole('button', { name: 'Review withdrawal' }));
    await screen.findByText('Step 2 of 2: review and submit');
  });
});

describe('the review', () => {
  it('shows the limits left when the service sent them with members missing (issue 37)', async () => {
    // A 1 BTC limit per transaction without `remaining`, `id` or `transfer_types`; a USD daily
    // limit without `rule_id` and `limit`. Both used to vanish, leaving the line empty.
    limitItems = [
      { rule_id: 'btc-per-tx', period_seconds: '0', limit: '1', limit_asset: 'BTC' },
      { period_seconds: '86400', remaining: '400000', limit_asset: 'USD' },
    ];
    draftOnForm({ amount_value: '0.5' });
    renderPage();
    chooseNetwork();
    fireEvent.click(screen.getByRole('button', { name: 'Review withdrawal' }));
    const card = await screen.findByRole('region', { name: 'Before you send' });
    const limits = await within(card).findByRole('group', { name: 'Withdrawal limits' });
    expect(limits.textContent).toContain('1 BTC per transaction');
    expect(limits.textContent).toContain('400,000 USD left per day');
  });

  it('says when the balance was read, offers a re-read, and shows the USD value and the limit left', async () => {
    draftOnForm({ amount_value: '0.5' });
    renderPage();
    await screen.findByText(/balance read at 10:02:03 UTC/);
    chooseNetwork();
    fireEvent.click(screen.getByRole('button', { name: 'Review withdrawal' }));
    const card = await screen.findByRole('region', { name: 'Before you send' });
    await within(card).findByText('Balance read at 10:02:03 UTC');
    // The profile by its nickname, not only the id the review lists.
    await within(card).findByText('Treasury');
    await within(card).findByText('≈ 45,000.00 USD');
    within(card).getByText(/at the service’s price of 10:01:00 UTC/);
    expect(within(card).getByRole('group', { name: 'Withdrawal limits' }).textContent).toContain(
      '1 BTC per transaction',
    );
    // A balance that fell since never blocks the send: it says so, the service decides.
    available = '0.1';
    fireEvent.click(within(card).getByRole('button', { name: 'Read again' }));
    await within(card).findByText(/More than is available: 0\.5 BTC asked/);
    expect(screen.getByRole('button', { name: 'Submit withdrawal' })).toHaveProperty(
      'disabled',
      false,
    );
  });

  // Issue 42 item 12: the form said "holds no LTC", then let it be reviewed and submitted to a 403.
  it('offers no Review while the profile holds none of the asset, and says why and what to do', async () => {
    draftOnForm({ asset: 'LTC', amount_value: '1' });
    renderPage();
    await screen.findByText('This profile holds no LTC');
    expect(screen.queryByRole('button', { name: 'Review withdrawal' })).toBeNull();
    screen.getByText(/Choose another asset or profile, or fund this profile/);
  });

  it('offers no Submit on a resumed review of an asset the profile holds none of', async () => {
    storeWithdrawalDraft({
      step: 'review',
      refId: 'ref-ltc',
      refFor: 'x',
      values: {
        ...EMPTY_WITHDRAWAL_FORM,
        profile_id: TREASURY,
        asset: 'LTC',
        crypto_network: 'BITCOIN',
        destination_address: BTC_ADDRESS,
        amount_value: '1',
      },
    });
    renderPage();
    await screen.findByText('This profile holds no LTC');
    screen.getByText(/Go back to edit to choose another asset or profile/);
    expect(screen.queryByRole('button', { name: 'Submit withdrawal' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Back to edit' }).className).toContain(
      'button--primary',
    );
  });
});
