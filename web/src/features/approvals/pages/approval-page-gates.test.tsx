import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ApprovalRequest } from '#contract/approvals';
import type { Role } from '#contract/session';
import { meResponse } from '#web/lib/testing/me-response';
import { approvalRequest } from '#web-test/approval-request';
import { stubFetch } from '#web-test/fetch-stub';
import { json } from '#web-test/json-response';
import { consoleClient, renderPage } from '#web-test/render-page';
import { ApprovalPage } from './approval-page';

const pending = approvalRequest();

const renderAt = (path: string, roles: Role[]) =>
  renderPage(
    { '/approvals/:id': <ApprovalPage /> },
    {
      url: path,
      session: meResponse({ subject: 'a', name: 'Ann' }, roles),
      client: consoleClient(),
      suspense: true,
    },
  );

/** Issue 42 item A: the BFF says Approve would be refused (the service would refuse it). */
const travelRuleMissing: ApprovalRequest = {
  ...pending,
  id: 'apr-tr',
  approve_refusal: {
    title: 'Travel Rule Information Required',
    detail:
      'A withdrawal worth 6,000.00 USD needs Travel Rule data (a beneficiary) on the destination 0xabc, and the service holds none',
  },
};

stubFetch(async (input: RequestInfo | URL) =>
  String(input) === '/api/approvals/apr-1' || String(input) === '/api/approvals/apr-tr'
    ? json(String(input).endsWith('apr-tr') ? travelRuleMissing : pending)
    : json(
        {
          type: 'about:blank',
          title: 'Not Found',
          status: 404,
          detail: 'No approval request apr-gone.',
        },
        404,
      ),
);

describe('ApprovalPage gates', () => {
  it('reads like every other 404: what is missing, what to check, no "Try again"', async () => {
    renderAt('/approvals/apr-gone', ['viewer']);
    await screen.findByRole('heading', { name: 'Approval request not found' });
    screen.getByText(/The link: it must be copied whole/);
    screen.getByText(/Whether the request expired or was decided/);
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says up front that deciding needs the approver role, before the review', async () => {
    renderAt('/approvals/apr-1', ['viewer']);
    const gate = await screen.findByText(
      'Approving or rejecting this request needs the Withdrawal approver role',
    );
    const facts = screen.getByRole('region', { name: 'Request' });
    // The gate comes first in the page, not after the review at the bottom.
    expect(gate.compareDocumentPosition(facts) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull();
  });

  it('offers no Approve the BFF would refuse (Travel Rule data missing): says why, Reject stays', async () => {
    renderAt('/approvals/apr-tr', ['viewer', 'withdrawal-approver']);
    await screen.findByText('Cannot be approved now: Travel Rule Information Required');
    screen.getByText(/worth 6,000.00 USD needs Travel Rule data/);
    expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull();
    screen.getByRole('button', { name: 'Reject…' });
  });
});
