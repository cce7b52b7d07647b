import type { ZodError } from 'zod';
import { SetAddressMemoRequestSchema } from './address-book';
import { alpha3FromAlpha2 } from './countries';
import { csvCell } from './csv-cell';
import {
  createPutCryptoDestinationAddressRequestSchema,
  type CryptoDestinationAddress,
  type PutCryptoDestinationAddressRequest,
} from './destination-addresses';
import { CRYPTO_NETWORK_LABELS, CRYPTO_NETWORKS, normalizeCryptoNetwork } from './crypto-network';
import { isMemoNetwork } from './memo-required';
import type { AddressValidationOptions } from './networks';

// The address book as a CSV file (issue 28 item 2): the export's columns are the import's, so an
// exported file imports back as "unchanged" row by row. One row is one PUT /api/addresses body,
// checked with the editor's own schema. docs/address-csv.md describes every column.

/** The columns, in the export's order. An import may give them in any order; unknown ones are refused. */
export const ADDRESS_CSV_COLUMNS = [
  'network',
  'address',
  'identity_id',
  'nickname',
  'bookmark',
  'beneficiary_kind',
  'beneficiary_first_name',
  'beneficiary_last_name',
  'beneficiary_institution_name',
  'address1',
  'address2',
  'city',
  'province',
  'zip_code',
  'country',
  'custody',
  'vasp_id',
  'vasp_custom_name',
  'vasp_custom_website',
  'transfer_purpose',
  // The network's memo (Stellar's memo, a destination tag) the address is credited by: kept with
  // the entry in the console's book (POST /api/addresses/memo) and prefilled into a withdrawal's
  // `memo`. Not a note about the address: named so that nobody reads it as one.
  'destination_memo',
] as const;
type AddressCsvColumn = (typeof ADDRESS_CSV_COLUMNS)[number];
export type AddressCsvRecord = Partial<Record<AddressCsvColumn, string>>;

const REQUIRED_COLUMNS: readonly AddressCsvColumn[] = ['network', 'address'];
const PLACE_COLUMNS = ['address1', 'address2', 'city', 'province', 'zip_code', 'country'] as const;
const TRAVEL_RULE_COLUMNS: readonly AddressCsvColumn[] = [
  'beneficiary_kind',
  'beneficiary_first_name',
  'beneficiary_last_name',
  'beneficiary_institution_name',
  ...PLACE_COLUMNS,
  'custody',
  'vasp_id',
  'vasp_custom_name',
  'vasp_custom_website',
  'transfer_purpose',
];

/** One problem of a row, by the column an operator fixes. */
interface CsvCellError {
  column: string;
  message: string;
}

/**
 * A cell of the export: the formula guard of csvCell (a leading apostrophe before = + - @), and
 * a text that starts with an apostrophe gets one more, so the import takes exactly one off.
 */
export function addressCsvCell(value: string | undefined): string {
  if (value === undefined || value === '') return '';
  return csvCell(value.startsWith("'") ? `'${value}` : value);
}

/** A cell as the import reads it: trimmed, the export's leading apostrophe (the guard) taken off. */
export function readAddressCsvCell(raw: string | undefined): string {
  const text = (raw ?? '').trim();
  return text.startsWith("'") ? text.slice(1) : text;
}

/** The header line of the export. */
export const ADDRESS_CSV_HEADER = `${ADDRESS_CSV_COLUMNS.join(',')}\r\n`;

/** Refusals of the header as a whole: missing required columns, unknown (misspelt) ones. */
export function addressCsvHeaderErrors(header: readonly string[]): CsvCellError[] {
  const known = new Set<string>(ADDRESS_CSV_COLUMNS);
  const errors: CsvCellError[] = [];
  for (const column of REQUIRED_COLUMNS)
    if (!header.includes(column)) errors.push({ column, message: 'This column is required' });
  const seen = new Set<string>();
  for (const column of header) {
    if (!known.has(column))
      errors.push({
        column,
        message: `Not a column of the address file (columns: ${ADDRESS_CSV_COLUMNS.join(', ')})`,
      });
    else if (seen.has(column)) errors.push({ column, message: 'This column is given twice' });
    seen.add(column);
  }
  return errors;
}

