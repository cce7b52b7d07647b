import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { AuditEvent } from '../../../../../contract/ledger';
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
});
