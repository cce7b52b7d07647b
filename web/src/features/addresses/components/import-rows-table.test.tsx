import { cleanup, render, screen } from '@testing-library/react';
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
