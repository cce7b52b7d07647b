import { describe, expect, it } from 'vitest';
import {
  batchIdOf,
  derivedRefId,
  headerErrors,
  parseMetadataCell,
  validateBatchRecords,
  type BatchRecord,
} from './batch-file';
import { totalsByAsset } from './withdrawal-batches';

const PROFILE = 'b7b77d82-e6a7-4ae9-9904-36231aedf985';
const EVM = '0x8Cf798A5D316af599dDE1D8dbEF58A98F47a6Ddc';
const BATCH = 'a'.repeat(24);

const record = (line: number, cells: Record<string, string>): BatchRecord => ({
  line,
  cells: {
    profile: PROFILE,
    asset: 'USDG',
    network: 'ETHEREUM',
    destination: EVM,
    amount: '1.50',
    ...cells,
  },
});

describe('batch ids and ref_ids', () => {
  it('derives the batch id from the content: the same file is the same batch', () => {
    const text = 'profile,asset\r\nx,y\r\n';
    expect(batchIdOf(text)).toMatch(/^[0-9a-f]{24}$/);
    expect(batchIdOf(text)).toBe(batchIdOf(`${text}`));
    expect(batchIdOf(text)).not.toBe(batchIdOf(`${text} `));
  });

  it('fixes each row ref_id from the batch id and the row number, or keeps the file own', () => {
    const rows = validateBatchRecords(
      [record(2, {}), record(3, { ref_id: 'payroll-7' }), record(4, {})],
      BATCH,
      { allowTestnet: false },
    );
    expect(rows.map((r) => r.ref_id)).toEqual([
      derivedRefId(BATCH, 1),
      'payroll-7',
      `batch-${BATCH}-3`,
    ]);
    expect(rows.every((r) => r.errors.length === 0 && r.request !== undefined)).toBe(true);
  });

  it('refuses a ref_id used twice in the file, on the later row', () => {
    const rows = validateBatchRecords(
      [record(2, { ref_id: 'x-1' }), record(3, { ref_id: 'x-1' })],
      BATCH,
      { allowTestnet: false },
    );
    expect(rows[0]!.errors).toEqual([]);
    expect(rows[1]!.errors).toEqual([
      { line: 3, column: 'ref_id', message: 'This ref_id is used by an earlier row' },
    ]);
  });
});

describe('row validation: the one withdrawal schema, errors by line and column', () => {
  it('reports each bad cell by its column', () => {
    const [row] = validateBatchRecords(
      [record(7, { asset: 'usdg!', destination: '0x123', amount: '-1' })],
      BATCH,
      { allowTestnet: false },
    );
    expect(row!.request).toBeUndefined();
    const columns = row!.errors.map((e) => e.column);
    expect(columns).toContain('asset');
    expect(columns).toContain('amount');
    expect(row!.errors.every((e) => e.line === 7)).toBe(true);
  });

  it('needs exactly one of amount and total', () => {
    const [both] = validateBatchRecords([record(2, { total: '2' })], BATCH, {
      allowTestnet: false,
    });
    expect(both!.errors.map((e) => e.column)).toContain('total');
    const [total] = validateBatchRecords([record(2, { amount: '', total: '2' })], BATCH, {
      allowTestnet: false,
    });
    expect(total!.errors).toEqual([]);
    expect(total!.request?.total).toBe('2');
  });

  it('refuses the console own attribution keys and too many pairs in metadata', () => {
    const [reserved] = validateBatchRecords(
      [record(2, { metadata: 'AOC_APPROVED_BY=me' })],
      BATCH,
      { allowTestnet: false },
    );
    expect(reserved!.errors[0]).toMatchObject({ column: 'metadata' });
    // Invisible characters do not hide one (issue 37 item 2): a zero-width space, a soft hyphen.
    for (const key of ['aoc\u200b_approved_by', 'aoc_initiated\u00ad_by', '\ufeffaoc_request_id']) {
      const [hidden] = validateBatchRecords([record(2, { metadata: `${key}=me` })], BATCH, {
        allowTestnet: false,
      });
      expect(hidden!.errors[0], key).toMatchObject({
        column: 'metadata',
        message: expect.stringContaining("the console's own key"),
      });
    }
    const [many] = validateBatchRecords([record(2, { metadata: 'a=1;b=2;c=3;d=4' })], BATCH, {
      allowTestnet: false,
    });
    expect(many!.errors[0]?.message).toMatch(/At most 3/);
  });

  it('names unknown and missing header columns', () => {
    expect(headerErrors(['profile', 'asset', 'network', 'destination', 'amount'])).toEqual([]);
    const errors = headerErrors(['profile', 'asset', 'dest', 'amount']);
    expect(errors.map((e) => e.column)).toEqual(['dest', 'network', 'destination']);
    expect(headerErrors(['profile', 'asset', 'network', 'destination'])[0]?.column).toBe('amount');
  });
});

describe('metadata cells', () => {
  it('reads key=value;key=value and a JSON object', () => {
    expect(parseMetadataCell('a=1; b = two ;')).toEqual({ ok: true, value: { a: '1', b: 'two' } });
    expect(parseMetadataCell('{"a":"1"}')).toEqual({ ok: true, value: { a: '1' } });
    expect(parseMetadataCell('')).toEqual({ ok: true });
  });

  it('refuses what it cannot read', () => {
    expect(parseMetadataCell('novalue')).toMatchObject({ ok: false });
    expect(parseMetadataCell('a=1;a=2')).toMatchObject({ ok: false });
    expect(parseMetadataCell('{"a":1}')).toMatchObject({ ok: false });
    expect(parseMetadataCell('{oops')).toMatchObject({ ok: false });
  });
});

it('totals per asset as decimal strings', () => {
  expect(
    totalsByAsset([
      { asset: 'USDG', amount: '0.1' },
      { asset: 'USDG', total: '0.2' },
      { asset: 'BTC', amount: '1' },
    ]),
  ).toEqual([
    { asset: 'USDG', quantity: '0.3' },
    { asset: 'BTC', quantity: '1' },
  ]);
});
