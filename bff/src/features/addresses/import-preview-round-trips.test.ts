import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { ADDRESS_CSV_COLUMNS } from '#contract/address-csv';
import type { Environment } from '#contract/session';
import type { AddressImportStore, NewImportRow } from '#bff/store/address-import-port';
import { previewImport } from './import-preview';

// A 5,000-row preview took 10.8 s (issue 41 item 5): four store round trips a row (the book,
// the file's earlier line, the file's look-alikes, the insert). The file's own checks now read
// what the preview has seen, and the rows are classified against the book and written in
// batches (one read and one write a batch); the rules stay the same.

const ROWS = 600;

function addressOf(i: number): string {
  return `0x${createHash('sha1').update(`payout ${i}`).digest('hex')}`;
}

function fileOf(addresses: string[]): Readable {
  const line = (address: string, i: number) =>
    ADDRESS_CSV_COLUMNS.map((column) =>
      column === 'network'
        ? 'ETHEREUM'
        : column === 'address'
          ? address
          : column === 'nickname'
            ? `Payout ${i}`
            : column === 'bookmark'
              ? 'no'
              : column === 'beneficiary_kind'
                ? 'institution'
                : column === 'beneficiary_institution_name'
                  ? `Customer ${i} GmbH`
                  : column === 'custody'
                    ? 'PRIVATE'
                    : '',
    ).join(',');
  return Readable.from([`${[ADDRESS_CSV_COLUMNS.join(','), ...addresses.map(line)].join('\n')}\n`]);
}

function countingStore() {
  const calls = { reads: 0, writes: 0 };
  const rows: NewImportRow[] = [];
  const store = {
    create: async () => undefined,
    addRow: async (_id: string, row: NewImportRow) => {
      calls.writes++;
      rows.push(row);
    },
    addRows: async (_id: string, batch: readonly NewImportRow[]) => {
      calls.writes++;
      rows.push(...batch);
    },
    sameProbe: async (_id: string, probe: string) => {
      calls.reads++;
      return rows
        .filter((row) => row.probe === probe)
        .slice(0, 20)
        .map((row) => ({
          line: row.line,
          crypto_network: row.crypto_network!,
          address: row.address!,
        }));
    },
    lineOf: async (_id: string, key: string) => {
      calls.reads++;
      return rows.find((row) => row.destinationKey === key)?.line;
    },
    finishPreview: async () => undefined,
  } as unknown as AddressImportStore;
  return { calls, rows, store };
}

describe('the address import preview', () => {
  it('checks a file in a few store writes, with the same duplicate and look-alike findings', async () => {
    const { calls, rows, store } = countingStore();
    const addresses = Array.from({ length: ROWS }, (_, i) => addressOf(i));
    // Line 3 repeats line 2; the last row shares the first row's start and end (a look-alike).
    addresses[1] = addresses[0]!;
    const first = addresses[0]!;
    addresses[ROWS - 1] = `${first.slice(0, 8)}${'0'.repeat(first.length - 14)}${first.slice(-6)}`;
    let bookReads = 0;
    await previewImport(
      {
        environment: { allow_testnet: false } as Environment,
        addressBook: {
          getMany: async () => {
            bookReads++;
            return new Map();
          },
        },
        imports: store,
        destinations: {
          lookAlikeIndex: async () =>
            ({ serviceHeld: () => undefined, lookAlikes: () => [] }) as never,
        },
      },
      fileOf(addresses),
      { subject: 'op', name: 'Operator' },
    );
    expect(rows).toHaveLength(ROWS);
    expect(rows.map((row) => row.line)).toEqual(rows.map((_, i) => i + 2));
    expect(rows[1]!.kind).toBe('invalid');
    expect(rows[1]!.errors).toEqual([
      { column: 'address', message: 'The same destination is on line 2' },
    ]);
    expect(rows[ROWS - 1]!.look_alikes).toEqual(
      expect.arrayContaining([expect.objectContaining({ source: 'file', line: 2 })]),
    );
    expect(calls.reads).toBe(0);
    expect(calls.writes).toBeLessThanOrEqual(Math.ceil(ROWS / 250) + 1);
    expect(bookReads).toBe(Math.ceil(ROWS / 250));
  });
});