/** The column that holds the request field a schema issue names. */
function columnOfPath(path: readonly PropertyKey[]): string {
  const p = path.map(String);
  if (p[0] === 'crypto_network') return 'network';
  if (p[0] === 'bookmarked_status') return 'bookmark';
  if (p[0] !== 'travelrule_metadata') return p[0] ?? 'address';
  const [, part, detail, field, place] = p;
  if (part === 'custodian_type') return 'custody';
  if (part === 'transfer_purpose') return 'transfer_purpose';
  if (part === 'vasp')
    return detail === 'custom_vasp_name'
      ? 'vasp_custom_name'
      : detail === 'custom_vasp_website'
        ? 'vasp_custom_website'
        : 'vasp_id';
  if (part !== 'beneficiary' || detail === undefined) return 'beneficiary_kind';
  if (field === 'physical_address') return place ?? 'country';
  if (field === 'first_name') return 'beneficiary_first_name';
  if (field === 'last_name') return 'beneficiary_last_name';
  if (field === 'name') return 'beneficiary_institution_name';
  return 'beneficiary_kind';
}

function errorsOf(error: ZodError): CsvCellError[] {
  return error.issues.map((issue) => ({
    column: columnOfPath(issue.path),
    message: issue.message,
  }));
}

const YES = new Set(['yes', 'true', '1', 'y']);
const NO = new Set(['no', 'false', '0', 'n', '']);
const CUSTODY: Record<string, string> = {
  vasp: 'VASP',
  private: 'PRIVATE',
  'self-hosted': 'PRIVATE',
  'self hosted': 'PRIVATE',
};

function beneficiaryOf(
  cell: (c: AddressCsvColumn) => string,
  errors: CsvCellError[],
): Record<string, unknown> | undefined {
  const kind = cell('beneficiary_kind').toLowerCase();
  const place = Object.fromEntries(
    PLACE_COLUMNS.flatMap((c) =>
      cell(c) === '' ? [] : [[c, c === 'country' ? cell(c).toUpperCase() : cell(c)]],
    ),
  );
  const physical = Object.keys(place).length > 0 ? { physical_address: place } : {};
  if (kind === 'self') return { self: true };
  if (kind === 'person')
    return {
      person_details: {
        first_name: cell('beneficiary_first_name'),
        last_name: cell('beneficiary_last_name'),
        ...physical,
      },
    };
  if (kind === 'institution')
    return {
      institution_details: { name: cell('beneficiary_institution_name'), ...physical },
    };
  const named = ['beneficiary_first_name', 'beneficiary_last_name', 'beneficiary_institution_name']
    .concat(PLACE_COLUMNS)
    .some((c) => cell(c as AddressCsvColumn) !== '');
  if (kind !== '' || named)
    errors.push({ column: 'beneficiary_kind', message: 'Give self, person or institution' });
  return undefined;
}

function travelRuleOf(
  cell: (c: AddressCsvColumn) => string,
  errors: CsvCellError[],
): Record<string, unknown> | undefined {
  if (TRAVEL_RULE_COLUMNS.every((c) => cell(c) === '')) return undefined;
  const beneficiary = beneficiaryOf(cell, errors);
  const custodyText = cell('custody');
  const custody = CUSTODY[custodyText.toLowerCase()];
  if (custodyText !== '' && !custody)
    errors.push({ column: 'custody', message: 'Give VASP or PRIVATE (a self-hosted wallet)' });
  const vasp =
    cell('vasp_id') !== ''
      ? {
          id: cell('vasp_id'),
          ...(cell('vasp_custom_name') ? { custom_vasp_name: cell('vasp_custom_name') } : {}),
          ...(cell('vasp_custom_website')
            ? { custom_vasp_website: cell('vasp_custom_website') }
            : {}),
        }
      : cell('vasp_custom_name') !== '' || cell('vasp_custom_website') !== ''
        ? {
            ...(cell('vasp_custom_name') ? { custom_vasp_name: cell('vasp_custom_name') } : {}),
            ...(cell('vasp_custom_website')
              ? { custom_vasp_website: cell('vasp_custom_website') }
              : {}),
          }
        : undefined;
  return {
    ...(beneficiary ? { beneficiary } : {}),
    ...(vasp ? { vasp } : {}),
    ...(custody ? { custodian_type: custody } : {}),
    ...(cell('transfer_purpose') ? { transfer_purpose: cell('transfer_purpose') } : {}),
  };
}

