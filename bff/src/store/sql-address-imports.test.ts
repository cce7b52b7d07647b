import { describe, expect, it } from 'vitest';
import type { NewImportRow } from './address-import-port';
import { ALL_BACKENDS, skipWithoutServer, storeForSuite } from './testing/test-stores';

// An import row's outcome lives in address_import_outcomes (migration 026); a row whose outcome
// an instance of the previous version wrote into the row itself (a rolling restart) still reads
// it, and neither kind of row is pending again.

const operator = { subject: 'alice@example.com', name: 'Alice' };
const row = (line: number): NewImportRow => ({
  line,
  kind: 'create',
  crypto_network: 'ETHEREUM',
  address: `0x${String(line).padStart(40, '0')}`,
  request: { crypto_network: 'ETHEREUM', address: `0x${String(line).padStart(40, '0')}` },
  errors: [],
  diff: [],
  look_alikes: [],
});

describe.each(ALL_BACKENDS)('address import outcomes on %s', (backend) => {
  if (skipWithoutServer(backend)) return;
  const store = storeForSuite(backend, 'test_address_import_outcomes');
  let counter = 0;

  async function previewed(lines: number[]): Promise<string> {
    const id = `imp-${backend}-${++counter}`;
    const imports = store.addressImports!;
    await imports.create(id, operator);
    await imports.addRows(id, lines.map(row));
    await imports.finishPreview(id);
    return id;
  }

  it('a page of outcomes is read back with its rows; the rows with one are no longer pending', async () => {
    const imports = store.addressImports!;
    const id = await previewed([2, 3, 4, 5]);
    await imports.setOutcomes(id, [
      { line: 2, outcome: { outcome: 'created' } },
      { line: 4, outcome: { outcome: 'awaiting_approval', approvalId: 'apr-1' } },
      { line: 5, outcome: { outcome: 'refused', detail: 'Not this one' } },
    ]);
    const rows = await imports.rows(id, { limit: 10 });
    expect(rows.map((r) => [r.line, r.outcome, r.outcome_detail, r.approval_id])).toEqual([
      [2, 'created', undefined, undefined],
      [3, undefined, undefined, undefined],
      [4, 'awaiting_approval', undefined, 'apr-1'],
      [5, 'refused', 'Not this one', undefined],
    ]);
    expect((await imports.rows(id, { limit: 10, pending: true })).map((r) => r.line)).toEqual([3]);
    // From a line on: the page after line 3.
    expect((await imports.rows(id, { afterLine: 3, limit: 1 })).map((r) => r.line)).toEqual([4]);
    // An outcome set again replaces the first (an apply after a crash).
    await imports.setOutcomes(id, [{ line: 2, outcome: { outcome: 'updated' } }]);
    expect((await imports.rows(id, { limit: 1 }))[0]?.outcome).toBe('updated');
  });

  it('an outcome the previous version wrote into the row itself is read, and not pending', async () => {
    const imports = store.addressImports!;
    const id = await previewed([2, 3]);
    await store.db.query(
      `UPDATE address_import_rows SET outcome = 'created' WHERE import_id = $1 AND line = 2`,
      [id],
    );
    expect((await imports.rows(id, { limit: 10 })).map((r) => [r.line, r.outcome])).toEqual([
      [2, 'created'],
      [3, undefined],
    ]);
    expect((await imports.rows(id, { limit: 10, pending: true })).map((r) => r.line)).toEqual([3]);
  });
});
