import fc from 'fast-check';
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import {
  ADDRESS_CSV_COLUMNS,
  ADDRESS_CSV_HEADER,
  addressCsvCell,
  addressCsvHeaderErrors,
  addressCsvLine,
  addressCsvRecord,
  addressRequestFromCsv,
  readAddressCsvCell,
  type AddressCsvRecord,
} from './address-csv';

const options = { allowTestnet: false };
const EVM = '0x8Cf798A5D316af599dDE1D8dbEF58A98F47a6Ddc';

/** A line of the export read back as papaparse reads a file. */
function readBack(line: string): AddressCsvRecord {
  const rows = Papa.parse<string[]>(ADDRESS_CSV_HEADER + line, {
    header: false,
    delimiter: ',',
  }).data;
  return Object.fromEntries(ADDRESS_CSV_COLUMNS.map((c, i) => [c, rows[1]?.[i] ?? '']));
}

describe('address file cells', () => {
  it('guards formulas and reads any text back exactly (export then import)', () => {
    expect(addressCsvCell('=1+2')).toBe("'=1+2");
    expect(addressCsvCell("'quoted")).toBe("''quoted");
    fc.assert(
      fc.property(fc.string({ maxLength: 40 }), (text) => {
        const value = text.trim();
        const [cells] = Papa.parse<string[]>(addressCsvCell(value), {
          header: false,
          delimiter: ',',
        }).data;
        expect(readAddressCsvCell(cells?.[0] ?? '')).toBe(value);
      }),
    );
  });

  it('names a misspelt or missing column of the header', () => {
    expect(addressCsvHeaderErrors(['network', 'adress'])).toEqual([
      { column: 'address', message: 'This column is required' },
      expect.objectContaining({ column: 'adress' }),
    ]);
    expect(addressCsvHeaderErrors([...ADDRESS_CSV_COLUMNS])).toEqual([]);
  });
});

describe('addressRequestFromCsv', () => {
  it('reads a row as the editor’s PUT body', () => {
    const result = addressRequestFromCsv(
      {
        network: 'ethereum',
        address: EVM,
        nickname: 'Treasury',
        bookmark: 'yes',
        beneficiary_kind: 'Person',
        beneficiary_first_name: 'José',
        beneficiary_last_name: 'Müller',
        city: 'Berlin',
        country: 'deu',
        custody: 'VASP',
        vasp_id: 'vasp-kraken',
        transfer_purpose: 'Payroll',
      },
      options,
    );
    expect(result).toEqual({
      ok: true,
      request: {
        crypto_network: 'ETHEREUM',
        address: EVM,
        nickname: 'Treasury',
        bookmarked_status: true,
        travelrule_metadata: {
          beneficiary: {
            person_details: {
              first_name: 'José',
              last_name: 'Müller',
              physical_address: { city: 'Berlin', country: 'DEU' },
            },
          },
          vasp: { id: 'vasp-kraken' },
          custodian_type: 'VASP',
          transfer_purpose: 'Payroll',
        },
      },
    });
  });

  it('reads the network as the console names it, and says what an unknown one looks like (issue 42, item 12)', () => {
    const row = (network: string) =>
      addressRequestFromCsv({ network, address: EVM, bookmark: 'no' }, options);
    expect(row('Polygon PoS')).toMatchObject({
      ok: true,
      request: { crypto_network: 'POLYGON_POS' },
    });
    expect(row('polygon_pos')).toMatchObject({
      ok: true,
      request: { crypto_network: 'POLYGON_POS' },
    });
    expect(row('POLYGON')).toEqual({
      ok: false,
      errors: [
        {
          column: 'network',
          message: 'POLYGON is not a network name: write POLYGON_POS (Polygon PoS)',
        },
      ],
    });
    const nowhere = row('Nowhere');
    expect(nowhere.ok ? '' : nowhere.errors[0]?.message).toMatch(
      /^Nowhere is not a network name: write one of BITCOIN, ETHEREUM/,
    );
  });

  it('names the column of every problem (checksum, Travel Rule shape, the service’s characters)', () => {
    const result = addressRequestFromCsv(
      {
        network: 'ETHEREUM',
        address: EVM.replace('Cf7', 'cf7'),
        bookmark: 'maybe',
        beneficiary_kind: 'institution',
        city: 'São Paulo',
        country: 'BRA',
        custody: 'VASP',
      },
      options,
    );
    expect(result.ok).toBe(false);
    const columns = result.ok ? [] : result.errors.map((e) => e.column);
    expect(new Set(columns)).toEqual(
      new Set(['bookmark', 'address', 'beneficiary_institution_name', 'city', 'vasp_id']),
    );
  });

  it('reads an exported saved address back as the same body (old field names as the new)', () => {
    const saved = {
      id: 'a1',
      address: EVM,
      crypto_network: 'ETHEREUM',
      nickname: '=HYPERLINK("x")',
      bookmarked: true,
      travelrule_metadata: {
        beneficiary: {
          institution_details: {
            name: 'Acme, Inc.',
            physical_address: { street_line_1: 'Main St 1', country_code: 'US' },
          },
        },
        custodian_type: 'VASP' as const,
        vasp: { id: 'vasp-kraken', name: 'Kraken' },
      },
    };
    const line = addressCsvLine(addressCsvRecord('ETHEREUM', saved));
    expect(line).toContain(`"'=HYPERLINK(""x"")"`);
    const result = addressRequestFromCsv(readBack(line), options);
    expect(result).toEqual({
      ok: true,
      request: {
        crypto_network: 'ETHEREUM',
        address: EVM,
        nickname: '=HYPERLINK("x")',
        bookmarked_status: true,
        travelrule_metadata: {
          beneficiary: {
            institution_details: {
              name: 'Acme, Inc.',
              physical_address: { address1: 'Main St 1', country: 'USA' },
            },
          },
          vasp: { id: 'vasp-kraken' },
          custodian_type: 'VASP',
        },
      },
      // The export always writes the column: an empty cell is "no memo".
      memo: '',
    });
  });
});