type AddressCsvRowResult =
  | {
      ok: true;
      request: PutCryptoDestinationAddressRequest;
      /**
       * The destination memo the row gives: undefined when the file has no destination_memo
       * column (the book's memo is left as it is), '' for none (an empty cell clears it).
       */
      memo?: string;
    }
  | { ok: false; errors: CsvCellError[] };

/**
 * The destination_memo cell: the book's own memo rule (at most 100 characters, as a withdrawal's
 * memo), and only on a network that uses one (contract/memo-required.ts).
 */
function memoOf(
  raw: string | undefined,
  network: string,
  errors: CsvCellError[],
): string | undefined {
  if (raw === undefined) return undefined;
  const parsed = SetAddressMemoRequestSchema.shape.memo.safeParse(readAddressCsvCell(raw));
  if (!parsed.success) {
    errors.push({ column: 'destination_memo', message: parsed.error.issues[0]!.message });
    return undefined;
  }
  if (parsed.data !== '' && !isMemoNetwork(network))
    errors.push({
      column: 'destination_memo',
      message: `${network || 'This network'} uses no destination memo: leave the cell empty`,
    });
  return parsed.data;
}

/**
 * One row of an address file as the PUT it asks for, checked with the editor's own schema
 * (checksums, the Travel Rule shape, the service's characters); errors named by column.
 */
const asName = (text: string) =>
  text
    .trim()
    .toUpperCase()
    .replace(/[\s-]+/g, '_');

/**
 * The network cell: the published name in any case, or the network as the console names it
 * ("Polygon PoS"); anything else gets a message naming the network it looks like (an import of
 * "POLYGON" got zod's raw list of options; issue 42, item 12).
 */
function networkOf(raw: string, errors: CsvCellError[]): string {
  const known =
    normalizeCryptoNetwork(raw) ??
    CRYPTO_NETWORKS.find((n) => asName(CRYPTO_NETWORK_LABELS[n]) === asName(raw));
  if (known) return known;
  const value = raw.trim();
  if (value === '') return value;
  const like = CRYPTO_NETWORKS.filter(
    (n) =>
      n.startsWith(asName(value)) || asName(CRYPTO_NETWORK_LABELS[n]).startsWith(asName(value)),
  );
  errors.push({
    column: 'network',
    message:
      like.length > 0
        ? `${value} is not a network name: write ${like.map((n) => `${n} (${CRYPTO_NETWORK_LABELS[n]})`).join(' or ')}`
        : `${value} is not a network name: write one of ${CRYPTO_NETWORKS.join(', ')}`,
  });
  return value.toUpperCase();
}

