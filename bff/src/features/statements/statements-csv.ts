import type { Statement, StatementBalance } from '#contract/statements';

/**
 * The export's columns: every statement field, then one balance. A statement with several
 * per-asset balances gives one row per balance (the statement's columns repeated), so the file
 * can be written page by page without knowing every asset in advance; a statement without
 * balances gives one row with empty balance columns. The statement's total_amount is written on
 * its first row only (empty on its other balance rows), so summing that column counts each
 * statement once. Fields the contract does not name yet (and
 * metadata keys other than total_amount) go into `other_fields` as JSON, so nothing is dropped.
 */
export const CSV_COLUMNS = [
  'id',
  'ref_id',
  'customer_id',
  'type',
  'product',
  'status',
  'total_amount',
  'period_start',
  'period_end',
  'generated_at',
  'created_at',
  'paid_at',
  'statement_group_id',
  'version',
  'balance_asset',
  'balance_amount_paid',
  'balance_total_amount_owed',
  'balance_next_payment_ref_id',
  'other_fields',
] as const;

const KNOWN_FIELDS = new Set<string>([
  ...CSV_COLUMNS,
  'metadata',
  'statement_balances',
  // Download links expire within minutes: useless in a file kept for later.
  'files',
  // Set by the console (contract/tolerant-read.ts): reported at the end of the file instead.
  'unreadable',
]);

const NUMBER = /^-?\d+(\.\d+)?$/;

/**
 * RFC 4180 quoting, plus a guard against spreadsheet formula injection: a text cell starting
 * with = + - @ or a control character is prefixed with '. Decimal amounts are left as they are.
 */
export function csvCell(value: unknown): string {
  if (value === undefined || value === null) return '';
  let text = typeof value === 'string' ? value : JSON.stringify(value);
  if (/^[=+\-@\t\r]/.test(text) && !NUMBER.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

function otherFields(statement: Statement): string | undefined {
  const extra: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(statement))
    if (!KNOWN_FIELDS.has(key)) extra[key] = value;
  const { total_amount: _total, ...metadata } = statement.metadata ?? {};
  if (Object.keys(metadata).length > 0) extra.metadata = metadata;
  return Object.keys(extra).length > 0 ? JSON.stringify(extra) : undefined;
}

export const CSV_HEADER = `${CSV_COLUMNS.join(',')}\r\n`;

/** The CSV lines of one statement (one per balance, at least one) and how many they are. */
export function statementCsvRows(statement: Statement): { text: string; rows: number } {
  const headCells = (total: string | undefined) => [
    statement.id,
    statement.ref_id,
    statement.customer_id,
    statement.type,
    statement.product,
    statement.status,
    total,
    statement.period_start,
    statement.period_end,
    statement.generated_at,
    statement.created_at,
    statement.paid_at,
    statement.statement_group_id,
    statement.version,
  ];
  const head = headCells(statement.metadata?.total_amount).map(csvCell).join(',');
  // A statement's total belongs to the statement, not to each balance: once, on its first row.
  const restHead = headCells(undefined).map(csvCell).join(',');
  const other = csvCell(otherFields(statement));
  const balances: Array<StatementBalance | undefined> =
    statement.statement_balances && statement.statement_balances.length > 0
      ? statement.statement_balances
      : [undefined];
  let text = '';
  for (const [index, balance] of balances.entries()) {
    const cells = [
      balance?.asset,
      balance?.amount_paid,
      balance?.total_amount_owed,
      balance?.next_payment_ref_id,
    ]
      .map(csvCell)
      .join(',');
    text += `${index === 0 ? head : restHead},${cells},${other}\r\n`;
  }
  return { text, rows: balances.length };
}

/** At most this many incomplete rows are named one by one at the end of an export. */
export const INCOMPLETE_ROWS_LISTED = 100;

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
