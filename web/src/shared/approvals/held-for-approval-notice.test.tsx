import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { approvalRequest } from '#web-test/approval-request';
import { HeldForApprovalNotice } from './held-for-approval-notice';

afterEach(cleanup);

// The copy button announces through a status region of its own.
const heldNotice = () =>
  screen.getAllByRole('status').find((el) => el.textContent?.includes('Awaiting approval'))!;

const request = approvalRequest({
  id: 'apr 1',
  target: 'ref-77',
  initiator: { subject: 'op-1', name: 'Olive' },
  expires_at: '2026-11-24T10:00:00.000Z',
  required_approvals: 2,
  reason: 'BTC above 5',
  approvals: [{ operator: { subject: 'op-2', name: 'Pat' }, at: '2026-11-23T10:05:00.000Z' }],
});

describe('HeldForApprovalNotice', () => {
  it('says nothing was sent, how many approvals, who, until when, the ref_id and the link', () => {
    render(
      <MemoryRouter>
        <HeldForApprovalNotice approval={request} subject="withdrawal" />
      </MemoryRouter>,
    );
    const notice = heldNotice();
    within(notice).getByText('Awaiting approval');
    expect(notice.textContent).toContain('Nothing has been sent to the service yet');
    expect(notice.textContent).toContain('needs 2 approvals (BTC above 5)');
    expect(notice.textContent).toContain('Withdrawal approver role; 1 still missing');
    within(notice).getByText('ref-77');
    within(notice).getByText(/2026-11-24/);
    expect(
      within(notice).getByRole('link', { name: 'Open the approval request' }).getAttribute('href'),
    ).toBe('/approvals/apr%201');
    expect(notice.textContent).not.toMatch(/Submitted|Created/);
  });

  it('names the address approver role and no ref_id for an address change', () => {
    render(
      <MemoryRouter>
        <HeldForApprovalNotice
          approval={{ ...request, kind: 'address', required_approvals: 1, approvals: [] }}
          subject="new address"
        />
      </MemoryRouter>,
    );
    const notice = heldNotice();
    expect(notice.textContent).toContain('This new address needs 1 approval');
    expect(notice.textContent).toContain('Address approver role');
    expect(within(notice).queryByText('ref-77')).toBeNull();
  });
});