export function addressRequestFromCsv(
  record: AddressCsvRecord,
  options: AddressValidationOptions,
): AddressCsvRowResult {
  const cell = (c: AddressCsvColumn) => readAddressCsvCell(record[c]);
  const errors: CsvCellError[] = [];
  const bookmark = cell('bookmark').toLowerCase();
  if (!YES.has(bookmark) && !NO.has(bookmark))
    errors.push({ column: 'bookmark', message: 'Give yes or no' });
  const travelrule_metadata = travelRuleOf(cell, errors);
  const network = networkOf(cell('network'), errors);
  const networkSaid = errors.some((e) => e.column === 'network');
  const memo = memoOf(record.destination_memo, network, errors);
  const body = {
    crypto_network: network,
    address: cell('address'),
    ...(cell('identity_id') ? { identity_id: cell('identity_id') } : {}),
    ...(cell('nickname') ? { nickname: cell('nickname') } : {}),
    bookmarked_status: YES.has(bookmark),
    ...(travelrule_metadata ? { travelrule_metadata } : {}),
  };
  const parsed = createPutCryptoDestinationAddressRequestSchema(options).safeParse(body);
  if (!parsed.success)
    errors.push(...errorsOf(parsed.error).filter((e) => !(networkSaid && e.column === 'network')));
  if (errors.length > 0 || !parsed.success) {
    const seen = new Set<string>();
    return {
      ok: false,
      errors: errors.filter((e) => {
        const key = `${e.column}\n${e.message}`;
        if (seen.has(key)) return false;
        seen.add(key);
        return true;
      }),
    };
  }
  return { ok: true, request: parsed.data, ...(memo !== undefined ? { memo } : {}) };
}

const obj = (v: unknown): Record<string, unknown> =>
  v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
const str = (v: unknown): string | undefined => (typeof v === 'string' && v !== '' ? v : undefined);

/** A saved physical address in the import's columns (the older field names read as the new). */
function placeColumns(raw: unknown): AddressCsvRecord {
  const place = obj(raw);
  const countryCode = str(place.country_code);
  return {
    address1: str(place.address1) ?? str(place.street_line_1),
    address2: str(place.address2) ?? str(place.street_line_2),
    city: str(place.city),
    province: str(place.province) ?? str(place.region),
    zip_code: str(place.zip_code) ?? str(place.postal_code),
    country:
      str(place.country) ??
      (countryCode ? (alpha3FromAlpha2(countryCode) ?? countryCode) : undefined),
  };
}

/**
 * A saved address (the book's latest answer, or the service's own) as one record of the export,
 * with the book's destination memo (the service keeps none).
 */
export function addressCsvRecord(
  network: string,
  saved: CryptoDestinationAddress,
  memo?: string,
): AddressCsvRecord {
  const metadata = obj(saved.travelrule_metadata);
  const beneficiary = obj(metadata.beneficiary);
  const person = obj(beneficiary.person_details);
  const institution = obj(beneficiary.institution_details);
  const vasp = obj(metadata.vasp);
  const kind =
    beneficiary.self === true
      ? 'self'
      : Object.keys(person).length > 0
        ? 'person'
        : Object.keys(institution).length > 0
          ? 'institution'
          : undefined;
  const vaspId = str(vasp.id);
  return {
    network,
    address: saved.address,
    identity_id: str(saved.identity_id),
    nickname: str(saved.nickname),
    bookmark: saved.bookmarked ? 'yes' : 'no',
    beneficiary_kind: kind,
    beneficiary_first_name: str(person.first_name),
    beneficiary_last_name: str(person.last_name),
    beneficiary_institution_name: str(institution.name),
    ...(kind === 'person' ? placeColumns(person.physical_address) : {}),
    ...(kind === 'institution' ? placeColumns(institution.physical_address) : {}),
    custody: str(metadata.custodian_type),
    vasp_id: vaspId,
    // The directory answers the name of an id: only a VASP it does not list has its own name.
    vasp_custom_name: str(vasp.custom_vasp_name) ?? (vaspId ? undefined : str(vasp.name)),
    vasp_custom_website: str(vasp.custom_vasp_website),
    transfer_purpose: str(metadata.transfer_purpose),
    destination_memo: str(memo),
  };
}

/** One line of the export (CRLF-terminated, as RFC 4180 writes them). */
export function addressCsvLine(record: AddressCsvRecord): string {
  return `${ADDRESS_CSV_COLUMNS.map((c) => addressCsvCell(record[c])).join(',')}\r\n`;
}
