import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { NO_APPROVALS_POLICY } from '#contract/approvals';
import { CONSOLE_PROBLEM_TYPES } from '#contract/problem';
import { ApiError } from '#web/lib/api-error';
import { meResponse } from '#web/lib/testing/me-response';
import { consoleClient, renderPage } from '#web-test/render-page';
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
  // A policy that holds address changes: bringing an archived address back needs an approval.
  const session = {
    ...meResponse({ subject: 'a', name: 'Ann' }, ['withdrawal-initiator']),
    approval_policy: {
      ...NO_APPROVALS_POLICY,
      addresses: { ...NO_APPROVALS_POLICY.addresses, new_addresses: true },
    },
  };
  renderPage(<ComplianceRefusalNotice outcome={outcome} />, {
    url: '/withdrawals/new?draft=1',
    session,
    client: consoleClient(),
    suspense: true,
  });
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

  it('archived (issue 42 B): "Destination archived", not a ref_id conflict, with the way to bring it back', () => {
    const outcome = outcomeOf({
      type: CONSOLE_PROBLEM_TYPES.destinationArchived,
      title: 'Destination Archived',
      detail: `The destination ${ADDRESS} (LITECOIN) is archived in the address book.`,
      destination: { crypto_network: 'LITECOIN', address: ADDRESS },
    });
    expect(outcome).toMatchObject({ kind: 'destination-not-approved', refusal: 'archived' });
    expect(keepsRefId(outcome)).toBe(true);
    renderNotice(outcome);
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('Destination archived');
    expect(alert.textContent).not.toContain('another withdrawal');
    const link = screen.getByRole('link', { name: 'Bring it back (needs approval)' });
    const url = new URL(link.getAttribute('href') ?? '', 'http://localhost');
    expect(url.pathname).toBe('/addresses');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      archived: 'only',
      crypto_network: 'LITECOIN',
      q: ADDRESS,
    });
  });
});
