import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { resetSessionStatusForTests } from '#web/lib/session-status';
import { stubFetch } from '#web-test/fetch-stub';
import { json } from '#web-test/json-response';
import { renderStellarDraft } from './testing/render-new-withdrawal-page';

// Issue 26 item 5: the memo warning (XLM to a known exchange address) showed in the form only;
// the review, where the operator submits, said nothing.

const EXCHANGE_STELLAR = 'GCHXEO66VNRZTBFPCWG56LTZ56BCTQNSEEX64JQEAWYNWZXZS5P65L5G';

beforeEach(() => {
  sessionStorage.clear();
  resetSessionStatusForTests();
});

stubFetch(async (input: RequestInfo | URL) => {
  const url = new URL(String(input), 'http://localhost');
  if (url.pathname === '/api/addresses') return json({ addresses: [] });
  return json({ title: 'Not Found', status: 404 }, 404);
});
const renderReview = (memo: string) =>
  renderStellarDraft({
    step: 'review',
    address: EXCHANGE_STELLAR,
    amount: '100',
    memo,
    refId: 'ref-xlm-1',
  });

describe('the review repeats the memo warning', () => {
  it('XLM to a known exchange deposit address without a memo: warned again before submit', async () => {
    renderReview('');
    await screen.findByText('Step 2 of 2: review and submit');
    const warning = screen.getByRole('alert');
    expect(warning.textContent).toContain('A memo is probably needed');
    expect(warning.textContent).toContain('known exchange deposit address');
    expect(warning.textContent).toContain('This withdrawal has no memo');
  });

  it('with a memo: no warning', async () => {
    renderReview('884422');
    await screen.findByText('Step 2 of 2: review and submit');
    expect(screen.queryByText('A memo is probably needed')).toBeNull();
  });
});
