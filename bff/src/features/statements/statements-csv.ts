import { csvCell } from '#contract/csv-cell';
import {
  STATEMENT_BALANCE_FIELDS,
  STATEMENT_FIELDS,
  STATEMENT_METADATA_FIELDS,
  type Statement,
  type StatementBalance,
} from '#contract/statements';

/** Members that are not a column of their own: balances have theirs, metadata its fields. */
const NOT_COLUMNS = new Set<string>([
  'metadata',
  'statement_balances',
  // Download links expire within minutes: useless in a file kept for later.
  'files',
]);

const METADATA_COLUMNS = new Set<string>(STATEMENT_METADATA_FIELDS);

/** The statement's own columns: its fields in the contract's order, metadata's where it stands. */
const STATEMENT_COLUMNS: readonly string[] = STATEMENT_FIELDS.flatMap((field): string[] =>
  field === 'metadata' ? STATEMENT_METADATA_FIELDS : NOT_COLUMNS.has(field) ? [] : [field],
);

/**
 * Not the service's: the version that replaces this statement, empty while it stands (a
 * correction is a new statement of the same group; both are in the file).
 */
const SUPERSEDED_COLUMN = 'superseded_by_version';

/** The statement's columns with the console's own after `version`. */
const HEAD_COLUMNS: readonly string[] = STATEMENT_COLUMNS.flatMap((column) =>
  column === 'version' ? [column, SUPERSEDED_COLUMN] : [column],
);

/**
 * The export's columns (docs/statements-csv.md), read from the contract's schema: every statement
 * field, then one balance. A statement with several per-asset balances gives one row per balance
 * (the statement's columns repeated), so the file can be written page by page without knowing
 * every asset in advance; a statement without balances gives one row with empty balance columns.
 * The statement's total_amount is written on its first row only (empty on its other balance
 * rows), so summing that column counts each statement once. Fields the contract does not name
 * yet (and metadata keys other than total_amount) go into `other_fields` as JSON, so nothing is
 * dropped. `superseded_by_version` tells a corrected statement from the current one: summing only
 * the rows where it is empty totals the current versions.
 */
export const CSV_COLUMNS: readonly string[] = [
  ...HEAD_COLUMNS,
  ...STATEMENT_BALANCE_FIELDS.map((field) => `balance_${field}`),
  'other_fields',
];

const KNOWN_FIELDS = new Set<string>([
  ...CSV_COLUMNS.filter((column) => column !== SUPERSEDED_COLUMN),
  ...STATEMENT_FIELDS,
  // Set by the console (contract/tolerant-read.ts): reported at the end of the file instead.
  'unreadable',
]);

function otherFields(statement: Statement): string | undefined {
  const extra: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(statement))
    if (!KNOWN_FIELDS.has(key)) extra[key] = value;
  const metadata = Object.fromEntries(
    Object.entries(statement.metadata ?? {}).filter(([key]) => !METADATA_COLUMNS.has(key)),
  );
  if (Object.keys(metadata).length > 0) extra.metadata = metadata;
  return Object.keys(extra).length > 0 ? JSON.stringify(extra) : undefined;
}

export const CSV_HEADER = `${CSV_COLUMNS.join(',')}\r\n`;

/**
 * The CSV lines of one statement (one per balance, at least one) and how many they are;
 * `supersededBy` is the version that replaces it, if one does.
 */
export function statementCsvRows(
  statement: Statement,
  supersededBy?: string,
): { text: string; rows: number } {
  const fields = { ...statement, [SUPERSEDED_COLUMN]: supersededBy } as Record<string, unknown>;
  // A statement's total belongs to the statement, not to each balance: once, on its first row.
  const headCells = (first: boolean) =>
    HEAD_COLUMNS.map((column) =>
      METADATA_COLUMNS.has(column)
        ? first
          ? statement.metadata?.[column]
          : undefined
        : fields[column],
    )
      .map(csvCell)
      .join(',');
  const head = headCells(true);
  const restHead = headCells(false);
  const other = csvCell(otherFields(statement));
  const balances: Array<StatementBalance | undefined> =
    statement.statement_balances && statement.statement_balances.length > 0
      ? statement.statement_balances
      : [undefined];
  let text = '';
  for (const [index, balance] of balances.entries()) {
    const cells = STATEMENT_BALANCE_FIELDS.map((field) => csvCell(balance?.[field])).join(',');
    text += `${index === 0 ? head : restHead},${cells},${other}\r\n`;
  }
  return { text, rows: balances.length };
}

/** At most this many incomplete rows are named one by one at the end of an export. */
const INCOMPLETE_ROWS_LISTED = 100;

/**
 * The trailer lines naming the rows written from statements that could only partly be read
 * (1-based data row numbers, header excluded), so a reader knows which lines to distrust.
 */
export function incompleteRowsTrailer(
  incomplete: ReadonlyArray<{ row: number; fields: readonly string[] }>,
): string {
  if (incomplete.length === 0) return '';
  let text = `# incomplete: ${incomplete.length} statement(s) could not be read fully; their rows hold what could\r\n`;
  for (const { row, fields } of incomplete.slice(0, INCOMPLETE_ROWS_LISTED))
    text += `# incomplete row ${row}: could not read ${fields.join(', ')}\r\n`;
  if (incomplete.length > INCOMPLETE_ROWS_LISTED)
    text += `# incomplete: ${incomplete.length - INCOMPLETE_ROWS_LISTED} more not listed\r\n`;
  return text;
}
