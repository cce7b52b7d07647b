import { fireEvent, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { CONSOLE_PROBLEM_TYPES } from '#contract/problem';
import { resetSessionStatusForTests } from '#web/lib/session-status';
import { addressBookEntry } from '#web/lib/testing/address-book-entry';
import { stubFetch } from '#web-test/fetch-stub';
import { json } from '#web-test/json-response';
import { type WithdrawalDraft } from '../lib/withdrawal-draft';
import { renderStellarDraft } from './testing/render-new-withdrawal-page';

// On a memo network the address and its memo are one approved destination: the gate sends a
// withdrawal to a book address (allowlist on) only with the memo the book keeps. The form says so
// before the review, and the gate's refusal (422 naming `memo`) lands on the memo field.

const STELLAR = 'GB63EL64H3EVJTUGHBLMMFDREEUJYNA32D746YXTXB7FWYZIM6O6XU2L';
const entry = addressBookEntry(STELLAR, {
  key: `STELLAR:${STELLAR}:`,
  crypto_network: 'STELLAR',
  nickname: 'Exchange deposit',
  memo: '1001',
});

const MEMO_DIFFERS = {
  type: CONSOLE_PROBLEM_TYPES.destinationMemoDiffers,
  title: 'Destination Memo Differs',
  status: 422,
  detail: `The memo differs from the approved destination's: the address book keeps the memo “1001” for ${STELLAR} (STELLAR).`,
  errors: [{ path: 'memo', message: 'Differs from the memo of the approved destination (“1001”)' }],
};

beforeEach(() => {
  sessionStorage.clear();
  resetSessionStatusForTests();
});

stubFetch(async (input: RequestInfo | URL, init?: RequestInit) => {
  const url = new URL(String(input), 'http://localhost');
  if (init?.method === 'POST') return json(MEMO_DIFFERS, 422);
  if (url.pathname === '/api/addresses') return json({ addresses: [entry] });
  if (url.pathname === '/api/approvals') return json({ requests: [] });
  return json({ title: 'Not Found', status: 404 }, 404);
});
const renderDraft = (step: WithdrawalDraft['step'], memo: string) =>
  renderStellarDraft({ step, address: STELLAR, amount: '10', memo, refId: 'ref-xlm-memo' });

describe('a memo other than the address book’s', () => {
  it('the form says the book keeps another memo for this address', async () => {
    renderDraft('edit', '9999');
    const memo = await screen.findByRole('textbox', { name: 'Memo' });
    expect((memo as HTMLInputElement).value).toBe('9999');
    await expect.poll(() => memo.getAttribute('aria-describedby')).toBeTruthy();
    const hint = () =>
      document.getElementById(memo.getAttribute('aria-describedby')!.split(' ')[0]!)?.textContent;
    await expect.poll(hint).toMatch(/^Not the address book’s memo \(“1001”\)/);
  });

  it('the gate’s refusal goes back to the form with the error on the memo field', async () => {
    renderDraft('review', '9999');
    fireEvent.click(await screen.findByRole('button', { name: 'Submit withdrawal' }));
    await screen.findByText('Differs from the memo of the approved destination (“1001”)');
    screen.getByText('Step 1 of 2: details');
    expect(screen.queryByRole('button', { name: 'Submit again' })).toBeNull();
  });
});