// Issue 28 item 2 with issue 26 item 5: the destination memo kept in the book travels in the file.
describe('the destination_memo column', () => {
  const STELLAR = 'GCM5WUPIGTJ243PL4IW6N6JDHMI54LGGPUACJUM7FVRNXGWDZ4HJQ4GC';
  const stellar = { network: 'STELLAR', address: STELLAR, bookmark: 'no' };

  it('is exported from the book and read back as the same memo, formula-guarded', () => {
    const saved = { id: 's1', address: STELLAR, crypto_network: 'STELLAR', bookmarked: false };
    for (const memo of ['884422', '-12', '=1+2', "'quoted", 'Ref: 7, desk']) {
      const line = addressCsvLine(addressCsvRecord('STELLAR', saved, memo));
      if (memo === '=1+2') expect(line).toContain(",'=1+2");
      const result = addressRequestFromCsv(readBack(line), options);
      expect(result).toMatchObject({ ok: true, memo });
    }
    // No memo in the book: an empty cell, read back as none.
    const none = addressRequestFromCsv(
      readBack(addressCsvLine(addressCsvRecord('STELLAR', saved))),
      options,
    );
    expect(none).toMatchObject({ ok: true, memo: '' });
  });

  it('is left out when the file has no such column (the book keeps its memo)', () => {
    const result = addressRequestFromCsv(stellar, options);
    expect(result.ok && 'memo' in result).toBe(false);
  });

  it('is refused on a network that uses no memo, and past 100 characters', () => {
    const evm = addressRequestFromCsv(
      { network: 'ETHEREUM', address: EVM, destination_memo: '42' },
      options,
    );
    expect(evm).toEqual({
      ok: false,
      errors: [
        {
          column: 'destination_memo',
          message: 'ETHEREUM uses no destination memo: leave the cell empty',
        },
      ],
    });
    expect(
      addressRequestFromCsv({ network: 'ETHEREUM', address: EVM, destination_memo: '' }, options),
    ).toMatchObject({ ok: true, memo: '' });
    const long = addressRequestFromCsv({ ...stellar, destination_memo: 'x'.repeat(101) }, options);
    expect(long.ok ? [] : long.errors.map((e) => e.column)).toEqual(['destination_memo']);
  });
});
