import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { AuditEvent } from '#contract/audit';
import { AuditTable } from './audit-table';

// Issue 13, item 7: an address update read "created" and the trail could not say what changed.

afterEach(cleanup);

const event = (id: string, over: Partial<AuditEvent>): AuditEvent => ({
  id,
  at: '2026-11-22T12:00:00.000Z',
  operator_subject: 'alice@example.com',
  roles: ['address-editor'],
  action: 'address.put',
  target: 'ETHEREUM:0x3a8e9b7c8d340626315788b48060469dfd080775:',
  request_hash: `hash-${id}`,
  outcome: 'created',
  request_id: `req-${id}`,
  ...over,
});

const rowOf = (requestId: string) => screen.getByText(`req-${requestId}`).closest('tr')!;

describe('AuditTable', () => {
  it('says an update is an update and names the fields it changed', () => {
    render(
      <AuditTable
        caption="Audit events"
        events={[
          event('3', { outcome: 'updated', changed_fields: [] }),
          event('2', {
            outcome: 'updated',
            changed_fields: ['nickname', 'travelrule_metadata.vasp.id'],
          }),
          event('1', { outcome: 'created' }),
        ]}
      />,
    );
    const updated = rowOf('2');
    expect(updated.textContent).toContain('Updated');
    expect(updated.querySelector('.badge--unknown')).toBeNull();
    expect(updated.textContent).toContain('Nickname');
    expect(updated.textContent).toContain('VASP');
    expect(rowOf('3').textContent).toContain('Nothing changed');
    const created = rowOf('1');
    expect(created.textContent).toContain('Created');
    expect(created.textContent).not.toContain('Nothing changed');
  });

  // The four-eyes outcomes showed as raw words ("awaiting_approval"), and an approver's rejection
  // read "Rejected (BFF)", the label of a request the BFF refused.
  it('says the four-eyes outcomes in words, and an approver’s rejection as a rejection', () => {
    render(
      <AuditTable
        caption="Audit events"
        events={[
          event('a', { action: 'withdrawal.submit', outcome: 'awaiting_approval' }),
          event('b', { action: 'approval.reject', outcome: 'rejected' }),
          event('c', { action: 'withdrawal.submit', outcome: 'rejected' }),
          event('d', { action: 'approval.approve', outcome: 'refused-destination' }),
          event('e', { action: 'approval.expire', outcome: 'expired' }),
          event('f', { action: 'withdrawal.submit', outcome: 'something-new' }),
        ]}
      />,
    );
    expect(rowOf('a').textContent).toContain('Held for approval');
    expect(rowOf('b').textContent).toContain('Rejected');
    expect(rowOf('b').textContent).not.toContain('Rejected (BFF)');
    expect(rowOf('c').textContent).toContain('Rejected (BFF)');
    expect(rowOf('d').textContent).toContain('Destination not approved');
    expect(rowOf('e').textContent).toContain('Expired');
    for (const id of ['a', 'b', 'c', 'd', 'e'])
      expect(rowOf(id).querySelector('.badge--unknown')).toBeNull();
    // A word this console does not know yet still shows, as it is.
    expect(rowOf('f').querySelector('.badge--unknown')?.textContent).toBe('something-new');
  });

  // Issue 26, item 13: "Changed" had names only, targets were raw keys, and an approved send read
  // as the last approver's own withdrawal.
  it('shows before → after of nickname, bookmark, custody and VASP; personal data by name only', () => {
    render(
      <AuditTable
        caption="Audit events"
        events={[
          event('v', {
            outcome: 'updated',
            changed_fields: [
              'bookmarked_status',
              'nickname',
              'travelrule_metadata.beneficiary.person_details.last_name',
              'travelrule_metadata.custodian_type',
              'travelrule_metadata.vasp.id',
            ],
            change_values: [
              { path: 'bookmarked_status', before: 'false', after: 'true' },
              { path: 'nickname', before: 'Cold one', after: 'Kraken deposit' },
              { path: 'travelrule_metadata.custodian_type', before: 'PRIVATE', after: 'VASP' },
              { path: 'travelrule_metadata.vasp.id', after: 'vasp-kraken' },
            ],
          }),
        ]}
      />,
    );
    const row = rowOf('v').textContent ?? '';
    expect(row).toContain('Nickname: “Cold one” → “Kraken deposit”');
    expect(row).toContain('Bookmarked: “no” → “yes”');
    expect(row).toContain('Custody: “self-hosted wallet” → “a VASP”');
    expect(row).toContain('VASP id: not set → “vasp-kraken”');
    expect(row).toMatch(/Beneficiary last name(?!:)/);
  });

  it('says the target in words and names the approvers of an approved send', () => {
    render(
      <AuditTable
        caption="Audit events"
        events={[
          event('t', { target: 'BNB:0x9040a1e2b3c4d5e6f708192a3b4c5d6e7f80a638:' }),
          event('s', {
            action: 'withdrawal.submit',
            operator_subject: 'ana',
            roles: ['withdrawal-initiator'],
            target: 'inv-7',
            approved_by: [{ subject: 'ben', name: 'Ben Approver' }],
          }),
        ]}
      />,
    );
    const target = rowOf('t');
    expect(target.textContent).toContain('BNB Smart Chain address 0x9040…a638');
    expect(target.textContent).not.toContain('BNB:0x');
    expect(target.querySelector('[title^="BNB:0x9040"]')).not.toBeNull();
    const sent = rowOf('s').textContent ?? '';
    expect(sent).toContain('ana');
    expect(sent).toContain('Approved by Ben Approver (ben)');
    expect(sent).toContain('Withdrawal inv-7');
  });
});
