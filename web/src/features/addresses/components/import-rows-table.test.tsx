import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import type { AddressImportRow } from '#contract/address-import';
import { ImportRowsTable } from './import-rows-table';

// Issue 28 item 2: an address file's destination memo (the console's book) in the preview's diff.

const STELLAR = 'GCM5WUPIGTJ243PL4IW6N6JDHMI54LGGPUACJUM7FVRNXGWDZ4HJQ4GC';
const row = (line: number, fields: Partial<AddressImportRow>): AddressImportRow => ({
  line,
  kind: 'update',
  crypto_network: 'STELLAR',
  address: STELLAR,
  errors: [],
  diff: [],
  look_alikes: [],
  ...fields,
});

afterEach(cleanup);

describe('the import preview’s changes', () => {
  it('names the destination memo a row sets, changes or clears', () => {
    render(
      <ImportRowsTable
        rows={[
          row(2, { diff: [{ path: 'destination_memo', before: '777', after: '1234' }] }),
          row(3, { kind: 'create', diff: [{ path: 'destination_memo', after: '42' }] }),
          row(4, { diff: [{ path: 'destination_memo', before: '9' }] }),
        ]}
      />,
    );
    const cells = screen.getAllByText(/^Destination memo \(the console’s book\):/);
    expect(cells.map((li) => li.textContent)).toEqual([
      'Destination memo (the console’s book): 777 → 1234',
      'Destination memo (the console’s book): 42',
      'Destination memo (the console’s book): 9 → removed',
    ]);
  });
});

describe('a held row’s outcome', () => {
  const held = (line: number, approval: AddressImportRow['approval']) =>
    row(line, { outcome: 'awaiting_approval', approval_id: `req-${line}`, approval });
  const BEN = { subject: 'ben', name: 'Ben' };
  const AT = '2026-11-26T09:30:00.000Z';

  it('says what became of each request since: saved, rejected by whom, expired, still waiting', () => {
    render(
      <MemoryRouter>
        <ImportRowsTable
          rows={[
            held(2, {
              id: 'req-2',
              status: 'approved',
              decided_by: BEN,
              decided_at: AT,
              outcome: 'created',
            }),
            held(3, { id: 'req-3', status: 'rejected', decided_by: BEN, decided_at: AT }),
            held(4, { id: 'req-4', status: 'expired', decided_at: AT }),
            held(5, { id: 'req-5', status: 'pending', expires_at: AT }),
            held(6, { id: 'req-6', status: 'approved', decided_by: BEN, outcome: 'refused' }),
            // An older BFF (or a state it could not read): the stored outcome, as before.
            held(7, undefined),
          ]}
        />
      </MemoryRouter>,
    );
    const outcome = (line: number) => {
      const cells = within(screen.getByRole('row', { name: new RegExp(`^${line} `) })).getAllByRole(
        'cell',
      );
      return cells[cells.length - 1]!;
    };
    const words = (line: number) => outcome(line).textContent;
    expect(words(2)).toMatch(
      /^ApprovedApproved by Ben and saved\. 2026-11-26 09:30 UTCIts request$/,
    );
    expect(words(3)).toMatch('Rejected by Ben: nothing was saved. 2026-11-26 09:30 UTC');
    expect(words(4)).toMatch('Expired: nobody approved it in time, nothing was saved.');
    expect(words(5)).toMatch(/^Awaiting approvalExpires 2026-11-26 09:30 UTCIts request$/);
    expect(words(6)).toMatch('Approved by Ben but the service refused it: nothing was saved.');
    expect(words(7)).toMatch(/^Held for approvalIts request$/);
    for (const line of [2, 3, 4, 5, 6, 7])
      expect(
        within(outcome(line)).getByRole('link', { name: 'Its request' }).getAttribute('href'),
      ).toBe(`/approvals/req-${line}`);
  });
});
