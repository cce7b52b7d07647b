import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { CONSOLE_PROBLEM_TYPES } from '#contract/problem';
import { ApiError } from '#web/lib/api-error';
import { keepsRefId, outcomeFromError } from '../lib/withdrawal-outcome';
import { ComplianceRefusalNotice } from './compliance-refusal-notice';

// Issue 23: the allowlist's refusal offers saving the address for approval (the address editor,
// prefilled); a rejected destination says so. Both are told apart by their problem type.

const ADDRESS = 'ltc1qystvf565xkvzpyz88n0kwnkhmae633cm07e7rw';

function outcomeOf(problem: Record<string, unknown>) {
  const error = new ApiError(
    { status: 409, title: 'Conflict', ...problem } as ConstructorParameters<typeof ApiError>[0],
    new Headers({ 'content-type': 'application/problem+json' }),
  );
  return outcomeFromError(error);
}

function renderNotice(outcome: ReturnType<typeof outcomeOf>) {
  if (outcome.kind !== 'destination-not-approved') throw new Error(`got ${outcome.kind}`);
  render(
    <MemoryRouter initialEntries={['/withdrawals/new?draft=1']}>
      <ComplianceRefusalNotice outcome={outcome} />
    </MemoryRouter>,
  );
}

afterEach(cleanup);

describe('a destination refused by the gate', () => {
  it('not allowlisted: nothing sent, a link to save the address for approval, the same ref_id kept', () => {
    const outcome = outcomeOf({
      type: CONSOLE_PROBLEM_TYPES.destinationNotAllowlisted,
      title: 'Destination Not Allowlisted',
      detail: 'Withdrawals go only to approved destinations.',
      save_address: { crypto_network: 'LITECOIN', address: ADDRESS },
    });
    expect(outcome).toMatchObject({
      kind: 'destination-not-approved',
      refusal: 'not-allowlisted',
      saveAddress: { cryptoNetwork: 'LITECOIN', address: ADDRESS },
    });
    expect(keepsRefId(outcome)).toBe(true);
    renderNotice(outcome);
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('Not an approved destination');
    expect(alert.textContent).toContain('Nothing was sent');
    const link = screen.getByRole('link', { name: 'Save this address for approval' });
    const url = new URL(link.getAttribute('href') ?? '', 'http://localhost');
    expect(url.pathname).toBe('/addresses/new');
    expect(url.searchParams.get('crypto_network')).toBe('LITECOIN');
    expect(url.searchParams.get('address')).toBe(ADDRESS);
    expect(url.searchParams.get('return_to')).toBe('/withdrawals/new?draft=1');
  });

  it('rejected: says an approver rejected it, links the request, offers no save', () => {
    const outcome = outcomeOf({
      type: CONSOLE_PROBLEM_TYPES.destinationRejected,
      title: 'Destination Rejected',
      detail: 'An address approver rejected saving the destination ("Not our wallet").',
      approval_id: 'apr-1',
    });
    renderNotice(outcome);
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('Destination rejected');
    expect(alert.textContent).toContain('Not our wallet');
    expect(screen.getByRole('link', { name: 'Open the rejected request' })).toHaveProperty(
      'pathname',
      '/approvals/apr-1',
    );
    expect(screen.queryByRole('link', { name: 'Save this address for approval' })).toBeNull();
  });
});
